/**
 * What a hostile or careless server echoes back must not hand a page a reusable credential: a PLAINTEXT signature
 * is the consumer and token secrets themselves, a Bearer header the API token. (An HMAC signature is single-use and
 * may be shown.) The worker runs as in the extension, against fakes of the browser's edges.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from './support/fake-edges.ts';

vi.mock(
  '../../../src/background/extension-api.ts',
  async () => (await import('./support/fake-edges.ts')).extensionApiModule,
);
vi.mock(
  '../../../src/background/secret-store.ts',
  async () => (await import('./support/fake-edges.ts')).secretStoreModule,
);
vi.mock(
  '../../../src/background/popup-account-cache.ts',
  async () => (await import('./support/fake-edges.ts')).popupAccountCacheModule,
);

const { identity, jsonResponse, local, REDIRECT_URL, resetEdges, stubFetch } = await import('./support/fake-edges.ts');
const { handlers } = await import('../../../src/background/handlers.ts');
const { takeHeldBody } = await import('../../../src/background/deferred-bodies.ts');
const { percentEncode } = await import('../../../src/core/oauth1/percent-encode.ts');

const API = 'http://127.0.0.1:8780';
const BRIDGE = 'http://127.0.0.1:8781';
const CONSUMER_SECRET = 'consumer-secret-0123456789';
const TOKEN_SECRET = 'access-token-secret-9876543210';
const API_TOKEN = 'api-token-value-abcdefghijkl';

/** A server that answers its own paths, and otherwise echoes the request's Authorization header back. */
let echo: (authorization: string) => Response;
async function platform(call: Call): Promise<Response> {
  const path = new URL(call.url).pathname;
  if (path === '/v2/oauth/request_token')
    return new Response('oauth_token=rt&oauth_token_secret=request-token-secret&oauth_callback_confirmed=true');
  if (path === '/v2/oauth/access_token') return new Response(`oauth_token=at&oauth_token_secret=${TOKEN_SECRET}`);
  if (path === '/v2/self' && !call.headers.get('authorization')?.includes('PLAINTEXT'))
    return jsonResponse(200, { id: 'user_1', email: 'ada@sandbox.keyhole.test' });
  return echo(call.headers.get('authorization') ?? '');
}

const send = (request: Record<string, unknown>) =>
  handlers['request/send']({ target: 'api', method: 'GET', path: '/v2/echo', ...request } as never, {});

function expectNoReusableSecret(text: string): void {
  for (const secret of [CONSUMER_SECRET, TOKEN_SECRET, API_TOKEN]) expect(text).not.toContain(secret);
}

beforeEach(async () => {
  resetEdges();
  stubFetch(platform);
  identity.launch = async (url) =>
    `${REDIRECT_URL}?oauth_token=${new URL(url).searchParams.get('oauth_token')}&oauth_verifier=v`;
  await handlers['profiles/save'](
    {
      name: 'Sandbox',
      preset: 'sandbox',
      apiBaseUrl: API,
      bridgeUrl: BRIDGE,
      consumerKey: 'keyhole-sandbox',
      consumerSecret: CONSUMER_SECRET,
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
    },
    {},
  );
  await handlers['session/sign-in'](undefined, {});
});

