import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

const { calls, jsonResponse, resetEdges, stubFetch } = await import('./support/fake-edges.ts');
const { handlers } = await import('../../../src/background/handlers.ts');
const { markSignedIn } = await import('../../../src/background/session.ts');

const API = 'http://127.0.0.1:8780';

/** The worker's clock (performance.now), moved only by the fake network: each fetch takes NETWORK_MS. */
const NETWORK_MS = 50;
let clock = 1000;

beforeEach(async () => {
  resetEdges();
  clock = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const profile = await handlers['profiles/save'](
    {
      name: 'Sandbox',
      preset: 'sandbox',
      apiBaseUrl: API,
      bridgeUrl: 'http://127.0.0.1:8781',
      consumerKey: 'keyhole-sandbox',
      consumerSecret: 'consumer-secret',
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
    },
    {},
  );
  await markSignedIn(
    profile,
    { token: 'access-token', tokenSecret: 'token-secret' },
    {
      user: { id: 'user_1', email: 'ada@sandbox.keyhole.test' },
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  );
});

afterEach(() => vi.restoreAllMocks());

const request = { target: 'api', method: 'GET', path: '/v2/self' } as const;

describe('the worker’s own time for a call (issue 22)', () => {
  it('is the time since the message arrived, less the time on the network', async () => {
    stubFetch(() => {
      clock += NETWORK_MS;
      return jsonResponse(200, { id: 'user_1' });
    });
    // The message arrived 3 ms (of the worker's own work) before the network was waited for.
    const response = await handlers['request/send'](request, { receivedAt: clock - 3 });
    expect(response.durationMs).toBe(NETWORK_MS);
    expect(response.workerMs).toBe(3);
  });

  it('leaves out both fetches of a call signed again after a clock-skew 401', async () => {
    const serverDate = new Date(Date.now() + 3_600_000).toUTCString();
    stubFetch(() => {
      clock += NETWORK_MS;
      return calls.length === 1
        ? new Response('{"message":"Invalid timestamp"}', { status: 401, headers: { date: serverDate } })
        : jsonResponse(200, { id: 'user_1' });
    });
    const response = await handlers['request/send'](request, { receivedAt: clock - 3 });
    expect(calls).toHaveLength(2);
    expect(response.status).toBe(200);
    expect(response.workerMs).toBe(3);
  });

  it('is not reported when the arrival time is not known', async () => {
    stubFetch(() => jsonResponse(200, { id: 'user_1' }));
    expect((await handlers['request/send'](request, {})).workerMs).toBeUndefined();
  });
});

describe('a dropped connection (issue 32 item 9)', () => {
  /** An answer whose head arrives and whose body breaks after a few bytes, as a dropped connection does. */
  const broken = () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"partial": '));
          controller.error(new TypeError('network error'));
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );

  it('sends a GET once more, signed afresh, and says so', async () => {
    stubFetch(() => (calls.length === 1 ? broken() : jsonResponse(200, { id: 'user_1' })));
    const response = await handlers['request/send'](request, {});
    expect(calls).toHaveLength(2);
    expect(response).toMatchObject({ status: 200, retriedAfterDrop: true });
    // A new nonce and timestamp: the first signature may have reached the server.
    expect(calls[1]?.headers.get('authorization')).not.toBe(calls[0]?.headers.get('authorization'));
  });

  it('retries once only, and never a write', async () => {
    stubFetch(() => broken());
    await expect(handlers['request/send'](request, {})).rejects.toMatchObject({ code: 'network' });
    expect(calls).toHaveLength(2);
    calls.length = 0;
    const put = { target: 'api', method: 'PUT', path: '/v2/self', body: { kind: 'json', text: '{}' } } as const;
    await expect(handlers['request/send'](put, {})).rejects.toMatchObject({ code: 'network' });
    expect(calls).toHaveLength(1);
  });

  it('is not marked when the first attempt went through', async () => {
    stubFetch(() => jsonResponse(200, { id: 'user_1' }));
    const response = await handlers['request/send'](request, {});
    expect(calls).toHaveLength(1);
    expect(response.retriedAfterDrop).toBeUndefined();
  });
});
