/**
 * A compromised or buggy extension page sends the worker whatever it likes. Signed in (HMAC-SHA512, with an API
 * token chosen for bridge calls), more than 60 hostile messages go to the worker from a page: foreign targets,
 * path tricks, reserved and method-override headers, malformed payloads, prototype names. Each is refused with a
 * specific message, none reaches the logging "evil" server on another loopback port, and no reply carries a secret.
 * The same payloads go on the call port (the pages' own transport) too, where a malformed frame ends the port, and
 * on the panel's channel to the worker (ui/worker-channel.ts), which also carries what JSON cannot (cycles, BigInt,
 * Map, Blob, buffers) and is ended the same way; a blob: document of the extension's own origin gets no answer on it.
 */
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvilServer, secretForms, startEvilServer } from './support/evil-server.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';

let ext: SandboxedExtension;
let evil: EvilServer;

beforeAll(async () => {
  evil = await startEvilServer();
  ext = await startSignedInExtension();
  const chosen = await ext.message('tokens/use-for-bridge', { apiTokenId: 'pasted', value: ext.platform.apiToken });
  if (!chosen.ok) throw new Error(`bridge token not chosen: ${chosen.error.message}`);
});

afterAll(async () => {
  await ext?.close();
  await evil?.close();
});

/** Phrases of the catch-all errors: a refusal must say what was wrong instead. */
const VAGUE = [
  /did not answer/i,
  /check .*server is running/i,
  /has no handler/i,
  /undefined|null is not|cannot read/i,
];

function secretsOf(): string[] {
  const tokens = [...ext.platform.state.accessTokens.values()].map((token: { secret: string }) => token.secret);
  return [ext.platform.consumerSecret, ext.platform.apiToken, ...tokens].flatMap(secretForms);
}

const evilHost = () => evil.origin.replace('http://', '');

