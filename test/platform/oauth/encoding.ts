/**
 * RFC 3986 / RFC 5849 encoding, written here on purpose instead of shared with `src/`: the sandbox must not hide a
 * bug of the extension by making the same one.
 */
import { HttpError } from '../http-util.ts';

/** Every byte except ALPHA, DIGIT, `-`, `.`, `_`, `~` is encoded, with uppercase hex (RFC 5849 §3.6). */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const unreserved =
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      (byte >= 0x30 && byte <= 0x39) ||
      byte === 0x2d ||
      byte === 0x2e ||
      byte === 0x5f ||
      byte === 0x7e;
    out += unreserved ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Strict decoding: a malformed escape or invalid UTF-8 is a 400, not a silently different parameter. */
export function percentDecode(value: string, plusIsSpace: boolean, where: string): string {
  const text = plusIsSpace ? value.replace(/\+/g, ' ') : value;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, `Malformed percent-encoding in ${where}: ${JSON.stringify(value)}`);
  }
}

/** Parses `a=1&b=2` as application/x-www-form-urlencoded (`+` is a space), keeping order and duplicates. */
export function parseFormPairs(text: string, where: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (text === '') return pairs;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const index = part.indexOf('=');
    const key = index === -1 ? part : part.slice(0, index);
    const value = index === -1 ? '' : part.slice(index + 1);
    pairs.push([percentDecode(key, true, where), percentDecode(value, true, where)]);
  }
  return pairs;
}

const HEADER_PARAM = /^\s*([A-Za-z0-9_.~%-]+)\s*=\s*"([^"]*)"\s*$/;

/**
 * Parses `OAuth realm="x", oauth_consumer_key="…", …` (RFC 5849 §3.5.1). Returns null when the header does not use
 * the OAuth scheme.
 */
export function parseOAuthHeader(header: string | undefined): [string, string][] | null {
  if (!header) return null;
  const match = /^\s*OAuth(?:\s+(.*))?$/is.exec(header);
  if (!match) return null;
  const rest = match[1]?.trim() ?? '';
  const pairs: [string, string][] = [];
  if (rest === '') return pairs;
  for (const item of rest.split(',')) {
    const param = HEADER_PARAM.exec(item);
    if (!param) {
      throw new HttpError(
        400,
        `Malformed Authorization header near ${JSON.stringify(item.trim())}: expected name="value"`,
      );
    }
    pairs.push([
      percentDecode(param[1]!, false, 'the Authorization header'),
      percentDecode(param[2]!, false, 'the Authorization header'),
    ]);
  }
  return pairs;
}
