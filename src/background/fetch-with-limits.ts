import { GRANT_HOST_ACCESS, hostPermissionPattern } from '../core/browser-target.ts';
import { KeyholeError } from '../core/errors.ts';
import { FORBIDDEN_METHODS, MAX_BODY_BYTES_LIMIT } from '../core/http/send-request-validation.ts';
import { isEventStreamType } from '../core/streams/stream-endpoints.ts';
import { assertHostPermission } from './browser-differences.ts';
import { browser } from './extension-api.ts';
import { type UpstreamResponse, upstreamFetch } from './upstream-fetch.ts';

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
  /**
   * Set when the body was larger than `streamAfterBytes`: `bytes` is empty and the body flows through `body` as
   * it arrives (the worker never holds all of it); `end` settles with the real size once it is read, or with the
   * error that cut it.
   */
  stream?: { body: ReadableStream<Uint8Array>; end: Promise<BodyEnd> };
}

export interface BodyEnd {
  size: number;
  truncated: boolean;
  durationMs: number;
}

export interface FetchLimits {
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /** A body still going after this many bytes is streamed instead of read whole (see RawResponse.stream). */
  streamAfterBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
/**
 * The cap for a body streamed to the page (`streamAfterBytes`): the worker then holds one chunk at a time, and
 * the page one text of the body (V8 strings stop near 512 M characters) beside its bytes in a Blob, which the
 * browser keeps outside the page's heap. 256 MB lets a 100 MB export through with room, and still stops a body
 * that never ends before it takes the tab down.
 */
export const STREAMED_MAX_BODY_BYTES = MAX_BODY_BYTES_LIMIT;

export async function fetchWithLimits(url: string, init: RequestInit, limits: FetchLimits = {}): Promise<RawResponse> {
  const method = (init.method ?? 'GET').toUpperCase();
  // fetch refuses these with a bare TypeError that would read as "server down".
  if (FORBIDDEN_METHODS.has(method))
    throw new KeyholeError('invalid-input', `Browsers never send ${method} requests (fetch forbids it); use curl.`);
  // Firefox reports a missing host permission as a bare network error: say what to do instead.
  await assertHostPermission(url);
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const streamedMaxBodyBytes = limits.maxBodyBytes ?? STREAMED_MAX_BODY_BYTES;
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
  let response: UpstreamResponse | undefined;
  const progress = { received: 0 };
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const cleanUp = () => {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onCancel);
  };
  // Once the body is being streamed, the timeout and the cancel button keep running until it ends.
  let streaming = false;
  const explain = async (error: unknown): Promise<KeyholeError> => {
    if (error instanceof KeyholeError) return error;
    const detail = error instanceof Error ? error.message : String(error);
    // The server answered: whatever broke afterwards, "check that it is running" would be wrong.
    const answered = response ? `${origin} answered HTTP ${response.status}, but ` : '';
    if (timedOut)
      return new KeyholeError(
        'timeout',
        answered
          ? `${answered}its body did not arrive within ${formatSeconds(timeoutMs)} (${progress.received} bytes received).`
          : `${origin} did not answer within ${formatSeconds(timeoutMs)}.`,
        { detail: 'Try again, or raise the timeout if the endpoint is slow.', ...statusOf(response) },
      );
    if (limits.signal?.aborted) return new KeyholeError('cancelled', 'Request cancelled.');
    if (response)
      return new KeyholeError(
        'network',
        `${answered}the connection broke while its body was being read (${progress.received} bytes received). Try again.`,
        { detail, ...statusOf(response) },
      );
    return explainFailedFetch(url, origin, detail);
  };
  try {
    const options: RequestInit & { signal: AbortSignal } = {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      // API answers can hold secrets (a new API token): never written to the HTTP cache, never served from it.
      // This also skips Chromium's CORS-preflight cache (every mode but 'default' and 'force-cache' does, see
      // PreflightController::PerformPreflightCheck), and those two may store and serve answers: a host without
      // Keyhole's permission pays a preflight per call, which granting the host removes (no CORS at all then).
      cache: 'no-store',
      redirect: 'manual',
    };
    // A call whose body may be streamed to a page: in Firefox its body arrives on a worker thread (upstream-fetch.ts).
    // The build's mode, a literal once built, leaves that out of Chrome's worker.
    const onWorker = import.meta.env.MODE === 'firefox' && limits.streamAfterBytes !== undefined;
    response = await (onWorker ? upstreamFetch(url, options, streamedMaxBodyBytes) : fetch(url, options));
    const head = { status: response.status, statusText: response.statusText, headers: response.headers };
    // An event stream never ends by itself: answer at once with no body, and the panel opens it as a live stream.
    if (isEventStreamType(response.headers.get('content-type'))) {
      await response.body?.cancel();
      return { ...head, bytes: new Uint8Array(0), size: 0, truncated: false, durationMs: elapsed() };
    }
    // A 401 is read whole: its body says whether the token expired, and the call may be signed again.
    const streamAfter = response.status === 401 ? undefined : limits.streamAfterBytes;
    // A body read whole stays in the worker: the lower cap. One streamed past the worker gets the higher one.
    const read = await readCapped(
      response,
      streamAfter === undefined ? maxBodyBytes : streamedMaxBodyBytes,
      progress,
      streamAfter,
    );
    if ('rest' in read) {
      streaming = true;
      const { body, end } = streamRest(read, streamedMaxBodyBytes, progress, elapsed);
      const ended = end.then(
        (result) => {
          cleanUp();
          return result;
        },
        async (error: unknown) => {
          const explained = await explain(error);
          cleanUp();
          throw explained;
        },
      );
      ended.catch(() => undefined); // the page may never ask how it ended
      const empty = new Uint8Array(0);
      return { ...head, bytes: empty, size: 0, truncated: false, durationMs: elapsed(), stream: { body, end: ended } };
    }
    return { ...head, ...read, durationMs: elapsed() };
  } catch (error) {
    throw await explain(error);
  } finally {
    if (!streaming) cleanUp();
  }
}

