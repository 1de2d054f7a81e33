import type { PageFrame } from './call-port.ts';

/**
 * A page's key (PageFrame, core/call-port.ts): the worker binds the large bodies it holds for that page's calls to
 * it, and hands such a body over only to whoever shows the key again (PAGE_KEY_HEADER on the fetch route, `page` on
 * the body port): another page with the same URL (a second DevTools panel) cannot take it. Apart from the call
 * port's contract so that pages which never read a held body (the popup) do not load it.
 */

/** The header a page's fetch of `/__keyhole/body/<id>` carries its page key in. */
export const PAGE_KEY_HEADER = 'X-Keyhole-Page';

export function isPageFrame(value: unknown): value is PageFrame {
  const page = (value as { page?: unknown } | null)?.page;
  return typeof page === 'string' && page.length >= 16 && page.length <= 100;
}

/** CallContext.caller for a page that registered its key. */
export const pageCaller = (key: string) => `page:${key}`;

/** CallContext.caller for a page that did not: the browser's id for the document (`sender.documentId`), if any. */
export function documentCaller(sender: { documentId?: string } | undefined): string | undefined {
  return sender?.documentId ? `doc:${sender.documentId}` : undefined;
}
