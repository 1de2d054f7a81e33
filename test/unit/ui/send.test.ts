import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendResponse } from '../../../src/core/protocol.ts';

// The worker, as the call port reaches it: `sendMessage` stands for the worker's answer to one envelope. An answer
// of undefined means "no receiver" (the port closes with Chromium's "Receiving end does not exist"); a rejection
// closes the port with that error as runtime.lastError, as a worker stopped mid-call does.
const { sendMessage, runtime, ports, pageFrames } = vi.hoisted(() => {
  const sendMessage = vi.fn();
  /** The frames that are not calls: a page's key, registered first on each port it opens. */
  const pageFrames: unknown[] = [];
  const ports: { name: string; disconnect(message: string): void; closeQuietly(): void }[] = [];
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    maxMessageLength: Number.POSITIVE_INFINITY,
    connect: vi.fn(({ name }: { name: string }) => {
      const messageListeners: ((message: unknown) => void)[] = [];
      const disconnectListeners: (() => void)[] = [];
      let closed = false;
      const disconnect = (message: string) => {
        if (closed) return;
        closed = true;
        runtime.lastError = { message };
        for (const listener of disconnectListeners) listener();
        runtime.lastError = undefined;
      };
      // Closed, with its disconnect event still on its way to the page.
      const closeQuietly = () => {
        closed = true;
      };
      ports.push({ name, disconnect, closeQuietly });
      return {
        name,
        onMessage: { addListener: (listener: (message: unknown) => void) => messageListeners.push(listener) },
        onDisconnect: { addListener: (listener: () => void) => disconnectListeners.push(listener) },
        postMessage(frame: { id: number; envelope: unknown }) {
          if (closed) throw new Error('Attempting to use a disconnected port object');
          if (!('envelope' in frame)) {
            pageFrames.push(frame);
            return;
          }
          // Chromium refuses a message over 64 MB (here: over `runtime.maxMessageLength` characters).
          if (JSON.stringify(frame).length > runtime.maxMessageLength)
            throw new Error('Message exceeded maximum allowed size of 64MiB.');
          Promise.resolve()
            .then(() => sendMessage(frame.envelope))
            .then(
              (reply) => {
                if (reply === undefined) disconnect('Could not establish connection. Receiving end does not exist.');
                else for (const listener of messageListeners) listener({ id: frame.id, reply });
              },
              (error: Error) => disconnect(error.message),
            );
        },
      };
    }),
  };
  return { sendMessage, runtime, ports, pageFrames };
});
vi.mock('webextension-polyfill', () => ({ default: { runtime } }));
const portBody = vi.hoisted(() => ({ openPortBody: vi.fn(), readPortBody: vi.fn() }));
vi.mock('../../../src/ui/port-body.ts', () => portBody);

const { lineChannel, send } = await import('../../../src/ui/send.ts');
const { takeBodyStream, wantBodyStream } = await import('../../../src/ui/body-stream.ts');
// Loaded by send() only after a failed delivery; loaded here first so that takes no time under fake timers.
await import('../../../src/core/worker-delivery.ts');

const BODY = `[${'{"a":1},'.repeat(150_000)}{"a":2}]`;

function heldResponse(kind: 'text' | 'bytes'): SendResponse {
  return {
    url: 'http://127.0.0.1:8780/v2/big',
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: [],
    contentType: kind === 'text' ? 'application/json' : 'application/pdf',
    size: BODY.length,
    durationMs: 1,
    body: kind === 'text' ? { kind, text: '', truncated: false } : { kind, base64: '', truncated: false },
    auth: 'oauth',
    bodyRef: 'ref-1',
  };
}

/** The worker: answers request/send with a held body, and request/held-body with it. */
function workerHolding(kind: 'text' | 'bytes') {
  sendMessage.mockImplementation(async (envelope: { name: string; request: unknown }) => {
    if (envelope.name === 'request/send') return { ok: true, value: heldResponse(kind) };
    if (envelope.name === 'request/held-body')
      return {
        ok: true,
        value: kind === 'text' ? { kind, text: BODY } : { kind, base64: Buffer.from(BODY).toString('base64') },
      };
    throw new Error(`unexpected ${envelope.name}`);
  });
}

const names = () => sendMessage.mock.calls.map(([envelope]) => (envelope as { name: string }).name);
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn();
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sendMessage.mockReset();
});

