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

const { resetEdges, vault } = await import('./support/fake-edges.ts');
const {
  accessTokenFor,
  bridgeTokenFor,
  consumerSecretFor,
  requestTokenFor,
  sealAccessToken,
  sealBridgeToken,
  sealConsumerSecret,
  sealRequestToken,
} = await import('../../../src/background/bound-secrets.ts');

const API = 'http://127.0.0.1:8780';
const BRIDGE = 'http://127.0.0.1:8781';
const OTHER = 'http://127.0.0.1:9999';
const owner = { id: 'p1', name: 'Sandbox', apiBaseUrl: API, bridgeUrl: BRIDGE };
const pair = { token: 'tok', tokenSecret: 'token-secret' };

beforeEach(resetEdges);

describe('sealed secrets record the origins they are bound to', () => {
  it('binds the consumer secret and the access token to the API and bridge origins, inside the sealed value', async () => {
    await sealConsumerSecret({ ...owner, apiBaseUrl: `${API}/prefix` }, 'consumer-secret');
    await sealAccessToken(owner, pair);
    expect(JSON.parse(vault.get('consumer-secret:p1')!)).toEqual({ boundTo: [API, BRIDGE], value: 'consumer-secret' });
    expect(JSON.parse(vault.get('access-token:p1')!)).toEqual({ boundTo: [API, BRIDGE], value: pair });
  });

  it('binds a request token to the API, and an API token to its one bridge', async () => {
    await sealRequestToken(owner, pair);
    await sealBridgeToken('p1', BRIDGE, { apiTokenId: 't1', name: 'laptop', value: 'api-token-value' });
    expect(JSON.parse(vault.get('request-token:p1')!).boundTo).toEqual([API]);
    expect(JSON.parse(vault.get('bridge-token:p1')!).boundTo).toEqual([BRIDGE]);
  });
});

describe('reading a secret to sign or send checks the destination', () => {
  beforeEach(async () => {
    await sealConsumerSecret(owner, 'consumer-secret');
    await sealAccessToken(owner, pair);
    await sealRequestToken(owner, pair);
    await sealBridgeToken('p1', BRIDGE, { apiTokenId: 't1', name: 'laptop', value: 'api-token-value' });
  });

  it('releases each secret for the origins it is bound to', async () => {
    expect(await consumerSecretFor(owner, `${API}/v2/self`)).toBe('consumer-secret');
    expect(await consumerSecretFor(owner, `${BRIDGE}/v2/self`)).toBe('consumer-secret');
    expect(await accessTokenFor(owner, `${BRIDGE}/v2/self`)).toEqual(pair);
    expect(await requestTokenFor(owner, `${API}/v2/oauth/access_token`)).toEqual(pair);
    expect((await bridgeTokenFor(owner, `${BRIDGE}/v2/self`))?.value).toBe('api-token-value');
  });

  it('refuses every other origin with origin-refused and a message naming both addresses', async () => {
    // The profile record says OTHER now (edited behind the save rules' back): the binding still holds.
    const moved = { ...owner, apiBaseUrl: OTHER, bridgeUrl: OTHER };
    await expect(consumerSecretFor(moved, `${OTHER}/v2/self`)).rejects.toMatchObject({
      code: 'origin-refused',
      message: `Keyhole will not sign for ${OTHER} with the consumer secret of “Sandbox”: it was entered for ${API} and ${BRIDGE}. Type the secret again in Settings if the new address is right.`,
    });
    await expect(accessTokenFor(moved, `${OTHER}/v2/self`)).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining('session of “Sandbox”'),
    });
    await expect(requestTokenFor(owner, `${BRIDGE}/v2/oauth/access_token`)).rejects.toMatchObject({
      code: 'origin-refused',
    });
    await expect(bridgeTokenFor(owner, `${API}/v2/self`)).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringContaining(`will not send the API token “laptop” to ${API}`),
    });
  });

  it('never puts a secret in the refusal', async () => {
    const refusal = await bridgeTokenFor(owner, OTHER).catch((error: Error & { detail?: string }) => error);
    expect(`${(refusal as Error).message} ${(refusal as { detail?: string }).detail}`).not.toContain('api-token-value');
  });

  it('answers undefined when nothing is stored', async () => {
    vault.clear();
    expect(await consumerSecretFor(owner, API)).toBeUndefined();
    expect(await bridgeTokenFor(owner, BRIDGE)).toBeUndefined();
  });
});

describe('secrets stored before binding existed', () => {
  it('are taken to belong to the profile’s addresses as they are now, and to nothing else', async () => {
    vault.set('consumer-secret:p1', 'legacy-secret');
    vault.set('bridge-token:p1', JSON.stringify({ apiTokenId: 't1', name: 'old', value: 'legacy-api-token' }));
    expect(await consumerSecretFor(owner, API)).toBe('legacy-secret');
    expect((await bridgeTokenFor(owner, BRIDGE))?.value).toBe('legacy-api-token');
    await expect(bridgeTokenFor(owner, API)).rejects.toMatchObject({ code: 'origin-refused' });
  });
});
