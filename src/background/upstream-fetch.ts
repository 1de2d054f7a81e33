import { browser } from './extension-api.ts';
import type { FromUpstreamWorker, ToUpstreamWorker } from './upstream-fetch-protocol.ts';

/**
 * Where the background's API calls are fetched: in Chrome by the service worker itself (fetch-with-limits.ts calls
 * this only in the Firefox build), in Firefox on a worker thread (upstream-fetch.worker.ts). Firefox's fetch has no
 * backpressure: it takes a body off the network as fast as the server sends it, whatever the reader does, and on
 * the background page that is the add-on process's main thread, which the panel page and every message between
 * them share. A 20 MB body from a fast server held the reply and the body port's first chunks behind its own
 * arrival (a probe at load 18-22: a chunk the background posted reached the panel 160 ms later, while 16 MB came
 * in). A worker's fetch gets its body on the worker's thread (Firefox's PFetch), and hands over one chunk each time
 * the background reads one. Same Firefox, turns alternating (load 9-11): 20 MB first screen, median of 6, 224 ms on
 * the worker against 481 ms on the main thread; 1 MB 139 against 183 ms.
 */

/** What fetchWithLimits reads of a response. */
export type UpstreamResponse = Pick<Response, 'status' | 'statusText' | 'headers' | 'body'>;

/** The worker's file in the Firefox build (scripts/vite-single-file-worker.ts writes it). */
export const UPSTREAM_WORKER_FILE = 'upstream-fetch-worker.js';

let worker: Worker | undefined;
let nextId = 1;
const listeners = new Map<number, (message: FromUpstreamWorker) => void>();

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(browser.runtime.getURL(UPSTREAM_WORKER_FILE));
  started.addEventListener('message', (event: MessageEvent<FromUpstreamWorker>) => {
    listeners.get(event.data.id)?.(event.data);
  });
  // The script failed to load or threw: every call waiting on it fails, and the next one starts a new worker.
  started.addEventListener('error', () => {
    started.terminate();
    worker = undefined;
    for (const [id, listener] of listeners)
      listener({ type: 'error', id, name: 'TypeError', message: 'The fetch worker stopped.' });
  });
  worker = started;
  return started;
}

function canUseWorker(init: RequestInit): boolean {
  const { body } = init;
  return (
    typeof Worker === 'function' &&
    (body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
  );
}

function errorFrom(message: FromUpstreamWorker & { type: 'error' }): Error {
  return message.name === 'AbortError'
    ? new DOMException(message.message, 'AbortError')
    : new TypeError(message.message);
}

/** No body may come with these statuses (the fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * fetch(url, init) with the options fetchWithLimits sets (credentials omitted, no cache, manual redirects), on the
 * worker thread in Firefox. The body, if any, is read from the worker as the caller reads it; the worker takes no
 * more than just past `maxBytes` of it off the network (the caller's cap).
 */
export function upstreamFetch(
  url: string,
  init: RequestInit & { signal: AbortSignal },
  maxBytes?: number,
): Promise<UpstreamResponse> {
  if (!canUseWorker(init)) return fetch(url, { ...init, credentials: 'omit', cache: 'no-store', redirect: 'manual' });
  const target = theWorker();
  const id = nextId++;
  const post = (message: ToUpstreamWorker, transfer: Transferable[] = []) => target.postMessage(message, transfer);
  const { signal } = init;
  return new Promise<UpstreamResponse>((resolve, reject) => {
    let body: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>> | undefined;
    let chunkArrived: (() => void) | undefined;
    const finish = () => {
      listeners.delete(id);
      signal.removeEventListener('abort', onAbort);
      chunkArrived?.();
    };
    const failWith = (error: Error) => {
      finish();
      if (body) body.error(error);
      else reject(error);
    };
    const onAbort = () => {
      post({ type: 'cancel', id });
      failWith(new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    listeners.set(id, (message) => {
      if (message.type === 'error') return failWith(errorFrom(message));
      if (message.type === 'chunk') {
        body?.enqueue(message.bytes);
        const arrived = chunkArrived;
        chunkArrived = undefined;
        return arrived?.();
      }
      if (message.type === 'done') {
        body?.close();
        return finish();
      }
      // The head: status and headers; the body follows as it is read.
      const headers = new Headers(message.headers);
      if (message.responseType === 'opaqueredirect' || !message.hasBody || NULL_BODY.has(message.status)) {
        if (message.hasBody) post({ type: 'cancel', id });
        finish();
        return resolve({ status: message.status, statusText: message.statusText, headers, body: null });
      }
      const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
        {
          start(controller) {
            body = controller;
          },
          pull() {
            return new Promise<void>((pulled) => {
              chunkArrived = pulled;
              post({ type: 'pull', id });
            });
          },
          cancel() {
            post({ type: 'cancel', id });
            finish();
          },
        },
        { highWaterMark: 0 },
      );
      resolve({ status: message.status, statusText: message.statusText, headers, body: stream });
    });
    const headers = [...new Headers(init.headers)];
    const method = init.method ?? 'GET';
    const sent = init.body as string | Uint8Array<ArrayBuffer> | undefined | null;
    post({ type: 'fetch', id, url, init: { method, headers, ...(sent != null ? { body: sent } : {}) }, maxBytes });
  });
}
