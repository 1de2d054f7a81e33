import type { KeyholeErrorData } from '../core/errors.ts';
import { defaultKeyCache } from '../core/oauth1/index.ts';
import type { SessionUser } from '../core/protocol.ts';
import { type SecretOwner, sealAccessToken, type TokenPair } from './bound-secrets.ts';
import { clearBridgeToken } from './bridge-token.ts';
import { readLocal, removeLocal, writeLocal } from './local-store.ts';
import { forgetPopupAccounts } from './popup-account-cache.ts';
import { localKeys, vaultNames } from './profile-records.ts';
import { deleteSecret } from './secret-store.ts';

/**
 * Session state per profile. What a page may see (user, expiry, state) lives in storage.local; the access
 * token pair lives in the encrypted vault, bound to the addresses the session was opened on (read it with
 * `accessTokenFor`). A dance in progress is recorded with the id of the worker run that started it, so a
 * restarted worker recognises an orphaned dance and reports it instead of hanging. What pages are told is
 * assembled in session-status.ts.
 */

export type AccessToken = TokenPair;

export interface StoredSession {
  state: 'signed-in' | 'expired' | 'signed-out';
  user?: SessionUser;
  expiresAt?: string;
  /** For a signed-in session: why the last sign-in attempt failed (the session itself still works). */
  lastError?: KeyholeErrorData;
}

export interface DanceRecord {
  startedAt: string;
  workerRunId: string;
}

/** Identifies this run of the worker; a new one after every MV3 restart. */
export const WORKER_RUN_ID = crypto.randomUUID();

export async function readSession(profileId: string): Promise<StoredSession | undefined> {
  return readLocal<StoredSession>(localKeys.session(profileId));
}

export async function writeSession(profileId: string, session: StoredSession): Promise<void> {
  await writeLocal({ [localKeys.session(profileId)]: session });
}

/** A session that can sign requests now: signed in and not past its expiry date. */
export function isLive(
  session: StoredSession | undefined,
  now = Date.now(),
): session is StoredSession & {
  state: 'signed-in';
  user: SessionUser;
  expiresAt: string;
} {
  return (
    session?.state === 'signed-in' &&
    session.user !== undefined &&
    session.expiresAt !== undefined &&
    Date.parse(session.expiresAt) > now
  );
}

export async function markSignedIn(
  owner: SecretOwner,
  token: AccessToken,
  session: { user: SessionUser; expiresAt: string },
): Promise<void> {
  await sealAccessToken(owner, token);
  await writeSession(owner.id, { state: 'signed-in', ...session });
}

export async function markExpired(profileId: string, error: KeyholeErrorData): Promise<void> {
  const session = await readSession(profileId);
  await writeSession(profileId, { ...session, state: 'expired', lastError: error });
}

/**
 * Ends the session: the access token, a sign-in in progress and the cached HMAC keys go, and the account the popup
 * cached (whatever ended it: sign-out, an address change, a vault reset), so it is not painted as signed in again.
 */
export async function markSignedOut(profileId: string, error?: KeyholeErrorData): Promise<void> {
  await deleteSecret(vaultNames.accessToken(profileId));
  await deleteSecret(vaultNames.requestToken(profileId));
  await removeLocal(localKeys.dance(profileId));
  defaultKeyCache.clear();
  await writeSession(profileId, error ? { state: 'signed-out', lastError: error } : { state: 'signed-out' });
  await forgetPopupAccounts(profileId);
}

/**
 * The user's sign-out: the session ends, bridge calls stop using the chosen API token (its sealed value goes; the
 * token itself stays valid on the platform), and the popup forgets the account it cached (markSignedOut).
 */
export async function signOut(profileId: string): Promise<void> {
  // The token first: a page reading the status between the two writes must never see "signed out" with the API
  // token still chosen for bridge calls (seen on a loaded machine: secrets-stay-home e2e).
  await clearBridgeToken(profileId);
  await markSignedOut(profileId);
}

/** A failed sign-in does not end a working session: it stays, with the failure noted for the UI. */
export async function noteFailedSignIn(profileId: string, error: KeyholeErrorData): Promise<void> {
  await endDance(profileId);
  const session = await readSession(profileId);
  if (session) await writeSession(profileId, { ...session, lastError: error });
}

export async function startDance(profileId: string): Promise<void> {
  const record: DanceRecord = { startedAt: new Date().toISOString(), workerRunId: WORKER_RUN_ID };
  await writeLocal({ [localKeys.dance(profileId)]: record });
}

export function readDance(profileId: string): Promise<DanceRecord | undefined> {
  return readLocal<DanceRecord>(localKeys.dance(profileId));
}

export async function endDance(profileId: string): Promise<void> {
  await deleteSecret(vaultNames.requestToken(profileId));
  await removeLocal(localKeys.dance(profileId));
}

export async function getClockOffset(profileId: string): Promise<number> {
  return (await readLocal<number>(localKeys.clock(profileId))) ?? 0;
}

export async function setClockOffset(profileId: string, offsetSeconds: number): Promise<void> {
  await writeLocal({ [localKeys.clock(profileId)]: offsetSeconds });
}

/** A clock offset was measured against one server; another address starts from zero. */
export async function clearClockOffset(profileId: string): Promise<void> {
  await removeLocal(localKeys.clock(profileId));
}
