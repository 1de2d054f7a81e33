import { KeyholeError } from '../core/errors.ts';
import { assertHostPermission } from './browser-differences.ts';

/**
 * The worker's one network primitive: fetch with a timeout, user cancellation and a body size cap, with
 * failures turned into errors a user can act on. Huge or slow bodies never hang the worker or the page.
 */

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
  truncated: boolean;
  durationMs: number;
}

export interface FetchLimits {
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;

export async function fetchWithLimits(url: string, init: RequestInit, limits: FetchLimits = {}): Promise<RawResponse> {
  // Firefox reports a missing host permission as a bare network error: say what to do instead.
  await assertHostPermission(url);
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  limits.signal?.addEventListener('abort', onCancel, { once: true });
  const started = performance.now();
  const origin = safeOrigin(url);
  try {
    const response = await fetch(url, {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
    });
    const { bytes, size, truncated } = await readCapped(response, maxBodyBytes);
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      bytes,
      size,
      truncated,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  } catch (error) {
    if (timedOut)
      throw new KeyholeError('timeout', `${origin} did not answer within ${Math.round(timeoutMs / 1000)} s.`, {
        detail: 'Try again, or raise the timeout if the endpoint is slow.',
      });
    if (limits.signal?.aborted) throw new KeyholeError('cancelled', 'Request cancelled.');
    throw new KeyholeError(
      'network',
      `Could not reach ${origin}. Check the address, your connection, and that the server is running.`,
      {
        detail: error instanceof Error ? error.message : String(error),
      },
    );
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onCancel);
  }
}

/** Reads at most `maxBytes`, then stops reading and flags the body as truncated. */
async function readCapped(response: Response, maxBytes: number) {
  if (!response.body) return { bytes: new Uint8Array(0), size: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - received));
      received = maxBytes;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    received += value.byteLength;
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, size: received, truncated };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the server';
  }
}
