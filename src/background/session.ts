import type { KeyholeErrorData } from '../core/errors.ts';
import { defaultKeyCache } from '../core/oauth1/index.ts';
import type { BridgeTokenView, ProfileView, SessionStatus, SessionUser } from '../core/protocol.ts';
import { browser } from './extension-api.ts';
import { getActiveProfile } from './profiles.ts';
import { deleteSecret, getSecretJson, putSecretJson } from './secret-store.ts';

/**
 * Session state per profile. What a page may see (user, expiry, state) lives in storage.local; the access
 * token pair lives in the encrypted vault. A dance in progress is recorded with the id of the worker run that
 * started it, so a restarted worker recognises an orphaned dance and reports it instead of hanging.
 */

export interface AccessToken {
  token: string;
  tokenSecret: string;
}

interface StoredSession {
  state: 'signed-in' | 'expired' | 'signed-out';
  user?: SessionUser;
  expiresAt?: string;
  lastError?: KeyholeErrorData;
}

interface DanceRecord {
  startedAt: string;
  workerRunId: string;
}

/** Identifies this run of the worker; a new one after every MV3 restart. */
export const WORKER_RUN_ID = crypto.randomUUID();
/** A dance longer than this is abandoned (the authorize window was left open). */
const DANCE_TIMEOUT_MS = 10 * 60 * 1000;

const sessionKey = (profileId: string) => `session:${profileId}`;
const danceKey = (profileId: string) => `dance:${profileId}`;
const clockKey = (profileId: string) => `clock:${profileId}`;
const bridgeViewKey = (profileId: string) => `bridge-token:${profileId}`;

async function readLocal<T>(key: string): Promise<T | undefined> {
  return (await browser.storage.local.get(key))[key] as T | undefined;
}

export async function readSession(profileId: string): Promise<StoredSession | undefined> {
  return readLocal<StoredSession>(sessionKey(profileId));
}

export async function writeSession(profileId: string, session: StoredSession): Promise<void> {
  await browser.storage.local.set({ [sessionKey(profileId)]: session });
}

export function getAccessToken(profileId: string): Promise<AccessToken | undefined> {
  return getSecretJson<AccessToken>(`access-token:${profileId}`);
}

export async function markSignedIn(
  profileId: string,
  token: AccessToken,
  session: { user: SessionUser; expiresAt: string },
): Promise<void> {
  await putSecretJson(`access-token:${profileId}`, token);
  await writeSession(profileId, { state: 'signed-in', ...session });
}

export async function markExpired(profileId: string, error: KeyholeErrorData): Promise<void> {
  const session = await readSession(profileId);
  await writeSession(profileId, { ...session, state: 'expired', lastError: error });
}

export async function markSignedOut(profileId: string, error?: KeyholeErrorData): Promise<void> {
  await deleteSecret(`access-token:${profileId}`);
  await deleteSecret(`request-token:${profileId}`);
  await browser.storage.local.remove([danceKey(profileId)]);
  defaultKeyCache.clear();
  await writeSession(profileId, error ? { state: 'signed-out', lastError: error } : { state: 'signed-out' });
}

export async function startDance(profileId: string): Promise<void> {
  const record: DanceRecord = { startedAt: new Date().toISOString(), workerRunId: WORKER_RUN_ID };
  await browser.storage.local.set({ [danceKey(profileId)]: record });
}

export async function endDance(profileId: string): Promise<void> {
  await deleteSecret(`request-token:${profileId}`);
  await browser.storage.local.remove(danceKey(profileId));
}

export async function getClockOffset(profileId: string): Promise<number> {
  return (await readLocal<number>(clockKey(profileId))) ?? 0;
}

export async function setClockOffset(profileId: string, offsetSeconds: number): Promise<void> {
  await browser.storage.local.set({ [clockKey(profileId)]: offsetSeconds });
}

export async function getBridgeTokenView(profileId: string): Promise<BridgeTokenView | undefined> {
  return readLocal<BridgeTokenView>(bridgeViewKey(profileId));
}

/** What pages see. Also settles stale state: an orphaned dance, or a session past its expiry date. */
export async function getSessionStatus(): Promise<SessionStatus> {
  const profile = await getActiveProfile();
  if (!profile) return { state: 'unconfigured' };
  return statusOf(profile);
}

export async function statusOf(profile: ProfileView): Promise<SessionStatus> {
  const dance = await readLocal<DanceRecord>(danceKey(profile.id));
  if (dance) {
    const orphaned = dance.workerRunId !== WORKER_RUN_ID;
    const tooOld = Date.now() - Date.parse(dance.startedAt) > DANCE_TIMEOUT_MS;
    if (!orphaned && !tooOld) return { state: 'signing-in', profile, startedAt: dance.startedAt };
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
      ? { state: 'signed-out', profile, lastError: session.lastError }
      : { state: 'signed-out', profile };
  }
  if (session.state === 'signed-in' && session.expiresAt && Date.parse(session.expiresAt) <= Date.now()) {
    const error: KeyholeErrorData = { code: 'session-expired', message: 'Session expired — sign in again.' };
    await markExpired(profile.id, error);
    return { state: 'expired', profile, ...(session.user ? { user: session.user } : {}), lastError: error };
  }
  if (session.state === 'expired' || !session.user || !session.expiresAt) {
    const status: SessionStatus = { state: 'expired', profile };
    if (session.user) status.user = session.user;
    if (session.lastError) status.lastError = session.lastError;
    return status;
  }
  const bridgeToken = await getBridgeTokenView(profile.id);
  return {
    state: 'signed-in',
    profile,
    user: session.user,
    expiresAt: session.expiresAt,
    ...(bridgeToken ? { bridgeToken } : {}),
  };
}
