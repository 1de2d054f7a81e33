// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SNAPSHOT_STORAGE_KEY,
  buildCacheKey,
  CACHE_VERSION,
  type CachedAccount,
} from '../../../src/popup/account-cache.ts';
import { forgetMirroredAccount, readMirroredAccount, writeMirroredAccount } from '../../../src/popup/account-mirror.ts';

function entry(profileId: string): CachedAccount {
  return {
    version: CACHE_VERSION,
    key: buildCacheKey(profileId, 'user_ada'),
    snapshot: {
      profile: { id: profileId, name: 'Sandbox' } as CachedAccount['snapshot']['profile'],
      user: { id: 'user_ada', email: 'ada@example.test' },
      expiresAt: '2030-01-01T00:00:00Z',
    },
    summary: { spaces: [] },
    fetchedAt: 1,
  };
}

beforeEach(() => localStorage.clear());

describe('the popup account mirror', () => {
  it('reads back what was written, and nothing of another shape', () => {
    writeMirroredAccount(entry('p1'));
    expect(readMirroredAccount()?.key).toBe(buildCacheKey('p1', 'user_ada'));
    localStorage.setItem(ACCOUNT_SNAPSHOT_STORAGE_KEY, JSON.stringify({ version: 0, key: 'x' }));
    expect(readMirroredAccount()).toBeUndefined();
    localStorage.setItem(ACCOUNT_SNAPSHOT_STORAGE_KEY, '{not json');
    expect(readMirroredAccount()).toBeUndefined();
  });

  it('is dropped for its own profile (deletion) or any (sign-out), and kept for another profile', () => {
    writeMirroredAccount(entry('p1'));
    forgetMirroredAccount('p2');
    expect(readMirroredAccount()).toBeDefined();
    forgetMirroredAccount('p1');
    expect(localStorage.getItem(ACCOUNT_SNAPSHOT_STORAGE_KEY)).toBeNull();
    writeMirroredAccount(entry('p1'));
    forgetMirroredAccount();
    expect(localStorage.getItem(ACCOUNT_SNAPSHOT_STORAGE_KEY)).toBeNull();
  });
});
