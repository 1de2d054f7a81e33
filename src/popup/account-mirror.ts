/**
 * The synchronous mirror of the popup's last shown account, in the extension's localStorage: read while the popup's
 * module script runs, so the account is in its first frame. It holds the same non-secret summary as the IndexedDB
 * cache. The worker cannot reach localStorage, so the pages that sign out or delete a profile drop it here, and the
 * popup checks it against IndexedDB (which the worker clears) right after painting it.
 */
import { ACCOUNT_SNAPSHOT_STORAGE_KEY, type CachedAccount, cacheKeyPrefix, isCachedAccount } from './account-cache.ts';

/** Storage may be unavailable (disabled, full): the mirror is an optimisation, never a reason to fail. */
export function writeMirroredAccount(entry: CachedAccount | undefined): void {
  try {
    if (entry) localStorage.setItem(ACCOUNT_SNAPSHOT_STORAGE_KEY, JSON.stringify(entry));
    else localStorage.removeItem(ACCOUNT_SNAPSHOT_STORAGE_KEY);
  } catch {}
}

export function readMirroredAccount(): CachedAccount | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(ACCOUNT_SNAPSHOT_STORAGE_KEY) ?? 'null');
    return isCachedAccount(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the mirror when it shows this profile's account (any profile's when none is named: a sign-out). */
export function forgetMirroredAccount(profileId?: string): void {
  const entry = readMirroredAccount();
  if (entry && (profileId === undefined || entry.key.startsWith(cacheKeyPrefix(profileId))))
    writeMirroredAccount(undefined);
}
