import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { createTabSet } from '../../../../src/core/workbench/request-tabs.ts';
import { loadDraft, saveDraftSoon } from '../../../../src/devtools/panel/composer/draft-storage.ts';
import { createMemoryStorage } from '../../../../src/devtools/panel/history/history-store.ts';
import { SAVE_DELAY_MS } from '../../../../src/devtools/panel/save-soon.ts';
import { loadTabSet, saveTabSetNow, saveTabSetSoon } from '../../../../src/devtools/panel/tabs/tab-storage.ts';
import { loadScope, saveScopeSoon } from '../../../../src/devtools/panel/variables/variable-storage.ts';

// Node has no window: the page's pagehide comes from this stand-in, as the panel's page would send it.
const page = new EventTarget();
const leave = () => page.dispatchEvent(new Event('pagehide'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('edits waiting to be saved', () => {
  it('are saved 400 ms after the last one, the last value only', async () => {
    const storage = createMemoryStorage();
    const set = vi.spyOn(storage, 'set');
    saveDraftSoon(storage, createDraft({ path: '/v2/a' }));
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    saveDraftSoon(storage, createDraft({ path: '/v2/ab' }));
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(set).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(set).toHaveBeenCalledTimes(1);
    expect((await loadDraft(storage))?.path).toBe('/v2/ab');
  });

  it('are saved at once when the page goes away (a reload or DevTools closed before the 400 ms)', async () => {
    const storage = createMemoryStorage();
    const set = vi.spyOn(storage, 'set');
    const tabs = createTabSet(createDraft({ method: 'POST', bodyMode: 'none' }));
    saveDraftSoon(storage, createDraft({ path: '/v2/self' }));
    saveTabSetSoon(storage, 'window-1', tabs);
    saveScopeSoon(storage, {
      environments: [],
      activeEnvironmentId: '',
      contexts: { p1: { organisationId: 'orga_1' } },
    });
    leave();
    expect(set).toHaveBeenCalledTimes(3);
    expect((await loadDraft(storage))?.path).toBe('/v2/self');
    expect((await loadScope(storage)).contexts).toEqual({ p1: { organisationId: 'orga_1' } });
    expect((await loadTabSet(storage, 'window-1'))?.tabs[0]?.draft).toMatchObject({ method: 'POST', bodyMode: 'none' });
    // Made once: neither the timer nor another pagehide writes them again.
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    leave();
    expect(set).toHaveBeenCalledTimes(3);
  });

  it('a save made now replaces the one waiting, for that window only', async () => {
    const storage = createMemoryStorage();
    saveTabSetSoon(storage, 'window-1', createTabSet(createDraft({ path: '/v2/old' })));
    saveTabSetSoon(storage, 'window-2', createTabSet(createDraft({ path: '/v2/other' })));
    saveTabSetNow(storage, 'window-1', createTabSet(createDraft({ path: '/v2/new' })));
    leave();
    expect((await loadTabSet(storage, 'window-1'))?.tabs[0]?.draft.path).toBe('/v2/new');
    expect((await loadTabSet(storage, 'window-2'))?.tabs[0]?.draft.path).toBe('/v2/other');
  });

  it('hold no secret at pagehide that the timer’s save would have masked: the same masking, made sooner', async () => {
    const storage = createMemoryStorage();
    const secret = 'sk_live_4f9a8b7c6d5e4f3a2b1c';
    const draft = createDraft({
      method: 'POST',
      path: `/v2/self?access_token=${secret}`,
      query: [{ name: 'api_key', value: secret, enabled: true }],
      headers: [
        { name: 'Authorization', value: `Bearer ${secret}`, enabled: true },
        { name: 'X-Note', value: `Bearer ${secret}`, enabled: true },
      ],
      bodyMode: 'json',
      json: JSON.stringify({ password: secret, nested: { client_secret: secret } }),
      form: [{ name: 'password', value: secret, enabled: true }],
      text: `token=${secret}`,
    });
    saveDraftSoon(storage, draft);
    saveTabSetSoon(storage, 'window-1', createTabSet(draft));
    saveScopeSoon(storage, {
      environments: [
        {
          id: 'e1',
          name: 'dev',
          variables: [
            { name: 'apiKey', value: secret, enabled: true },
            { name: 'auth', value: `Bearer ${secret}`, enabled: true },
          ],
        },
      ],
      activeEnvironmentId: 'e1',
      contexts: {},
    });
    leave();
    const stored = JSON.stringify([
      await storage.get('keyhole.devtools.draft'),
      await loadTabSet(storage, 'window-1'),
      await loadScope(storage),
    ]);
    expect(stored).toContain('redacted by Keyhole');
    expect(stored).not.toContain(secret);
  });
});
