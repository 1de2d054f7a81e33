import { KeyholeError, toErrorData } from '../core/errors.ts';
import { assertSignableUrl } from '../core/http/request-guard.ts';
import { clockOffsetFromDateHeader, readPlatformError } from '../core/http/response-body.ts';
import {
  type OAuthCredentials,
  parseAccessTokenResponse,
  parseRequestTokenResponse,
  percentEncode,
  signRequest,
} from '../core/oauth1/index.ts';
import { explainTokenEndpointRefusal, type TokenStep } from '../core/oauth1/token-endpoint-refusal.ts';
import { changedOrigins } from '../core/profiles/origin-binding.ts';
import type { ProfileView, SessionUser } from '../core/protocol.ts';
import { consumerSecretFor, requestTokenFor, sealRequestToken } from './bound-secrets.ts';
import { browser } from './extension-api.ts';
import { fetchWithLimits } from './fetch-with-limits.ts';
import { forgetProfileRecords, vaultNames } from './profile-records.ts';
import { getProfile } from './profiles.ts';
import { deleteSecret } from './secret-store.ts';
import {
  endDance,
  getClockOffset,
  isLive,
  markSignedIn,
  markSignedOut,
  noteFailedSignIn,
  readSession,
  setClockOffset,
  startDance,
} from './session.ts';
import { hideReusable, sentForms } from './signed-request.ts';

/**
 * The OAuth 1.0a dance of spec §3: request token → authorize page in a browser window → access token →
 * who am I. Runs entirely in the worker; the request-token secret lives in the vault only until step 3.
 * One dance per profile at a time, and a failed one never ends a working session: only a successful sign-in
 * replaces its tokens.
 */

const DEFAULT_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
const SKEW_TOLERANCE_SECONDS = 60;

/** Dances in flight in this worker run, by profile id. */
const dances = new Map<string, Promise<void>>();

/**
 * Signs in. A second sign-in while one is in flight (the popup, then the settings page) joins the first and gets
 * its result: a second request token would replace the first one's in the vault, and the browser allows one
 * authorize window at a time, so starting another would make both fail.
 */
export function signIn(profile: ProfileView): Promise<void> {
  const running = dances.get(profile.id);
  if (running) return running;
  const dance = runDance(profile).finally(() => dances.delete(profile.id));
  dances.set(profile.id, dance);
  return dance;
}

async function runDance(profile: ProfileView): Promise<void> {
  const consumerSecret = await consumerSecretFor(profile, profile.apiBaseUrl);
  if (!consumerSecret)
    throw new KeyholeError('not-configured', 'This profile has no consumer secret yet. Add it in Settings.');
  await startDance(profile.id);
  try {
    const callback = browser.identity.getRedirectURL();
    const consumer = { consumerKey: profile.consumerKey, consumerSecret };
    const requestToken = parseRequestTokenResponse(
      await postTokenEndpoint(profile, 'request_token', consumer, [['oauth_callback', callback]]),
    );
    await sealRequestToken(profile, requestToken);

    const authorizeUrl = `${profile.apiBaseUrl}/v2/oauth/authorize?oauth_token=${percentEncode(requestToken.token)}`;
    const redirect = await launchAuthorizeWindow(authorizeUrl);
    const verifier = readVerifier(redirect, callback, requestToken.token);

    // Re-read from the vault: proves the secret survived in the worker's store, not only in this closure.
    const stored = await requestTokenFor(profile, profile.apiBaseUrl);
    if (!stored) {
      // Moving or deleting the profile ends its request token: say that, not that the state was lost.
      await assertProfileUnmoved(profile);
      throw new KeyholeError('sign-in-failed', 'The sign-in state was lost. Sign in again.');
    }
    const accessText = await postTokenEndpoint(
      profile,
      'access_token',
      { ...consumer, token: stored.token, tokenSecret: stored.tokenSecret },
      [['oauth_verifier', verifier]],
    );
    await deleteSecret(vaultNames.requestToken(profile.id));
    const access = parseAccessTokenResponse(accessText);
    const expiresAt = access.expirationDate ?? new Date(Date.now() + DEFAULT_LIFETIME_MS).toISOString();
    const token = { token: access.token, tokenSecret: access.tokenSecret };
    const user = await fetchUser(profile, { ...consumer, ...token });
    await assertProfileUnmoved(profile);
    await markSignedIn(profile, token, { user, expiresAt });
    await endDance(profile.id);
  } catch (error) {
    throw await settleFailedDance(profile, error);
  }
}

/** A session belongs to the addresses it was opened on: one finished after the profile moved (or went) is dropped. */
async function assertProfileUnmoved(profile: ProfileView): Promise<void> {
  const current = await getProfile(profile.id);
  if (!current) throw new KeyholeError('sign-in-failed', 'The profile was deleted while signing in.');
  if (changedOrigins(profile, current).length > 0)
    throw new KeyholeError(
      'origin-refused',
      'The profile’s address changed while signing in, so the session opened on the old address was dropped. Sign in again.',
    );
}

/**
 * After a failed dance: a working session stays (the error says so, and is noted for the UI); otherwise the
 * profile is signed out with the reason. A profile deleted meanwhile keeps no record at all.
 */
async function settleFailedDance(profile: ProfileView, error: unknown): Promise<unknown> {
  if (!(await getProfile(profile.id))) {
    await forgetProfileRecords(profile.id);
    return error;
  }
  const data = toErrorData(error);
  const session = await readSession(profile.id);
  if (!isLive(session)) {
    await markSignedOut(profile.id, data);
    return error;
  }
  const extra: { detail?: string; status?: number } = {};
  if (data.detail !== undefined) extra.detail = data.detail;
  if (data.status !== undefined) extra.status = data.status;
  const kept = new KeyholeError(data.code, `${data.message} You are still signed in as ${session.user.email}.`, extra);
  await noteFailedSignIn(profile.id, kept.toData());
  return kept;
}

