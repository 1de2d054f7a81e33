/**
 * Large response bodies skip the extension message channel. A message is serialised, copied through the
 * browser process and parsed again: for a 5 MB body that alone measured 110–150 ms. Instead the worker keeps
 * the bytes for a moment and the page fetches them from the worker's own origin (`/__keyhole/body/<id>`),
 * which the service worker answers from memory as a plain streamed Response. Only a service worker receives
 * such fetches (Chrome); Firefox's background page hands over a Blob URL instead (blob-url-bodies.ts). And only
 * from a page it controls: a page opened before the worker was active (right after install or update) or
 * hard-reloaded is not, so such a page asks for the body with the 'request/held-body' message instead (src/ui/send.ts): slower, never lost.
 */

import { largeBodyTransport } from '../core/browser-target.ts';
import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import type { HeldBody } from '../core/protocol.ts';
import { holdAsBlobUrl } from './blob-url-bodies.ts';

export const DEFERRED_BODY_PATH = '/__keyhole/body/';
/** Below this size a message is as fast and simpler. */
export const DEFER_MIN_BYTES = 256 * 1024;
/** A body not fetched by then is dropped (the page asks for it right after the reply). */
const KEEP_MS = 60_000;

interface StoredBody {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const held = new Map<string, StoredBody>();

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

interface ServiceWorkerScopeLike {
  clients: { claim(): Promise<void> };
}

const GONE = 'This response body is no longer held by the worker; send the request again.';

function isServiceWorker(): boolean {
  return typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'function';
}

/** Holds the body and returns its id, or undefined when it should travel in the message as usual. */
export function deferBody(bytes: Uint8Array<ArrayBuffer>, contentType: string): string | undefined {
  if (bytes.byteLength < DEFER_MIN_BYTES) return undefined;
  if (largeBodyTransport() === 'blob-url') return holdAsBlobUrl(bytes, contentType);
  if (!isServiceWorker()) return undefined;
  const id = crypto.randomUUID();
  held.set(id, { bytes, contentType });
  setTimeout(() => held.delete(id), KEEP_MS);
  return id;
}

/** Hands a held body over once through the message channel, for a page this worker does not control. */
export function takeHeldBody(id: string, kind: HeldBody['kind']): HeldBody {
  const body = typeof id === 'string' ? held.get(id) : undefined;
  if (!body) throw new KeyholeError('not-found', GONE);
  held.delete(id);
  return kind === 'bytes'
    ? { kind: 'bytes', base64: bytesToBase64(body.bytes) }
    : { kind: 'text', text: new TextDecoder().decode(body.bytes) };
}

/**
 * Answers `/__keyhole/body/<id>` once, and takes control of the pages already open when this worker becomes
 * active, so they too send it those fetches. Must be registered while the worker script first runs.
 */
export function listenForBodyFetches(): void {
  if (!isServiceWorker()) return;
  globalThis.addEventListener('activate', (event) => {
    (event as Event & { waitUntil(promise: Promise<unknown>): void }).waitUntil(
      (globalThis as unknown as ServiceWorkerScopeLike).clients.claim(),
    );
  });
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
        : new Response(GONE, { status: 410 }),
    );
  });
}
