import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDACTED } from '../../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { VariableScope } from '../../../../../src/core/workbench/variable-scope.ts';
import { createMemoryStorage } from '../../../../../src/devtools/panel/history/history-store.ts';
import type { KeyValueStorage } from '../../../../../src/devtools/panel/key-value-storage.ts';
import { createStore } from '../../../../../src/devtools/panel/store.ts';
import { createVariableSession } from '../../../../../src/devtools/panel/variables/variable-session.ts';
import {
  loadScopeRecord,
  saveScopeNow,
  VARIABLES_KEY,
} from '../../../../../src/devtools/panel/variables/variable-storage.ts';
import type { SessionState } from '../../../../../src/devtools/panel/workbench.ts';

/**
 * Two DevTools panels are two pages: each has its own save timers (save-soon.ts keys them by storage object), and
 * both see one storage.local. A view of the shared memory storage per panel gives each its own timers.
 */
function viewOf(shared: KeyValueStorage): KeyValueStorage {
  return { get: (key) => shared.get(key), set: (key, value) => shared.set(key, value), watch: shared.watch };
}

/** A view that hears of each write some time after it (a busy browser): when `held`'s calls are made. */
function heardLate(shared: KeyValueStorage) {
  const held: (() => void)[] = [];
  const late: KeyValueStorage = {
    ...viewOf(shared),
    watch: (key, listener) => shared.watch?.(key, (change) => held.push(() => listener(change))) ?? (() => true),
  };
  return { held, late };
}

/** A panel's variables over `storage` (not yet read). */
const sessionOver = (storage: KeyValueStorage) =>
  createVariableSession(createStore(createDraft()), createStore<SessionState>({ state: 'loading' }), storage);

async function panel(shared: KeyValueStorage) {
  const session = sessionOver(viewOf(shared));
  await session.ready;
  return session;
}

const EMPTY_STORED: VariableScope = { environments: [], activeEnvironmentId: '', contexts: {}, owners: {} };
const SAVED = 400; // variable-storage.ts saves 300 ms after the last change
const names = (scope: VariableScope) =>
  scope.environments.flatMap((environment) => environment.variables.map((row) => row.name));

