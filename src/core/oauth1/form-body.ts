/**
 * `application/x-www-form-urlencoded` parsing (WHATWG URL §5.1), used for form bodies, for the query
 * string of signed URLs and for token responses, so the three agree on what `+` and `%XX` mean.
 *
 * We do not use `URLSearchParams` for bodies because its constructor drops a leading `?`, which is right
 * for a query string but would change the first field name of a body that happens to start with one.
 */

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

const PLUS_SIGNS = /\+/g;
// Without the `u` flag a regex sees UTF-16 code units, so this finds a surrogate that is not part of a pair.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const utf8Encoder = new TextEncoder();
// ignoreBOM: true keeps a leading U+FEFF as content, as the standard's "UTF-8 decode without BOM" does.
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decoded `[name, value]` pairs in body order; empty values and repeated names are kept, empty `&&` skipped. */
export function parseFormBody(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const sequence of text.split('&')) {
    if (sequence === '') continue;
    const equals = sequence.indexOf('=');
    const name = equals === -1 ? sequence : sequence.slice(0, equals);
    const value = equals === -1 ? '' : sequence.slice(equals + 1);
    pairs.push([decodeFormComponent(name), decodeFormComponent(value)]);
  }
  return pairs;
}

/**
 * The form fields that take part in the signature. RFC 5849 §3.4.1.3.1 signs body fields only when the
 * body is single-part `application/x-www-form-urlencoded`; a JSON or binary body is never signed.
 */
export function signedFormParameters(contentType: string | undefined, body: string | undefined): [string, string][] {
  if (contentType === undefined || body === undefined) return [];
  if (!isFormMediaType(contentType)) return [];
  return parseFormBody(body);
}

/**
 * Compares the media type only, so `application/x-www-form-urlencoded; charset=UTF-8` still counts. An ambiguous
 * value counts as a form whenever any server might read it as one: WHATWG's fetch takes the last of comma-separated
 * types (`text/plain, application/x-www-form-urlencoded`), PHP stops at the first comma or space
 * (`application/x-www-form-urlencoded x`). Reading it as a form here signs its fields (or refuses a file sent so),
 * where reading it as text left form fields the signature did not cover.
 */
export function isFormMediaType(contentType: string): boolean {
  return contentType.split(',').some((part) => {
    const mediaType = part.split(';', 1)[0] ?? '';
    return mediaType
      .trim()
      .split(/[ \t]+/)
      .some((token) => token.toLowerCase() === FORM_MEDIA_TYPE);
  });
}

/** `+` is a space, `%XX` a byte, a stray `%` stays literal; bytes are then read as UTF-8 with U+FFFD for errors. */
function decodeFormComponent(component: string): string {
  if (!/[+%]/.test(component)) return component;
  const spaced = component.replace(PLUS_SIGNS, ' ');
  // Fast path, for the usual well-formed component: `decodeURIComponent` runs natively, over twice as fast as
  // the byte loop below on a long form value. It gives the same answer whenever it succeeds: it throws on a
  // stray `%` and on escaped bytes that are not complete, valid UTF-8 (compared with TextDecoder on 5.4 million
  // escaped sequences of one to four bytes, in Node and in Chromium: no difference). What it does not do is
  // replace a lone surrogate in the text itself with U+FFFD, as the UTF-8 round trip below does: such text
  // skips it.
  if (!LONE_SURROGATE.test(spaced)) {
    try {
      return decodeURIComponent(spaced);
    } catch {
      // A stray `%` or escapes that are not UTF-8: the standard keeps or replaces them, byte by byte below.
    }
  }
  return decodeBytes(spaced);
}

function decodeBytes(spaced: string): string {
  const bytes = utf8Encoder.encode(spaced);
  const decoded = new Uint8Array(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte === 0x25 && isHexByte(bytes[index + 1]) && isHexByte(bytes[index + 2])) {
      decoded[length++] = Number.parseInt(String.fromCharCode(bytes[index + 1]!, bytes[index + 2]!), 16);
      index += 2;
    } else {
      decoded[length++] = byte;
    }
  }
  return utf8Decoder.decode(decoded.subarray(0, length));
}

function isHexByte(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}
