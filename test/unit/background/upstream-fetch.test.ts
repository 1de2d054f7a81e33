import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Both sides of Firefox's upstream-fetch worker (src/background/upstream-fetch.ts and its worker) in one Node
 * process, with real fetches to a loopback server. Only the thread between them is a stand-in: a Worker whose
 * messages go to the worker module's own listener, structured-cloned (and transferred) as a browser does, and
 * always in a later task.
 */
vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: { runtime: { getURL: (path: string) => `moz-extension://test/${path}` } },
}));

type Listener = (event: { data: unknown }) => void;
const scope = globalThis as unknown as {
  addEventListener?: (type: string, listener: Listener) => void;
  postMessage?: (message: unknown, transfer?: Transferable[]) => void;
  Worker?: unknown;
};
let toWorker: Listener | undefined;
const toMain = new Set<Listener>();
const deliver = (listeners: Iterable<Listener>, message: unknown, transfer: Transferable[] = []) => {
  const data = structuredClone(message, { transfer });
  setTimeout(() => {
    for (const listener of listeners) listener({ data });
  });
};
scope.addEventListener = (type, listener) => {
  if (type === 'message') toWorker = listener;
};
scope.postMessage = (message, transfer) => deliver(toMain, message, transfer);
const scripts: string[] = [];
scope.Worker = class {
  constructor(url: string) {
    scripts.push(url);
  }
  addEventListener(type: string, listener: Listener) {
    if (type === 'message') toMain.add(listener);
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    deliver(toWorker ? [toWorker] : [], message, transfer);
  }
  terminate() {}
};

await import('../../../src/background/upstream-fetch.worker.ts');
const { upstreamFetch, UPSTREAM_WORKER_FILE } = await import('../../../src/background/upstream-fetch.ts');

let server: Server;
let base: string;
const closedEarly: string[] = [];
const CHUNK = 64 * 1024;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/echo') {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Seen': req.headers['x-signed'] ?? '' });
        res.end(JSON.stringify({ method: req.method, body: Buffer.concat(parts).toString() }));
      });
      return;
    }
    if (req.url === '/empty') return res.writeHead(204).end();
    if (req.url === '/moved') return res.writeHead(302, { Location: '/echo' }).end();
    if (req.url?.startsWith('/big')) {
      // 64 KB chunks written as the client takes them, 4 MB (or 64 MB, more than loopback's buffers hold, for a body
      // left early); the server notes a client that left before the end.
      const chunks = req.url === '/big-whole' ? 64 : 1024;
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      let sent = 0;
      res.on('close', () => {
        if (sent < chunks) closedEarly.push(req.url ?? '');
      });
      const next = () => {
        if (sent === chunks) return res.end();
        const chunk = Buffer.alloc(CHUNK, sent % 251);
        sent += 1;
        if (res.write(chunk)) setImmediate(next);
        else res.once('drain', next);
      };
      next();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = (extra: RequestInit = {}) => ({ ...extra, signal: new AbortController().signal });

describe('the upstream-fetch worker', () => {
  it('sends the method, headers and body as given, and answers status, headers and body', async () => {
    const response = await upstreamFetch(
      `${base}/echo`,
      options({ method: 'POST', headers: new Headers({ 'X-Signed': 'yes' }), body: 'a=1&b=2' }),
    );
    expect(scripts).toEqual([`moz-extension://test/${UPSTREAM_WORKER_FILE}`]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-seen')).toBe('yes');
    expect(JSON.parse(await new Response(response.body).text())).toEqual({ method: 'POST', body: 'a=1&b=2' });
  });

  it('hands a large body over byte for byte, one chunk per read', async () => {
    const response = await upstreamFetch(`${base}/big-whole`, options());
    const bytes = new Uint8Array(await new Response(response.body).arrayBuffer());
    expect(bytes.byteLength).toBe(64 * CHUNK);
    for (let index = 0; index < 64; index++) expect(bytes[index * CHUNK]).toBe(index % 251);
    expect(closedEarly).not.toContain('/big-whole');
  });

  it('a body cancelled after its first chunk lets the server go', async () => {
    const response = await upstreamFetch(`${base}/big-cancel`, options());
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await vi.waitFor(() => expect(closedEarly).toContain('/big-cancel'));
  });

  it('a body nobody reads is taken off the network only to just past the cap, then the server is let go', async () => {
    // Firefox's fetch takes a body off the network whatever the reader does: an endless one from a hostile server,
    // left unread (or read slower than it comes), would fill the worker's memory until the timeout. 64 MB offered,
    // nothing read by the caller, a 1 MB cap: the connection is closed early, and what was read still comes whole.
    const response = await upstreamFetch(`${base}/big-unread`, options(), 1024 * 1024);
    await vi.waitFor(() => expect(closedEarly).toContain('/big-unread'), { timeout: 10_000 });
    const bytes = new Uint8Array(await new Response(response.body).arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1024 * 1024);
    expect(bytes.byteLength).toBeLessThanOrEqual(1024 * 1024 + CHUNK * 4);
    for (let index = 0; index * CHUNK < bytes.byteLength; index++) expect(bytes[index * CHUNK]).toBe(index % 251);
  });

  it('an abort mid-body errors the reader with an AbortError', async () => {
    const controller = new AbortController();
    const response = await upstreamFetch(`${base}/big-abort`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('has no body for a 204, and does not follow a redirect', async () => {
    expect((await upstreamFetch(`${base}/empty`, options())).body).toBeNull();
    // A browser answers an opaque redirect (status 0, no body); Node's fetch the 302 itself: neither goes to /echo.
    expect([0, 302]).toContain((await upstreamFetch(`${base}/moved`, options())).status);
  });

  it('a server that is not there fails as fetch does (TypeError)', async () => {
    await expect(upstreamFetch('http://127.0.0.1:9/', options())).rejects.toBeInstanceOf(TypeError);
  });
});
