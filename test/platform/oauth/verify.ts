/**
 * Strict verification of an OAuth 1.0a signed request (RFC 5849 §3.2). Status codes follow the RFC: 400 for a
 * malformed request (missing, duplicated or unsupported parameter), 401 for a refused one.
 */

import type { IncomingMessage } from 'node:http';
import type { Clock } from '../clock.ts';
import { authorizationOf } from '../credentials.ts';
import { TIMESTAMP_WINDOW_SECONDS } from '../defaults.ts';
import { HttpError, mediaType } from '../http-util.ts';
import { baseStringUri, signatureBaseString } from './base-string.ts';
import { parseFormPairs, parseOAuthHeader } from './encoding.ts';
import type { NonceStore } from './nonces.ts';
import { computeSignature, isSignatureMethod, type SignatureMethod, safeEqual, signingKey } from './signature.ts';

/** What the verifier needs from an HTTP request; the body is already read. */
export interface SignedRequest {
  method: string;
  host: string | undefined;
  /** True when the request came over TLS: the base string's scheme is then `https`. */
  secure?: boolean;
  /** Path as received, without the query. */
  rawPath: string;
  /** Query as received, without `?`. */
  rawQuery: string;
  authorization: string | undefined;
  /** True when `authorization` came from the `?authorization=<base64>` query parameter, not the header. */
  authorizationFromQuery?: boolean;
  /** Media type without parameters, lowercased. */
  contentType: string;
  body: Buffer;
}

export interface CollectedParams {
  /** The `oauth_*` parameters, wherever they came from. */
  oauth: Map<string, string>;
  /** Every parameter that goes into the base string. */
  signed: [string, string][];
}

/** Gathers OAuth parameters from the Authorization header, the query and a form body (RFC 5849 §3.4.1.3.1). */
export function collectParams(request: SignedRequest): CollectedParams {
  const oauth = new Map<string, string>();
  const signed: [string, string][] = [];
  const add = (pairs: [string, string][], where: string, fromHeader: boolean) => {
    for (const [key, value] of pairs) {
      if (fromHeader && key === 'realm') continue;
      if (fromHeader && !key.startsWith('oauth_')) {
        throw new HttpError(400, `Unexpected parameter ${key} in the Authorization header: only oauth_* belong there`);
      }
      if (key.startsWith('oauth_')) {
        if (oauth.has(key)) throw new HttpError(400, `Duplicated OAuth parameter ${key} (found again in ${where})`);
        oauth.set(key, value);
        if (key === 'oauth_signature') continue;
      }
      signed.push([key, value]);
    }
  };
  add(parseOAuthHeader(request.authorization) ?? [], 'the Authorization header', true);
  const query = parseFormPairs(request.rawQuery, 'the query string');
  // The `authorization` parameter carried the credentials themselves: it cannot be part of what they sign.
  add(
    request.authorizationFromQuery ? query.filter(([key]) => key !== 'authorization') : query,
    'the query string',
    false,
  );
  if (request.contentType === 'application/x-www-form-urlencoded') {
    add(parseFormPairs(request.body.toString('utf8'), 'the form body'), 'the form body', false);
  }
  return { oauth, signed };
}

export interface VerifyContext {
  clock: Clock;
  nonces: NonceStore;
  findConsumerSecret(consumerKey: string): string | undefined;
  /**
   * Returns the secret of `oauth_token`, or throws the HttpError that says why it is refused (unknown, expired,
   * revoked, already used…). Absent when the step takes no token (request token).
   */
  resolveTokenSecret?: (token: string, consumerKey: string, method: SignatureMethod) => string;
  /** Parameters the step requires besides the common five (e.g. oauth_callback, oauth_verifier). */
  required?: string[];
  /** The bridge accepts PLAINTEXT only. */
  allowedMethods?: readonly SignatureMethod[];
  allowedMethodsMessage?: string;
}

export interface Verified {
  consumerKey: string;
  token: string | undefined;
  method: SignatureMethod;
  oauth: Map<string, string>;
}

/** Every request names its consumer and carries a signature. */
const ALWAYS_REQUIRED = ['oauth_consumer_key', 'oauth_signature'];
/**
 * HMAC needs the method named, a timestamp and a nonce. PLAINTEXT may omit all three (RFC 5849 §3.1: "MAY be omitted
 * when using PLAINTEXT"; the method then defaults to PLAINTEXT): the platform's own client and CLI send exactly
 * `oauth_consumer_key`, `oauth_token` and `oauth_signature`, and the real platform accepts that.
 */
const HMAC_REQUIRED = ['oauth_signature_method', 'oauth_timestamp', 'oauth_nonce'];