/** [what it tries, the request/send payload] — every one must be refused. */
function hostileRequests(): [string, unknown][] {
  const api = (path: string, extra: Record<string, unknown> = {}) => ({ target: 'api', method: 'GET', path, ...extra });
  const e = evilHost();
  return [
    ['absolute URL to another host', api(`${evil.origin}/v2/self`)],
    ['protocol-relative URL', api(`//${e}/v2/self`)],
    ['userinfo trick', api(`@${e}/v2/self`)],
    ['no leading slash', api('v2/self')],
    ['javascript: URL', api('javascript:alert(1)')],
    ['empty path', api('')],
    ['dot-dot traversal', api('/v2/../../admin')],
    ['encoded dot-dot', api('/v2/%2e%2e/%2e%2e/admin')],
    ['double-encoded dot-dot', api('/v2/%252e%252e/admin')],
    ['triple-encoded dot-dot', api('/v2/%25252e%25252e/admin')],
    ['quadruple-encoded dot-dot', api('/v2/%2525252e%2525252e/admin')],
    ['semicolon traversal', api('/v2/..;/admin')],
    ['encoded semicolon traversal', api('/v2/%2e%2e;/admin')],
    ['full-width dots', api('/v2/．．/admin')],
    ['encoded full-width dots', api('/v2/%ef%bc%8e%ef%bc%8e/admin')],
    ['CR/LF in path', api('/v2/self\r\nHost: evil')],
    ['encoded CR/LF in path', api('/v2/self%0d%0aHost:%20evil')],
    ['backslash traversal', api('/v2\\..\\admin')],
    ['encoded backslash', api('/v2/%5c..%5cadmin')],
    ['fragment', api('/v2/self#x')],
    ['encoded slash', api('/v2/%2f%2fevil')],
    ['empty segment', api('/v2//self')],
    ['unversioned path', api('/admin')],
    ['unknown version', api('/v3/self')],
    ['bridge-only path on the API', api('/api-tokens')],
    ['NUL byte', api('/v2/self\u0000')],
    ['path of 10 000 characters', api(`/v2/${'a'.repeat(10_000)}`)],
    ['unknown target', { target: 'evil', method: 'GET', path: '/v2/self' }],
    ['target as a URL', { target: evil.origin, method: 'GET', path: '/v2/self' }],
    ['target null', { target: null, method: 'GET', path: '/v2/self' }],
    ['TRACE', api('/v2/self', { method: 'TRACE' })],
    ['CONNECT', api('/v2/self', { method: 'CONNECT' })],
    ['TRACK', api('/v2/self', { method: 'TRACK' })],
    ['numeric method', api('/v2/self', { method: 42 })],
    ['method with CR/LF', api('/v2/self', { method: 'GET\r\nX: y' })],
    ['unknown method', api('/v2/self', { method: 'PROPFIND' })],
    ['Host header', api('/v2/self', { headers: [['Host', e]] })],
    ['own Authorization', api('/v2/self', { headers: [['Authorization', 'Bearer x']] })],
    ['Proxy-Authorization', api('/v2/self', { headers: [['Proxy-Authorization', 'x']] })],
    ['Cookie', api('/v2/self', { headers: [['Cookie', 'a=b']] })],
    ['Content-Length', api('/v2/self', { headers: [['Content-Length', '0']] })],
    ['X-HTTP-Method-Override', api('/v2/self', { headers: [['X-HTTP-Method-Override', 'DELETE']] })],
    ['X-HTTP-Method', api('/v2/self', { headers: [['X-HTTP-Method', 'DELETE']] })],
    ['X-Method-Override', api('/v2/self', { headers: [['X-Method-Override', 'DELETE']] })],
    ['_method in the query', api('/v2/self', { query: [['_method', 'DELETE']] })],
    [
      '_method in a form body',
      api('/v2/self', { method: 'POST', body: { kind: 'form', fields: [['_method', 'DELETE']] } }),
    ],
    ['header name with a space', api('/v2/self', { headers: [['Bad Name', 'x']] })],
    ['header value with CR/LF', api('/v2/self', { headers: [['X-Note', 'a\r\nHost: evil']] })],
    ['non-Latin-1 header value', api('/v2/self', { headers: [['X-Note', 'caf\u00e9 \u20ac']] })],
    ['headers not a list', api('/v2/self', { headers: 'Host: evil' })],
    ['query not a list of pairs', api('/v2/self', { query: 'x=1' })],
    [
      'CR/LF in a body content type',
      api('/v2/self', { method: 'POST', body: { kind: 'text', contentType: 'text/plain\r\nHost: evil', text: 'a' } }),
    ],
    ['malformed JSON body', api('/v2/self', { method: 'PUT', body: { kind: 'json', text: '{"a":' } })],
    ['GET with a body', api('/v2/self', { body: { kind: 'json', text: '{}' } })],
    ['unknown body kind', api('/v2/self', { method: 'POST', body: { kind: 'evil', text: 'x' } })],
    ['unknown signature method', api('/v2/self', { signatureMethod: 'NONE' })],
    ['unknown bridge auth', { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'cookie' }],
    ['negative timeout', api('/v2/self', { timeoutMs: -1 })],
    ['timeout as text', api('/v2/self', { timeoutMs: 'soon' })],
    ['request null', null],
    ['request a string', `GET ${evil.origin}/v2/self`],
    ['request an array', ['api', 'GET', '/v2/self']],
  ];
}

