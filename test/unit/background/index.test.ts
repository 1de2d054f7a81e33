import { beforeEach, describe, expect, it, vi } from 'vitest';

// The worker entry with its edges replaced: the listener it registers is called as the browser would.
type Listener = (message: unknown, sender: { id?: string; url?: string }, reply: (value: unknown) => void) => unknown;
const { registered, sendRequest, warmUps } = vi.hoisted(() => ({
  registered: [] as Listener[],
  sendRequest: vi.fn(async (request: unknown) => ({ echoed: request })),
  /** How many message listeners were registered when each warm-up began. */
  warmUps: [] as number[],
}));

vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: {
    runtime: { id: 'keyhole', onMessage: { addListener: (listener: Listener) => registered.push(listener) } },
  },
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
});