export function verifyRequest(request: SignedRequest, context: VerifyContext): Verified {
  const { oauth, signed } = collectParams(request);
  if (oauth.size === 0) {
    throw new HttpError(401, 'Missing OAuth credentials: send an Authorization: OAuth … header', {
      headers: { 'WWW-Authenticate': 'OAuth realm="Sandbox Cloud"' },
    });
  }
  const version = oauth.get('oauth_version');
  if (version !== undefined && version !== '1.0') {
    throw new HttpError(400, `Unsupported oauth_version ${JSON.stringify(version)}: it must be 1.0`);
  }
  const withToken = context.resolveTokenSecret ? ['oauth_token'] : [];
  const missingAlways = [...ALWAYS_REQUIRED, ...withToken].filter((name) => !oauth.get(name));
  if (missingAlways.length > 0) throw new HttpError(400, `Missing OAuth parameter(s): ${missingAlways.join(', ')}`);

  const method = oauth.get('oauth_signature_method') ?? 'PLAINTEXT';
  if (!isSignatureMethod(method)) {
    throw new HttpError(400, `Unsupported oauth_signature_method ${method}: use HMAC-SHA512, HMAC-SHA1 or PLAINTEXT`);
  }
  const required = [...(method === 'PLAINTEXT' ? [] : HMAC_REQUIRED), ...(context.required ?? [])];
  const missing = required.filter((name) => !oauth.get(name));
  if (missing.length > 0) throw new HttpError(400, `Missing OAuth parameter(s): ${missing.join(', ')}`);
  if (context.allowedMethods && !context.allowedMethods.includes(method)) {
    throw new HttpError(401, context.allowedMethodsMessage ?? `Signature method ${method} is not accepted here`);
  }

  const consumerKey = oauth.get('oauth_consumer_key')!;
  const consumerSecret = context.findConsumerSecret(consumerKey);
  if (consumerSecret === undefined) throw new HttpError(401, `Unknown consumer key ${JSON.stringify(consumerKey)}`);

  // Bare PLAINTEXT has neither; when a PLAINTEXT request does send them, they are checked like HMAC's.
  const timestamp = oauth.get('oauth_timestamp');
  if (timestamp !== undefined) checkTimestamp(timestamp, context.clock);

  const token = context.resolveTokenSecret ? oauth.get('oauth_token')! : undefined;
  const tokenSecret = token === undefined ? '' : context.resolveTokenSecret!(token, consumerKey, method);

  const key = signingKey(consumerSecret, tokenSecret);
  const baseString = signatureBaseString(
    request.method,
    baseStringUri(request.host, request.rawPath, request.secure),
    signed,
  );
  const expected = computeSignature(method, baseString, key);
  if (!safeEqual(expected, oauth.get('oauth_signature')!)) {
    throw signatureError(method, baseString, !oauth.has('oauth_signature_method'));
  }

  const nonce = oauth.get('oauth_nonce');
  if (nonce !== undefined && !context.nonces.use(consumerKey, nonce, context.clock.now())) {
    throw new HttpError(
      401,
      `Nonce already used: ${JSON.stringify(oauth.get('oauth_nonce'))} was seen in the last minutes`,
    );
  }
  return { consumerKey, token, method, oauth };
}

function checkTimestamp(value: string, clock: Clock): void {
  if (!/^\d{1,12}$/.test(value)) {
    throw new HttpError(401, `Invalid oauth_timestamp ${JSON.stringify(value)}: expected Unix time in seconds`);
  }
  const now = clock.nowSeconds();
  const skew = Number(value) - now;
  if (Math.abs(skew) > TIMESTAMP_WINDOW_SECONDS) {
    const direction = skew > 0 ? 'ahead of' : 'behind';
    throw new HttpError(
      401,
      `Timestamp is outside the accepted window: server time is ${new Date(now * 1000).toISOString()} (${now}), ` +
        `oauth_timestamp ${value} is ${Math.abs(skew)} s ${direction} it; the window is ±${TIMESTAMP_WINDOW_SECONDS} s`,
      { extra: { serverTime: now } },
    );
  }
}

function signatureError(method: SignatureMethod, baseString: string, defaulted: boolean): HttpError {
  if (method === 'PLAINTEXT') {
    const why = defaulted ? ' (no oauth_signature_method was sent, so PLAINTEXT was assumed)' : '';
    return new HttpError(
      401,
      `Invalid signature${why}: with PLAINTEXT, oauth_signature is the percent-encoded consumer secret, "&", then ` +
        'the percent-encoded token secret (empty in the request-token step)',
      { extra: { signatureMethod: method } },
    );
  }
  return new HttpError(401, `Invalid signature (base string computed by the server: ${baseString})`, {
    extra: { signatureMethod: method, baseString },
  });
}

export function isSecure(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true;
}

/** The verifier's view of a node:http request whose body was already read. */
export function signedRequestOf(req: IncomingMessage, body: Buffer): SignedRequest {
  const url = req.url ?? '/';
  const question = url.indexOf('?');
  const withoutFragment = (text: string) => text.split('#')[0]!;
  return {
    method: req.method ?? 'GET',
    host: req.headers.host,
    secure: isSecure(req),
    rawPath: withoutFragment(question === -1 ? url : url.slice(0, question)),
    rawQuery: question === -1 ? '' : withoutFragment(url.slice(question + 1)),
    ...authorizationOf(req),
    contentType: mediaType(req),
    body,
  };
}