describe('variables followed across two panels', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows another panel putting the record back to what this panel last wrote (an undo there)', async () => {
    const shared = createMemoryStorage({ [VARIABLES_KEY]: EMPTY_STORED });
    const one = await panel(shared);
    const two = await panel(shared);
    one.scope.update((scope) => ({
      ...scope,
      environments: [{ id: 'dev', name: 'dev', variables: [{ name: 'zone', value: 'par', enabled: true }] }],
    }));
    await vi.advanceTimersByTimeAsync(SAVED);
    // The other panel adds a variable, then deletes it again: the record is back to what the first panel wrote.
    const added = { name: 'region', value: 'eu', enabled: true };
    two.scope.update((scope) => ({
      ...scope,
      environments: scope.environments.map((item) => ({ ...item, variables: [...item.variables, added] })),
    }));
    await vi.advanceTimersByTimeAsync(SAVED);
    expect(names(one.scope.get())).toEqual(['zone', 'region']);
    two.scope.update((scope) => ({
      ...scope,
      environments: scope.environments.map((item) => ({
        ...item,
        variables: item.variables.filter((row) => row.name !== 'region'),
      })),
    }));
    await vi.advanceTimersByTimeAsync(SAVED);
    expect(names(one.scope.get())).toEqual(['zone']);
    // The first panel's next save does not bring it back.
    one.scope.update((scope) => ({ ...scope, activeEnvironmentId: 'dev' }));
    await vi.advanceTimersByTimeAsync(SAVED);
    expect(names((await shared.get(VARIABLES_KEY)) as VariableScope)).toEqual(['zone']);
    expect(names(two.scope.get())).toEqual(['zone']);
    one.dispose();
    two.dispose();
  });

  it('takes its own earlier write, told late (a busy browser), for its own: what it removed since stays removed', async () => {
    const shared = createMemoryStorage({ [VARIABLES_KEY]: EMPTY_STORED });
    const { held, late } = heardLate(shared);
    const one = sessionOver(late);
    await one.ready;
    const staging = { id: 'staging', name: 'staging', variables: [] };
    one.scope.update((scope) => ({ ...scope, environments: [staging] }));
    await vi.advanceTimersByTimeAsync(SAVED);
    one.scope.update((scope) => ({ ...scope, environments: [] }));
    await vi.advanceTimersByTimeAsync(SAVED);
    for (const deliver of held.splice(0)) deliver();
    expect(one.scope.get().environments).toEqual([]);
    one.dispose();
  });

  it('does not put its own older value over a credential the other panel typed (stored masked)', async () => {
    const stored: VariableScope = {
      ...EMPTY_STORED,
      environments: [{ id: 'dev', name: 'dev', variables: [{ name: 'note', value: 'hello', enabled: true }] }],
    };
    const shared = createMemoryStorage({ [VARIABLES_KEY]: stored });
    const one = await panel(shared);
    const two = await panel(shared);
    // A credential-looking value is stored masked whatever the variable's name.
    two.scope.update((scope) => ({
      ...scope,
      environments: [{ id: 'dev', name: 'dev', variables: [{ name: 'note', value: 'Bearer tok_2', enabled: true }] }],
    }));
    await vi.advanceTimersByTimeAsync(SAVED);
    await vi.advanceTimersByTimeAsync(SAVED);
    // What was typed there stays there; here it is the mask (not this panel's older value, saved back over it).
    expect(two.scope.get().environments[0]?.variables[0]?.value).toBe('Bearer tok_2');
    expect(one.scope.get().environments[0]?.variables[0]?.value).toBe(REDACTED);
    expect(JSON.stringify(await shared.get(VARIABLES_KEY))).not.toContain('hello');
    one.dispose();
    two.dispose();
  });

  it('opens with the latest record when other views write it twice while it reads', async () => {
    const shared = createMemoryStorage({ [VARIABLES_KEY]: EMPTY_STORED });
    // Each read takes the record as it is when it starts, and answers only when released.
    const reads: (() => void)[] = [];
    const slow: KeyValueStorage = {
      ...viewOf(shared),
      get: async (key) => {
        const value = await shared.get(key);
        await new Promise<void>((resolve) => reads.push(resolve));
        return value as never;
      },
    };
    // Lets what is due run (a read starts), then answers the read waiting, if any.
    const release = async () => {
      await vi.advanceTimersByTimeAsync(1);
      reads.shift()?.();
      await vi.advanceTimersByTimeAsync(1);
    };
    const session = sessionOver(slow);
    const named = (name: string): VariableScope => ({
      ...EMPTY_STORED,
      environments: [{ id: name, name, variables: [] }],
    });
    // Written once during the first read: read again; written again during that read.
    await shared.set(VARIABLES_KEY, named('first'));
    await release();
    expect(reads).toHaveLength(1);
    await shared.set(VARIABLES_KEY, named('second'));
    await release();
    await release();
    await session.ready;
    expect(session.scope.get().environments.map((environment) => environment.name)).toEqual(['second']);
    session.dispose();
  });

  it('saves again what it merged from another panel when a write of its own lands after that one', async () => {
    const shared = createMemoryStorage({ [VARIABLES_KEY]: EMPTY_STORED });
    const one = await panel(shared);
    // The second panel hears of writes late.
    const { held, late } = heardLate(shared);
    const two = sessionOver(late);
    await two.ready;
    one.scope.update((scope) => ({ ...scope, environments: [{ id: 'qa', name: 'qa', variables: [] }] }));
    await vi.advanceTimersByTimeAsync(SAVED);
    // Meanwhile the second panel, not told yet, makes an edit and takes it back: its save (of the record as it
    // was before the first panel's) lands after the first panel's.
    two.scope.update((scope) => ({ ...scope, activeEnvironmentId: 'none' }));
    two.scope.update((scope) => ({ ...scope, activeEnvironmentId: '' }));
    await vi.advanceTimersByTimeAsync(SAVED);
    for (const deliver of held.splice(0)) deliver();
    await vi.advanceTimersByTimeAsync(SAVED);
    for (const deliver of held.splice(0)) deliver();
    const stored = (await shared.get(VARIABLES_KEY)) as VariableScope;
    expect(stored.environments.map((environment) => environment.name)).toEqual(['qa']);
    expect(one.scope.get().environments.map((environment) => environment.name)).toEqual(['qa']);
    expect(two.scope.get().environments.map((environment) => environment.name)).toEqual(['qa']);
    one.dispose();
    two.dispose();
  });
  it('follows the record being removed (the browser’s clear data) without writing it back', async () => {
    const stored: VariableScope = {
      ...EMPTY_STORED,
      environments: [{ id: 'dev', name: 'dev', variables: [{ name: 'zone', value: 'par', enabled: true }] }],
      activeEnvironmentId: 'dev',
      contexts: { p1: { organisationId: 'orga_1' } },
    };
    const shared = createMemoryStorage({ [VARIABLES_KEY]: stored });
    const one = await panel(shared);
    const two = await panel(shared);
    await shared.set(VARIABLES_KEY, null);
    await vi.advanceTimersByTimeAsync(SAVED);
    await vi.advanceTimersByTimeAsync(SAVED);
    expect(await shared.get(VARIABLES_KEY)).toBeUndefined();
    expect(one.scope.get().environments).toEqual([]);
    expect(two.scope.get().contexts).toEqual({});
    one.dispose();
    two.dispose();
  });
  it('keeps what it saved between Import all’s read and its write', async () => {
    const shared = createMemoryStorage({ [VARIABLES_KEY]: EMPTY_STORED });
    const one = await panel(shared);
    const read = await loadScopeRecord(shared);
    one.scope.update((scope) => ({ ...scope, environments: [{ id: 'mine', name: 'mine', variables: [] }] }));
    await vi.advanceTimersByTimeAsync(SAVED);
    const imported = { id: 'imported', name: 'imported', variables: [] };
    await saveScopeNow(shared, { ...read.scope, environments: [imported] }, read.mark ?? '');
    await vi.advanceTimersByTimeAsync(SAVED);
    const ids = (scope: VariableScope) => scope.environments.map((environment) => environment.id).sort();
    expect(ids((await shared.get(VARIABLES_KEY)) as VariableScope)).toEqual(['imported', 'mine']);
    expect(ids(one.scope.get())).toEqual(['imported', 'mine']);
    one.dispose();
  });
});
