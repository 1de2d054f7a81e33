import { describe, expect, it, vi } from 'vitest';

// storage.local in memory (fake-edges), plus the onInstalled event the migrations listen to.
const { installed } = vi.hoisted(() => ({ installed: [] as ((details: { reason: string }) => void)[] }));
vi.mock('../../../../src/background/extension-api.ts', async () => {
  const { extensionApiModule } = await import('../support/fake-edges.ts');
  return {
    browser: {
      ...extensionApiModule.browser,
      runtime: {
        onInstalled: { addListener: (listener: (details: { reason: string }) => void) => installed.push(listener) },
      },
    },
  };
});
vi.mock('../../../../src/background/handlers.ts', () => ({
  handlers: { 'profiles/list': async () => ({ profiles: [], activeId: null }) },
}));

const { local } = await import('../support/fake-edges.ts');
const { RECORD_KINDS, STORAGE_STATUS_KEY, STORAGE_VERSIONS_KEY } = await import(
  '../../../../src/core/storage/record-kinds.ts'
);
const { startStorageMigrations, whenStorageReady } = await import('../../../../src/background/migrations/index.ts');
const { dispatch } = await import('../../../../src/background/dispatch.ts');

const current = Object.fromEntries(RECORD_KINDS.map((kind) => [kind.name, kind.version]));

describe('the worker’s migrations', () => {
  it('refuses every message while a newer build’s records are there, writes none of them, and says why', async () => {
    local.set(STORAGE_VERSIONS_KEY, { ...current, profiles: 99 });
    local.set('profiles', { format: 'from the future' });
    startStorageMigrations();
    await expect(whenStorageReady()).rejects.toMatchObject({ code: 'conflict' });
    const reply = await dispatch({ keyhole: 1, name: 'profiles/list', request: undefined } as never, {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'conflict', detail: 'profiles: format 99' } });
    expect(reply.ok === false && reply.error.message).toContain('A newer Keyhole saved your data');
    expect(local.get('profiles')).toEqual({ format: 'from the future' });
    expect(local.get(STORAGE_VERSIONS_KEY)).toEqual({ ...current, profiles: 99 });
    await vi.waitFor(() => expect(local.get(STORAGE_STATUS_KEY)).toMatchObject({ state: 'refused' }));
  });

  it('answers again once the records are this build’s (the newer build’s data gone), on the update event', async () => {
    local.set(STORAGE_VERSIONS_KEY, current);
    for (const listener of installed) listener({ reason: 'update' });
    await expect(whenStorageReady()).resolves.toBeUndefined();
    const reply = await dispatch({ keyhole: 1, name: 'profiles/list', request: undefined } as never, {});
    expect(reply).toEqual({ ok: true, value: { profiles: [], activeId: null } });
  });
});
