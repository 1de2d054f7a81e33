import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Real requests to a loopback server; only the extension APIs are stand-ins (no host permission granted).
vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: { permissions: { contains: async () => false } },
}));
vi.mock('../../../src/background/browser-differences.ts', () => ({ assertHostPermission: async () => {} }));

const { DEFAULT_MAX_BODY_BYTES, fetchWithLimits, formatSeconds } = await import(
  '../../../src/background/fetch-with-limits.ts'
);

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/slow') return; // never answers: the timeout ends it
    if (req.url?.startsWith('/big')) {
      // 64 KB chunks, written as the reader asks; '/big-cut' dies after two of them, '/big-stall' stops sending.
      const chunk = 'x'.repeat(req.url === '/big-51mb' ? 1024 * 1024 : 64 * 1024);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      const next = () => {
        if (req.url === '/big-cut' && sent === 2) return res.socket?.destroy();
        if (req.url === '/big-stall' && sent === 2) return;
        if (sent === (req.url === '/big-51mb' ? 51 : 8)) return res.end();
        sent += 1;
        if (res.write(chunk)) setImmediate(next);
        else res.once('drain', next);
      };
      next();
      return;
    }
    if (req.url === '/cut') {
      // Headers and part of the body, then the connection dies: the server did answer.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100000' });
      res.write('{"items": [1, 2, 3');
      setTimeout(() => res.socket?.destroy(), 50);
      return;
    }
    if (req.url === '/events') {
      // An event stream that never ends: the call must not wait for its end.
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.write('event: HEARTBEAT\ndata: {}\n\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchWithLimits and event streams', () => {
  it('answers an event stream at once with its headers and no body (the panel opens it live)', async () => {
    const raw = await fetchWithLimits(`${base}/events`, {}, { timeoutMs: 5000 });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(raw.size).toBe(0);
  });
});

describe('fetchWithLimits says what went wrong', () => {
  it('a timeout names the limit that was set, not a rounded one (2.5 s is not "3 s")', async () => {
    await expect(fetchWithLimits(`${base}/slow`, {}, { timeoutMs: 250 })).rejects.toMatchObject({
      code: 'timeout',
      message: `${base} did not answer within 0.25 s.`,
    });
    expect(formatSeconds(2500)).toBe('2.5 s');
    expect(formatSeconds(30_000)).toBe('30 s');
  });

  it('reads a normal answer', async () => {
    const raw = await fetchWithLimits(`${base}/ok`, { method: 'GET' });
    expect(raw.status).toBe(200);
    expect(new TextDecoder().decode(raw.bytes)).toBe('fine');
  });

  it.each(['TRACE', 'CONNECT', 'track'])('refuses %s before sending anything', async (method) => {
    hits.length = 0;
    await expect(fetchWithLimits(`${base}/ok`, { method })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(new RegExp(`never send ${method.toUpperCase()}`)),
    });
    expect(hits).toEqual([]);
  });

  it('a body cut after the server answered: names the status, never "check that the server is running"', async () => {
    const failure = await fetchWithLimits(`${base}/cut`, { method: 'GET' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'network',
      status: 200,
      message: expect.stringMatching(
        /answered HTTP 200, but the connection broke while its body was being read \(18 bytes/,
      ),
    });
    expect((failure as Error).message).not.toMatch(/server is running/);
  });

  it('nothing listening: asks to check the address and that the server runs', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchWithLimits(`http://127.0.0.1:${port}/v2/self`, { method: 'GET' })).rejects.toMatchObject({
      code: 'network',
      message: expect.stringMatching(/Could not reach .* that the server is running/),
    });
  });

  it('a request the browser blocked while the server is up (a refused CORS preflight): says so', async () => {
    const realFetch = globalThis.fetch;
    // What Chromium does for a refused preflight: a bare TypeError for that request, while others get through.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('/v2/self') ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init),
    );
    try {
      const failure = await fetchWithLimits(`${base}/v2/self`, {
        method: 'PUT',
        headers: { 'X-Custom': '1' },
      }).catch((error: unknown) => error);
      expect(failure).toMatchObject({
        code: 'network',
        message: expect.stringMatching(/is up, but the browser blocked this request.*CORS preflight/),
      });
      expect((failure as Error).message).not.toMatch(/server is running/);
    } finally {
      vi.stubGlobal('fetch', realFetch);
    }
  });

  it('a body past streamAfterBytes flows as it arrives; its end tells the real size', async () => {
    const raw = await fetchWithLimits(`${base}/big`, {}, { streamAfterBytes: 100_000 });
    expect(raw.bytes.byteLength).toBe(0);
    expect(raw.stream).toBeDefined();
    const text = await new Response(raw.stream!.body).text();
    expect(text).toBe('x'.repeat(8 * 64 * 1024));
    await expect(raw.stream!.end).resolves.toMatchObject({ size: 8 * 64 * 1024, truncated: false });
    // Under the threshold, or without one, the body is read whole as before.
    const whole = await fetchWithLimits(`${base}/big`, {}, { streamAfterBytes: 10_000_000 });
    expect(whole.stream).toBeUndefined();
    expect(whole.size).toBe(8 * 64 * 1024);
  });

  it('a streamed body is cut at the size cap and says so', async () => {
    const raw = await fetchWithLimits(`${base}/big`, {}, { streamAfterBytes: 100_000, maxBodyBytes: 300_000 });
    expect((await new Response(raw.stream!.body).arrayBuffer()).byteLength).toBe(300_000);
    await expect(raw.stream!.end).resolves.toMatchObject({ size: 300_000, truncated: true });
  });

  it('the default cap is 50 MB for a body the worker reads whole, and higher for one it streams to the page', async () => {
    const size = 51 * 1024 * 1024;
    expect(size).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES);
    const streamed = await fetchWithLimits(`${base}/big-51mb`, {}, { streamAfterBytes: 100_000 });
    expect((await new Response(streamed.stream!.body).arrayBuffer()).byteLength).toBe(size);
    await expect(streamed.stream!.end).resolves.toMatchObject({ size, truncated: false });
    const whole = await fetchWithLimits(`${base}/big-51mb`, {});
    expect(whole).toMatchObject({ size: DEFAULT_MAX_BODY_BYTES, truncated: true });
  });

  it('a streamed body cut midway, or stalled past the timeout, ends with the reason', async () => {
    const cut = await fetchWithLimits(`${base}/big-cut`, {}, { streamAfterBytes: 100_000 });
    await new Response(cut.stream!.body).arrayBuffer().catch(() => undefined);
    await expect(cut.stream!.end).rejects.toMatchObject({
      code: 'network',
      status: 200,
      message: expect.stringMatching(/answered HTTP 200, but the connection broke while its body was being read/),
    });
    const stalled = await fetchWithLimits(`${base}/big-stall`, {}, { streamAfterBytes: 100_000, timeoutMs: 300 });
    await new Response(stalled.stream!.body).arrayBuffer().catch(() => undefined);
    await expect(stalled.stream!.end).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/its body did not arrive within 0.3 s \(131072 bytes received\)/),
    });
  });
});