describe('hostile request/send messages from a page', () => {
  it('are all refused with a specific message, and nothing reaches the evil server', async () => {
    const requests = hostileRequests();
    expect(requests.length).toBeGreaterThanOrEqual(60);
    const secrets = secretsOf();
    const outcomes: string[] = [];
    for (const [what, request] of requests) {
      const reply = await ext.message('request/send', request);
      const text = JSON.stringify(reply);
      for (const secret of secrets) expect(text, `${what}: reply holds a secret`).not.toContain(secret);
      if (reply.ok) {
        outcomes.push(`${what}: SENT (${JSON.stringify((reply.value as { url?: string }).url)})`);
        continue;
      }
      const { code, message } = reply.error;
      const vague = code === 'internal' || VAGUE.some((pattern) => pattern.test(message));
      outcomes.push(`${what}: ${vague ? 'VAGUE ' : ''}${code}: ${message}`);
    }
    console.log(outcomes.join('\n'));
    expect(outcomes.filter((line) => / SENT |: SENT|VAGUE/.test(line))).toEqual([]);
    expect(evil.seen).toEqual([]);
  });

  it('refuses unknown and prototype message names with a specific message, and the worker keeps answering', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'request/evil']) {
      const reply = await ext.message(name, { target: 'api', method: 'GET', path: '/v2/self' });
      expect(reply, name).toMatchObject({ ok: false });
      if (reply.ok) continue;
      expect(reply.error.code, name).not.toBe('internal');
      expect(reply.error.message, name).toMatch(/unknown|not a .*message|no such/i);
    }
    const status = await ext.message<{ state: string }>('session/status');
    expect(status.ok && status.value.state).toBe('signed-in');
  });

  it('still signs and sends a well-formed call afterwards, to the profile’s own API only', async () => {
    const reply = await ext.message<{ url: string; status: number }>('request/send', {
      target: 'api',
      method: 'GET',
      path: '/v2/self',
    });
    expect(reply.ok && reply.value.status).toBe(200);
    expect(reply.ok && reply.value.url.startsWith(ext.platform.api)).toBe(true);
    expect(evil.seen).toEqual([]);
  });
});

type PortOutcome = { answers: unknown[]; disconnected: boolean };

/**
 * Posts frames on the pages' call port (core/call-port.ts) from an extension page, one after the other, each
 * answered before the next; stops at the first frame left unanswered because the worker ended the port.
 */
function overCallPort(page: Page, frames: unknown[]): Promise<PortOutcome> {
  return page.evaluate(
    (frames) =>
      new Promise<PortOutcome>((resolve) => {
        const port = chrome.runtime.connect({ name: 'keyhole-calls' });
        const answers: unknown[] = [];
        let waiting: ((answer: unknown) => void) | undefined;
        port.onMessage.addListener((answer) => waiting?.(answer));
        port.onDisconnect.addListener(() => resolve({ answers, disconnected: true }));
        void (async () => {
          for (const frame of frames) {
            answers.push(
              await new Promise((answered) => {
                waiting = answered;
                port.postMessage(frame);
              }),
            );
          }
          port.disconnect();
          resolve({ answers, disconnected: false });
        })();
      }),
    frames,
  );
}

/**
 * The answers to `requests` (by index) that hold a secret, were accepted, or were refused without saying why (an
 * internal error or a vague message); every answer must carry its frame's number.
 */
function unsafeAnswers(requests: ReturnType<typeof hostileRequests>, answers: unknown[]): string[] {
  const secrets = secretsOf();
  const accepted: string[] = [];
  answers.forEach((answer, index) => {
    const [what] = requests[index]!;
    const text = JSON.stringify(answer);
    for (const secret of secrets) expect(text, `${what}: answer holds a secret`).not.toContain(secret);
    expect((answer as { id: number }).id, what).toBe(index);
    const reply = (answer as { reply: { ok: boolean; error?: { code: string; message: string } } }).reply;
    if (
      reply.ok ||
      reply.error?.code === 'internal' ||
      VAGUE.some((pattern) => pattern.test(reply.error?.message ?? ''))
    )
      accepted.push(`${what}: ${text.slice(0, 200)}`);
  });
  return accepted;
}

