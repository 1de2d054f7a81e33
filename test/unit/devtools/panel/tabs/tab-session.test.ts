// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import {
  createMemoryHistoryStore,
  createMemoryStorage,
} from '../../../../../src/devtools/panel/history/history-store.ts';
import type { PanelServices } from '../../../../../src/devtools/panel/services.ts';
import {
  createMemoryTabResponseStore,
  MAX_TAB_RESPONSE_BYTES,
} from '../../../../../src/devtools/panel/tabs/tab-responses.ts';
import { workspaceOfThisWindow } from '../../../../../src/devtools/panel/tabs/workspace.ts';
import { createWorkbench, type Workbench } from '../../../../../src/devtools/panel/workbench.ts';
import { createFakeServices, createServicesHoldingCall, jsonResponse } from '../../fake-services.ts';

/** Waits for the idle-time work (history and tab response writes) and the debounced saves. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 500));

function servicesFor(
  shared: {
    storage: ReturnType<typeof createMemoryStorage>;
    responses: ReturnType<typeof createMemoryTabResponseStore>;
  },
  workspace: string,
  handle?: (request: SendRequest) => ReturnType<typeof jsonResponse>,
): PanelServices {
  const { services } = createFakeServices(handle);
  return {
    ...services,
    storage: shared.storage,
    history: createMemoryHistoryStore(shared.storage),
    workspace,
    tabResponses: shared.responses,
  };
}

async function started(services: PanelServices): Promise<Workbench> {
  const workbench = createWorkbench(services);
  await workbench.ready;
  return workbench;
}

const shared = () => ({ storage: createMemoryStorage(), responses: createMemoryTabResponseStore() });

describe('request tabs in the workbench', () => {
  it('keeps what is typed while the tabs load, in a tab of its own and current, not under the restored draft', async () => {
    const store = shared();
    const first = await started(servicesFor(store, 'devtools-9'));
    first.edit((draft) => ({ ...draft, path: '/v2/summary' }));
    await idle();
    // The tab set's read is held until the user has typed: the restore then finds an edit made while it loaded.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const tabsAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const storage = {
      get: async <T>(key: string) => {
        if (key.endsWith('devtools-9')) {
          asked();
          await held;
        }
        return store.storage.get<T>(key);
      },
      set: store.storage.set,
    };
    const second = createWorkbench(servicesFor({ ...store, storage }, 'devtools-9'));
    await tabsAsked;
    second.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    release();
    await second.ready;
    expect(second.draft.get().path).toBe('/v2/self/applications');
    expect(second.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual(['/v2/summary', '/v2/self/applications']);
  });

  it('keeps each tab’s draft and response apart and brings both back after a reload', async () => {
    const store = shared();
    const first = await started(servicesFor(store, 'devtools-7'));
    first.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    await first.send();
    first.newTab(createDraft({ path: '/v2/summary' }));
    expect(first.run.get().phase).toBe('idle');
    await first.send();
    const secondId = first.tabs.get().activeId;
    const firstId = first.tabs.get().tabs[0]?.id as string;
    first.selectTab(firstId);
    expect(first.draft.get().path).toBe('/v2/self/applications');
    const run = first.run.get();
    expect(run.phase === 'done' && run.request.path).toBe('/v2/self/applications');
    await idle();
    first.dispose();

    // A reload: a new workbench over the same storage, for the same DevTools window.
    const again = await started(servicesFor(store, 'devtools-7'));
    expect(again.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual(['/v2/self/applications', '/v2/summary']);
    expect(again.tabs.get().activeId).toBe(firstId);
    const back = again.run.get();
    expect(back.phase).toBe('done');
    expect(back.phase === 'done' && back.restored).toEqual({ bodyDropped: false });
    expect(back.phase === 'done' && back.response.body).toMatchObject({ kind: 'text', text: '{"ok":true}' });
    again.selectTab(secondId);
    const other = again.run.get();
    expect(other.phase === 'done' && other.request.path).toBe('/v2/summary');
    again.dispose();
  });

  it('gives another DevTools window its own tabs', async () => {
    const store = shared();
    const one = await started(servicesFor(store, 'devtools-1'));
    one.newTab(createDraft({ path: '/v2/organisations' }));
    await idle();
    const two = await started(servicesFor(store, 'devtools-2'));
    two.edit((draft) => ({ ...draft, path: '/v2/products/zones' }));
    await idle();
    const oneAgain = await started(servicesFor(store, 'devtools-1'));
    expect(oneAgain.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual(['/v2/self', '/v2/organisations']);
    expect(two.tabs.get().tabs).toHaveLength(1);
    for (const workbench of [one, two, oneAgain]) workbench.dispose();
  });

  it('puts a call’s result in the tab that sent it, even when another tab is active by then', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { services } = createFakeServices(async (request) => {
      if (request.path === '/v2/slow') await gate;
      return jsonResponse(request, { path: request.path });
    });
    const workbench = await started(services);
    workbench.edit((draft) => ({ ...draft, path: '/v2/slow' }));
    const sending = workbench.send();
    const slowTab = workbench.tabs.get().activeId;
    workbench.newTab(createDraft({ path: '/v2/self' }));
    expect(workbench.run.get().phase).toBe('idle');
    release();
    await sending;
    expect(workbench.run.get().phase).toBe('idle');
    workbench.selectTab(slowTab);
    const run = workbench.run.get();
    expect(run.phase === 'done' && run.request.path).toBe('/v2/slow');
    workbench.dispose();
  });

  it('does not keep a body over the cap, says so, and keeps no credential header', async () => {
    const store = shared();
    const big = 'x'.repeat(MAX_TAB_RESPONSE_BYTES + 10);
    const workbench = await started(
      servicesFor(store, 'w', (request) => ({
        ...jsonResponse(request, big),
        headers: [
          ['Content-Type', 'application/json'],
          ['Set-Cookie', 'session=sekret-cookie'],
        ],
      })),
    );
    await workbench.send();
    await idle();
    const kept = JSON.stringify(await store.responses.get(`w/${workbench.tabs.get().activeId}`));
    expect(kept).not.toContain('sekret-cookie');
    expect(kept).not.toContain(big.slice(0, 1000));
    workbench.dispose();
    const again = await started(servicesFor(store, 'w'));
    const run = again.run.get();
    expect(run.phase === 'done' && run.restored).toEqual({ bodyDropped: true });
    again.dispose();
  });

  it('opens a catalog or history request beside a saved one instead of overwriting it', async () => {
    const { services } = createFakeServices();
    const workbench = await started(services);
    workbench.linkTab({ id: 'saved-1', name: 'Mine' });
    workbench.open(createDraft({ path: '/v2/summary' }));
    expect(workbench.tabs.get().tabs.map((tab) => [tab.name, tab.draft.path])).toEqual([
      ['Mine', '/v2/self'],
      [undefined, '/v2/summary'],
    ]);
    workbench.dispose();
  });
});

describe('the workspace key', () => {
  it('is the inspected tab inside DevTools, else an id kept in the page’s sessionStorage', () => {
    expect(workspaceOfThisWindow({ inspectedWindow: { tabId: 42 } }, undefined)).toBe('devtools-42');
    const session = new Map<string, string>();
    const storage = {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (k: string, v: string) => void session.set(k, v),
    };
    const first = workspaceOfThisWindow({ inspectedWindow: { tabId: -1 } }, storage);
    expect(first).toMatch(/^page-/);
    expect(workspaceOfThisWindow(undefined, storage)).toBe(first);
  });

  it('is read when the tabs are restored, not while the workbench is created for the first frame', async () => {
    const store = shared();
    const services = servicesFor(store, 'unused');
    let reads = 0;
    // A getter like the real services' (browser-services.ts): in a plain tab, the first read is sessionStorage's.
    Object.defineProperty(services, 'workspace', {
      get: () => {
        reads += 1;
        return 'page-lazy';
      },
    });
    const workbench = createWorkbench(services);
    expect(reads).toBe(0);
    await workbench.ready;
    expect(reads).toBe(1);
    workbench.edit((draft) => ({ ...draft, path: '/v2/summary' }));
    await idle();
    expect(reads).toBe(1);
    // The tabs went under that workspace: a workbench of the same workspace gets them back.
    const again = await started(servicesFor(store, 'page-lazy'));
    expect(again.draft.get().path).toBe('/v2/summary');
    workbench.dispose();
    again.dispose();
  });

  it('opens the catalog and history in a preview tab: a tab with a response keeps it, and no response shows under a new request', async () => {
    const store = shared();
    const workbench = await started(servicesFor(store, 'devtools-9'));
    workbench.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    await workbench.send();
    const worked = workbench.tabs.get().activeId;
    expect(workbench.run.get().phase).toBe('done');

    workbench.open(createDraft({ path: '/v2/summary' }));
    expect(workbench.run.get().phase).toBe('idle');
    const opened = workbench.tabs.get();
    expect(opened.tabs.map((tab) => [tab.draft.path, tab.preview ?? false])).toEqual([
      ['/v2/self/applications', false],
      ['/v2/summary', true],
    ]);
    // The next opened replaces the preview, from wherever it is opened.
    workbench.selectTab(worked);
    workbench.open(createDraft({ path: '/v2/organisations' }));
    expect(workbench.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual([
      '/v2/self/applications',
      '/v2/organisations',
    ]);
    expect(workbench.run.get().phase).toBe('idle');
    workbench.selectTab(worked);
    const kept = workbench.run.get();
    expect(kept.phase === 'done' && kept.request.path).toBe('/v2/self/applications');

    // Edited, the preview is kept: the next one opens beside it.
    workbench.selectTab(workbench.tabs.get().tabs[1]?.id as string);
    workbench.edit((draft) => ({ ...draft, query: [{ name: 'x', value: '1', enabled: true }] }));
    expect(workbench.tabs.get().tabs.some((tab) => tab.preview)).toBe(false);
    workbench.open(createDraft({ path: '/v2/products/zones' }));
    expect(workbench.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual([
      '/v2/self/applications',
      '/v2/organisations',
      '/v2/products/zones',
    ]);
    // Sent, it is kept too.
    await workbench.send();
    expect(workbench.tabs.get().tabs.some((tab) => tab.preview)).toBe(false);
    await idle();
    workbench.dispose();
    // The preview mark comes back after a reload.
    const again = await started(servicesFor(store, 'devtools-9'));
    again.open(createDraft({ path: '/v2/summary' }));
    await idle();
    again.dispose();
    const third = await started(servicesFor(store, 'devtools-9'));
    expect(
      third.tabs
        .get()
        .tabs.filter((tab) => tab.preview)
        .map((tab) => tab.draft.path),
    ).toEqual(['/v2/summary']);
    third.dispose();
  });

  it('reopens a closed tab as it was, edits and link to its saved request included; a blank one is not kept', async () => {
    const workbench = await started(servicesFor(shared(), 'devtools-11'));
    workbench.edit((draft) => ({
      ...draft,
      path: '/v2/summary',
      headers: [{ name: 'X-Trace', value: 't', enabled: true }],
    }));
    workbench.linkTab({ id: 'req-1', name: 'Summary' });
    workbench.newTab();
    const [first, blank] = workbench.tabs.get().tabs;
    workbench.closeTab(blank?.id as string);
    expect(workbench.closedTabs.get()).toEqual([]);
    workbench.newTab();
    workbench.closeTab(first?.id as string);
    expect(workbench.closedTabs.get().map((tab) => tab.name)).toEqual(['Summary']);
    expect(workbench.reopenTab()).toBe(true);
    const reopened = workbench.tabs.get().tabs.find((tab) => tab.savedId === 'req-1');
    expect(reopened?.draft).toMatchObject({
      path: '/v2/summary',
      headers: [{ name: 'X-Trace', value: 't', enabled: true }],
    });
    expect(workbench.tabs.get().activeId).toBe(reopened?.id);
    expect(workbench.draft.get().path).toBe('/v2/summary');
    expect(workbench.closedTabs.get()).toEqual([]);
    expect(workbench.reopenTab()).toBe(false);
    workbench.dispose();
  });

  it('reopens a closed tab with the response it showed; one closed while its call was out says where the answer went', async () => {
    const workbench = await started(servicesFor(shared(), 'devtools-12', (request) => jsonResponse(request, { n: 1 })));
    workbench.edit((draft) => ({ ...draft, path: '/v2/summary' }));
    await workbench.send();
    const shown = workbench.run.get();
    expect(shown.phase).toBe('done');
    workbench.newTab();
    workbench.closeTab(workbench.tabs.get().tabs[0]?.id as string);
    expect(workbench.reopenTab()).toBe(true);
    expect(workbench.run.get()).toBe(shown);

    const held = createServicesHoldingCall('/v2/self/applications');
    const other = await started({ ...held.services, workspace: 'devtools-13' });
    other.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    const sending = other.send();
    await vi.waitFor(() => expect(held.asked()).toBeDefined());
    other.newTab();
    other.closeTab(other.tabs.get().tabs[0]?.id as string);
    expect(other.reopenTab()).toBe(true);
    expect(other.run.get().phase).toBe('idle');
    expect(other.notices.get().join(' ')).toMatch(/still out.*History/);
    held.answer({});
    await sending;
    other.dispose();
    workbench.dispose();
  });

  it('reopens a saved request’s tab as an unsaved copy when that request is open again in another tab', async () => {
    const workbench = await started(servicesFor(shared(), 'devtools-14'));
    workbench.edit((draft) => ({ ...draft, path: '/v2/summary?edited=1' }));
    workbench.linkTab({ id: 'req-1', name: 'Summary' });
    workbench.newTab();
    workbench.closeTab(workbench.tabs.get().tabs[0]?.id as string);
    // Opened again from Saved (openSaved finds no tab showing it), then the closed one reopened.
    workbench.newTab(createDraft({ path: '/v2/summary' }), [], { savedId: 'req-1', name: 'Summary' });
    expect(workbench.reopenTab()).toBe(true);
    const linked = workbench.tabs.get().tabs.filter((tab) => tab.savedId === 'req-1');
    expect(linked.map((tab) => tab.draft.path)).toEqual(['/v2/summary']);
    expect(workbench.draft.get().path).toBe('/v2/summary?edited=1');
    expect(workbench.notices.get().join(' ')).toMatch(/“Summary” is open in another tab/);
    workbench.dispose();
  });
});
