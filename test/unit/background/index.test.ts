import { beforeEach, describe, expect, it, vi } from 'vitest';

// The worker entry with its edges replaced: the listener it registers is called as the browser would.
type Listener = (message: unknown, sender: { id?: string; url?: string }, reply: (value: unknown) => void) => unknown;
type ConnectListener = (port: FakePort) => void;
const { registered, connected, sendRequest, warmUps } = vi.hoisted(() => ({
  registered: [] as Listener[],
  connected: [] as ConnectListener[],
  sendRequest: vi.fn(async (request: unknown, _context?: unknown) => ({ echoed: request })),
  /** How many message listeners were registered when each warm-up began. */
  warmUps: [] as number[],
}));

vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: {
    runtime: {
      id: 'keyhole',
      getURL: (path: string) => `chrome-extension://keyhole/${path}`,
      onMessage: { addListener: (listener: Listener) => registered.push(listener) },
      onConnect: { addListener: (listener: ConnectListener) => connected.push(listener) },
    },
  },
}));
// Migrations have their own tests (test/unit/core/storage); here they find nothing to do.
vi.mock('../../../src/background/migrations/index.ts', () => ({
  startStorageMigrations: () => {},
  whenStorageReady: async () => {},
}));
vi.mock('../../../src/background/deferred-bodies.ts', () => ({ listenForBodyFetches: () => {} }));
vi.mock('../../../src/background/stream-port.ts', () => ({ listenForStreams: () => {} }));
vi.mock('../../../src/background/warm-start.ts', () => ({ warmUp: () => warmUps.push(registered.length) }));
vi.mock('../../../src/background/handlers.ts', () => ({
  handlers: { 'request/send': sendRequest, 'session/status': async () => ({ state: 'unconfigured' }) },
}));

await import('../../../src/background/index.ts');
const listener = registered[0]!;

/** Calls the listener like the browser; resolves with the reply (or undefined when it answers nothing). */
async function deliver(message: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const keptOpen = listener(message, { id: 'keyhole', url: 'chrome-extension://keyhole/panel.html' }, resolve);
    if (keptOpen !== true) setTimeout(() => resolve(undefined), 20);
  });
}

beforeEach(() => sendRequest.mockClear());

const PANEL = 'chrome-extension://keyhole/src/devtools/panel/index.html';

/** A page's end of a port, as the worker's listener sees it. */
class FakePort {
  posted: unknown[] = [];
  disconnected = false;
  private listeners: ((message: unknown) => void)[] = [];
  onMessage = { addListener: (listener: (message: unknown) => void) => this.listeners.push(listener) };
  onDisconnect = { addListener: () => {} };
  constructor(
    readonly name: string,
    readonly sender: { id?: string; url?: string },
  ) {}
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The page posts a frame; resolves once the worker answered it (or after a moment if it did not). */
  async send(frame: unknown): Promise<unknown> {
    const before = this.posted.length;
    for (const listener of this.listeners) listener(frame);
    for (let turn = 0; turn < 20 && this.posted.length === before; turn++) await new Promise((r) => setTimeout(r, 1));
    return this.posted[before];
  }
}

function connect(name = 'keyhole-calls', sender: { id?: string; url?: string } = { id: 'keyhole', url: PANEL }) {
  const port = new FakePort(name, sender);
  for (const listener of connected) listener(port);
  return port;
}

describe('the worker’s message listener', () => {
  it('is wired before the start-up reads begin, which then run once', () => {
    expect(warmUps).toEqual([1]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'no/such'])(
    'answers an unknown name %j with invalid-input instead of throwing',
    async (name) => {
      const reply = await deliver({ keyhole: 1, name, request: {} });
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', message: expect.stringMatching(/Unknown message/) },
      });
    },
  );

  it('refuses a malformed payload with a specific message, before the handler runs', async () => {
    expect(await deliver({ keyhole: 1, name: 'request/send', request: null })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/request must be an object \(got null\)/) },
    });
    expect(
      await deliver({ keyhole: 1, name: 'request/send', request: { target: 'api', method: 42, path: '/v2/self' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/method must be a word/) },
    });
    expect(
      await deliver({
        keyhole: 1,
        name: 'request/send',
        request: { target: 'nowhere', method: 'GET', path: '/v2/self' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/Unknown target/) } });
    expect(sendRequest).not.toHaveBeenCalled();
  });

  it('hands a valid payload, as checked, to its handler', async () => {
    const reply = await deliver({
      keyhole: 1,
      name: 'request/send',
      request: { target: 'api', method: 'get', path: '/v2/self', stray: true },
    });
    expect(reply).toEqual({ ok: true, value: { echoed: { target: 'api', method: 'GET', path: '/v2/self' } } });
  });

  it('ignores messages from elsewhere and non-envelopes', async () => {
    expect(listener({ keyhole: 1, name: 'session/status' }, { id: 'other' }, () => {})).toBe(false);
    expect(listener({ name: 'session/status' }, { id: 'keyhole' }, () => {})).toBe(false);
  });

  it('answers only the extension’s own pages, as the call port does (not a page of ours elsewhere, nor no page)', () => {
    const envelope = { keyhole: 1, name: 'session/status' };
    expect(listener(envelope, { id: 'keyhole', url: 'https://evil.example/page.html' }, () => {})).toBe(false);
    expect(listener(envelope, { id: 'keyhole' }, () => {})).toBe(false);
    expect(
      listener(envelope, { id: 'keyhole', url: 'chrome-extension://keyhole/src/popup/index.html' }, () => {}),
    ).toBe(true);
  });
});