describe('hostile frames on the call port', () => {
  it('get the same refusals as messages, answered by number, and nothing reaches the evil server', async () => {
    const requests = hostileRequests();
    const frames = requests.map(([, request], id) => ({ id, envelope: { keyhole: 1, name: 'request/send', request } }));
    const { answers, disconnected } = await overCallPort(ext.control, frames);
    expect(disconnected).toBe(false);
    const accepted = unsafeAnswers(requests, answers);
    expect(accepted).toEqual([]);
    expect(answers).toHaveLength(requests.length);
    expect(evil.seen).toEqual([]);
  });

  it('refuses prototype names by number; a frame that is not one ends the port, and the next port works', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'request/evil'];
    const { answers } = await overCallPort(
      ext.control,
      names.map((name, id) => ({ id, envelope: { keyhole: 1, name, request: {} } })),
    );
    expect(answers).toEqual(
      names.map((_name, id) => ({
        id,
        reply: {
          ok: false,
          error: expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/Unknown message/) }),
        },
      })),
    );
    for (const frame of [
      { envelope: { keyhole: 1, name: 'session/status' } },
      'session/status',
      { id: 1, name: 'session/status' },
    ]) {
      expect(await overCallPort(ext.control, [frame])).toEqual({ answers: [], disconnected: true });
    }
    const { answers: after } = await overCallPort(ext.control, [
      { id: 5, envelope: { keyhole: 1, name: 'session/status' } },
    ]);
    expect(after).toMatchObject([{ id: 5, reply: { ok: true, value: { state: 'signed-in' } } }]);
  });
});

type ChannelOutcome = { answers: unknown[]; afterEnd: unknown[]; next: unknown };

/**
 * Posts frames on a channel handed to the worker as the page's controller (ui/worker-channel.ts), each answered
 * before the next; then `ending` and a call after it, unanswered if the worker closed the channel, which a page
 * cannot see (no close event): what came back on it by the time a fresh channel's call is answered.
 */
function overChannel(page: Page, frames: unknown[] | string, ending?: unknown): Promise<ChannelOutcome> {
  return page.evaluate(
    async ([frames, ending]) => {
      const open = () => {
        const { port1, port2 } = new MessageChannel();
        navigator.serviceWorker.controller?.postMessage(0, [port2]);
        return port1;
      };
      const ask = (port: MessagePort, frame: unknown) =>
        new Promise<unknown>((answered) => {
          port.onmessage = (event) => answered(event.data);
          port.postMessage(frame);
        });
      const port = open();
      const answers: unknown[] = [];
      // Values JSON cannot carry, built here: a structured clone takes them as they are.
      for (const frame of typeof frames === 'string' ? hostileClones(frames) : frames)
        answers.push(await ask(port, frame));
      const afterEnd: unknown[] = [];
      port.onmessage = (event) => afterEnd.push(event.data);
      if (ending !== undefined) {
        port.postMessage(ending);
        port.postMessage({ id: 99, envelope: { keyhole: 1, name: 'session/status' } });
      }
      const fresh = open();
      const next = await ask(fresh, { id: 1, envelope: { keyhole: 1, name: 'session/status' } });
      port.close();
      fresh.close();
      return { answers, afterEnd, next };

      function hostileClones(evilOrigin: string): unknown[] {
        const send = (request: unknown) => ({ keyhole: 1, name: 'request/send', request });
        const cyclic: Record<string, unknown> = { target: 'api', method: 'GET', path: '/v2/self' };
        cyclic.headers = [['X-Self', cyclic]];
        cyclic.query = cyclic;
        const api = (extra: Record<string, unknown>) => ({ target: 'api', method: 'GET', path: '/v2/self', ...extra });
        return [
          send(cyclic),
          send(api({ timeoutMs: 10n })),
          send(api({ headers: new Map([['Host', 'evil']]) })),
          send(api({ path: new String(`${evilOrigin}/v2/self`) })),
          send(api({ method: 'POST', body: { kind: 'bytes', bytes: new Blob(['x']), contentType: 'x/y' } })),
          send(api({ method: 'POST', body: { kind: 'text', text: new Uint8Array(80 << 20), contentType: 'a/b' } })),
          send(api({ query: [['a', new Date()]], timeoutMs: Number.NaN })),
          send(api({ headers: Object.assign([], { 5: ['X-A', 'b'] }) })),
        ].map((envelope, id) => ({ id, envelope }));
      }
    },
    [frames, ending] as const,
  );
}

