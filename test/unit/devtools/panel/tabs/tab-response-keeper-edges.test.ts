// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../../src/core/errors.ts';
import type { BodyEnd, SendRequest, SendResponse } from '../../../../../src/core/protocol.ts';
import { localKeyBelongs, RECORD_KINDS } from '../../../../../src/core/storage/record-kinds.ts';
import { REDACTED } from '../../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import {
  createMemoryHistoryStore,
  createMemoryStorage,
} from '../../../../../src/devtools/panel/history/history-store.ts';
import { saveAllNow } from '../../../../../src/devtools/panel/save-soon.ts';
import type { PanelServices } from '../../../../../src/devtools/panel/services.ts';
import { createMemoryTabResponseStore } from '../../../../../src/devtools/panel/tabs/tab-responses.ts';
import { createWorkbench, type RunState, type Workbench } from '../../../../../src/devtools/panel/workbench.ts';
import { attachBodyStream, claimBodyStream } from '../../../../../src/ui/body-stream.ts';
import { createFakeServices, jsonResponse } from '../../fake-services.ts';
import { stubIdleTime } from './idle-time.ts';

/**
 * A tab's last response after a reload, at the edges: what the pane showed last (a body cut or cancelled as it
 * arrived, an answer typed as an event stream) is what a reload brings back or says, and nothing is sent by it.
 */

const idle = stubIdleTime();

/** A body held open by the test: `/v2/slow` answers at once and streams its body until the test ends or cuts it. */
let body: {
  controller?: ReadableStreamDefaultController<Uint8Array>;
  end?: (value: BodyEnd) => void;
  fail?: (e: unknown) => void;
} = {};
/** Answers the call to `/v2/late`, held until then. */
let late: () => void = () => undefined;
function answer(request: SendRequest): SendResponse | Promise<SendResponse> {
  if (request.path === '/v2/typed-stream')
    return {
      ...jsonResponse(request, null),
      headers: [['Content-Type', 'text/event-stream']],
      contentType: 'text/event-stream',
      size: 0,
      body: { kind: 'text', text: '', truncated: false },
    };
  if (request.path === '/v2/slow' && claimBodyStream(request.requestId)) {
    const response = { ...jsonResponse(request, null), size: 100 };
    response.body = { kind: 'text', text: '', truncated: false };
    const ended = new Promise<BodyEnd>((resolve, reject) => {
      body.end = resolve;
      body.fail = reject;
    });
    ended.catch(() => undefined);
    attachBodyStream(response, {
      body: new ReadableStream({
        start: (c) => {
          body.controller = c;
        },
      }),
      end: () => ended,
    });
    return response;
  }
  if (request.path === '/v2/self/tokens')
    return jsonResponse(request, { apiToken: 'bridge-tok-echoed-4242', echo: { password: 'pw-echoed-1717' } });
  if (request.path === '/v2/late')
    return new Promise<SendResponse>((resolve) => (late = () => resolve(jsonResponse(request, { late: true }))));
  if (request.path === '/v2/expired') throw new KeyholeError('session-expired', 'The session expired.');
  return jsonResponse(request, { path: request.path });
}

const shared = () => ({ storage: createMemoryStorage(), responses: createMemoryTabResponseStore() });
type Shared = ReturnType<typeof shared>;

function servicesFor(store: Shared): { services: PanelServices; sent: () => SendRequest[] } {
  const { services, sent } = createFakeServices(answer);
  return {
    services: {
      ...services,
      storage: store.storage,
      history: createMemoryHistoryStore(store.storage),
      workspace: 'devtools-7',
      tabResponses: store.responses,
    },
    sent,
  };
}

const open: Workbench[] = [];
async function started(store: Shared) {
  const { services, sent } = servicesFor(store);
  const workbench = createWorkbench(services);
  open.push(workbench);
  await workbench.ready;
  return { workbench, sent };
}
afterEach(() => {
  for (const workbench of open.splice(0)) workbench.dispose();
  body = {};
});

async function sendPath(workbench: Workbench, path: string): Promise<RunState> {
  workbench.edit((draft) => ({ ...draft, path }));
  await workbench.send();
  return workbench.run.get();
}

