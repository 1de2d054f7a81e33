import { KeyholeError } from '../errors.ts';
import { percentEncode } from './percent-encode.ts';
import type { SignatureMethod } from './types.ts';

/** What replaces a secret signature in anything shown or copied. */
export const SIGNATURE_MASK = '•••••';

/**
 * RFC 5849 §3.5.1 with the spec's exact shape: `OAuth name="value", name="value"` (comma and one space),
 * every name and value percent-encoded. `realm` is an RFC 2617 quoted-string, not percent-encoded, so it
 * is quoted with backslash escapes instead; line breaks are refused because they would split the header.
 */
export function buildAuthorizationHeader(oauthParams: [string, string][], realm?: string): string {
  return formatAuthorizationHeader(encodeOAuthParams(oauthParams), realm);
}

/** The same parameters as `name=value&name=value`, for the `/v2/oauth/*_query` token endpoints. */
export function buildOAuthQueryString(oauthParams: [string, string][]): string {
  return formatOAuthQueryString(encodeOAuthParams(oauthParams));
}

/**
 * Each name and value percent-encoded, once. The signer sends the same parameters as a header and as a
 * query string; encoding them once for both halves the work (the base64 signature always takes the
 * encoder's slow path, because of its `+`, `/` and `=`).
 */
export function encodeOAuthParams(oauthParams: [string, string][]): [string, string][] {
  return oauthParams.map(([name, value]) => [percentEncode(name), percentEncode(value)]);
}

/** `buildAuthorizationHeader` for parameters `encodeOAuthParams` already encoded. */
export function formatAuthorizationHeader(encodedParams: [string, string][], realm?: string): string {
  const pairs = encodedParams.map(([name, value]) => `${name}="${value}"`);
  if (realm !== undefined) pairs.unshift(`realm=${quoteRealm(realm)}`);
  return `OAuth ${pairs.join(', ')}`;
}

/** `buildOAuthQueryString` for parameters `encodeOAuthParams` already encoded. */
export function formatOAuthQueryString(encodedParams: [string, string][]): string {
  return encodedParams.map(([name, value]) => `${name}=${value}`).join('&');
}

/**
 * Makes a header safe to display or copy (signature debugger, "copy as curl"). With PLAINTEXT the
 * signature *is* the encoded consumer and token secrets, so it is masked. An HMAC signature reveals
 * nothing about the key and is exactly what one compares with another implementation, so it is kept.
 */
export function maskAuthorizationHeader(header: string, signatureMethod: SignatureMethod): string {
  // The header's own declaration counts too, so a caller passing the wrong method cannot leak the key.
  const declaresPlaintext = /(^|[\s,])oauth_signature_method="PLAINTEXT"/.test(header);
  if (signatureMethod !== 'PLAINTEXT' && !declaresPlaintext) return header;
  // Anchored on a separator so that a parameter merely ending in "oauth_signature" is not touched;
  // the quoted value never contains `"` because it is percent-encoded.
  return header.replace(/(^|[\s,])oauth_signature="[^"]*"/g, `$1oauth_signature="${SIGNATURE_MASK}"`);
}

function quoteRealm(realm: string): string {
  if (/[\r\n]/.test(realm)) {
    throw new KeyholeError('invalid-input', 'The OAuth realm cannot contain line breaks.');
  }
  return `"${realm.replace(/["\\]/g, '\\$&')}"`;
}