/** The timeout as set: 2500 ms is "2.5 s", 300 ms "0.3 s", never rounded to a figure that was not the limit. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function statusOf(response: UpstreamResponse | undefined): { status?: number } {
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
  // Still 'network': a connection dropped by a host Keyhole may not reach reads the same from here (popup-offline).
  // The message names Settings in words the panel recognises, to offer the way there.
  if (!(await hasHostPermission(url)))
    return new KeyholeError(
      'network',
      `${origin} is up, but the browser blocked this request. Without Keyhole’s permission for this host the call is cross-origin, and the server refused its CORS preflight (this method or a header, such as a custom one, is not allowed) or its answer. ${GRANT_HOST_ACCESS}, or leave out the custom headers.`,
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

interface StreamStart {
  chunks: Uint8Array[];
  rest: ReadableStreamDefaultReader<Uint8Array>;
}

/**
 * Reads at most `maxBytes`, then stops reading and flags the body as truncated. With `streamAfter`, a body still
 * going past that many bytes is handed back unread (what was read, and the reader) to be streamed.
 */
export async function readCapped(
  response: UpstreamResponse,
  maxBytes: number,
  progress: { received: number },
  streamAfter = Number.POSITIVE_INFINITY,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; size: number; truncated: boolean } | StreamStart> {
  if (!response.body) return { bytes: new Uint8Array(0), size: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let truncated = false;
  for (;;) {
    if (received >= streamAfter && received < maxBytes) return { chunks, rest: reader };
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

/**
 * The body's first chunks, then the rest as the page reads it (pull: the upstream is read no faster than the
 * page takes it), cut at `maxBytes` like readCapped. `end` settles once the last byte has gone through.
 */
function streamRest(
  start: StreamStart,
  maxBytes: number,
  progress: { received: number },
  elapsed: () => number,
): { body: ReadableStream<Uint8Array>; end: Promise<BodyEnd> } {
  const { chunks, rest } = start;
  let settle: { resolve(end: BodyEnd): void; reject(error: unknown): void } | undefined;
  const end = new Promise<BodyEnd>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>, truncated: boolean) => {
    controller.close();
    settle?.resolve({ size: progress.received, truncated, durationMs: elapsed() });
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = chunks.shift();
      if (first) return controller.enqueue(first);
      try {
        const { done, value } = await rest.read();
        if (done) return finish(controller, false);
        const room = maxBytes - progress.received;
        if (value.byteLength > room) {
          if (room > 0) controller.enqueue(value.subarray(0, room));
          progress.received = maxBytes;
          await rest.cancel();
          return finish(controller, true);
        }
        progress.received += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        settle?.reject(error);
      }
    },
    async cancel(reason) {
      settle?.reject(reason ?? new Error('The page stopped reading the body.'));
      await rest.cancel(reason);
    },
  });
  return { body, end };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the server';
  }
}
