import { beforeEach, describe, expect, it, vi } from 'vitest';

// The port listener with its edges replaced: ports are fakes, the stream runners record what they were given.
type ConnectListener = (port: FakePort) => void;
const { connected, runs, storage } = vi.hoisted(() => ({
  connected: [] as ConnectListener[],
  runs: [] as { kind: string; command: unknown; signal: AbortSignal; post: (report: unknown) => void }[],
  storage: { ready: Promise.resolve() as Promise<void> },
}));

vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: {
    runtime: { id: 'keyhole', onConnect: { addListener: (listener: ConnectListener) => connected.push(listener) } },
  },
}));
const runner = (kind: string) => async (command: unknown, post: (report: unknown) => void, signal: AbortSignal) => {
  runs.push({ kind, command, signal, post });
  await new Promise((resolve) => signal.addEventListener('abort', resolve));
};
vi.mock('../../../src/background/log-stream.ts', () => ({ runLogStream: runner('sse') }));
vi.mock('../../../src/background/event-socket.ts', () => ({ runEventSocket: runner('events') }));
// A stream waits for the migration run as messages do (stream-port.ts); ready unless a test holds it back.
vi.mock('../../../src/background/migrations/index.ts', () => ({ whenStorageReady: () => storage.ready }));
/** Lets the deferred start of a stream (after the migration gate) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const { listenForStreams } = await import('../../../src/background/stream-port.ts');
listenForStreams();

class FakePort {
  posted: unknown[] = [];
  disconnected = false;
  private messageListeners: ((message: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  onMessage = { addListener: (listener: (message: unknown) => void) => this.messageListeners.push(listener) };
  onDisconnect = { addListener: (listener: () => void) => this.disconnectListeners.push(listener) };
  constructor(
    readonly name: string,
    readonly sender: { id?: string },
  ) {}
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The page sends a command. */
  send(message: unknown) {
    for (const listener of this.messageListeners) listener(message);
  }
  /** The page goes away (panel closed). */
  close() {
    for (const listener of this.disconnectListeners) listener();
  }
}

function connect(name = 'keyhole-stream', sender: { id?: string } = { id: 'keyhole' }): FakePort {
  const port = new FakePort(name, sender);
  for (const listener of connected) listener(port);
  return port;
}

const open = {
  type: 'open',
  kind: 'sse',
  request: { target: 'api', method: 'GET', path: '/v4/logs/organisations/o/applications/a/logs' },
};

beforeEach(() => {
  storage.ready = Promise.resolve();
  runs.length = 0;
});

describe('the stream port', () => {
  it('ignores other ports and disconnects another extension’s', () => {
    const other = connect('something-else');
    other.send(open);
    expect(runs).toHaveLength(0);
    const foreign = connect('keyhole-stream', { id: 'another-extension' });
    expect(foreign.disconnected).toBe(true);
  });

  it('starts the stream the open command names, once; ping changes nothing; close stops it', async () => {
    const port = connect();
    port.send(open);
    port.send({ type: 'ping' });
    await settle();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'sse', command: { type: 'open', request: { method: 'GET' } } });
    runs[0]!.post({ type: 'heartbeat' });
    expect(port.posted).toEqual([{ type: 'heartbeat' }]);
    port.send(open);
    expect(port.posted.at(-1)).toMatchObject({ type: 'failed', error: { message: /already holds a stream/ } });
    expect(runs[0]!.signal.aborted).toBe(true);
  });

  it('starts no stream while stored records are not yet in this build’s format, nor when they are a newer build’s', async () => {
    let release = () => {};
    storage.ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const port = connect();
    port.send(open);
    await settle();
    expect(runs).toHaveLength(0);
    release();
    await settle();
    expect(runs).toHaveLength(1);
    port.close();

    storage.ready = Promise.reject(new Error('Stored data belongs to a newer Keyhole.'));
    storage.ready.catch(() => {});
    const refused = connect();
    refused.send(open);
    await settle();
    expect(runs).toHaveLength(1);
    expect(refused.posted).toEqual([
      { type: 'failed', error: expect.objectContaining({ message: expect.stringMatching(/newer Keyhole/) }) },
    ]);
  });

  it('stops the stream when the panel goes away, and posts nothing after', async () => {
    const port = connect();
    port.send({ ...open, kind: 'events' });
    await settle();
    expect(runs[0]!.kind).toBe('events');
    port.close();
    expect(runs[0]!.signal.aborted).toBe(true);
    runs[0]!.post({ type: 'heartbeat' });
    expect(port.posted).toEqual([]);
  });

  it('answers a malformed command with the reason, then disconnects', () => {
    const port = connect();
    port.send({ type: 'open', kind: 'sse', request: { ...open.request, method: 'DELETE' } });
    expect(port.posted).toEqual([{ type: 'failed', error: expect.objectContaining({ code: 'invalid-input' }) }]);
    expect(port.disconnected).toBe(true);
    expect(runs).toHaveLength(0);
  });

  it('tells the panel why the stream stopped when the port refuses a message (Chromium: over 64 MB)', async () => {
    const port = connect();
    port.send(open);
    await settle();
    const refuse = port.postMessage.bind(port);
    port.postMessage = (message: unknown) => {
      if ((message as { type?: string }).type === 'events')
        throw new Error('Message length exceeded maximum allowed length.');
      refuse(message);
    };
    runs[0]!.post({ type: 'events', events: [{ event: 'x', data: 'y' }], cursor: { idsAtLastDate: [], received: 1 } });
    expect(runs[0]!.signal.aborted).toBe(true);
    expect(port.posted).toEqual([
      {
        type: 'failed',
        error: expect.objectContaining({
          code: 'too-large',
          message: expect.stringMatching(/Message length exceeded/),
        }),
      },
    ]);
  });
});
