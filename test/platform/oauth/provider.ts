/** The OAuth 1.0a token endpoints (spec §4.1): request token, access token, and the rights list. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { isRight, REQUEST_TOKEN_LIFETIME_SECONDS, RIGHT_DESCRIPTIONS, type Right } from '../defaults.ts';
import { HttpError, sendJson, sendText } from '../http-util.ts';
import { randomToken } from '../random.ts';
import type { AccessToken, PlatformState } from '../state.ts';
import { percentEncode } from './encoding.ts';
import { signedRequestOf, verifyRequest } from './verify.ts';

function sendForm(res: ServerResponse, fields: Record<string, string>): void {
  const body = Object.entries(fields)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join('&');
  sendText(res, 200, 'application/x-www-form-urlencoded', body);
}

/** `oauth_callback` must have the base URL's scheme, host and port, and a path under its path. */
export function isUnderBaseUrl(callback: string, baseUrl: string): boolean {
  let cb: URL;
  let base: URL;
  try {
    cb = new URL(callback);
    base = new URL(baseUrl);
  } catch {
    return false;
  }
  if (cb.protocol !== base.protocol || cb.host !== base.host || cb.username || cb.password) return false;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return cb.pathname === base.pathname || cb.pathname.startsWith(prefix);
}

export function requestToken(context: PlatformContext, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const { state, clock } = context;
  const verified = verifyRequest(signedRequestOf(req, body), {
    clock,
    nonces: state.nonces,
    findConsumerSecret: (key) => state.consumers.get(key)?.secret,
    required: ['oauth_callback'],
  });
  const consumer = state.consumers.get(verified.consumerKey)!;
  const callback = verified.oauth.get('oauth_callback')!;
  if (!isUnderBaseUrl(callback, consumer.baseUrl)) {
    throw new HttpError(
      400,
      `oauth_callback ${callback} is not under the consumer's registered base URL ${consumer.baseUrl}: ` +
        'same scheme, host and port, and a path under its path',
      { extra: { callback, baseUrl: consumer.baseUrl } },
    );
  }
  const now = clock.now();
  const token = randomToken(18);
  const secret = randomToken(24);
  state.requestTokens.set(token, {
    token,
    secret,
    consumerKey: consumer.key,
    callback,
    method: verified.method,
    createdAt: now,
    expiresAt: now + REQUEST_TOKEN_LIFETIME_SECONDS * 1000,
    state: 'issued',
  });
  sendForm(res, { oauth_token: token, oauth_token_secret: secret, oauth_callback_confirmed: 'true' });
}

export function accessToken(context: PlatformContext, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const { state, clock } = context;
  const verified = verifyRequest(signedRequestOf(req, body), {
    clock,
    nonces: state.nonces,
    findConsumerSecret: (key) => state.consumers.get(key)?.secret,
    required: ['oauth_verifier'],
    resolveTokenSecret: (token, consumerKey) => {
      const pending = state.requestTokens.get(token);
      if (!pending) {
        if (state.accessTokens.has(token))
          throw new HttpError(401, 'oauth_token is an access token, not a request token');
        throw new HttpError(401, 'Unknown request token');
      }
      if (pending.consumerKey !== consumerKey) throw new HttpError(401, 'Request token was issued to another consumer');
      return pending.secret;
    },
  });
  const pending = state.requestTokens.get(verified.token!)!;
  const verifier = verified.oauth.get('oauth_verifier')!;
  if (pending.state === 'used') {
    throw new HttpError(
      401,
      pending.verifier === verifier
        ? 'Verifier already used: this request token was already exchanged for an access token'
        : 'Request token already used',
    );
  }
  if (pending.state === 'denied') throw new HttpError(401, 'The user denied this authorization request');
  if (pending.state === 'issued') {
    throw new HttpError(401, 'Request token not authorized yet: the user must approve it at /v2/oauth/authorize');
  }
  if (clock.now() > pending.expiresAt) throw new HttpError(401, 'Request token expired');
  if (verified.method !== pending.method) {
    throw new HttpError(
      401,
      `Signature method ${verified.method} differs from the one used to get the request token (${pending.method})`,
    );
  }
  if (pending.verifier !== verifier) throw new HttpError(401, 'Invalid oauth_verifier');

  pending.state = 'used';
  const issued = issueAccessToken(state, clock.now(), pending.consumerKey, pending.userId!, pending.rights ?? []);
  sendForm(res, {
    oauth_token: issued.token,
    oauth_token_secret: issued.secret,
    expiration_date: new Date(issued.expiresAt).toISOString(),
  });
}

function issueAccessToken(state: PlatformState, now: number, consumerKey: string, userId: string, rights: Right[]) {
  const lifetime = state.settings.accessTokenLifetimeSeconds;
  let expiresAt: number;
  if (lifetime === undefined) {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() + 3);
    expiresAt = date.getTime();
  } else {
    expiresAt = now + lifetime * 1000;
  }
  const token: AccessToken = {
    token: randomToken(18),
    secret: randomToken(24),
    consumerKey,
    userId,
    rights: rights.filter(isRight),
    createdAt: now,
    expiresAt,
    revoked: false,
  };
  state.accessTokens.set(token.token, token);
  return token;
}

export function listRights(res: ServerResponse): void {
  sendJson(res, 200, RIGHT_DESCRIPTIONS);
}
