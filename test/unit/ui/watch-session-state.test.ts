import { describe, expect, it, vi } from 'vitest';
import { localKeys } from '../../../src/background/profile-records.ts';
import { isSessionStateKey } from '../../../src/ui/watch-session-state.ts';

// The key names are what is tested; the worker's storage module needs a browser to load.
vi.mock('../../../src/background/local-store.ts', () => ({ removeLocal: vi.fn() }));
vi.mock('webextension-polyfill', () => ({ default: {} }));

describe('isSessionStateKey', () => {
  it('matches the records the worker keeps for profiles, sessions and the bridge token', () => {
    expect(isSessionStateKey('profiles')).toBe(true);
    expect(isSessionStateKey(localKeys.session('p1'))).toBe(true);
    expect(isSessionStateKey(localKeys.bridgeTokenView('p1'))).toBe(true);
  });

  it('ignores the panel’s own records and the worker’s per-call ones', () => {
    expect(isSessionStateKey('keyhole.devtools.draft')).toBe(false);
    expect(isSessionStateKey('keyhole.devtools.historyCaps')).toBe(false);
    expect(isSessionStateKey(localKeys.clock('p1'))).toBe(false);
    expect(isSessionStateKey(localKeys.dance('p1'))).toBe(false);
  });
});
