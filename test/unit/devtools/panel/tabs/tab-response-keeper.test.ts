// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../../src/core/errors.ts';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import {
  createMemoryHistoryStore,
  createMemoryStorage,
} from '../../../../../src/devtools/panel/history/history-store.ts';
import type { PanelServices } from '../../../../../src/devtools/panel/services.ts';
import { PAGEHIDE_MAX_BODY_BYTES } from '../../../../../src/devtools/panel/tabs/tab-response-keeper.ts';
import {
  createMemoryTabResponseStore,
  MAX_TAB_RESPONSE_BYTES,
} from '../../../../../src/devtools/panel/tabs/tab-responses.ts';
import { createWorkbench, type RunState, type Workbench } from '../../../../../src/devtools/panel/workbench.ts';
import { createFakeServices, jsonResponse } from '../../fake-services.ts';
import { stubIdleTime } from './idle-time.ts';

/**
 * A tab's last response after a reload made before it was stored (that waits for the page to be idle, up to 2 s):
 * the response the user saw, or a note that it was not kept, never the one before it shown as the last.
 */

const idle = stubIdleTime();
const leave = () => window.dispatchEvent(new Event('pagehide'));

/** The sandbox's answer: `/v2/big/N` answers with N bytes of JSON, any other path with the path and a counter. */
let answered = 0;
function answer(request: SendRequest) {
  answered += 1;
  const big = /^\/v2\/big\/(\d+)$/.exec(request.path);
  if (big) return jsonResponse(request, 'x'.repeat(Number(big[1])));
  if (request.path === '/v2/unreachable') throw new KeyholeError('network', 'The platform did not answer.');
  if (request.path === '/v2/hang') return new Promise<never>(() => undefined);
  return jsonResponse(request, { path: request.path, n: answered });
}

const shared = () => ({ storage: createMemoryStorage(), responses: createMemoryTabResponseStore() });
type Shared = ReturnType<typeof shared>;

function servicesFor(store: Shared): PanelServices {
  const { services } = createFakeServices(answer);
  return {
    ...services,
    storage: store.storage,
    history: createMemoryHistoryStore(store.storage),
    workspace: 'devtools-5',
    tabResponses: store.responses,
  };
}

const open: Workbench[] = [];
async function started(store: Shared): Promise<Workbench> {
  const workbench = createWorkbench(servicesFor(store));
  open.push(workbench);
  await workbench.ready;
  return workbench;
}
afterEach(() => {
  for (const workbench of open.splice(0)) workbench.dispose();
});

async function sendPath(workbench: Workbench, path: string): Promise<RunState> {
  workbench.edit((draft) => ({ ...draft, path }));
  await workbench.send();
  return workbench.run.get();
}

const bodyText = (run: RunState) =>
  run.phase === 'done' && run.response.body.kind === 'text' ? run.response.body.text : undefined;

