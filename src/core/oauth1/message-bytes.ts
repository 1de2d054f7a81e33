/**
 * UTF-8 bytes of an HMAC message, written into one reused buffer instead of a new one per signature.
 *
 * Why: in Chromium `TextEncoder.encode` of a base string (about 3 KB for a form POST, built by
 * concatenation) costs more than the HMAC itself: it flattens the string, then allocates and fills a new
 * ArrayBuffer. `encodeInto` an existing buffer skips the allocation and the flattening copy.
 *
 * The returned view is only valid until the next call: pass it straight to `crypto.subtle.sign`, which
 * copies its data before returning (Web Crypto: "get a copy of the bytes held by the data parameter"), so
 * a later signature reusing the buffer cannot change a pending one.
 */

const encoder = new TextEncoder();

/** Large messages get their own buffer, so one huge form body does not pin megabytes for ever. */
const MAX_REUSED_BYTES = 64 * 1024;

let scratch: Uint8Array<ArrayBuffer> = new Uint8Array(4 * 1024);

export function encodeMessage(text: string): Uint8Array<ArrayBuffer> {
  // A base string is ASCII (everything but the method is percent-encoded), so one byte per code unit;
  // anything else falls through to the exact-size encoder below.
  if (text.length > MAX_REUSED_BYTES) return encoder.encode(text);
  if (text.length > scratch.length) scratch = new Uint8Array(Math.min(MAX_REUSED_BYTES, text.length * 2));
  const { read, written } = encoder.encodeInto(text, scratch);
  if (read !== text.length) return encoder.encode(text);
  return scratch.subarray(0, written);
}
