import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock(
  '../../../src/background/extension-api.ts',
  async () => (await import('./support/fake-edges.ts')).extensionApiModule,
);

const { extensionApiModule, local } = await import('./support/fake-edges.ts');
const { readLocal, removeLocal, writeLocal } = await import('../../../src/background/local-store.ts');
const storage = extensionApiModule.browser.storage.local;

beforeEach(() => {
  local.clear();
  vi.restoreAllMocks();
});

describe('storage.local through the worker’s memory copy (issue 22, item 3)', () => {
  it('reads storage once, then answers from memory', async () => {
    local.set('profiles', { n: 1 });
    const get = vi.spyOn(storage, 'get');
    expect(await readLocal('profiles')).toEqual({ n: 1 });
    expect(await readLocal('profiles')).toEqual({ n: 1 });
    expect(await readLocal('missing')).toBeUndefined();
    expect(await readLocal('missing')).toBeUndefined();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('a change made elsewhere (storage.onChanged) is seen at the next read', async () => {
    local.set('session:p', { state: 'signed-in' });
    await readLocal('session:p');
    local.set('session:p', { state: 'signed-out' });
    expect(await readLocal('session:p')).toEqual({ state: 'signed-out' });
  });

  it('its own writes and removals are seen at once, before any change event', async () => {
    await readLocal('clock:p');
    await writeLocal({ 'clock:p': 42 });
    expect(await readLocal('clock:p')).toBe(42);
    await removeLocal('clock:p');
    expect(await readLocal('clock:p')).toBeUndefined();
  });

  it('a read under way while the value changes does not keep the old value', async () => {
    local.set('profiles', { n: 1 });
    let release: () => void = () => undefined;
    vi.spyOn(storage, 'get').mockImplementationOnce(async (key: string) => {
      const before = { [key]: structuredClone(local.get(key)) };
      await new Promise<void>((resolve) => (release = resolve));
      return before;
    });
    const slow = readLocal('profiles');
    await writeLocal({ profiles: { n: 2 } });
    release();
    expect(await slow).toEqual({ n: 1 });
    expect(await readLocal('profiles')).toEqual({ n: 2 });
  });

  it('hands out copies: changing what a reader got does not change the record', async () => {
    local.set('profiles', { list: [1] });
    const first = await readLocal<{ list: number[] }>('profiles');
    first?.list.push(2);
    expect(await readLocal('profiles')).toEqual({ list: [1] });
  });

  it('two readers of one key at once share one storage read (a woken worker’s warm-up, then its first call)', async () => {
    local.set('profiles', { n: 1 });
    const get = vi.spyOn(storage, 'get');
    const [first, second] = await Promise.all([readLocal<{ n: number }>('profiles'), readLocal('profiles')]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ n: 1 });
    expect(second).toEqual({ n: 1 });
    first!.n = 5;
    expect(second).toEqual({ n: 1 });
  });

  it('a reader after a change does not join a read begun before it', async () => {
    local.set('profiles', { n: 1 });
    let release: () => void = () => undefined;
    vi.spyOn(storage, 'get').mockImplementationOnce(async (key: string) => {
      const before = { [key]: structuredClone(local.get(key)) };
      await new Promise<void>((resolve) => (release = resolve));
      return before;
    });
    const slow = readLocal('profiles');
    local.set('profiles', { n: 2 });
    const after = readLocal('profiles');
    release();
    expect(await slow).toEqual({ n: 1 });
    expect(await after).toEqual({ n: 2 });
  });
});
