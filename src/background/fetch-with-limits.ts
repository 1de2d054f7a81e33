import { hostPermissionPattern } from '../core/browser-target.ts';
import { KeyholeError } from '../core/errors.ts';
import { FORBIDDEN_METHODS } from '../core/http/send-request-validation.ts';
import { isEventStreamType } from '../core/streams/stream-endpoints.ts';
import { assertHostPermission } from './browser-differences.ts';
import { browser } from './extension-api.ts';

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
  const method = (init.method ?? 'GET').toUpperCase();
  // fetch refuses these with a bare TypeError that would read as "server down".
  if (FORBIDDEN_METHODS.has(method))
    throw new KeyholeError('invalid-input', `Browsers never send ${method} requests (fetch forbids it); use curl.`);
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
  let response: Response | undefined;
  const progress = { received: 0 };
  try {
    response = await fetch(url, {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      // API answers can hold secrets (a new API token): never written to the HTTP cache, never served from it.
      // This also skips Chromium's CORS-preflight cache (every mode but 'default' and 'force-cache' does, see
      // PreflightController::PerformPreflightCheck), and those two may store and serve answers: a host without
      // Keyhole's permission pays a preflight per call, which granting the host removes (no CORS at all then).
      cache: 'no-store',
      redirect: 'manual',
    });
    // An event stream never ends by itself: answer at once with no body, and the panel opens it as a live stream.
    const streamed = isEventStreamType(response.headers.get('content-type'));
    if (streamed) await response.body?.cancel();
    const { bytes, size, truncated } = streamed
      ? { bytes: new Uint8Array(0), size: 0, truncated: false }
      : await readCapped(response, maxBodyBytes, progress);
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
    const detail = error instanceof Error ? error.message : String(error);
    // The server answered: whatever broke afterwards, "check that it is running" would be wrong.
    const answered = response ? `${origin} answered HTTP ${response.status}, but ` : '';
    if (timedOut)
      throw new KeyholeError(
        'timeout',
        answered
          ? `${answered}its body did not arrive within ${formatSeconds(timeoutMs)} (${progress.received} bytes received).`
          : `${origin} did not answer within ${formatSeconds(timeoutMs)}.`,
        { detail: 'Try again, or raise the timeout if the endpoint is slow.', ...statusOf(response) },
      );
    if (limits.signal?.aborted) throw new KeyholeError('cancelled', 'Request cancelled.');
    if (response)
      throw new KeyholeError(
        'network',
        `${answered}the connection broke while its body was being read (${progress.received} bytes received). Try again.`,
        { detail, ...statusOf(response) },
      );
    throw await explainFailedFetch(url, origin, detail);
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onCancel);
  }
}

/** The timeout as set: 2500 ms is "2.5 s", 300 ms "0.3 s", never rounded to a figure that was not the limit. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function statusOf(response: Response | undefined): { status?: number } {
  return response ? { status: response.status } : {};
}

/**
 * fetch gives one anonymous TypeError for "nothing listens there" and "the browser blocked it" (a refused
 * CORS preflight, a missing host permission). A no-cors HEAD to the origin, which needs neither, tells them
 * apart: if it gets through, the server is up and the browser refused this particular request.
 */
async function explainFailedFetch(url: string, origin: string, detail: string): Promise<KeyholeError> {
  if (!(await isReachable(origin)))
    return new KeyholeError(
      'network',
      `Could not reach ${origin}. Check the address, your connection, and that the server is running.`,
      { detail },
    );
  if (!(await hasHostPermission(url)))
    return new KeyholeError(
      'network',
      `${origin} is up, but the browser blocked this request. Without Keyhole’s permission for this host the call is cross-origin, and the server refused its CORS preflight (this method or a header, such as a custom one, is not allowed) or its answer. Grant access to the host in Settings, or leave out the custom headers.`,
      { detail },
    );
  return new KeyholeError(
    'network',
    `${origin} is up, but this request failed before any answer (the connection was closed or refused by the browser). Try again; if it keeps failing, compare with curl.`,
    { detail },
  );
}

async function isReachable(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/`, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    return true;
  } catch {
    return false;
  }
}

async function hasHostPermission(url: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [hostPermissionPattern(new URL(url).origin)] });
  } catch {
    // No permissions API (or an address it cannot express): assume none, the likelier case for a custom host.
    return false;
  }
}

/** Reads at most `maxBytes`, then stops reading and flags the body as truncated. */
async function readCapped(response: Response, maxBytes: number, progress: { received: number }) {
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
    progress.received = received;
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
