import { percentEncode } from '../oauth1/percent-encode.ts';
import type { RequestTarget } from '../protocol.ts';

/**
 * Joins a profile base URL, a path and query pairs into the URL the worker calls, and splits a URL back into
 * target, path and query. Queries are written with RFC 3986 encoding, the same as the OAuth signer uses, so a
 * command built here and the request Keyhole signs put the same bytes on the wire.
 */

export interface ProfileOrigins {
  apiBaseUrl: string;
  bridgeUrl: string;
}

export function encodeQuery(query: readonly [string, string][]): string {
  return query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
}

export function buildRequestUrl(baseUrl: string, path: string, query: readonly [string, string][] = []): string {
  const base = baseUrl.replace(/\/+$/, '');
  const search = encodeQuery(query);
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export interface SplitUrl {
  /** Which of the profile's origins the URL belongs to; undefined when it is neither. */
  target: RequestTarget | undefined;
  path: string;
  query: [string, string][];
  origin: string;
}

/** The well-known real addresses, recognised even when the active profile points elsewhere (e.g. the sandbox). */
const KNOWN_ORIGINS: [string, RequestTarget][] = [
  ['https://api.clever-cloud.com', 'api'],
  ['https://api-bridge.clever-cloud.com', 'bridge'],
];

function stripBasePath(base: string, url: URL): string | undefined {
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
  } catch {
    return undefined;
  }
  if (baseUrl.origin !== url.origin) return undefined;
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  if (basePath === '') return url.pathname;
  if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) return url.pathname.slice(basePath.length);
  return undefined;
}

/**
 * Splits an absolute URL. A path-only input ("/v2/self?x=1") is accepted too and gets no target. The query is
 * decoded into pairs (form-style: `+` is a space, as servers read it).
 */
export function splitRequestUrl(input: string, origins?: ProfileOrigins): SplitUrl {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) || input.startsWith('/') ? input : `https://${input}`;
  const url = new URL(withScheme, 'http://path-only.invalid');
  const query = [...url.searchParams];
  const pathOnly = url.origin === 'http://path-only.invalid';
  if (pathOnly) return { target: undefined, path: url.pathname, query, origin: '' };
  const candidates: [string, RequestTarget][] = origins
    ? [[origins.apiBaseUrl, 'api'], [origins.bridgeUrl, 'bridge'], ...KNOWN_ORIGINS]
    : KNOWN_ORIGINS;
  for (const [base, target] of candidates) {
    const path = stripBasePath(base, url);
    if (path !== undefined) return { target, path: path || '/', query, origin: url.origin };
  }
  return { target: undefined, path: url.pathname, query, origin: url.origin };
}
