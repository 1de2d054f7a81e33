/**
 * What the popup remembers between openings so it can show the account at once: the signed-in status without
 * secrets, and the parsed summary. One entry per profile and user; a pointer names the one shown last.
 */
import type { AccountSummary } from '../core/platform/account-summary.ts';
import type { ProfileView, SessionStatus, SessionUser } from '../core/protocol.ts';

/** The parts of a signed-in status worth showing before the worker answers. No token, no secret. */
export interface AccountSnapshot {
  profile: ProfileView;
  user: SessionUser;
  expiresAt: string;
}

export interface CachedAccount {
  /** Bumped when the cached shape changes, so an old entry is ignored instead of misread. */
  version: typeof CACHE_VERSION;
  key: string;
  snapshot: AccountSnapshot;
  summary: AccountSummary;
  /** When the summary was fetched (epoch ms). */
  fetchedAt: number;
}

export const CACHE_VERSION = 1;

export interface AccountCache {
  /**
   * The entry shown last as this page last wrote it, read synchronously so the popup's first paint can show it.
   * Only a mirror: the worker drops a profile's entries from IndexedDB, not from here, so `readLast` decides.
   */
  peekLast(): CachedAccount | undefined;
  /** The entry shown last, if the pointer and its entry are both there. */
  readLast(): Promise<CachedAccount | undefined>;
  read(key: string): Promise<CachedAccount | undefined>;
  /** Stores the entry and points at it. */
  save(entry: CachedAccount): Promise<void>;
  /** Points at an existing entry (after a profile switch). */
  point(key: string): Promise<void>;
  /** Forgets which entry was shown last: the next opening has nothing to show before the worker answers. */
  clearLast(): Promise<void>;
  /** Deletes an entry, and the pointer with it (sign-out). */
  remove(key: string): Promise<void>;
}

/** Where the cache lives (IndexedDB, via idb-keyval); the worker clears a deleted profile's entries there too. */
export const ACCOUNT_CACHE_DB = 'keyhole-popup';
export const ACCOUNT_CACHE_STORE = 'cache';
/** The pointer to the entry shown last. */
export const ACCOUNT_CACHE_LAST_KEY = 'last';
/** The synchronous mirror of the entry shown last, in the extension's localStorage (no secret: the same summary). */
export const ACCOUNT_SNAPSHOT_STORAGE_KEY = 'keyhole-popup:last';

/** Every entry of one profile starts with this. */
export function cacheKeyPrefix(profileId: string): string {
  return `account:${profileId}:`;
}

export function buildCacheKey(profileId: string, userId: string): string {
  return `${cacheKeyPrefix(profileId)}${userId}`;
}

export function toSnapshot(status: Extract<SessionStatus, { state: 'signed-in' }>): AccountSnapshot {
  const user: SessionUser = { id: status.user.id, email: status.user.email };
  if (status.user.name) user.name = status.user.name;
  if (status.user.avatar) user.avatar = status.user.avatar;
  return { profile: { ...status.profile }, user, expiresAt: status.expiresAt };
}

/** Accepts only entries of the current shape; storage may hold anything an older version wrote. */
export function isCachedAccount(value: unknown, key?: string): value is CachedAccount {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<CachedAccount>;
  return (
    entry.version === CACHE_VERSION &&
    typeof entry.key === 'string' &&
    (key === undefined || entry.key === key) &&
    typeof entry.fetchedAt === 'number' &&
    typeof entry.snapshot?.user?.id === 'string' &&
    typeof entry.snapshot?.profile?.id === 'string' &&
    Array.isArray(entry.summary?.spaces)
  );
}