describe('hostile frames on the panel’s channel', () => {
  let page: Page;

  beforeAll(async () => {
    page = await ext.openPage('src/options/index.html');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await page?.close();
  });

  it('get the same refusals as on the port, answered by number, and nothing reaches the evil server', async () => {
    const requests = hostileRequests();
    const frames = requests.map(([, request], id) => ({ id, envelope: { keyhole: 1, name: 'request/send', request } }));
    const { answers } = await overChannel(page, frames);
    expect(answers).toHaveLength(requests.length);
    const accepted = unsafeAnswers(requests, answers);
    expect(accepted).toEqual([]);
    expect(evil.seen).toEqual([]);
  });

  it('refuses what only a structured clone carries (cycles, BigInt, Map, Blob, 80 MB, holes) by name', async () => {
    // The ending frame's id is no safe integer: no call, so the worker closes the channel, the call after it unrun.
    const ending = { id: 1e300, envelope: { keyhole: 1, name: 'session/status' } };
    const { answers, afterEnd, next } = await overChannel(page, evil.origin, ending);
    const summary = answers.map((answer) => {
      const { id, reply } = answer as { id: number; reply: { ok: boolean; error?: { code: string; message: string } } };
      return `${id} ${reply.ok ? 'SENT' : `${reply.error?.code}: ${reply.error?.message}`}`;
    });
    expect(summary).toHaveLength(8);
    expect(summary.filter((line) => / SENT|internal:/.test(line) || VAGUE.some((p) => p.test(line)))).toEqual([]);
    expect(afterEnd).toEqual([]);
    expect(next).toMatchObject({ id: 1, reply: { ok: true, value: { state: 'signed-in' } } });
    expect(evil.seen).toEqual([]);
  });
  it('are not answered for a client that is no extension page; a blob: document or a worker has none to hand', async () => {
    const outcome = await page.evaluate(async () => {
      // An extension page's srcdoc frame is controlled by the worker, but its URL is no page of the extension's.
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>frame</p>';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      const inner = frame.contentWindow as Window & typeof globalThis;
      const controlled = inner.navigator.serviceWorker.controller !== null;
      const { port1, port2 } = new inner.MessageChannel();
      const unexpected: unknown[] = [];
      port1.onmessage = (event) => unexpected.push(event.data);
      inner.navigator.serviceWorker.controller?.postMessage(0, [port2]);
      port1.postMessage({ page: crypto.randomUUID() });
      port1.postMessage({ id: 1, envelope: { keyhole: 1, name: 'session/status' } });
      // Posted after it, the page's own call is answered: the frame's was refused, not slow.
      const own = new MessageChannel();
      navigator.serviceWorker.controller?.postMessage(0, [own.port2]);
      const answered = await new Promise((resolve) => {
        own.port1.onmessage = (event) => resolve(event.data);
        own.port1.postMessage({ id: 2, envelope: { keyhole: 1, name: 'session/status' } });
      });
      own.port1.close();
      port1.close();
      frame.remove();
      return { controlled, unexpected, answered };
    });
    expect(outcome).toMatchObject({ controlled: true, unexpected: [], answered: { id: 2, reply: { ok: true } } });

    // A blob: document of the extension's origin is not controlled at all: it has no worker to hand a channel to.
    const opened = page.waitForEvent('popup');
    await page.evaluate(() => {
      window.open(URL.createObjectURL(new Blob(['<p>blob</p>'], { type: 'text/html' })));
    });
    const blob = await opened;
    await blob.waitForLoadState();
    expect(blob.url()).toMatch(/^blob:chrome-extension:/);
    expect(await blob.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
    await blob.close();

    // Nor has a dedicated worker of the extension's (the ones that read a hostile server's answers).
    const script = readdirSync('dist/assets').find((file) => file.startsWith('json-problem.worker'));
    const started = page.waitForEvent('worker');
    await page.evaluate((file) => {
      (globalThis as { started?: Worker }).started = new Worker(`/assets/${file}`, { type: 'module' });
    }, script);
    const worker = await started;
    expect(worker.url()).toMatch(/^chrome-extension:.*json-problem/);
    expect(await worker.evaluate(() => typeof (navigator as { serviceWorker?: unknown }).serviceWorker)).toBe(
      'undefined',
    );
    await page.evaluate(() => (globalThis as { started?: Worker }).started?.terminate());
  });
});
