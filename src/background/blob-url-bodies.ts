/**
 * Firefox's route for large response bodies (`blob-url` in src/core/browser-target.ts): its background is an event
 * page, which no page fetch reaches, but which can make a Blob URL. The add-on's pages share its moz-extension:
 * origin and fetch the body from that URL as a stream (src/ui/blob-url-body.ts), then revoke it. Nobody else can
 * read it: a Blob URL is fetchable from its own origin only.
 */

/** A body no page came for is dropped after this, as in deferred-bodies.ts. */
const KEEP_MS = 60_000;

/** Holds the bytes behind a new Blob URL and returns that URL, for the page to fetch once. */
export function holdAsBlobUrl(bytes: Uint8Array<ArrayBuffer>, contentType: string): string {
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
  return url;
}