describe('a tab’s last response after a reload, at the edges', () => {
  it('is nothing for an answer typed text/event-stream: the reload does not open (send) the stream again', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    const typed = await sendPath(first, '/v2/typed-stream');
    // The pane opens such an answer as a live stream (ResponsePane), which is not kept, as a stream's path is not.
    expect(typed.phase === 'done' && typed.response.contentType).toBe('text/event-stream');
    await idle();
    const { workbench: again, sent } = await started(store);
    // A restored event-stream answer would be opened live by the pane: a call the user did not make.
    expect(again.run.get()).toEqual({ phase: 'idle' });
    expect(sent()).toEqual([]);
  });

  it('says a body cancelled as it arrived was cancelled, not that a reload came too soon', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    first.edit((draft) => ({ ...draft, path: '/v2/slow' }));
    const sending = first.send();
    await vi.waitFor(() => expect(first.run.get().phase).toBe('done'));
    body.controller?.enqueue(new TextEncoder().encode('{"par'));
    await first.cancel();
    await sending;
    const cancelled = first.run.get();
    expect(cancelled.phase === 'failed' && cancelled.error.code).toBe('cancelled');
    // Long after (idle time came): nothing was going to be stored, the tab must not blame the reload.
    await idle();
    const { workbench: again } = await started(store);
    const shown = again.run.get();
    expect(shown.phase === 'idle' && shown.lost).toBeFalsy();
    expect(shown.phase === 'failed' && [shown.error.code, shown.restored]).toEqual([
      'cancelled',
      { bodyDropped: false },
    ]);
  });

  it('says a body cut as it arrived failed, not the status line it began with', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    first.edit((draft) => ({ ...draft, path: '/v2/slow' }));
    const sending = first.send();
    await vi.waitFor(() => expect(first.run.get().phase).toBe('done'));
    body.controller?.error(new KeyholeError('network', 'The connection dropped.'));
    body.fail?.(new KeyholeError('network', 'The connection dropped.'));
    await sending;
    const cut = first.run.get();
    expect(cut.phase === 'failed' && cut.error.code).toBe('network');
    // Reloaded before idle time (the tabs were saved, 400 ms after): the note names what the tab showed last.
    saveAllNow();
    const { workbench: again } = await started(store);
    expect(again.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: cut.phase === 'failed' ? cut.startedAt : -1, summary: 'failed: network' },
    });
  });

  it('keeps its tab when something opens in the preview: a tab saying its response was not kept is not blank', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    // The fresh tab's own draft (GET /v2/self), sent as it is.
    await first.send();
    expect(first.run.get().phase).toBe('done');
    saveAllNow();
    const { workbench: again } = await started(store);
    const noted = again.tabs.get().activeId;
    expect(again.run.get().phase === 'idle' && again.run.get()).toMatchObject({ lost: { summary: '200 OK' } });
    again.open(createDraft({ path: '/v2/organisations' }));
    // As before the reload (a tab with a response is kept), the note's tab stays and the preview opens beside it.
    expect(again.tabs.get().tabs.map((tab) => tab.id)).toContain(noted);
    again.selectTab(noted);
    expect(again.run.get()).toMatchObject({ phase: 'idle', lost: { summary: '200 OK' } });
  });

  it('is kept when the page comes back after a pagehide (back/forward cache) and goes again later', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    const kept = first.tabs.get().activeId;
    const a = await sendPath(first, '/v2/a');
    // The page is put in the back/forward cache (persisted), and comes back before its idle time.
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    await idle();
    first.newTab(createDraft({ path: '/v2/b' }));
    await first.send();
    // Now it goes for good, the second tab's response still waiting.
    window.dispatchEvent(new Event('pagehide'));
    const { workbench: again } = await started(store);
    again.selectTab(kept);
    const shown = again.run.get();
    expect(shown.phase === 'done' && [shown.request.path, shown.startedAt, shown.restored]).toEqual([
      '/v2/a',
      a.phase === 'done' ? a.startedAt : -1,
      { bodyDropped: false },
    ]);
  });

  it('writes no secret to storage.local at pagehide: request headers, query and body, nor a response echoing one', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    first.edit((draft) => ({
      ...draft,
      method: 'POST',
      query: [{ name: 'access_token', value: 'query-tok-3131', enabled: true }],
      headers: [
        { name: 'X-Db-Password', value: 'header-tok-2121', enabled: true },
        { name: 'X-Api-Key', value: 'header-key-5151', enabled: true },
      ],
      bodyMode: 'json',
      json: JSON.stringify({ name: 'ci', password: 'body-pw-6161' }),
    }));
    const posted = await sendPath(first, '/v2/self/tokens');
    expect(posted.phase).toBe('done');
    window.dispatchEvent(new Event('pagehide'));
    const spilled = JSON.stringify(await store.storage.get('keyhole.devtools.tab-spilled.devtools-7'));
    // Written (the response waited for idle time), masked as history masks it.
    expect(spilled).toContain('/v2/self/tokens');
    for (const secret of [
      'query-tok-3131',
      'header-tok-2121',
      'header-key-5151',
      'body-pw-6161',
      'bridge-tok-echoed-4242',
      'pw-echoed-1717',
    ])
      expect(spilled).not.toContain(secret);
    const marks = JSON.stringify(await store.storage.get('keyhole.devtools.tab-shown.devtools-7'));
    expect(marks).toContain('200 OK');
    // The reload shows it, masked too.
    const { workbench: again } = await started(store);
    const shown = JSON.stringify(again.run.get());
    expect(shown).toContain(REDACTED);
    for (const secret of ['query-tok-3131', 'header-tok-2121', 'body-pw-6161', 'bridge-tok-echoed-4242'])
      expect(shown).not.toContain(secret);
  });

  it('says it was not kept, rather than show the one before, when it lands after pagehide began or the write at pagehide fails', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    first.edit((draft) => ({ ...draft, path: '/v2/late' }));
    const sending = first.send();
    await vi.waitFor(() => expect(first.run.get().phase).toBe('sending'));
    window.dispatchEvent(new Event('pagehide'));
    late();
    await sending;
    const landed = first.run.get();
    expect(landed.phase).toBe('done');
    const { workbench: again } = await started(store);
    expect(again.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: landed.phase === 'done' ? landed.startedAt : -1, summary: '200 OK' },
    });

    // storage.local full at pagehide: the response's copy is refused, its mark (written before) still tells.
    const full = shared();
    const set = full.storage.set.bind(full.storage);
    full.storage.set = (key, value) =>
      key.startsWith('keyhole.devtools.tab-spilled.') && value !== null
        ? Promise.reject(new Error('QUOTA_BYTES quota exceeded'))
        : set(key, value);
    const { workbench: one } = await started(full);
    await sendPath(one, '/v2/self');
    await idle();
    const refused = await sendPath(one, '/v2/two');
    window.dispatchEvent(new Event('pagehide'));
    const { workbench: two } = await started(full);
    expect(two.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: refused.phase === 'done' ? refused.startedAt : -1, summary: '200 OK' },
    });
  });

  it('is each DevTools window’s own, with tabs of the same ids in two windows', async () => {
    const store = shared();
    const tabs = { activeId: 'tab-same', tabs: [{ id: 'tab-same', draft: createDraft({ path: '/v2/self' }) }] };
    await store.storage.set('keyhole.devtools.tabs.devtools-7', tabs);
    await store.storage.set('keyhole.devtools.tabs.devtools-8', tabs);
    const { workbench: seven } = await started(store);
    const { services } = servicesFor(store);
    const eight = createWorkbench({ ...services, workspace: 'devtools-8' });
    open.push(eight);
    await eight.ready;
    expect([seven.tabs.get().activeId, eight.tabs.get().activeId]).toEqual(['tab-same', 'tab-same']);
    await sendPath(seven, '/v2/seven');
    await idle();
    await sendPath(eight, '/v2/eight');
    await sendPath(seven, '/v2/seven-again');
    window.dispatchEvent(new Event('pagehide'));
    const { workbench: sevenAgain } = await started(store);
    const eightAgain = createWorkbench({ ...servicesFor(store).services, workspace: 'devtools-8' });
    open.push(eightAgain);
    await eightAgain.ready;
    const path = (run: RunState) => (run.phase === 'done' ? run.request.path : run.phase);
    expect([path(sevenAgain.run.get()), path(eightAgain.run.get())]).toEqual(['/v2/seven-again', '/v2/eight']);
  });

  it('leaves no response of a closed tab behind when its removal did not land before a reload', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    const kept = first.tabs.get().activeId;
    await sendPath(first, '/v2/self');
    first.newTab(createDraft({ path: '/v2/closed' }));
    const closed = first.tabs.get().activeId;
    await first.send();
    await idle();
    expect(await store.responses.get(`devtools-7/${closed}`)).toBeDefined();
    // Closed just before the reload: IndexedDB drops a write begun as the page goes (tab-response-keeper.ts).
    const remove = store.responses.remove;
    store.responses.remove = async () => undefined;
    first.closeTab(closed);
    window.dispatchEvent(new Event('pagehide'));
    store.responses.remove = remove;
    const { workbench: again } = await started(store);
    expect(again.tabs.get().tabs.map((tab) => tab.id)).toEqual([kept]);
    // Its response (up to 512 KB) would stay for good: no tab will ever have its id again.
    await vi.waitFor(async () => expect(await store.responses.get(`devtools-7/${closed}`)).toBeUndefined());
    expect((await store.responses.get(`devtools-7/${kept}`))?.entry.request.path).toBe('/v2/self');
  });

  it('keeps a call sent while the tabs load in a tab of its own: its response is not left under a restored draft', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    await sendPath(first, '/v2/organisations/orga_1/applications');
    await idle();
    // The reload's tab set read is held; meanwhile the user sends the draft on screen as it is (GET /v2/self).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const get = store.storage.get.bind(store.storage);
    store.storage.get = async <T>(key: string) => {
      if (key === 'keyhole.devtools.tabs.devtools-7') await held;
      return get<T>(key);
    };
    const { services } = servicesFor(store);
    const again = createWorkbench(services);
    open.push(again);
    await again.send();
    const early = again.run.get();
    expect(early.phase === 'done' && early.request.path).toBe('/v2/self');
    release();
    await again.ready;
    // The response shown is under the draft that sent it, and the restored tab shows its own.
    const shown = again.run.get();
    expect([again.draft.get().path, shown.phase === 'done' && shown.request.path]).toEqual(['/v2/self', '/v2/self']);
    expect(again.tabs.get().tabs.map((tab) => tab.draft.path)).toEqual([
      '/v2/organisations/orga_1/applications',
      '/v2/self',
    ]);
    const restoredTab = again.tabs.get().tabs[0]?.id as string;
    again.selectTab(restoredTab);
    const back = again.run.get();
    expect(back.phase === 'done' && [back.request.path, back.restored]).toEqual([
      '/v2/organisations/orga_1/applications',
      { bodyDropped: false },
    ]);
    // And its own response comes back after the next reload.
    await idle();
    store.storage.get = get;
    const { workbench: third } = await started(store);
    third.selectTab(third.tabs.get().tabs[1]?.id as string);
    const kept = third.run.get();
    expect(kept.phase === 'done' && [kept.request.path, kept.restored]).toEqual(['/v2/self', { bodyDropped: false }]);
  });

  it('follows its tab when tabs are renamed or moved before the reload; a failed call then a good one gives the good one', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    const one = first.tabs.get().activeId;
    expect((await sendPath(first, '/v2/unreachable-not')).phase).toBe('done');
    first.newTab(createDraft({ path: '/v2/expired' }));
    const two = first.tabs.get().activeId;
    expect((await sendPath(first, '/v2/expired')).phase).toBe('failed');
    const good = await sendPath(first, '/v2/after');
    first.linkTab({ id: 'saved-1', name: 'Renamed' });
    first.moveTab(two, -1);
    window.dispatchEvent(new Event('pagehide'));
    const { workbench: again } = await started(store);
    expect(again.tabs.get().tabs.map((tab) => [tab.id, tab.name])).toEqual([
      [two, 'Renamed'],
      [one, undefined],
    ]);
    const shown = again.run.get();
    expect(shown.phase === 'done' && [shown.request.path, shown.startedAt]).toEqual([
      '/v2/after',
      good.phase === 'done' ? good.startedAt : -1,
    ]);
    again.selectTab(one);
    const other = again.run.get();
    expect(other.phase === 'done' && other.request.path).toBe('/v2/unreachable-not');
  });

  it('shows nothing for a response stored before tabs had marks (an older version): no mark, no claim', async () => {
    const store = shared();
    const { workbench: first } = await started(store);
    const tab = first.tabs.get().activeId;
    await sendPath(first, '/v2/self');
    await idle();
    // As an older version left it: the stored response, no mark.
    await store.storage.set('keyhole.devtools.tab-shown.devtools-7', null);
    const { workbench: again } = await started(store);
    expect(again.tabs.get().activeId).toBe(tab);
    expect(again.run.get()).toEqual({ phase: 'idle' });
  });

  it('is kept under storage.local keys the worker’s migrations know (record-kinds.ts), as every stored record is', async () => {
    const store = shared();
    const written = new Set<string>();
    const set = store.storage.set.bind(store.storage);
    store.storage.set = (key, value) => {
      written.add(key);
      return set(key, value);
    };
    const { workbench: first } = await started(store);
    await sendPath(first, '/v2/self');
    window.dispatchEvent(new Event('pagehide'));
    await started(store);
    expect(written).toContain('keyhole.devtools.tab-shown.devtools-7');
    expect(written).toContain('keyhole.devtools.tab-spilled.devtools-7');
    expect([...written].filter((key) => !RECORD_KINDS.some((kind) => localKeyBelongs(kind, key)))).toEqual([]);
  });
});
