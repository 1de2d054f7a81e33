/**
 * What a page gets back when the worker cannot or will not send a request (issue 14, items 7 and 9): each case a
 * specific error, never raw browser text, a thrown listener or "check that the server is running" for a server
 * that answered. Messages are sent from an extension page, exactly as the pages send them. The profile's API goes
 * through a loopback proxy to the sandbox that cuts one response's body after its headers, as a broken connection
 * would.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse } from '../../src/core/protocol.ts';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';

let ext: SandboxedExtension;
let proxy: Server;
let upstream = '';

/** Forwards everything to the sandbox's API unchanged (Host included, so signatures still match), except that
 * the body of GET /v2/summary stops after its first bytes and the connection is destroyed. */
async function startCuttingProxy(): Promise<string> {
  proxy = createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstream);
    const out = forward(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (req.method === 'GET' && target.pathname === '/v2/summary') {
        answer.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, 10));
          setTimeout(() => res.socket?.destroy(), 50);
        });
        return;
      }
      answer.pipe(res);
    });
    out.on('error', () => res.socket?.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const api = await startCuttingProxy();
  ext = await startSandboxedExtension({ profile: { apiBaseUrl: api } });
  upstream = ext.platform.api;
  await signInOrFail(ext);
});

afterAll(async () => {
  await ext?.close();
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
});

const send = (request: unknown) => ext.message<SendResponse>('request/send', request);
const get = (path: string, extra: Record<string, unknown> = {}) =>
  send({ target: 'api', method: 'GET', path, ...extra });

describe('the worker boundary refuses malformed messages by name', () => {
  it.each(['__proto__', 'constructor', 'toString'])('an unknown message name %j gets invalid-input', async (name) => {
    expect(await ext.message(name, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/Unknown message/) },
    });
  });

  it.each([
    [null, /request must be an object \(got null\)/],
    [{ target: 'api', method: 42, path: '/v2/self' }, /method must be a word such as GET or POST \(got number 42\)/],
    [{ target: 'admin', method: 'GET', path: '/v2/self' }, /Unknown target “admin”/],
    [{ target: 'api', method: 'TRACE', path: '/v2/self' }, /never send TRACE/],
    [{ target: 'api', method: 'CONNECT', path: '/v2/self' }, /never send CONNECT/],
    [{ target: 'api', method: 'TRACK', path: '/v2/self' }, /never send TRACK/],
    [{ target: 'api', method: 'GET', path: '/v2/self', headers: [['X-Note', 'café ☕']] }, /X-Note.*☕.*Latin-1/],
    [
      {
        target: 'api',
        method: 'POST',
        path: '/v2/self',
        body: { kind: 'text', contentType: 'text/plain\r\nX-Evil: 1', text: 'a' },
      },
      /content type is not valid.*line break/,
    ],
    [
      { target: 'api', method: 'GET', path: '/v2/self', headers: [['X-HTTP-Method-Override', 'DELETE']] },
      /another method/,
    ],
  ])('request/send %j', async (request, why) => {
    expect(await send(request)).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(why) },
    });
  });

  it('refuses an 11 MB profile name with a length limit', async () => {
    const reply = await ext.control.evaluate(
      (profile) =>
        chrome.runtime.sendMessage({
          keyhole: 1,
          name: 'profiles/save',
          request: { ...profile, name: 'n'.repeat(11 * 1024 * 1024) },
        }),
      ext.profile,
    );
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'Keep the profile name to 100 characters or fewer.' },
    });
  });
});

describe('paths', () => {
  it.each([
    '/v2/..;/admin',
    '/v2/%2e%2e;/admin',
    '/v2/．．/admin',
    '/v2/%ef%bc%8e%ef%bc%8e/admin',
    '/v2/%2525252e%2525252e/admin',
  ])('refuses the disguised traversal %j', async (path) => {
    expect(await get(path)).toMatchObject({ ok: false, error: { code: 'invalid-path' } });
  });

  it('sends a literal %25 (a resource name with a percent sign), signed as sent', async () => {
    const reply = await get('/v2/self/applications/100%25');
    if (!reply.ok) throw new Error(reply.error.message);
    // Not refused by Keyhole, and the sandbox accepted the signature: it just has no such application.
    expect(reply.value.status).toBe(404);
    expect(reply.value.url.endsWith('/v2/self/applications/100%25')).toBe(true);
  });
});

describe('network failures say what happened', () => {
  it('a server that answered but whose body was cut: names the status, not "check that the server is running"', async () => {
    const reply = await get('/v2/summary');
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'network',
        status: 200,
        message: expect.stringMatching(/answered HTTP 200, but the connection broke/),
      },
    });
    if (!reply.ok) expect(reply.error.message).not.toMatch(/server is running/);
  });

  it('a refused CORS preflight (a custom header the server does not allow): says the browser blocked it', async () => {
    const reply = await get('/v2/self', { headers: [['X-Custom', '1']] });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'network',
        message: expect.stringMatching(/is up, but the browser blocked this request.*CORS preflight/),
      },
    });
    // The same request without the header goes through.
    const plain = await get('/v2/self');
    expect(plain.ok && plain.value.status).toBe(200);
  });
});
