/** The signature base string of RFC 5849 §3.4.1, computed from the request as the server received it. */
import { percentEncode } from './encoding.ts';

/**
 * Base string URI: scheme and host lowercased, default port dropped, path as received, no query. The scheme is the
 * connection's: `https` when the sandbox serves TLS (tls.ts), `http` otherwise.
 */
export function baseStringUri(hostHeader: string | undefined, rawPath: string, secure = false): string {
  let host = (hostHeader ?? '').trim().toLowerCase();
  const defaultPort = secure ? ':443' : ':80';
  if (host.endsWith(defaultPort)) host = host.slice(0, -defaultPort.length);
  return `${secure ? 'https' : 'http'}://${host}${rawPath}`;
}

/** Encodes every pair, sorts by encoded key then encoded value, joins with `&`. */
export function normalizeParameters(pairs: readonly (readonly [string, string])[]): string {
  return pairs
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ka, va], [kb, vb]) => compare(ka, kb) || compare(va, vb))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function signatureBaseString(
  method: string,
  uri: string,
  pairs: readonly (readonly [string, string])[],
): string {
  return [method.toUpperCase(), percentEncode(uri), percentEncode(normalizeParameters(pairs))].join('&');
}

/** Byte order, not locale order: encoded strings are ASCII so code-unit comparison is byte comparison. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