describe('a large body held by the worker', () => {
  it('arrives by message when the worker does not control the page (no fetch at all)', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    workerHolding('text');
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(response.body).toEqual({ kind: 'text', text: BODY, truncated: false });
    expect(response.bodyRef).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sendMessage.mock.calls[1]?.[0]).toMatchObject({
      name: 'request/held-body',
      request: { bodyRef: 'ref-1', kind: 'text' },
    });
  });

  it('arrives by message when the fetch is not answered by the worker (404) or fails', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    workerHolding('bytes');
    fetchSpy.mockResolvedValueOnce(new Response('not found', { status: 404 }));
    const first = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(first.body).toEqual({ kind: 'bytes', base64: Buffer.from(BODY).toString('base64'), truncated: false });
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const second = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(second.body).toEqual(first.body);
    expect(names()).toEqual(['request/send', 'request/held-body', 'request/send', 'request/held-body']);
  });

  it('is fetched from the worker when it controls the page', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    workerHolding('text');
    fetchSpy.mockResolvedValueOnce(new Response(BODY, { status: 200 }));
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(response.body).toEqual({ kind: 'text', text: BODY, truncated: false });
    // With this page's key, the one it registered first on its call port: the worker hands the body to it only.
    const key = (pageFrames[0] as { page: string }).page;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(fetchSpy).toHaveBeenCalledWith('/__keyhole/body/ref-1', {
      cache: 'no-store',
      headers: { 'X-Keyhole-Page': key },
    });
    expect(names()).toEqual(['request/send']);
  });

  it('streamed: read as it arrives, then its real size, truncation and time come from its end', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    sendMessage.mockResolvedValue({
      ok: true,
      value: { ...heldResponse('text'), size: 0, durationMs: 3, bodyStreamed: true },
    });
    fetchSpy
      .mockResolvedValueOnce(new Response(BODY, { status: 200 }))
      .mockResolvedValueOnce(Response.json({ ok: true, end: { size: 900_000, truncated: true, durationMs: 420 } }));
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(response.body).toEqual({ kind: 'text', text: BODY, truncated: true });
    expect(response).toMatchObject({ size: 900_000, durationMs: 420 });
    expect(response.bodyStreamed).toBeUndefined();
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/__keyhole/body/ref-1', '/__keyhole/body/ref-1/end']);
  });

  it('streamed and cut midway: the error the worker recorded, not "no longer held"', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    sendMessage.mockResolvedValue({ ok: true, value: { ...heldResponse('text'), bodyStreamed: true } });
    const cut = new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) });
    fetchSpy.mockResolvedValueOnce(new Response(cut, { status: 200 })).mockResolvedValueOnce(
      Response.json({
        ok: false,
        error: { code: 'timeout', message: 'its body did not arrive within 30 s (262144 bytes received).' },
      }),
    );
    await expect(send('request/send', { target: 'api', method: 'GET', path: '/v2/big' })).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/262144 bytes received/),
    });
    expect(names()).toEqual(['request/send']);
  });

  it('streamed to a viewer that asked for it: the reply comes at once, the body and its end are read by the viewer', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    sendMessage.mockResolvedValue({ ok: true, value: { ...heldResponse('text'), size: 0, bodyStreamed: true } });
    fetchSpy
      .mockResolvedValueOnce(new Response(BODY, { status: 200 }))
      .mockResolvedValueOnce(Response.json({ ok: true, end: { size: BODY.length, truncated: false, durationMs: 9 } }));
    wantBodyStream('call-1');
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big', requestId: 'call-1' });
    // send() did not read the body: only the body's fetch was made, its end is the viewer's to ask.
    expect(response.body).toEqual({ kind: 'text', text: '', truncated: false });
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/__keyhole/body/ref-1']);
    const stream = takeBodyStream(response);
    expect(stream).toBeDefined();
    expect(takeBodyStream(response)).toBeUndefined();
    expect(await new Response(stream?.body).text()).toBe(BODY);
    expect(await stream?.end()).toEqual({ size: BODY.length, truncated: false, durationMs: 9 });
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/__keyhole/body/ref-1', '/__keyhole/body/ref-1/end']);
  });

  it('streamed to a viewer: an end that reports an error rejects with it', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    sendMessage.mockResolvedValue({ ok: true, value: { ...heldResponse('text'), bodyStreamed: true } });
    fetchSpy
      .mockResolvedValueOnce(new Response('[1,', { status: 200 }))
      .mockResolvedValueOnce(Response.json({ ok: false, error: { code: 'cancelled', message: 'Cancelled.' } }));
    wantBodyStream('call-2');
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big', requestId: 'call-2' });
    await expect(takeBodyStream(response)?.end()).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('a request nobody asked to stream, or a page the worker does not control, gets the whole text as before', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    sendMessage.mockImplementation(async (envelope: { name: string }) =>
      envelope.name === 'request/send'
        ? { ok: true, value: { ...heldResponse('text'), bodyStreamed: true } }
        : {
            ok: true,
            value: { kind: 'text', text: BODY, end: { size: BODY.length, truncated: false, durationMs: 1 } },
          },
    );
    wantBodyStream('call-3');
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big', requestId: 'call-3' });
    expect(response.body.kind === 'text' && response.body.text).toBe(BODY);
    expect(takeBodyStream(response)).toBeUndefined();
  });

  it('says so when the worker no longer holds it', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    sendMessage.mockImplementation(async (envelope: { name: string }) =>
      envelope.name === 'request/send'
        ? { ok: true, value: heldResponse('text') }
        : { ok: false, error: { code: 'not-found', message: 'This response body is no longer held by the worker.' } },
    );
    await expect(send('request/send', { target: 'api', method: 'GET', path: '/v2/big' })).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('a large body in the Firefox build', () => {
  // The body port itself, both ends, is tested in test/unit/background/body-port.test.ts.
  beforeEach(() => {
    vi.stubEnv('MODE', 'firefox');
    portBody.openPortBody.mockReset();
    portBody.readPortBody.mockReset();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  function workerHandingOver(kind: 'text' | 'bytes', streamed = false) {
    sendMessage.mockImplementation(async (envelope: { name: string }) => {
      if (envelope.name === 'request/send')
        return { ok: true, value: { ...heldResponse(kind), ...(streamed ? { bodyStreamed: true, size: 0 } : {}) } };
      throw new Error(`unexpected ${envelope.name}`);
    });
  }

  it('is read whole on the body port when nobody asked to stream it: no second message, no fetch', async () => {
    workerHandingOver('text', true);
    const end = { size: BODY.length, truncated: false, durationMs: 8 };
    portBody.readPortBody.mockResolvedValueOnce({ bytes: new TextEncoder().encode(BODY), ending: { ok: true, end } });
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(response.body).toEqual({ kind: 'text', text: BODY, truncated: false });
    expect(response).toMatchObject({ size: BODY.length, durationMs: 8 });
    expect(response.bodyRef).toBeUndefined();
    expect(portBody.readPortBody).toHaveBeenCalledWith('ref-1');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(names()).toEqual(['request/send']);
  });

  it('arrives as base64 when the body is binary', async () => {
    workerHandingOver('bytes');
    portBody.readPortBody.mockResolvedValueOnce({ bytes: new TextEncoder().encode(BODY) });
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big' });
    expect(response.body).toEqual({ kind: 'bytes', base64: Buffer.from(BODY).toString('base64'), truncated: false });
  });

  it('rejects with the error that cut it upstream', async () => {
    workerHandingOver('text', true);
    portBody.readPortBody.mockResolvedValueOnce({
      bytes: new Uint8Array(3),
      ending: { ok: false, error: { code: 'timeout', message: 'its body did not arrive within 30 s.' } },
    });
    await expect(send('request/send', { target: 'api', method: 'GET', path: '/v2/big' })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('is streamed to a viewer that asked for it: the reply comes at once, the viewer reads the port', async () => {
    workerHandingOver('text', true);
    const stream = { body: new Response(BODY).body, end: async () => ({ size: 1, truncated: false, durationMs: 1 }) };
    portBody.openPortBody.mockReturnValueOnce(stream);
    wantBodyStream('ff-1');
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/big', requestId: 'ff-1' });
    expect(response.body).toEqual({ kind: 'text', text: '', truncated: false });
    expect(portBody.openPortBody).toHaveBeenCalledWith('ref-1');
    expect(portBody.readPortBody).not.toHaveBeenCalled();
    expect(takeBodyStream(response)).toBe(stream);
  });
});

describe('a worker restart during a call', () => {
  const CUT =
    'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';
  const ABSENT = 'Could not establish connection. Receiving end does not exist.';
  const OK = { ok: true, value: { state: 'off' } };

  // Only setTimeout is faked: the retry rules load by dynamic import, which needs the real event loop.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  /** Runs `send` while advancing the fake clock through its waits. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    const caught = promise.then(
      (value) => {
        settled = true;
        return { value };
      },
      (error: unknown) => {
        settled = true;
        return { error };
      },
    );
    for (let turn = 0; turn < 200 && !settled; turn++) {
      await vi.runAllTimersAsync();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const result = await caught;
    if ('error' in result) throw result.error;
    return result.value;
  }

  it('a read cut short is sent again once the worker answers: no error reaches the page', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    sendMessage
      .mockRejectedValueOnce(new Error(CUT))
      .mockRejectedValueOnce(new Error(ABSENT))
      .mockResolvedValueOnce({ ok: true, value: { ...heldResponse('text'), bodyRef: undefined } });
    const response = await settle(send('request/send', { target: 'api', method: 'GET', path: '/v2/self' }));
    expect(response.status).toBe(200);
    expect(names()).toEqual(['request/send', 'request/send', 'request/send']);
  });

  it('a write cut short after it reached the worker is not repeated, and says its outcome is unknown', async () => {
    sendMessage.mockRejectedValueOnce(new Error(CUT));
    await expect(
      settle(send('request/send', { target: 'api', method: 'POST', path: '/v2/organisations' })),
    ).rejects.toMatchObject({
      code: 'outcome-unknown',
      message: expect.stringMatching(/POST \/v2\/organisations .*may have been applied — check before retrying/),
    });
    expect(sendMessage).toHaveBeenCalledTimes(1);
  });

  it('a write that never reached the worker (no receiver, or no listener answered) is sent again', async () => {
    sendMessage
      .mockRejectedValueOnce(new Error(ABSENT))
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce({ ok: true, value: { ...heldResponse('text'), method: 'DELETE', bodyRef: undefined } });
    const response = await settle(send('request/send', { target: 'api', method: 'DELETE', path: '/v2/x' }));
    expect(response.method).toBe('DELETE');
    expect(sendMessage).toHaveBeenCalledTimes(3);
  });

  it('an empty reply while the worker starts is "not ready yet", never "no handler"', async () => {
    sendMessage.mockResolvedValueOnce(undefined).mockResolvedValueOnce(OK);
    expect(await settle(send('vault/status'))).toEqual({ state: 'off' });
  });

  it('other calls that change something are not repeated either', async () => {
    sendMessage.mockRejectedValueOnce(new Error(CUT));
    await expect(settle(send('session/sign-out'))).rejects.toMatchObject({ code: 'outcome-unknown' });
    expect(sendMessage).toHaveBeenCalledTimes(1);
  });

  it('gives up after a bounded number of tries, with advice that fits', async () => {
    sendMessage.mockRejectedValue(new Error(ABSENT));
    await expect(settle(send('profiles/list'))).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringMatching(/did not take “profiles\/list” in about 3 s of trying/),
    });
    expect(sendMessage).toHaveBeenCalledTimes(8);
  });
});

describe('the call port', () => {
  const OK = { ok: true, value: { state: 'off' } };
  const CUT = 'The message port closed before a response was received.';
  const until = async (check: () => boolean) => {
    for (let turn = 0; turn < 50 && !check(); turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  /** The page's line is shared by every test in this file: start each from a closed one. */
  beforeEach(() => {
    for (const port of ports) port.disconnect('closed by the test');
    ports.length = 0;
    runtime.connect.mockClear();
  });

  it('is one port per page for every call, named for calls (streams have their own)', async () => {
    sendMessage.mockResolvedValue(OK);
    await Promise.all([send('vault/status'), send('vault/status'), send('session/status')]);
    await send('vault/status');
    expect(runtime.connect).toHaveBeenCalledTimes(1);
    expect(runtime.connect).toHaveBeenCalledWith({ name: 'keyhole-calls' });
  });

  it('answers each call with its own reply, even when they come back out of order', async () => {
    sendMessage.mockImplementation(async (envelope: { name: string }) => {
      if (envelope.name === 'vault/status') await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true, value: envelope.name };
    });
    const slow = send('vault/status');
    const fast = send('session/status');
    expect(await Promise.race([slow, fast])).toBe('session/status');
    expect(await slow).toBe('vault/status');
  });

  it('is opened again after the worker closed it (a restart), and the next call goes through', async () => {
    sendMessage.mockResolvedValue(OK);
    await send('vault/status');
    ports[0]?.disconnect('worker stopped');
    expect(await send('vault/status')).toEqual({ state: 'off' });
    expect(runtime.connect).toHaveBeenCalledTimes(2);
  });

  it('a write posted on a port that had closed went nowhere: it is sent again on a new port', async () => {
    sendMessage.mockResolvedValue(OK);
    await send('vault/status');
    // The worker stopped while idle: the port is closed, and the page has not heard of it yet when it posts.
    ports[0]?.closeQuietly();
    sendMessage.mockClear();
    sendMessage.mockResolvedValue({ ok: true, value: { ...heldResponse('text'), method: 'POST', bodyRef: undefined } });
    const response = await send('request/send', { target: 'api', method: 'POST', path: '/v2/organisations' });
    expect(response.method).toBe('POST');
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(runtime.connect).toHaveBeenCalledTimes(2);
  });

  it('a port closed with calls under way fails those calls only: reads go again, a write says its outcome is unknown', async () => {
    let release: (() => void) | undefined;
    sendMessage.mockImplementation(
      (envelope: { name: string; request?: { method?: string } }) =>
        new Promise((resolve) => {
          release = () => resolve(OK);
          if (envelope.request?.method === 'GET')
            resolve({ ok: true, value: { ...heldResponse('text'), bodyRef: undefined } });
        }),
    );
    const write = send('request/send', { target: 'api', method: 'POST', path: '/v2/organisations' });
    const caught = write.catch((error: unknown) => error);
    await until(() => release !== undefined);
    ports[0]?.disconnect(CUT);
    expect(await caught).toMatchObject({ code: 'outcome-unknown' });
    expect(sendMessage).toHaveBeenCalledTimes(1);
    // The next call opens a new port and is answered.
    const read = await send('request/send', { target: 'api', method: 'GET', path: '/v2/self' });
    expect(read.status).toBe(200);
    expect(runtime.connect).toHaveBeenCalledTimes(2);
  });
  it('a call too large for the browser to carry was never sent: it says so at once, and the port stays', async () => {
    sendMessage.mockResolvedValue(OK);
    await send('vault/status');
    runtime.maxMessageLength = 1000;
    try {
      const refused = send('request/send', {
        target: 'api',
        method: 'POST',
        path: '/v2/organisations',
        body: { kind: 'json', text: `"${'x'.repeat(2000)}"` },
      });
      // Not "the worker did not take it in 3 s, reload the extension", nor "it may have been applied".
      await expect(refused).rejects.toMatchObject({
        code: 'too-large',
        message: expect.stringMatching(/Too large to hand to Keyhole’s background worker.*nothing was sent/),
        detail: 'Message exceeded maximum allowed size of 64MiB.',
      });
    } finally {
      runtime.maxMessageLength = Number.POSITIVE_INFINITY;
    }
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(await send('vault/status')).toEqual({ state: 'off' });
    expect(runtime.connect).toHaveBeenCalledTimes(1);
  });

  it('with a channel (the panel’s, ui/worker-channel.ts): key and calls go on it, answers come back on it, and the port closing still fails what is under way', async () => {
    // The channel stands for the worker as the port does: it answers each call by `sendMessage`.
    const onChannel: unknown[] = [];
    lineChannel.open = () => {
      let answer: (message: unknown) => void = () => undefined;
      return {
        postMessage(frame: { id?: number; envelope?: unknown }) {
          onChannel.push(frame);
          if (frame.envelope)
            Promise.resolve(sendMessage(frame.envelope)).then((reply) => answer({ id: frame.id, reply }));
        },
        onMessage: { addListener: (listener: (message: unknown) => void) => (answer = listener) },
      } as never;
    };
    const keysOnPorts = pageFrames.length;
    try {
      sendMessage.mockResolvedValue(OK);
      expect(await send('vault/status')).toEqual({ state: 'off' });
      expect(onChannel).toEqual([
        { page: expect.any(String) },
        { id: 1, envelope: { keyhole: 1, name: 'vault/status', request: undefined } },
      ]);
      // Nothing went on the port, not even the key: it is the line's liveness only.
      expect(pageFrames.length).toBe(keysOnPorts);
      sendMessage.mockImplementation(() => new Promise(() => undefined));
      const write = send('request/send', { target: 'api', method: 'POST', path: '/v2/organisations' });
      const caught = write.catch((error: unknown) => error);
      await until(() => onChannel.length === 3);
      ports[0]?.disconnect(CUT);
      expect(await caught).toMatchObject({ code: 'outcome-unknown' });
    } finally {
      lineChannel.open = undefined;
    }
  });
});
