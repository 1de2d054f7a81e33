import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The call port's page key (src/background/call-port.ts, core/page-key.ts): registered once, as the port's first
 * frame, and the caller of every call after it. A page that sends it twice, after a call, or malformed is broken or
 * hostile: its port is closed and it keeps no key it did not register first.
 */
const { runtime, dispatched, workerMessages } = vi.hoisted(() => {
  const dispatched: { name: string; caller?: string }[] = [];
  // The worker's global scope, as Chrome's service worker has it: where pages hand over their channels.
  const workerMessages: ((event: unknown) => void)[] = [];
  const scope = globalThis as unknown as Record<string, unknown>;
  scope.ServiceWorkerGlobalScope = class {};
  scope.addEventListener = (type: string, listener: (event: unknown) => void) => {
    if (type === 'message') workerMessages.push(listener);
  };
  const runtime = {
    id: 'keyhole',
    keptAlive: 0,
    getPlatformInfo: async () => {
      runtime.keptAlive++;
      return { os: 'linux' };
    },
    getURL: (path: string) => `chrome-extension://keyhole/${path}`,
    listeners: [] as ((port: unknown) => void)[],
    onConnect: { addListener: (listener: (port: unknown) => void) => runtime.listeners.push(listener) },
  };
  return { runtime, dispatched, workerMessages };
});
vi.mock('../../../src/background/extension-api.ts', () => ({ browser: { runtime } }));
/** A call named `slow/call` is answered only when the test calls `slow.answer()`. */
const slow = vi.hoisted(() => ({ answer: (): void => undefined }));
vi.mock('../../../src/background/dispatch.ts', () => ({
  dispatch: async (envelope: { name: string }, context: { caller?: string }) => {
    dispatched.push({ name: envelope.name, caller: context.caller });
    if (envelope.name === 'slow/call') await new Promise<void>((resolve) => (slow.answer = resolve));
    return { ok: true, value: null };
  },
}));

const { listenForCalls } = await import('../../../src/background/call-port.ts');
listenForCalls();

/** A page's port, from a document the browser calls `doc-1`; `frames` are posted in order. */
function connect(...frames: unknown[]) {
  const state = { closed: false, answers: [] as unknown[] };
  let onMessage: (frame: unknown) => void = () => undefined;
  const port = {
    name: 'keyhole-calls',
    sender: { id: 'keyhole', url: 'chrome-extension://keyhole/src/devtools/panel.html', documentId: 'doc-1' },
    onMessage: { addListener: (listener: (frame: unknown) => void) => (onMessage = listener) },
    postMessage: (answer: unknown) => state.answers.push(answer),
    disconnect: () => {
      state.closed = true;
    },
  };
  for (const listener of runtime.listeners) listener(port);
  for (const frame of frames) if (!state.closed) onMessage(frame);
  return state;
}

const KEY = '0f8e2c1a-5b7d-4e3f-9a21-6c4d8b0e7f13';
const call = (id: number) => ({ id, envelope: { keyhole: 1, name: 'session/status' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  dispatched.length = 0;
});

describe('the call port and a page key', () => {
  it('binds every call after the key to it; a port without one falls back to the document', async () => {
    expect(connect({ page: KEY }, call(1), call(2)).closed).toBe(false);
    expect(connect(call(3)).closed).toBe(false);
    await settle();
    expect(dispatched.map((entry) => entry.caller)).toEqual([`page:${KEY}`, `page:${KEY}`, 'doc:doc-1']);
  });

  it('closes a port that sends a key twice, after a call, or one too short or too long, and runs nothing after', async () => {
    const other = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    expect(connect({ page: KEY }, { page: other }, call(1)).closed).toBe(true);
    expect(connect(call(1), { page: other }, call(2)).closed).toBe(true);
    expect(connect({ page: 'short' }, call(1)).closed).toBe(true);
    expect(connect({ page: 'x'.repeat(101) }, call(1)).closed).toBe(true);
    await settle();
    // Only the call that came first, before the late key, ran: as the document, never as `other`.
    expect(dispatched).toEqual([{ name: 'session/status', caller: 'doc:doc-1' }]);
  });
});

/** A page's channel handed to the worker by a client at `url`: `frames` are posted on it in order. */
async function handOver(url: string, ...frames: unknown[]) {
  const channel = new MessageChannel();
  const answers: unknown[] = [];
  channel.port1.onmessage = (event) => answers.push(event.data);
  for (const listener of workerMessages) listener({ ports: [channel.port2], source: { url, id: 'client-1' } });
  for (const frame of frames) channel.port1.postMessage(frame);
  await new Promise((resolve) => setTimeout(resolve, 20));
  channel.port1.close();
  return answers;
}

describe('a page’s channel to the worker (Chrome, ui/worker-channel.ts)', () => {
  it('answers its calls on the channel, bound to the page key it sent first, and keeps the worker awake', async () => {
    const before = runtime.keptAlive;
    const answers = await handOver('chrome-extension://keyhole/src/devtools/panel.html', { page: KEY }, call(7));
    expect(answers).toEqual([{ id: 7, reply: { ok: true, value: null } }]);
    expect(dispatched).toEqual([{ name: 'session/status', caller: `page:${KEY}` }]);
    // An extension API call resets Chrome's idle timer, which a channel's messages do not.
    expect(runtime.keptAlive).toBe(before + 1);
  });

  it('answers nothing from a client that is not one of this extension’s pages, nor after a frame that is no call', async () => {
    expect(await handOver('chrome-extension://other/page.html', call(1))).toEqual([]);
    expect(dispatched).toEqual([]);
    expect(await handOver('chrome-extension://keyhole/src/devtools/panel.html', { junk: true }, call(2))).toEqual([]);
    expect(dispatched).toEqual([]);
  });

  it('names a channel that registered no key by its client, as a port by its document', async () => {
    await handOver('chrome-extension://keyhole/src/devtools/panel.html', call(3));
    // Without it, a body held for this page's call would go to any page at the same URL (deferred-bodies.ts).
    expect(dispatched).toEqual([{ name: 'session/status', caller: 'doc:client-1' }]);
  });

  it('keeps the worker awake for as long as a call is under way, then lets it stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const channel = new MessageChannel();
      const answers: unknown[] = [];
      channel.port1.onmessage = (event) => answers.push(event.data);
      for (const listener of workerMessages)
        listener({ ports: [channel.port2], source: { url: 'chrome-extension://keyhole/src/devtools/panel.html' } });
      channel.port1.postMessage({ id: 1, envelope: { keyhole: 1, name: 'slow/call' } });
      await vi.waitFor(() => expect(dispatched).toHaveLength(1));
      const before = runtime.keptAlive;
      // A call that takes a minute, with nothing else on the line: Chrome stops a worker idle for 30 s.
      for (let second = 0; second < 60; second += 5) await vi.advanceTimersByTimeAsync(5000);
      expect(runtime.keptAlive - before).toBeGreaterThanOrEqual(60 / 25);
      slow.answer();
      await vi.waitFor(() => expect(answers).toEqual([{ id: 1, reply: { ok: true, value: null } }]));
      const after = runtime.keptAlive;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runtime.keptAlive).toBe(after);
      channel.port1.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
