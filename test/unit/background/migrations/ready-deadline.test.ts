import { afterEach, describe, expect, it, vi } from 'vitest';

// A run that does not finish until the test says so (storage that never answers, as far as messages can tell).
const { held } = vi.hoisted(() => {
  let finish = () => {};
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { held: { promise, finish: () => finish() } };
});
vi.mock('../../../../src/core/storage/run-migrations.ts', () => ({
  runMigrations: async () => {
    await held.promise;
    return { state: 'current', migrated: [] };
  },
}));
vi.mock('../../../../src/background/extension-api.ts', async () => {
  const { extensionApiModule } = await import('../support/fake-edges.ts');
  return {
    browser: {
      ...extensionApiModule.browser,
      runtime: { onInstalled: { addListener: () => undefined } },
    },
  };
});
const { handled } = vi.hoisted(() => ({ handled: { count: 0 } }));
vi.mock('../../../../src/background/handlers.ts', () => ({
  handlers: {
    'profiles/list': async () => {
      handled.count += 1;
      return { profiles: [], activeId: null };
    },
  },
}));

const { startStorageMigrations, STORAGE_READY_WAIT_MS } = await import(
  '../../../../src/background/migrations/index.ts'
);
const { dispatch } = await import('../../../../src/background/dispatch.ts');
const listProfiles = () => dispatch({ keyhole: 1, name: 'profiles/list', request: undefined } as never, {});

afterEach(() => {
  vi.useRealTimers();
});

describe('a message while the migrations are held up', () => {
  it('is answered with a timeout that says why after the wait, and answered normally once the run ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startStorageMigrations();
    let answered = false;
    const reply = listProfiles().finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(STORAGE_READY_WAIT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const late = await reply;
    expect(late).toMatchObject({ ok: false, error: { code: 'storage-updating' } });
    expect(vi.getTimerCount()).toBe(0);
    expect(late.ok === false && late.error.message).toMatch(
      /^Keyhole is still bringing your saved data up to this version's format \(over 30 s\), so nothing was done\./,
    );
    expect(handled.count).toBe(0);
    held.finish();
    await expect(listProfiles()).resolves.toEqual({ ok: true, value: { profiles: [], activeId: null } });
    // The message answered late was not run after all: only the one sent after the run.
    expect(handled.count).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
