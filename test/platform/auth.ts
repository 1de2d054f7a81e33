/** Who is calling a resource endpoint: an OAuth access token (API and bridge) or an API token (bridge only). */
import type { IncomingMessage } from 'node:http';
import type { PlatformContext } from './context.ts';
import { authorizationOf } from './credentials.ts';
import { RIGHTS } from './defaults.ts';
import { HttpError } from './http-util.ts';
import { type SignedRequest, signedRequestOf, verifyRequest } from './oauth/verify.ts';
import { sha256Hex } from './random.ts';
import type { Caller } from './router.ts';
import type { ApiToken } from './state.ts';

export function authenticateOAuth(
  context: PlatformContext,
  req: IncomingMessage,
  body: Buffer,
  options: { plaintextOnly?: boolean } = {},
): Caller {
  return authenticateSigned(context, signedRequestOf(req, body), options);
}

/** The same check for a request that did not arrive as HTTP (the events socket's authorisation message). */
export function authenticateSigned(
  context: PlatformContext,
  signed: SignedRequest,
  options: { plaintextOnly?: boolean } = {},
): Caller {
  const { state, clock } = context;
  const verified = verifyRequest(signed, {
    clock,
    nonces: state.nonces,
    findConsumerSecret: (key) => state.consumers.get(key)?.secret,
    allowedMethods: options.plaintextOnly ? ['PLAINTEXT'] : undefined,
    allowedMethodsMessage: 'The bridge accepts only PLAINTEXT OAuth signatures (or an API token as Bearer)',
    resolveTokenSecret: (value, consumerKey) => {
      const token = state.accessTokens.get(value);
      if (!token) {
        if (state.requestTokens.has(value)) {
          throw new HttpError(401, 'oauth_token is a request token: exchange it at /v2/oauth/access_token first');
        }
        throw new HttpError(401, 'Unknown access token');
      }
      if (token.consumerKey !== consumerKey) throw new HttpError(401, 'Access token was issued to another consumer');
      if (token.revoked) throw new HttpError(401, 'Token revoked');
      if (clock.now() >= token.expiresAt) {
        throw new HttpError(401, `Access token expired on ${new Date(token.expiresAt).toISOString()}`);
      }
      return token.secret;
    },
  });
  const accessToken = state.accessTokens.get(verified.token!)!;
  accessToken.lastUsedAt = clock.now();
  const user = state.users.get(accessToken.userId);
  if (!user) throw new HttpError(401, 'The user of this token no longer exists');
  return { user, rights: new Set(accessToken.rights), accessToken };
}

/** Finds an API token by value; refuses unknown, revoked and expired ones. */
export function findApiToken(context: PlatformContext, value: string): ApiToken {
  const hash = sha256Hex(value);
  for (const token of context.state.apiTokens.values()) {
    if (token.hash !== hash) continue;
    if (token.revoked) throw new HttpError(401, 'API token revoked');
    if (context.clock.now() >= token.expirationDate) throw new HttpError(401, 'API token expired');
    return token;
  }
  throw new HttpError(401, 'Unknown API token');
}

export function authenticateApiToken(context: PlatformContext, value: string): Caller {
  const apiToken = findApiToken(context, value);
  const user = context.state.users.get(apiToken.userId);
  if (!user) throw new HttpError(401, 'The user of this API token no longer exists');
  return { user, rights: new Set(RIGHTS), apiToken };
}

/** The bearer value of `Authorization: Bearer …`, or undefined. */
export function bearerOf(req: IncomingMessage): string | undefined {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorizationOf(req).authorization ?? '');
  return match?.[1];
}
