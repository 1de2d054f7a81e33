import { type Envelope, isEnvelope, type Reply } from './protocol.ts';

/**
 * The line pages send protocol messages on: one long-lived `runtime.connect({name: CALL_PORT_NAME})` per page,
 * opened again after a worker restart. `runtime.sendMessage` costs about a millisecond more each way (it is
 * offered to every extension context, not only the worker), which was most of a call's cost outside the network
 * (issue 22). Each message on the port is a frame: the envelope, with the page's number for it, which the worker's
 * answer carries back. The worker checks every frame here and every envelope as any message (message-validation.ts).
 */
export const CALL_PORT_NAME = 'keyhole-calls';

export interface CallFrame {
  id: number;
  envelope: Envelope;
}

export interface CallAnswer {
  id: number;
  reply: Reply<unknown>;
}

/**
 * The first frame a page posts on its call port: its page key, a random value it made when it loaded and keeps in
 * memory only. The worker binds the large bodies it holds for that page's calls to it, and hands such a body over
 * only to whoever shows the key again (PAGE_KEY_HEADER on the fetch route, `page` on the body port): another page
 * with the same URL (a second DevTools panel) cannot take it.
 */
export interface PageFrame {
  page: string;
}

/** The header a page's fetch of `/__keyhole/body/<id>` carries its page key in. */
export const PAGE_KEY_HEADER = 'X-Keyhole-Page';

export function isPageFrame(value: unknown): value is PageFrame {
  const page = (value as { page?: unknown } | null)?.page;
  return typeof page === 'string' && page.length >= 16 && page.length <= 100;
}

/** CallContext.caller for a page that registered its key. */
export const pageCaller = (key: string) => `page:${key}`;

/** CallContext.caller for a page that did not: the browser's id for the document (`sender.documentId`), if it gives one. */
export function documentCaller(sender: { documentId?: string } | undefined): string | undefined {
  return sender?.documentId ? `doc:${sender.documentId}` : undefined;
}

export function isCallFrame(value: unknown): value is CallFrame {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as { id?: unknown }).id) &&
    isEnvelope((value as { envelope?: unknown }).envelope)
  );
}
