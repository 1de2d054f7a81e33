import { beforeEach, describe, expect, it, vi } from 'vitest';

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

const { calls, jsonResponse, local, resetEdges, sentTo, stubFetch, vault } = await import('./support/fake-edges.ts');
const { handlers } = await import('../../../src/background/handlers.ts');
const { setBridgeToken } = await import('../../../src/background/bridge-token.ts');
type KeyholeError = import('../../../src/core/errors.ts').KeyholeError;

const API = 'http://127.0.0.1:8780';
const BRIDGE = 'http://127.0.0.1:8781';
const OTHER_API = 'http://127.0.0.1:9998';
const OTHER_BRIDGE = 'http://127.0.0.1:9999';
const STORED_TOKEN = 'api-token-made-on-8781';

/** A bridge that makes consumers: whichever host is asked answers the same way. */
function bridge(call: { url: string; method: string }): Response {
  const path = new URL(call.url).pathname;
  if (path === '/v2/self/consumers' && call.method === 'GET') return jsonResponse(200, []);
  if (path === '/v2/self/consumers') return jsonResponse(201, { key: 'made-key', name: 'Keyhole' });
  if (path === '/v2/self/consumers/made-key/secret') return jsonResponse(200, { secret: 'made-secret' });
  return jsonResponse(404, { message: 'not found' });
}

beforeEach(async () => {
  resetEdges();
  stubFetch(bridge);
  const profile = await handlers['profiles/save'](
    {
      name: 'Sandbox',
      preset: 'sandbox',
      apiBaseUrl: API,
      bridgeUrl: BRIDGE,
      consumerKey: 'keyhole-sandbox',
      consumerSecret: 'consumer-secret',
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
    },
    {},
  );
  await setBridgeToken(profile.id, BRIDGE, { apiTokenId: 't1', name: 'laptop', value: STORED_TOKEN, apiOrigin: API });
});

const setUp = (extra: Record<string, unknown>) =>
  handlers['onboarding/setup-consumer']({ rights: ['access_organisations'], keepTokenForBridge: false, ...extra }, {});

describe('onboarding without a pasted token (issue 14, item 2)', () => {
  it('refuses to send the stored API token to another bridge, before any call, and saves no profile', async () => {
    const before = structuredClone(local.get('profiles'));
    await expect(setUp({ apiBaseUrl: OTHER_API, bridgeUrl: OTHER_BRIDGE })).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining(`will not send the API token “laptop” to ${OTHER_BRIDGE}`),
    });
    expect(calls).toHaveLength(0);
    expect(sentTo(OTHER_BRIDGE)).not.toContain(STORED_TOKEN);
    expect(local.get('profiles')).toEqual(before);
  });

  it('refuses it for another API, even on its own bridge: the consumer secret it fetches would go there', async () => {
    const before = structuredClone(local.get('profiles'));
    await expect(setUp({ apiBaseUrl: OTHER_API, bridgeUrl: BRIDGE })).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining(`to set up a profile for the API at ${OTHER_API}`),
    });
    expect(calls).toHaveLength(0);
    expect(local.get('profiles')).toEqual(before);
  });

  it('refuses it after the active profile’s API moved: the API it was chosen with counts, not the profile’s now', async () => {
    const { profiles } = await handlers['profiles/list'](undefined, {});
    const moved = { ...profiles[0]!, apiBaseUrl: OTHER_API, consumerSecret: 'typed-for-9998' };
    await handlers['profiles/save'](moved, {});
    await expect(setUp({ apiBaseUrl: OTHER_API, bridgeUrl: BRIDGE })).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining(`chosen with the API at ${API}`),
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses a token stored before its API was recorded', async () => {
    const { profiles } = await handlers['profiles/list'](undefined, {});
    await setBridgeToken(profiles[0]!.id, BRIDGE, { apiTokenId: 't0', name: 'older', value: STORED_TOKEN });
    await expect(setUp({ apiBaseUrl: API, bridgeUrl: BRIDGE })).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining('before Keyhole recorded which API it goes with'),
    });
    expect(calls).toHaveLength(0);
  });

  it('uses it with the bridge it was made for', async () => {
    const result = await setUp({ apiBaseUrl: API, bridgeUrl: BRIDGE });
    expect(result).toMatchObject({ consumerKey: 'made-key', reused: false });
    expect(new Set(calls.map((call) => new URL(call.url).origin))).toEqual(new Set([BRIDGE]));
    expect(calls.every((call) => call.headers.get('authorization') === `Bearer ${STORED_TOKEN}`)).toBe(true);
  });
});

describe('a bridge that echoes the stored token back', () => {
  it('refusing it (401, 403, another status, cut at 200 characters): the page gets the refusal, never the token', async () => {
    for (const [status, padding] of [
      [401, 0],
      [403, 0],
      [500, 0],
      [401, 180],
    ] as const) {
      // Plain text, not the platform's JSON: the error quotes its first 200 characters (the last 13 the token's).
      stubFetch((call) => new Response(`${'-'.repeat(padding)}${call.headers.get('authorization')}`, { status }));
      // What the page gets: the error as data (its message and detail).
      const reply = await setUp({ apiBaseUrl: API, bridgeUrl: BRIDGE }).catch((error: KeyholeError) => error.toData());
      expect(reply, `${status} after ${padding}`).toMatchObject({ status });
      expect(JSON.stringify(reply)).toContain('Bearer •••');
      expect(JSON.stringify(reply)).not.toContain(STORED_TOKEN.slice(0, 8));
    }
  });
});

describe('onboarding with a pasted token', () => {
  it('sends it to the bridge named, and a token kept for bridge calls is bound to that bridge', async () => {
    const result = await setUp({
      apiToken: 'pasted-for-9999',
      apiBaseUrl: OTHER_API,
      bridgeUrl: OTHER_BRIDGE,
      keepTokenForBridge: true,
    });
    expect(calls.every((call) => call.headers.get('authorization') === 'Bearer pasted-for-9999')).toBe(true);
    expect(JSON.parse(vault.get(`bridge-token:${result.profile.id}`)!)).toMatchObject({
      boundTo: [OTHER_BRIDGE],
      value: { value: 'pasted-for-9999' },
    });
    // The stored token of the other profile never went anywhere.
    expect(calls.some((call) => call.headers.get('authorization')?.includes(STORED_TOKEN))).toBe(false);
  });
});

describe('the rights asked for', () => {
  it('refuses an empty name or a hole before any call: neither is a right, and no consumer is made without one', async () => {
    // biome-ignore lint/suspicious/noSparseArray: a structured clone keeps the hole
    for (const rights of [[''], ['', 'access_organisations'], [, 'access_organisations']]) {
      await expect(
        handlers['onboarding/setup-consumer']({ rights, keepTokenForBridge: false } as never, {}),
      ).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('Unknown right') });
    }
    expect(calls).toHaveLength(0);
  });
});
