/**
 * Large response bodies skip the extension message channel. A message is serialised, copied through the
 * browser process and parsed again: for a 5 MB body that alone measured 110–150 ms. Instead the worker keeps
 * the bytes for a moment and the page fetches them from the worker's own origin (`/__keyhole/body/<id>`),
 * which the service worker answers from memory as a plain streamed Response. Only a service worker receives
 * such fetches (Chrome); Firefox's background page keeps using messages.
 */

export const DEFERRED_BODY_PATH = '/__keyhole/body/';
/** Below this size a message is as fast and simpler. */
export const DEFER_MIN_BYTES = 256 * 1024;
/** A body not fetched by then is dropped (the page asks for it right after the reply). */
const KEEP_MS = 60_000;

interface HeldBody {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const held = new Map<string, HeldBody>();

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

function isServiceWorker(): boolean {
  return typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'function';
}

/** Holds the body and returns its id, or undefined when it should travel in the message as usual. */
export function deferBody(bytes: Uint8Array<ArrayBuffer>, contentType: string): string | undefined {
  if (bytes.byteLength < DEFER_MIN_BYTES || !isServiceWorker()) return undefined;
  const id = crypto.randomUUID();
  held.set(id, { bytes, contentType });
  setTimeout(() => held.delete(id), KEEP_MS);
  return id;
}

/** Answers `/__keyhole/body/<id>` once; must be registered while the worker script first runs. */
export function listenForBodyFetches(): void {
  if (!isServiceWorker()) return;
  globalThis.addEventListener('fetch', (event) => {
    const fetchEvent = event as FetchEventLike;
    const url = new URL(fetchEvent.request.url);
    if (url.origin !== globalThis.location.origin || !url.pathname.startsWith(DEFERRED_BODY_PATH)) return;
    const id = url.pathname.slice(DEFERRED_BODY_PATH.length);
    const body = held.get(id);
    held.delete(id);
    fetchEvent.respondWith(
      body
        ? new Response(body.bytes, { headers: { 'Content-Type': body.contentType, 'Cache-Control': 'no-store' } })
        : new Response('This response body is no longer held by the worker; send the request again.', {
            status: 410,
          }),
    );
  });
}
