import type { KeyholeErrorData } from '../core/errors.ts';
import type { ProfileView, SessionStatus } from '../core/protocol.ts';
import { getBridgeTokenView } from './bridge-token.ts';
import { getActiveProfile } from './profiles.ts';
import { endDance, markExpired, readDance, readSession, WORKER_RUN_ID, writeSession } from './session.ts';

/** A dance longer than this is abandoned (the authorize window was left open). */
const DANCE_TIMEOUT_MS = 10 * 60 * 1000;

/** What pages see. Also settles stale state: an orphaned dance, or a session past its expiry date. */
export async function getSessionStatus(): Promise<SessionStatus> {
  const profile = await getActiveProfile();
  if (!profile) return { state: 'unconfigured' };
  return statusOf(profile);
}

/**
 * The status of one profile. The API token chosen for bridge calls is named in every state, since bridge calls use
 * it whatever the OAuth session's state: a page never claims a token is in use when it is not, or the reverse.
 */
export async function statusOf(profile: ProfileView): Promise<SessionStatus> {
  const bridgeView = await getBridgeTokenView(profile.id);
  const bridgeToken = bridgeView ? { bridgeToken: bridgeView } : {};
  const dance = await readDance(profile.id);
  if (dance) {
    const orphaned = dance.workerRunId !== WORKER_RUN_ID;
    const tooOld = Date.now() - Date.parse(dance.startedAt) > DANCE_TIMEOUT_MS;
    if (!orphaned && !tooOld) return { state: 'signing-in', profile, startedAt: dance.startedAt, ...bridgeToken };
    await endDance(profile.id);
    const error: KeyholeErrorData = orphaned
      ? {
          code: 'sign-in-failed',
          message: 'Sign-in was interrupted because the browser stopped Keyhole’s background worker. Sign in again.',
        }
      : { code: 'sign-in-failed', message: 'Sign-in took longer than 10 minutes and was abandoned. Sign in again.' };
    const previous = await readSession(profile.id);
    if (previous?.state !== 'signed-in') await writeSession(profile.id, { state: 'signed-out', lastError: error });
  }

  const session = await readSession(profile.id);
  if (!session || session.state === 'signed-out') {
    return session?.lastError
      ? { state: 'signed-out', profile, lastError: session.lastError, ...bridgeToken }
      : { state: 'signed-out', profile, ...bridgeToken };
  }
  if (session.state === 'signed-in' && session.expiresAt && Date.parse(session.expiresAt) <= Date.now()) {
    const error: KeyholeErrorData = { code: 'session-expired', message: 'Session expired — sign in again.' };
    await markExpired(profile.id, error);
    return {
      state: 'expired',
      profile,
      ...(session.user ? { user: session.user } : {}),
      lastError: error,
      ...bridgeToken,
    };
  }
  if (session.state === 'expired' || !session.user || !session.expiresAt) {
    const status: SessionStatus = { state: 'expired', profile, ...bridgeToken };
    if (session.user) status.user = session.user;
    if (session.lastError) status.lastError = session.lastError;
    return status;
  }
  return {
    state: 'signed-in',
    profile,
    user: session.user,
    expiresAt: session.expiresAt,
    ...(session.lastError ? { lastError: session.lastError } : {}),
    ...bridgeToken,
  };
}
