/**
 * Large response bodies skip the extension message channel. A message is serialised, copied through the
 * browser process and parsed again: for a 5 MB body that alone measured 110–150 ms. Instead the page fetches
 * the body from the worker's own origin (`/__keyhole/body/<id>`), which the service worker answers with a
 * streamed Response: a body past 256 KB is piped from upstream as the page reads it (the worker replied as soon
 * as its first chunks were in, and never holds all of it), and `/__keyhole/body/<id>/end` then says how it
 * ended. Only a service worker receives such fetches (Chrome); Firefox's background page hands the same held body
 * over on a port instead, chunk by chunk as the page reads (body-port.ts). And only from a page it controls: a page
 * opened before the worker was active (right after install or update) or hard-reloaded is not, so such a page asks
 * for the body with the 'request/held-body' message instead (src/ui/held-body.ts): slower, never lost.
 */

import { largeBodyTransport } from '../core/browser-target.ts';
import { KeyholeError, toErrorData } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import { PAGE_KEY_HEADER, pageCaller } from '../core/page-key.ts';
import type { BodyEnd, HeldBody, HeldBodyEnd } from '../core/protocol.ts';

export const DEFERRED_BODY_PATH = '/__keyhole/body/';
/** Below this size a message is as fast and simpler. */
export const DEFER_MIN_BYTES = 256 * 1024;
/** A body not fetched by then is dropped (the page asks for it right after the reply). */
const KEEP_MS = 60_000;

/**
 * A body read whole, or one streamed from upstream as the page reads it (the worker then never holds all of
 * it; `end` says how it ended, asked for at `/__keyhole/body/<id>/end` once the page has read it).
 */
export type StoredBody = (
  | { bytes: Uint8Array<ArrayBuffer>; contentType: string }
  | { stream: ReadableStream<Uint8Array>; end: Promise<BodyEnd>; contentType: string }
) & {
  /** The page that sent the request (its URL without the fragment): on the port or by message, only it gets it. */
  owner?: string;
  /**
   * The document that sent it (CallContext.caller): when known, only it gets the body, on every route. Two panels
   * share one URL; they never share this.
   */
  caller?: string;
};

const held = new Map<string, StoredBody>();
/** How each streamed body ended, and the document it is told to (StoredBody.caller). */
const endings = new Map<string, { end: Promise<BodyEnd>; caller?: string | undefined }>();
const END_SUFFIX = '/end';

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

/** The page a body is held for: its URL without the fragment (a panel's route changes it, not the page). */
export function pageOf(url: string | undefined): string | undefined {
  return url?.split('#')[0];
}

/**
 * Holds the body and returns its id, or undefined when it should travel in the message as usual. `senderUrl`:
 * the page that asked, the only one the body port hands it to.
 */
export function deferBody(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  senderUrl?: string,
  caller?: string,
): string | undefined {
  if (bytes.byteLength < DEFER_MIN_BYTES || !canStreamBodies()) return undefined;
  return hold({ bytes, contentType, owner: pageOf(senderUrl), caller });
}

/**
 * Whether a large body can be streamed to the page: a service worker answers `/__keyhole/body/` (Chrome), Firefox's
 * event page serves the body port (body-port.ts).
 */
export function canStreamBodies(): boolean {
  return largeBodyTransport() === 'port' || isServiceWorker();
}

/** Holds a body still arriving from upstream; the page reads it as it comes. */
export function deferStream(
  stream: ReadableStream<Uint8Array>,
  end: Promise<BodyEnd>,
  contentType: string,
  senderUrl?: string,
  caller?: string,
): string {
  const id = hold({ stream, end, contentType, owner: pageOf(senderUrl), caller });
  endings.set(id, { end, caller });
  // A page may read a large body for longer than a minute: how it ended is kept a minute past its end, not past
  // the reply (a stream never fetched is cancelled by hold's timer, which ends it too).
  const forget = () => setTimeout(() => endings.delete(id), KEEP_MS);
  end.then(forget, forget);
  return id;
}

function hold(body: StoredBody): string {
  const id = crypto.randomUUID();
  held.set(id, body);
  setTimeout(() => {
    // Never fetched: a stream still holds the upstream connection open, so cancel it.
    const left = held.get(id);
    if (left && 'stream' in left) left.stream.cancel().catch(() => undefined);
    held.delete(id);
    // A body the page has taken may still be arriving: its end stays until a minute after it (deferStream).
    if (left) endings.delete(id);
  }, KEEP_MS);
  return id;
}

/**
 * The entry at `id`, taken out (it is given once), if the document `caller` may have it: any page, unless it is
 * held for one document.
 */
