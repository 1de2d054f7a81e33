import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BODY_PORT_NAME, BODY_PORT_WINDOW } from '../../../src/core/body-port.ts';

/**
 * Firefox's body port, both ends: the background's server (src/background/body-port.ts) and the page's reader
 * (src/ui/port-body.ts), joined by a fake runtime whose ports carry messages as Firefox does, by structured clone,
 * one event-loop turn later. The page's sender URL is whatever the test connects from.
 */
const ORIGIN = 'moz-extension://6b8f4f0e-2f4b-4c53-9d43-3c1e5a7d2b10/';
const PANEL = `${ORIGIN}src/devtools/panel.html`;

type Listener<T extends unknown[]> = (...args: T) => void;
interface FakePort {
  name: string;
  sender?: { id: string; url: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: Listener<[unknown]>): void };
  onDisconnect: { addListener(listener: Listener<[]>): void };
}

const { runtime, state } = vi.hoisted(() => {
  const state = { senderUrl: '', connectListeners: [] as ((port: FakePort) => void)[], sent: [] as unknown[] };
  interface End extends FakePort {
    peer: End;
    fire(message: unknown): void;
    drop(): void;
  }
  function end(name: string): End {
    const messages: Listener<[unknown]>[] = [];
    const disconnects: Listener<[]>[] = [];
    let closed = false;
    const port: End = {
      name,
      peer: undefined as unknown as End,
      onMessage: { addListener: (listener: Listener<[unknown]>) => messages.push(listener) },
      onDisconnect: { addListener: (listener: Listener<[]>) => disconnects.push(listener) },
      fire(message: unknown) {
        if (!closed) for (const listener of messages) listener(message);
      },
      drop() {
        if (closed) return;
        closed = true;
        for (const listener of disconnects) listener();
      },
      postMessage(message: unknown) {
        if (closed) throw new Error('Attempting to use a disconnected port object');
        state.sent.push(message);
        const copy = structuredClone(message);
        setTimeout(() => port.peer.fire(copy), 0);
      },
      disconnect() {
        closed = true;
        setTimeout(() => port.peer.drop(), 0);
      },
    };
    return port;
  }
  const runtime = {
    id: 'keyhole@keyhole.dev',
    getURL: (path: string) => `moz-extension://6b8f4f0e-2f4b-4c53-9d43-3c1e5a7d2b10/${path}`,
    onConnect: { addListener: (listener: (port: FakePort) => void) => state.connectListeners.push(listener) },
    connect({ name }: { name: string }) {
      const page = end(name);
      const background = end(name);
      page.peer = background;
      background.peer = page;
      background.sender = { id: runtime.id, url: state.senderUrl };
      for (const listener of state.connectListeners) listener(background);
      return page;
    },
  };
  return { runtime, state };
});
vi.mock('webextension-polyfill', () => ({ default: { runtime } }));

async function load() {
  vi.resetModules();
  vi.stubEnv('MODE', 'firefox');
  vi.stubGlobal('browser', { runtime });
  state.connectListeners = [];
  const held = await import('../../../src/background/deferred-bodies.ts');
  (await import('../../../src/background/body-port.ts')).listenForBodyPorts();
  const page = await import('../../../src/ui/port-body.ts');
  return { held, page };
}