/** POSTs to a token endpoint with OAuth parameters in a form body or (the `_query` variant) the query string. */
async function postTokenEndpoint(
  profile: ProfileView,
  step: TokenStep,
  credentials: OAuthCredentials,
  extraOAuthParams: [string, string][],
  retried = false,
): Promise<string> {
  const url = `${profile.apiBaseUrl}/v2/oauth/${step}${profile.tokenEndpoint === 'query' ? '_query' : ''}`;
  assertSignableUrl(url, [profile.apiBaseUrl]);
  const offset = await getClockOffset(profile.id);
  const signed = await signRequest({
    method: 'POST',
    url,
    credentials,
    signatureMethod: profile.signatureMethod,
    extraOAuthParams,
    clockOffsetSeconds: offset,
  });
  const raw =
    profile.tokenEndpoint === 'query'
      ? await fetchWithLimits(`${url}?${signed.queryString}`, { method: 'POST' })
      : await fetchWithLimits(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: signed.queryString,
        });
  const text = new TextDecoder().decode(raw.bytes);
  if (raw.status >= 200 && raw.status < 300) return text;

  const serverOffset = clockOffsetFromDateHeader(raw.headers.get('date'), Date.now());
  if (
    !retried &&
    raw.status === 401 &&
    serverOffset !== undefined &&
    Math.abs(serverOffset - offset) > SKEW_TOLERANCE_SECONDS
  ) {
    await setClockOffset(profile.id, serverOffset);
    return postTokenEndpoint(profile, step, credentials, extraOAuthParams, true);
  }
  // A server echoing the form back must not put a PLAINTEXT key in an error a page shows and the session keeps.
  const platformMessage = hideReusable(
    readPlatformError(text)?.message ?? (text.slice(0, 300) || raw.statusText),
    sentForms([credentials.consumerSecret, credentials.tokenSecret ?? '']),
  );
  throw explainTokenEndpointRefusal({
    step,
    status: raw.status,
    platformMessage,
    callback: browser.identity.getRedirectURL(),
  });
}

async function launchAuthorizeWindow(url: string): Promise<string> {
  try {
    const redirect = await browser.identity.launchWebAuthFlow({ url, interactive: true });
    if (!redirect) throw new Error('no redirect');
    return redirect;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/only one web auth flow/i.test(reason))
      throw new KeyholeError(
        'sign-in-failed',
        'A sign-in window is still open from an earlier attempt. Close it, then sign in again.',
        { detail: reason },
      );
    if (/did not approve|closed|cancel/i.test(reason))
      throw new KeyholeError('sign-in-cancelled', 'Sign-in was cancelled: the authorization window was closed.', {
        detail: reason,
      });
    throw new KeyholeError('sign-in-failed', 'The authorization page could not complete sign-in.', { detail: reason });
  }
}

/** The redirect must come back for our request token (CSRF) and carry a verifier. */
export function readVerifier(redirectUrl: string, callback: string, requestToken: string): string {
  const redirect = new URL(redirectUrl);
  const expected = new URL(callback);
  if (redirect.origin !== expected.origin)
    throw new KeyholeError('callback-mismatch', 'The authorization page redirected to an unexpected address.', {
      detail: redirect.origin,
    });
  const params = redirect.searchParams;
  if (params.get('denied') !== null || params.get('error') !== null)
    throw new KeyholeError('sign-in-cancelled', 'Access was denied on the authorization page.');
  if (params.get('oauth_token') !== requestToken)
    throw new KeyholeError(
      'csrf-mismatch',
      'Sign-in refused: the authorization page returned a different request token than the one Keyhole asked for.',
    );
  const verifier = params.get('oauth_verifier');
  if (!verifier) throw new KeyholeError('sign-in-failed', 'The authorization page returned no oauth_verifier.');
  return verifier;
}

/** Who signed in: /v2/self, or the summary's user when the consumer lacks access_personal_information. */
async function fetchUser(profile: ProfileView, credentials: OAuthCredentials): Promise<SessionUser> {
  // Stored in the session and shown by every page: a server echoing the request (a PLAINTEXT key) is masked.
  const forms = sentForms([credentials.consumerSecret, credentials.tokenSecret ?? '']);
  const hide = (value: unknown) => (typeof value === 'string' ? hideReusable(value, forms) : undefined);
  for (const path of ['/v2/self', '/v2/summary']) {
    const url = `${profile.apiBaseUrl}${path}`;
    const signed = await signRequest({
      method: 'GET',
      url,
      credentials,
      signatureMethod: profile.signatureMethod,
      clockOffsetSeconds: await getClockOffset(profile.id),
    });
    const raw = await fetchWithLimits(url, {
      headers: { Authorization: signed.authorizationHeader, Accept: 'application/json' },
    });
    if (raw.status !== 200) continue;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(raw.bytes)) as Record<string, unknown>;
      const record = (path === '/v2/summary' ? parsed.user : parsed) as Record<string, unknown> | undefined;
      if (record && typeof record.id === 'string') {
        const user: SessionUser = { id: hide(record.id)!, email: hide(record.email) ?? '' };
        for (const key of ['name', 'avatar'] as const) {
          const value = hide(record[key]);
          if (value !== undefined) user[key] = value;
        }
        return user;
      }
    } catch {
      // An unreadable body: try the next source.
    }
  }
  throw new KeyholeError(
    'sign-in-failed',
    'Signed in, but the platform did not say who you are (/v2/self and /v2/summary both failed).',
  );
}