function takeFor<Held extends { caller?: string | undefined }>(
  map: Map<string, Held>,
  id: string,
  caller: string | undefined,
): Held | undefined {
  const found = map.get(id);
  if (!found || (found.caller !== undefined && found.caller !== caller)) return undefined;
  map.delete(id);
  return found;
}

/**
 * Hands a held body over once, if `pageUrl` is the page and `caller` the document it is held for (a body held
 * without them, by a caller that did not say, goes to any of the extension's pages).
 */
export function takeBodyForPage(id: string, pageUrl: string | undefined, caller?: string): StoredBody | undefined {
  const owner = held.get(id)?.owner;
  const body = owner === undefined || owner === pageOf(pageUrl) ? takeFor(held, id, caller) : undefined;
  if (body) endings.delete(id);
  return body;
}

export async function endOf(end: Promise<BodyEnd>): Promise<HeldBodyEnd> {
  try {
    return { ok: true, end: await end };
  } catch (error) {
    return { ok: false, error: toErrorData(error) };
  }
}

/**
 * Hands a held body over once through the message channel, for a page this worker does not control; like the body
 * port, only to the page that sent the request.
 */
export async function takeHeldBody(
  id: string,
  kind: HeldBody['kind'],
  senderUrl?: string,
  caller?: string,
): Promise<HeldBody> {
  const body = typeof id === 'string' ? takeBodyForPage(id, senderUrl, caller) : undefined;
  if (!body) throw new KeyholeError('not-found', GONE);
  let bytes: Uint8Array<ArrayBuffer>;
  let ending: HeldBodyEnd | undefined;
  if ('stream' in body) {
    bytes = new Uint8Array(await new Response(body.stream).arrayBuffer().catch(() => new ArrayBuffer(0)));
    ending = await endOf(body.end);
    if (!ending.ok) throw new KeyholeError(ending.error.code, ending.error.message, ending.error);
  } else bytes = body.bytes;
  const taken: HeldBody =
    kind === 'bytes'
      ? { kind: 'bytes', base64: bytesToBase64(bytes) }
      : { kind: 'text', text: new TextDecoder().decode(bytes) };
  if (ending?.ok) taken.end = ending.end;
  return taken;
}

/**
 * Answers `/__keyhole/body/<id>` once, and takes control of the pages already open when this worker becomes
 * active, so they too send it those fetches. Must be registered while the worker script first runs.
 */
export function listenForBodyFetches(): void {
  if (!isServiceWorker()) return;
  // With a fetch handler, every file an extension page loads (each module of the panel and popup) would be routed
  // through this worker, and wake it. A static route (Chromium's Static Routing API) sends everything but the
  // body paths straight to the extension's files: pages load as fast as without a worker, awake or not.
  globalThis.addEventListener('install', (event) => {
    const install = event as Event & {
      addRoutes?: (routes: unknown) => Promise<void>;
      waitUntil(promise: Promise<unknown>): void;
    };
    const routed = install.addRoutes?.({
      condition: { not: { urlPattern: { pathname: `${DEFERRED_BODY_PATH}*` } } },
      source: 'network',
    });
    // Where the API is missing or refuses the route, files still load, through the handler below.
    if (routed) install.waitUntil(routed.catch(() => undefined));
  });
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
    const headers = { 'Cache-Control': 'no-store' };
    // Only for the page that sent the call: its key, registered on its call port, comes in a header (the route
    // knows no URL; its ending stays for `/end`, told to that page alone too).
    const key = fetchEvent.request.headers.get(PAGE_KEY_HEADER);
    const caller = key ? pageCaller(key) : undefined;
    if (id.endsWith(END_SUFFIX)) {
      // How a streamed body ended (size, truncation, or the error that cut it), once the page has read it.
      const told = takeFor(endings, id.slice(0, -END_SUFFIX.length), caller);
      fetchEvent.respondWith(
        told ? endOf(told.end).then((end) => Response.json(end, { headers })) : new Response(GONE, { status: 410 }),
      );
      return;
    }
    const body = takeFor(held, id, caller);
    // The content type as the page was told it, masked (send-request.ts); with the mask in it, it is no header value
    // (• is past Latin-1) and goes without: the page reads the body as its call said, not by this header.
    const served: Record<string, string> = { ...headers };
    if (body && /^[\0-\xff]*$/.test(body.contentType)) served['Content-Type'] = body.contentType;
    fetchEvent.respondWith(
      body
        ? new Response('stream' in body ? body.stream : body.bytes, { headers: served })
        : new Response(GONE, { status: 410 }),
    );
  });
}
