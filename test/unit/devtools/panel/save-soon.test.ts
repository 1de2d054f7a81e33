import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft, type RequestDraft } from '../../../../src/core/workbench/request-draft.ts';
import { createTabSet, type TabSet } from '../../../../src/core/workbench/request-tabs.ts';
import {
  describeMaskedParts,
  loadDraft,
  saveDraftSoon,
} from '../../../../src/devtools/panel/composer/draft-storage.ts';
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
  it('hold no secret typed as a path segment’s parameter, in the draft and the tabs, and keep the live draft as sent', async () => {
    const storage = createMemoryStorage();
    const mask = encodeURIComponent(REDACTED);
    const draft = createDraft({
      path: '/v2/{app};access_token=s3cr3t-a;v=2/env%3BPassword%3Ds3cr3t-b;token_type=bearer/x;API%5FTOKEN={t}',
      params: { app: 'app_1', t: 's3cr3t-c' },
    });
    const sent = JSON.stringify(draft);
    saveDraftSoon(storage, draft);
    saveTabSetSoon(storage, 'window-1', createTabSet(draft));
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    await vi.runAllTimersAsync();
    const expected = {
      path: `/v2/{app};access_token=${mask};v=2/env%3BPassword%3D${mask};token_type=bearer/x;API%5FTOKEN={t}`,
      params: { app: 'app_1', t: REDACTED },
    };
    const storedDraft = await storage.get<RequestDraft>('keyhole.devtools.draft');
    const storedTab = (await storage.get<TabSet>('keyhole.devtools.tabs.window-1'))?.tabs[0]?.draft;
    expect(storedDraft).toMatchObject(expected);
    expect(storedTab).toMatchObject(expected);
    expect(describeMaskedParts(storedDraft as RequestDraft)).toEqual(['Path', 'Path parameter: t']);
    // The masking is of the stored copy only: the draft being composed (what Send sends) is as typed.
    expect(JSON.stringify(draft)).toBe(sent);
  });
});
