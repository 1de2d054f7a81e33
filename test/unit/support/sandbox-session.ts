/**
 * The sandbox profile and session statuses that component tests start from: the addresses and consumer key
 * `npm run sandbox` serves, as a page sees them (a ProfileView never carries the secret).
 */
import type { ProfileView, SessionStatus } from '../../../src/core/protocol.ts';

export const SANDBOX_PROFILE: ProfileView = {
  id: 'p1',
  name: 'Sandbox',
  preset: 'sandbox',
  apiBaseUrl: 'http://127.0.0.1:8780',
  bridgeUrl: 'http://127.0.0.1:8781',
  consumerKey: 'keyhole-sandbox',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

export function signedOut(profile: ProfileView = SANDBOX_PROFILE): SessionStatus {
  return { state: 'signed-out', profile };
}

/** Signed in to the profile as the sandbox's user until `expiresAt`. */
export function signedIn(
  expiresAt: string,
  options: { profile?: ProfileView; email?: string } = {},
): Extract<SessionStatus, { state: 'signed-in' }> {
  return {
    state: 'signed-in',
    profile: options.profile ?? SANDBOX_PROFILE,
    user: { id: 'user_1', email: options.email ?? 'ada@sandbox.keyhole.test' },
    expiresAt,
  };
}