/** An upstream body of `parts`, counting how many chunks the background has pulled from it. */
function upstream(parts: string[]) {
  const counted = { pulls: 0, cancelled: false };
  let at = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counted.pulls++;
        if (at < parts.length) controller.enqueue(new TextEncoder().encode(parts[at++]));
        else controller.close();
      },
      cancel() {
        counted.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  state.senderUrl = `${PANEL}#catalog`;
  state.sent = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the body port (Firefox)', () => {
  it('hands a streamed body to the page that asked, chunk by chunk as it reads, then how it ended', async () => {
    const { held, page } = await load();
    const parts = Array.from({ length: 20 }, (_, index) => `{"n":${index}},`);
    const { body, counted } = upstream(parts);
    const end = { size: parts.join('').length, truncated: false, durationMs: 12 };
    const id = held.deferStream(body, Promise.resolve(end), 'application/json', `${PANEL}#catalog`);
    // The panel's route changed meanwhile: still the same page.
    state.senderUrl = `${PANEL}#history`;
    const stream = page.openPortBody(id);
    const reader = stream.body.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(parts[0]);
    await settle();
    // Not read further: the background has read upstream only the window ahead of the page.
    expect(counted.pulls).toBeLessThanOrEqual(BODY_PORT_WINDOW + 2);
    let text = new TextDecoder().decode(first.value);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toBe(parts.join(''));
    expect(await stream.end()).toEqual(end);
    // Bytes travel as bytes (structured clone), not as JSON text.
    expect(state.sent.some((message) => (message as { bytes?: unknown }).bytes instanceof Uint8Array)).toBe(true);
  });

  it('refuses the body to any other page, and keeps it for the one that asked', async () => {
    const { held, page } = await load();
    const { body } = upstream(['[1,2,3]']);
    const id = held.deferStream(body, Promise.resolve({ size: 7, truncated: false, durationMs: 1 }), 'a/json', PANEL);
    state.senderUrl = `${ORIGIN}src/options/options.html`;
    const other = page.openPortBody(id);
    await expect(new Response(other.body).text()).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/send the request again/),
    });
    await expect(other.end()).rejects.toMatchObject({ code: 'not-found' });
    state.senderUrl = PANEL;
    expect(await new Response(page.openPortBody(id).body).text()).toBe('[1,2,3]');
    // Taken once.
    await expect(new Response(page.openPortBody(id).body).text()).rejects.toMatchObject({ code: 'not-found' });
  });

  it('reads a body the background read whole, in chunks, byte for byte', async () => {
    const { held, page } = await load();
    const bytes = new Uint8Array(700_000).map((_, index) => (index * 7) % 256) as Uint8Array<ArrayBuffer>;
    const id = held.deferBody(bytes, 'application/pdf', PANEL);
    expect(id).toBeTypeOf('string');
    const read = await page.readPortBody(id!);
    expect(Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(read.ending).toBeUndefined();
    expect(state.sent.filter((message) => (message as { type: string }).type === 'chunk').length).toBeGreaterThan(1);
  });

  it('passes on the error that cut the body upstream', async () => {
    const { held, page } = await load();
    const { body } = upstream(['{"a":']);
    const cut = Promise.reject(new Error('The connection broke'));
    cut.catch(() => undefined);
    const id = held.deferStream(body, cut, 'application/json', PANEL);
    const stream = page.openPortBody(id);
    expect(await new Response(stream.body).text()).toBe('{"a":');
    await expect(stream.end()).rejects.toMatchObject({ message: expect.stringMatching(/connection broke/) });
  });

  it('cancels the body upstream when the page stops reading', async () => {
    const { held, page } = await load();
    const { body, counted } = upstream(Array.from({ length: 50 }, () => 'x'.repeat(1000)));
    const id = held.deferStream(body, new Promise(() => undefined), 'text/plain', PANEL);
    const reader = page.openPortBody(id).body.getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(counted.cancelled).toBe(true));
  });

  it('closes a port that sends anything but its commands, and one from another extension', async () => {
    await load();
    state.senderUrl = PANEL;
    let closed = false;
    const port = runtime.connect({ name: BODY_PORT_NAME });
    port.onDisconnect.addListener(() => {
      closed = true;
    });
    port.postMessage({ type: 'more' }); // before open
    await vi.waitFor(() => expect(closed).toBe(true));

    state.senderUrl = 'https://example.com/page.html';
    let refused = false;
    const foreign = runtime.connect({ name: BODY_PORT_NAME });
    foreign.onDisconnect.addListener(() => {
      refused = true;
    });
    await vi.waitFor(() => expect(refused).toBe(true));
  });
});