describe('the pages’ call port', () => {
  it('answers each frame with its number, like the message listener: checked payload, unknown names refused', async () => {
    const port = connect();
    expect(
      await port.send({
        id: 7,
        envelope: { keyhole: 1, name: 'request/send', request: { target: 'api', method: 'get', path: '/v2/self' } },
      }),
    ).toEqual({ id: 7, reply: { ok: true, value: { echoed: { target: 'api', method: 'GET', path: '/v2/self' } } } });
    expect(await port.send({ id: 8, envelope: { keyhole: 1, name: '__proto__', request: {} } })).toMatchObject({
      id: 8,
      reply: { ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/Unknown message/) } },
    });
    expect(
      await port.send({ id: 9, envelope: { keyhole: 1, name: 'request/send', request: { target: 'nowhere' } } }),
    ).toMatchObject({ id: 9, reply: { ok: false, error: { code: 'invalid-input' } } });
    expect(sendRequest).toHaveBeenCalledTimes(1);
    expect(port.disconnected).toBe(false);
  });

  it('hands the handler the time the frame arrived, so the worker can report its own time for a call', async () => {
    const port = connect();
    await port.send({
      id: 1,
      envelope: { keyhole: 1, name: 'request/send', request: { target: 'api', method: 'GET', path: '/v2/self' } },
    });
    expect(sendRequest.mock.calls[0]?.[1]).toEqual({ senderUrl: PANEL, receivedAt: expect.any(Number) });
  });

  it('names the calling document by the key its page registers first, else by Chromium’s documentId', async () => {
    const call = {
      id: 1,
      envelope: { keyhole: 1, name: 'request/send', request: { target: 'api', method: 'GET', path: '/' } },
    };
    const keyed = connect('keyhole-calls', { id: 'keyhole', url: PANEL, documentId: 'D1' } as never);
    expect(await keyed.send({ page: 'k'.repeat(36) })).toBeUndefined();
    await keyed.send(call);
    expect(sendRequest.mock.calls[0]?.[1]).toMatchObject({ senderUrl: PANEL, caller: `page:${'k'.repeat(36)}` });
    // A second key (a page trying to take over another's bodies) ends the port.
    expect(await keyed.send({ page: 'j'.repeat(36) })).toBeUndefined();
    expect(keyed.disconnected).toBe(true);

    const unkeyed = connect('keyhole-calls', { id: 'keyhole', url: PANEL, documentId: 'D2' } as never);
    await unkeyed.send(call);
    expect(sendRequest.mock.calls[1]?.[1]).toMatchObject({ caller: 'doc:D2' });
    // A key after the first call comes too late: no frame of a call, so the port ends.
    await unkeyed.send({ page: 'k'.repeat(36) });
    expect(unkeyed.disconnected).toBe(true);
  });

  it.each([
    ['another extension', { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' }],
    ['a web page or content script of ours', { id: 'keyhole', url: 'https://evil.example/' }],
    ['a sender without an address', { id: 'keyhole' }],
  ])('refuses a port from %s', async (_who, sender) => {
    const port = connect('keyhole-calls', sender);
    expect(port.disconnected).toBe(true);
    expect(await port.send({ id: 1, envelope: { keyhole: 1, name: 'session/status' } })).toBeUndefined();
  });

  it.each([
    ['no number', { envelope: { keyhole: 1, name: 'session/status' } }],
    ['a number that is not an integer', { id: 1.5, envelope: { keyhole: 1, name: 'session/status' } }],
    ['no envelope', { id: 1, name: 'session/status' }],
    ['not an object', 'session/status'],
  ])('ends a port that sends a frame with %s, answering nothing', async (_what, frame) => {
    const port = connect();
    expect(await port.send(frame)).toBeUndefined();
    expect(port.disconnected).toBe(true);
    expect(sendRequest).not.toHaveBeenCalled();
  });

  it('answers a call whose reply the browser cannot carry with an error, instead of leaving the page waiting', async () => {
    const port = connect();
    // Chromium's postMessage throws on a message over 64 MB (say a 50 MB binary body handed over as base64).
    port.postMessage = (message: unknown) => {
      if (JSON.stringify(message).length > 1000) throw new Error('Message exceeded maximum allowed size of 64MiB.');
      port.posted.push(message);
    };
    sendRequest.mockResolvedValueOnce({ echoed: 'x'.repeat(2000) });
    expect(
      await port.send({
        id: 3,
        envelope: { keyhole: 1, name: 'request/send', request: { target: 'api', method: 'GET', path: '/v2/self' } },
      }),
    ).toMatchObject({
      id: 3,
      reply: {
        ok: false,
        error: {
          code: 'too-large',
          message: expect.stringMatching(/could not be handed to this page/),
          detail: 'Message exceeded maximum allowed size of 64MiB.',
        },
      },
    });
    expect(port.disconnected).toBe(false);
  });

  it('leaves other ports (streams) to their own listener', async () => {
    const port = connect('keyhole-stream');
    expect(await port.send({ id: 1, envelope: { keyhole: 1, name: 'session/status' } })).toBeUndefined();
    expect(port.disconnected).toBe(false);
  });
});
