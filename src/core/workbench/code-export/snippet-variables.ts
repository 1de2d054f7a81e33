import { KeyholeError } from '../../errors.ts';
import { CURL_VARIABLES } from '../curl-credentials.ts';

/**
 * The environment variables every snippet reads its credentials from: the same names the copied curl commands
 * use, plus the consumer key (a snippet holds no identifying value either, so one set of variables serves all).
 */
export const SNIPPET_VARIABLES = { consumerKey: 'CLEVER_CONSUMER_KEY', ...CURL_VARIABLES } as const;

export const OAUTH_VARIABLES = [
  SNIPPET_VARIABLES.consumerKey,
  SNIPPET_VARIABLES.consumerSecret,
  SNIPPET_VARIABLES.token,
  SNIPPET_VARIABLES.tokenSecret,
] as const;

/** PLAINTEXT puts the secrets in the header as they are, so the variables hold them as the header needs them. */
export const PLAINTEXT_VALUES =
  'The secrets go into the header as they are: the platform’s (letters, digits and - . _ ~) work unchanged; percent-encode anything else twice.';

export interface Snippet {
  code: string;
  /** The environment variables it reads, in the order a user exports them. */
  variables: readonly string[];
  /** How it signs, when that differs from what Keyhole would send (e.g. PLAINTEXT instead of HMAC). */
  notes: readonly string[];
}

/**
 * A string literal for JavaScript and Python alike (JSON's escapes are valid in both). Characters displayed
 * otherwise than they are — C1 controls, Unicode format characters (bidi overrides and isolates, zero-width
 * characters, BOM) and U+2028/2029, which display as line breaks — are written as `\uXXXX` too: raw, a value could
 * make the code on screen read differently from the code that runs ("Trojan Source", CVE-2021-42574). Only those
 * of the BMP: an astral one (tag characters) has no escape both languages read alike, and reorders nothing.
 */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(/[\u0080-\u009f\u2028\u2029]|\p{Cf}/gu, (char) =>
    char.length > 1 ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Node's fetch (undici) drops a header named `__proto__` on the wire (it builds a plain object of headers), and
 * in an object literal `"__proto__": v` sets the prototype instead: a JavaScript snippet would not send it.
 */
export function assertJavaScriptCarriesHeaders(headers: readonly [string, string][]): void {
  if (headers.some(([name]) => name === '__proto__'))
    throw new KeyholeError(
      'invalid-input',
      'A header named “__proto__” is dropped by JavaScript (Node’s fetch sends no such header): use curl or Python for this call.',
    );
}