describe('a server echoing the request back', () => {
  it('PLAINTEXT: the secrets are masked in the body and the headers a page gets', async () => {
    echo = (authorization) =>
      new Response(JSON.stringify({ youSent: authorization, decoded: decodeURIComponent(authorization) }), {
        headers: { 'Content-Type': 'application/json', 'X-Echo': authorization },
      });
    const response = await send({ signatureMethod: 'PLAINTEXT' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ kind: 'text', text: expect.stringContaining('oauth_signature=') });
    expectNoReusableSecret(JSON.stringify(response));
  });

  it('PLAINTEXT: the secrets are masked in the reason phrase and in header names too', async () => {
    echo = (authorization) =>
      new Response('{}', {
        status: 200,
        statusText: `Echo ${authorization.replace(/[^\x20-\x7e]/g, '')}`,
        headers: { 'Content-Type': 'application/json', [`x-${authorization.replace(/[^A-Za-z0-9-]/g, '_')}`]: '1' },
      });
    const response = await send({ signatureMethod: 'PLAINTEXT' });
    expect(response.status).toBe(200);
    expect(response.statusText).toMatch(/^Echo OAuth/);
    expectNoReusableSecret(JSON.stringify(response));
  });

  it('PLAINTEXT: the secrets are masked in the content type the page is told', async () => {
    echo = (authorization) =>
      new Response('{}', { headers: { 'Content-Type': `application/json; echo=${authorization.replace(/"/g, '')}` } });
    const response = await send({ signatureMethod: 'PLAINTEXT' });
    expect(response.contentType).toMatch(/^application\/json; echo=OAuth .*•••/);
    expectNoReusableSecret(JSON.stringify(response));
  });

  it('PLAINTEXT: a 401 “expired” that echoes it keeps it neither in the error nor in the stored session', async () => {
    echo = (authorization) =>
      jsonResponse(401, { id: 4001, type: 'error', message: `Token expired (request: ${authorization})` });
    await expect(send({ signatureMethod: 'PLAINTEXT' })).rejects.toSatisfy(
      (error: { code: string; detail: string }) => {
        expect(error.code).toBe('session-expired');
        expect(error.detail).toContain('Token expired');
        expectNoReusableSecret(error.detail);
        return true;
      },
    );
    expectNoReusableSecret(JSON.stringify([...local.entries()]));
    expectNoReusableSecret(JSON.stringify(await handlers['session/status'](undefined, {})));
  });

  it('PLAINTEXT: an echo cut by the size limit inside the secret shows none of its start', async () => {
    const head = '{"echo":"';
    // The signature echoed first, so the request's limit cuts the body 20 characters into the consumer secret.
    echo = (authorization) =>
      new Response(`${head}${authorization.slice(authorization.indexOf(CONSUMER_SECRET))}"}`, {
        headers: { 'Content-Type': 'application/json' },
      });
    const response = await send({ signatureMethod: 'PLAINTEXT', maxBodyBytes: head.length + 20 });
    expect(response.body).toEqual({ kind: 'text', text: `${head}•••`, truncated: true });
  });

  it('Bearer: the API token is masked', async () => {
    // The bridge's check of a pasted token (GET /v2/self) passes: it is not PLAINTEXT.
    expect(await handlers['tokens/use-for-bridge']({ apiTokenId: 'seeded', value: API_TOKEN }, {})).toMatchObject({
      apiTokenId: 'seeded',
    });
    echo = (authorization) => new Response(`you sent ${authorization}`, { headers: { 'Content-Type': 'text/plain' } });
    const response = await send({ target: 'bridge', path: '/v2/echo', bridgeAuth: 'token' });
    expect(response.auth).toBe('bearer');
    expect(response.body).toMatchObject({ kind: 'text', text: 'you sent Bearer •••' });
    expectNoReusableSecret(JSON.stringify(response));
  });

  it('Bearer: a token with characters a URL encodes is masked in its URL-encoded echo too', async () => {
    const token = 'api+token/value=abcdefghijkl';
    await handlers['tokens/use-for-bridge']({ apiTokenId: 'seeded', value: token }, {});
    // A server that echoes the request as a query string (a redirect target, a form-style log line).
    echo = (authorization) =>
      new Response(`authorization=${encodeURIComponent(authorization)}`, { headers: { 'Content-Type': 'text/plain' } });
    const response = await send({ target: 'bridge', path: '/v2/echo', bridgeAuth: 'token' });
    expect(response.body).toMatchObject({ kind: 'text', text: 'authorization=Bearer%20•••' });
  });

  it('Bearer: a mixed-case token echoed in a header name (which fetch lower-cases) is masked there too', async () => {
    const token = 'Api-Token-Value-ABCDEFGHIJKL';
    await handlers['tokens/use-for-bridge']({ apiTokenId: 'seeded', value: token }, {});
    echo = (authorization) =>
      new Response('{}', { headers: { 'Content-Type': 'application/json', [`x-${authorization.slice(7)}`]: '1' } });
    const response = await send({ target: 'bridge', path: '/v2/echo', bridgeAuth: 'token' });
    expect(response.headers).toContainEqual(['x-•••', '1']);
    expect(JSON.stringify(response).toLowerCase()).not.toContain(token.toLowerCase());
  });

  it('Bearer: a token encoded by other URL encoders (a form’s %7E for ~, encodeURIComponent’s bare * ( ) !) is masked', async () => {
    const token = "api~token*value(abcdef)!'ghij";
    await handlers['tokens/use-for-bridge']({ apiTokenId: 'seeded', value: token }, {});
    // The echo as a form or query string (URLSearchParams, as a server's form encoder writes it), and as JavaScript's
    // encodeURIComponent writes it: each leaves other characters bare than OAuth's percent-encoding (RFC 3986).
    echo = (authorization) =>
      new Response(
        `${new URLSearchParams({ authorization })}&uri=${encodeURIComponent(authorization)}&lower=${new URLSearchParams({ authorization }).toString().replace(/%7E/g, '%7e')}`,
        { headers: { 'Content-Type': 'text/plain' } },
      );
    const response = await send({ target: 'bridge', path: '/v2/echo', bridgeAuth: 'token' });
    expect(response.body).toMatchObject({
      kind: 'text',
      text: 'authorization=Bearer+•••&uri=Bearer%20•••&lower=authorization=Bearer+•••',
    });
  });

  it('HMAC: the single-use signature is shown as sent', async () => {
    echo = (authorization) => new Response(authorization, { headers: { 'Content-Type': 'text/plain' } });
    const response = await send({});
    expect(response.body).toMatchObject({ kind: 'text', text: expect.stringMatching(/oauth_signature="[^"•]{20,}"/) });
  });
});

describe('a server echoing the secrets in a body the page gets as bytes or as a stream', () => {
  /** Every form the worker masks, for both PLAINTEXT secrets: as typed, encoded once (the signature), twice. */
  const forms = [CONSUMER_SECRET, TOKEN_SECRET].flatMap((secret) => [
    secret,
    percentEncode(secret),
    percentEncode(percentEncode(secret)),
  ]);
  const encoder = new TextEncoder();

  /** An answer of `size` bytes of `filler`, with the header and each secret form in it, cut into `chunk`-byte reads. */
  function echoing(authorization: string, contentType: string, size: number, chunk: number): Response {
    const parts = [authorization, ...forms].map((part) => encoder.encode(`<${part}>`));
    const bytes = new Uint8Array(size).map((_, index) => (index * 131) & 0xff);
    let at = 1000;
    for (const part of parts) {
      bytes.set(part, at);
      at += Math.floor(size / 8) + 7;
    }
    // The last copy straddles the end of a chunk.
    bytes.set(parts[1]!, size - chunk - 5);
    let read = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read >= size) return controller.close();
        controller.enqueue(bytes.slice(read, read + chunk));
        read += chunk;
      },
    });
    return new Response(body, { headers: { 'Content-Type': contentType } });
  }

  function expectNoForm(bytes: Uint8Array): void {
    const asText = Buffer.from(bytes).toString('latin1');
    for (const form of forms) expect(asText).not.toContain(Buffer.from(form).toString('latin1'));
    expect(Buffer.from(bytes).toString('utf8')).toContain('•••');
  }

  it('PLAINTEXT: a small binary body is masked byte-wise', async () => {
    echo = (authorization) => echoing(authorization, 'application/octet-stream', 200_000, 65_536);
    const response = await send({ signatureMethod: 'PLAINTEXT' });
    expect(response.body.kind).toBe('bytes');
    expectNoForm(Buffer.from((response.body as { base64: string }).base64, 'base64'));
  });

  it('PLAINTEXT: a body of 256 KB or more, streamed to the page, is masked as it flows, across chunk edges', async () => {
    // As in the extension's service worker: bodies of 256 KB or more are held and streamed to the page.
    vi.stubGlobal('ServiceWorkerGlobalScope', function ServiceWorkerGlobalScope() {});
    try {
      for (const [contentType, chunk] of [
        ['application/json', 4093],
        ['application/octet-stream', 65_536],
      ] as const) {
        echo = (authorization) => echoing(authorization, contentType, 1_000_000, chunk);
        const response = await send({ signatureMethod: 'PLAINTEXT' });
        expect(response.bodyStreamed).toBe(true);
        const held = await takeHeldBody(response.bodyRef!, contentType === 'application/json' ? 'text' : 'bytes');
        expectNoForm(held.kind === 'text' ? encoder.encode(held.text) : Buffer.from(held.base64, 'base64'));
      }
      // Cut by the request's size limit 20 characters into the consumer secret: the stream ends without them.
      const body = encoder.encode(`${'-'.repeat(300_000)}${CONSUMER_SECRET} and more`);
      echo = () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (let at = 0; at < body.byteLength; at += 65_536) controller.enqueue(body.slice(at, at + 65_536));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/plain' } },
        );
      const cut = await send({ signatureMethod: 'PLAINTEXT', maxBodyBytes: 300_020 });
      expect(cut.bodyStreamed).toBe(true);
      const held = await takeHeldBody(cut.bodyRef!, 'text');
      expect(held).toMatchObject({ end: { truncated: true } });
      expect((held as { text: string }).text.slice(-12)).toBe('---------•••');
    } finally {
      vi.unstubAllGlobals();
      stubFetch(platform);
    }
  });
});
