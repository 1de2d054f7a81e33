import { KeyholeError } from '../../errors.ts';
import { routeForApiToken } from '../../http/api-token-route.ts';
import { encodeBody } from '../../http/encode-body.ts';
import {
  assertConfidentialTransport,
  assertNoOverrideParameter,
  guardHeaders,
  guardPath,
  trimHeaderValue,
} from '../../http/request-guard.ts';
import { encodeQuery, type ProfileOrigins } from '../../http/request-url.ts';
import { validateMethod } from '../../http/send-request-validation.ts';
import { signedFormParameters } from '../../oauth1/index.ts';
import type { SignatureMethod } from '../../oauth1/types.ts';
import type { SendRequest } from '../../protocol.ts';
import { assertBrowserSendsHeader, combineHeaders } from '../command-values.ts';

/**
 * Which credential a snippet reads. `api-token` (the default) is what any user can get from Keyhole's Tokens
 * view: the call goes to the bridge with `Authorization: Bearer` (core/http/api-token-route.ts). `oauth` is the
 * explicit choice for a user who holds an OAuth consumer and an access token of their own.
 */
export type SnippetCredentials = 'api-token' | 'oauth';

/**
 * The request as the worker would send it (method, URL, headers minus Authorization, body), with how it
 * authenticates but never a credential: code snippets are built from this in the page and read every secret
 * from environment variables. Mirrors background/signed-request.ts's prepareRequest (same guards, same body
 * encoding, same default headers) so a snippet sends what Keyhole sends.
 */
export type SnippetAuth = { scheme: 'bearer' } | { scheme: 'oauth'; signatureMethod: SignatureMethod };

export interface SnippetRequest {
  method: string;
  /** The origin (and base path) the call goes to: the profile's API or bridge address. */
  base: string;
  /** Path and encoded query, as appended to `base`. */
  pathAndQuery: string;
  headers: [string, string][];
  body?: string;
  auth: SnippetAuth;
}

export interface SnippetContext extends ProfileOrigins {
  /** The profile's default signature method (a call may override it on the API). */
  signatureMethod: SignatureMethod;
  credentials: SnippetCredentials;
}

export function snippetUrl(request: Pick<SnippetRequest, 'base' | 'pathAndQuery'>): string {
  return `${request.base}${request.pathAndQuery}`;
}

export function describeSnippetRequest(typed: SendRequest, context: SnippetContext): SnippetRequest {
  const request = context.credentials === 'api-token' ? routeForApiToken(typed) : typed;
  const guarded = guardPath(request.path, request.target);
  // guardHeaders refuses an Authorization row: a snippet adds its own, from the environment.
  // Values trimmed as fetch trims them (requests refuses a leading space, HTTPie strips both ends).
  const headers = combineHeaders(
    guardHeaders(request.headers ?? []).map(([name, value]): [string, string] => {
      assertBrowserSendsHeader(name);
      return [name, trimHeaderValue(value)];
    }),
  );
  const query = [...guarded.query, ...(request.query ?? [])];
  assertNoOverrideParameter(query, 'query');
  const base = (request.target === 'api' ? context.apiBaseUrl : context.bridgeUrl).replace(/\/+$/, '');
  const pathAndQuery = asFetchSendsIt(base, `${guarded.path}${query.length > 0 ? `?${encodeQuery(query)}` : ''}`);
  const body = encodeBody(request.body);
  // A snippet cannot carry the picked file's bytes, and naming a path on the user's disk would be a guess.
  if (body.bytes)
    throw new KeyholeError('invalid-input', 'A file body is not exported: the code cannot carry the file.');
  // The worker's own check (a page's message is validated so): HTTPie prints the method as a bare word.
  const method = validateMethod(request.method);
  if ((method === 'GET' || method === 'HEAD') && body.text !== undefined)
    throw new KeyholeError('invalid-input', `A ${method} request cannot have a body; choose “none” or another method.`);
  if (body.contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type'))
    headers.push(['Content-Type', body.contentType]);
  const sentContentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  assertNoOverrideParameter(signedFormParameters(sentContentType, body.text), 'form');
  if (!headers.some(([name]) => name.toLowerCase() === 'accept')) headers.push(['Accept', 'application/json, */*']);
  const auth: SnippetAuth =
    context.credentials === 'api-token'
      ? { scheme: 'bearer' }
      : {
          scheme: 'oauth',
          signatureMethod:
            request.target === 'bridge' ? 'PLAINTEXT' : (request.signatureMethod ?? context.signatureMethod),
        };
  return {
    method,
    base,
    pathAndQuery,
    headers,
    ...(body.text !== undefined ? { body: wellFormed(body.text) } : {}),
    auth,
  };
}

/**
 * The path and query as fetch puts them on the wire (the WHATWG URL serializer percent-encodes a space, `"`,
 * `<`, `>`, a backtick, `{`, `}` and non-ASCII in a path): printed that way, every tool sends the same bytes as
 * Keyhole, where curl would refuse a space and requests would encode them its own way.
 */
function asFetchSendsIt(base: string, pathAndQuery: string): string {
  const href = new URL(`${base}${pathAndQuery}`).href;
  return href.startsWith(base) ? href.slice(base.length) : pathAndQuery;
}

/**
 * A lone surrogate has no UTF-8 form: fetch sends U+FFFD for it, so the snippet holds U+FFFD too (Python would
 * fail to encode `"\ud800"`, and a shell gets the replacement from the clipboard anyway).
 */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Python's `requests` (also under HTTPie) rewrites a URL before sending it (`requote_uri`): `|`, `^`, `[`, `]`
 * become %7C, %5E, %5B, %5D and an escaped unreserved character is decoded (%41 → A, %7E → ~). Such a path would
 * reach the server as other bytes than Keyhole sends (and than the signature covers), so it is refused.
 */
export function assertRequestsKeepsUrl(pathAndQuery: string, tool: string): void {
  const rewritten = /[|^[\]]|%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/.exec(pathAndQuery);
  if (rewritten)
    throw new KeyholeError(
      'invalid-input',
      `The path holds “${rewritten[0]}”, which ${tool} (through Python’s requests) rewrites before sending, so it would call another URL than Keyhole: use curl or JavaScript for this call.`,
    );
}

/** A snippet that sends a reusable credential (PLAINTEXT secrets, a Bearer token) only does so over https. */
export function assertSnippetTransport(url: string, auth: SnippetAuth): void {
  if (auth.scheme === 'bearer') assertConfidentialTransport(url, 'an API token (Bearer)');
  else if (auth.signatureMethod === 'PLAINTEXT')
    assertConfidentialTransport(url, 'a PLAINTEXT signature (it carries your consumer and token secrets)');
}
