import { KeyholeError } from '../errors.ts';
import { isFormMediaType, signedFormParameters } from '../oauth1/form-body.ts';
import type { SendRequest } from '../protocol.ts';
import { encodeBody } from './encode-body.ts';
import { assertNoOverrideParameter, assertSignableUrl, guardHeaders, guardPath } from './request-guard.ts';
import { encodeQuery, type ProfileOrigins } from './request-url.ts';

/**
 * A SendRequest as the bytes that go out, before any credential: URL, method, headers, body, and the form fields
 * an OAuth signature covers. Every guard runs here (path, headers, override parameters, the URL staying on the
 * profile's origins), so the worker and the Node collection runner (src/cli/) send the same request for the same
 * input and refuse the same things.
 */
export interface OutgoingRequest {
  url: string;
  method: string;
  headers: [string, string][];
  /** Text, or a file's bytes (never signed: OAuth covers only a form body). */
  body?: string | Uint8Array<ArrayBuffer>;
  /** Decoded form fields the signature covers (only for a form-urlencoded body actually sent as such). */
  formParams: [string, string][];
}

export function buildOutgoingRequest(request: SendRequest, origins: ProfileOrigins): OutgoingRequest {
  const guarded = guardPath(request.path, request.target);
  const userHeaders = guardHeaders(request.headers ?? []);
  const query = [...guarded.query, ...(request.query ?? [])];
  assertNoOverrideParameter(query, 'query');
  const base = request.target === 'api' ? origins.apiBaseUrl : origins.bridgeUrl;
  const url = `${base}${guarded.path}${query.length > 0 ? `?${encodeQuery(query)}` : ''}`;
  assertSignableUrl(url, [origins.apiBaseUrl, origins.bridgeUrl]);

  const body = encodeBody(request.body);
  const method = request.method.toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && (body.text !== undefined || body.bytes !== undefined))
    throw new KeyholeError('invalid-input', `A ${method} request cannot have a body; choose “none” or another method.`);
  const headers: [string, string][] = [...userHeaders];
  if (body.contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type'))
    headers.push(['Content-Type', body.contentType]);
  // RFC 5849 §3.4.1.3.1: body fields are signed if and only if the Content-Type actually sent is form-urlencoded,
  // whatever the body editor was; a server counts them (or not) from that header and the bytes, as parsed here.
  const sentContentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  // A file sent as a form (its own type or the Headers table's) would have a server read fields, oauth_* ones too,
  // from bytes no signature covers and no guard has seen.
  if (body.bytes && isFormMediaType(sentContentType ?? ''))
    throw new KeyholeError('invalid-input', 'A file is not sent as a form.');
  const formParams = signedFormParameters(sentContentType, body.text);
  assertNoOverrideParameter(formParams, 'form');
  if (!headers.some(([name]) => name.toLowerCase() === 'accept')) headers.push(['Accept', 'application/json, */*']);
  const sent = body.bytes ?? body.text;
  return { url, method, headers, ...(sent !== undefined ? { body: sent } : {}), formParams };
}