describe('a tab’s last response after a reload', () => {
  it('is not replaced by the one before when the reload comes before it was stored: the tab says it was not kept', async () => {
    const store = shared();
    const first = await started(store);
    const before = await sendPath(first, '/v2/self');
    await idle();
    const last = await sendPath(first, '/v2/summary/of/today');
    expect(last.phase).toBe('done');
    // Reloaded at once: neither idle time nor a pagehide (the page was killed, or its last writes did not land).
    const again = await started(store);
    const shown = again.run.get();
    expect(bodyText(shown)).toBeUndefined();
    expect(shown.phase === 'done' && shown.request.path).not.toBe('/v2/self');
    expect(shown).toEqual({
      phase: 'idle',
      lost: { startedAt: last.phase === 'done' ? last.startedAt : -1, summary: '200 OK' },
    });
    expect(before.phase === 'done' && before.startedAt).not.toBe(last.phase === 'done' && last.startedAt);

    // Once the first page has stored it, a reload brings it back.
    await idle();
    const third = await started(store);
    const back = third.run.get();
    expect(back.phase === 'done' && back.restored).toEqual({ bodyDropped: false });
    expect(back.phase === 'done' && back.request.path).toBe('/v2/summary/of/today');
    expect(bodyText(back)).toBe(bodyText(last));
  });

  it('says a call was sent and not answered when the page went while it was out, not the response before it', async () => {
    const store = shared();
    const first = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    first.edit((draft) => ({ ...draft, method: 'DELETE', path: '/v2/hang' }));
    void first.send();
    const out = first.run.get();
    expect(out.phase).toBe('sending');
    // Reloaded (or DevTools closed) while the call was out: the platform may have acted on it.
    leave();
    const again = await started(store);
    expect(again.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: out.phase === 'sending' ? out.startedAt : -1, summary: 'no answer yet', unanswered: true },
    });
  });

  it('is a failed call’s error too: not the response before it', async () => {
    const store = shared();
    const first = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    const failed = await sendPath(first, '/v2/unreachable');
    expect(failed.phase === 'failed' && failed.error.code).toBe('network');
    const again = await started(store);
    expect(again.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: failed.phase === 'failed' ? failed.startedAt : -1, summary: 'failed: network' },
    });
    // Stored at idle time, it comes back as it was.
    await idle();
    const third = await started(store);
    const back = third.run.get();
    expect(back.phase === 'failed' && [back.error.code, back.restored]).toEqual(['network', { bodyDropped: false }]);
  });

  it('is stored at pagehide when small, the second of two quick ones; a tab closed right after its response keeps nothing', async () => {
    const store = shared();
    const first = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    const kept = first.tabs.get().activeId;
    await sendPath(first, '/v2/one');
    const second = await sendPath(first, '/v2/two');
    // Another tab, closed as soon as its response is in.
    first.newTab(createDraft({ path: '/v2/closed' }));
    const closed = first.tabs.get().activeId;
    await first.send();
    first.closeTab(closed);
    leave();

    const again = await started(store);
    expect(again.tabs.get().tabs.map((tab) => tab.id)).toEqual([kept]);
    const shown = again.run.get();
    expect(shown.phase === 'done' && shown.restored).toEqual({ bodyDropped: false });
    expect(shown.phase === 'done' && shown.request.path).toBe('/v2/two');
    expect(bodyText(shown)).toBe(bodyText(second));
    expect(await store.responses.get(`devtools-5/${closed}`)).toBeUndefined();
    // Written to storage.local as the page went (IndexedDB drops such a write), it is in IndexedDB once restored.
    expect((await store.responses.get(`devtools-5/${kept}`))?.entry.request.path).toBe('/v2/two');
    // Forgotten as storage.local forgets a record set to null: the key is gone (createMemoryStorage does the same).
    expect(await store.storage.get('keyhole.devtools.tab-spilled.devtools-5')).toBeUndefined();
    // The first page's idle-time writes, when they come, change none of it.
    await idle();
    expect(await store.responses.get(`devtools-5/${closed}`)).toBeUndefined();
    const third = await started(store);
    expect(bodyText(third.run.get())).toBe(bodyText(second));
  });

  it('is not copied at pagehide when its body is large: the note, not the older one; over the cap, its headers are kept then', async () => {
    const store = shared();
    const first = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    const large = await sendPath(first, `/v2/big/${PAGEHIDE_MAX_BODY_BYTES * 2}`);
    leave();
    const again = await started(store);
    expect(again.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: large.phase === 'done' ? large.startedAt : -1, summary: '200 OK' },
    });
    again.dispose();
    await idle();

    // A body over the cap is never kept: its status line and headers are, and cost nothing to store at pagehide.
    const store2 = shared();
    const one = await started(store2);
    await sendPath(one, '/v2/self');
    await idle();
    await sendPath(one, `/v2/big/${MAX_TAB_RESPONSE_BYTES + 10}`);
    leave();
    const two = await started(store2);
    const shown = two.run.get();
    expect(shown.phase === 'done' && shown.restored).toEqual({ bodyDropped: true });
    expect(shown.phase === 'done' && shown.request.path).toBe(`/v2/big/${MAX_TAB_RESPONSE_BYTES + 10}`);

    // Nor when the request's body is large: storing masks it too.
    two.edit((draft) => ({
      ...draft,
      method: 'POST',
      bodyMode: 'json',
      json: JSON.stringify({ note: 'y'.repeat(PAGEHIDE_MAX_BODY_BYTES * 2) }),
    }));
    const posted = await sendPath(two, '/v2/self/notes');
    expect(posted.phase).toBe('done');
    leave();
    const three = await started(store2);
    expect(three.run.get()).toEqual({
      phase: 'idle',
      lost: { startedAt: posted.phase === 'done' ? posted.startedAt : -1, summary: '200 OK' },
    });
  });

  it('is not the one before a live stream: a tab that opened a stream shows nothing after a reload', async () => {
    const store = shared();
    const first = await started(store);
    await sendPath(first, '/v2/self');
    await idle();
    expect((await sendPath(first, '/v2/events')).phase).toBe('streaming');
    leave();
    await idle();
    const again = await started(store);
    expect(again.draft.get().path).toBe('/v2/events');
    expect(again.run.get()).toEqual({ phase: 'idle' });
  });
});
