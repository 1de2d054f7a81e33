/**
 * `/v2/self/tokens`: the user's OAuth access tokens (never their secrets), the calling token, and revoking them all.
 * Dates are in the platform's `…Z[UTC]` form, which the official client strips before parsing.
 */
import { platformDate } from './dates.ts';
import { HttpError } from './http-util.ts';
import { success } from './resource-helpers.ts';
import { consumerView } from './resources-consumers.ts';
import type { Route } from './router.ts';
import { rightsRecord } from './seed.ts';
import type { AccessToken, PlatformState } from './state.ts';

export function tokenView(state: PlatformState, token: AccessToken): Record<string, unknown> {
  const consumer = state.consumers.get(token.consumerKey);
  return {
    token: token.token,
    consumer: consumer
      ? consumerView(consumer)
      : { key: token.consumerKey, name: '(deleted consumer)', rights: { almighty: false } },
    creationDate: platformDate(token.createdAt),
    expirationDate: platformDate(token.expiresAt),
    // A string in the description: the exchange that issued the token is its first use.
    lastUtilisation: platformDate(token.lastUsedAt ?? token.createdAt),
    rights: { almighty: false, ...rightsRecord(token.rights) },
    // Set only for the platform's staff tokens; the official client reads it.
    employeeId: null,
  };
}

function activeTokensOf(state: PlatformState, userId: string, now: number): AccessToken[] {
  return [...state.accessTokens.values()].filter(
    (token) => token.userId === userId && !token.revoked && now < token.expiresAt,
  );
}

export const tokenRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/self/tokens',
    right: 'access_personal_information',
    handle: ({ state, caller, clock }) => ({
      status: 200,
      json: activeTokensOf(state, caller.user.id, clock.now()).map((token) => tokenView(state, token)),
    }),
  },
  {
    method: 'DELETE',
    pattern: '/v2/self/tokens',
    right: 'manage_personal_information',
    handle: ({ state, caller, clock }) => {
      for (const token of activeTokensOf(state, caller.user.id, clock.now())) token.revoked = true;
      return success('All your tokens have been revoked');
    },
  },
  {
    // What `clever profile` reads for the expiry; any token may see itself.
    method: 'GET',
    pattern: '/v2/self/tokens/current',
    handle: ({ state, caller }) => {
      if (!caller.accessToken) throw new HttpError(404, 'This call is not signed with an OAuth token');
      return { status: 200, json: tokenView(state, caller.accessToken) };
    },
  },
];
