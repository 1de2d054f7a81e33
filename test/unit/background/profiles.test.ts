import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileInput, ProfileView } from '../../../src/core/protocol.ts';

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

const { calls, jsonResponse, local, popupCacheCleared, resetEdges, secretStoreModule, sentTo, stubFetch, vault } =
  await import('./support/fake-edges.ts');
const { KeyholeError } = await import('../../../src/core/errors.ts');
const { handlers } = await import('../../../src/background/handlers.ts');
const { markSignedIn, setClockOffset, startDance } = await import('../../../src/background/session.ts');
const { setBridgeToken } = await import('../../../src/background/bridge-token.ts');
const { sealRequestToken } = await import('../../../src/background/bound-secrets.ts');

const API = 'http://127.0.0.1:8780';
const BRIDGE = 'http://127.0.0.1:8781';
const OTHER = 'http://127.0.0.1:9999';
const CONSUMER_SECRET = 'consumer-secret-for-8780';
const TOKEN_SECRET = 'token-secret-for-8780';
const API_TOKEN = 'api-token-made-on-8781';
const SECRETS = [CONSUMER_SECRET, TOKEN_SECRET, API_TOKEN];

const input: ProfileInput = {
  name: 'Sandbox',
  preset: 'sandbox',
  apiBaseUrl: API,
  bridgeUrl: BRIDGE,
  consumerKey: 'keyhole-sandbox',
  consumerSecret: CONSUMER_SECRET,
  signatureMethod: 'PLAINTEXT',
  tokenEndpoint: 'form',
};
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** A profile signed in on API/BRIDGE, with an API token for bridge calls and (unless told) a sign-in in progress. */
async function signedInProfile(extra: Partial<ProfileInput> = {}, dancing = true): Promise<ProfileView> {
  const profile = await handlers['profiles/save']({ ...input, ...extra }, {});
  await markSignedIn(
    profile,
    { token: 'access-token', tokenSecret: TOKEN_SECRET },
    {
      user: { id: 'user_1', email: 'ada@sandbox.keyhole.test' },
      expiresAt: inAMonth(),
    },
  );
  await setBridgeToken(profile.id, profile.bridgeUrl, { apiTokenId: 't1', name: 'laptop', value: API_TOKEN });
  await setClockOffset(profile.id, 42);
  if (dancing) {
    await startDance(profile.id);
    await sealRequestToken(profile, { token: 'request-token', tokenSecret: 'request-token-secret' });
  }
  return profile;
}

const send = (request: Parameters<(typeof handlers)['request/send']>[0]) =>
  handlers['request/send'](request, {}).then(
    (value) => ({ ok: true as const, value }),
    (error: { code: string; message: string }) => ({ ok: false as const, error }),
  );

beforeEach(() => {
  resetEdges();
  stubFetch(() => jsonResponse(200, { id: 'user_1' }));
});

describe('forgetting every secret (vault reset)', () => {
  it('signs every profile out and forgets the popup’s cached account of each', async () => {
    const profile = await signedInProfile({}, false);
    const vaultFake = secretStoreModule.vault as { reset?: () => Promise<unknown> };
    vaultFake.reset = async () => ({ state: 'off' });
    try {
      await handlers['vault/reset'](undefined, {});
    } finally {
      delete vaultFake.reset;
    }
    expect((await handlers['session/status'](undefined, {})).state).toBe('signed-out');
    // Without its secrets the account is gone: the popup must not paint it again as signed in.
    expect(popupCacheCleared).toEqual([profile.id]);
  });
});

describe('moving a profile to another origin (issue 14, item 1)', () => {
  it('refuses without the consumer secret typed again, says why on that field, and changes nothing', async () => {
    const profile = await signedInProfile();
    const before = structuredClone([...local]);
    const reply = handlers['profiles/save']({ ...profile, apiBaseUrl: OTHER }, {});
    await expect(reply).rejects.toMatchObject({
      code: 'invalid-input',
      message: /^The API address changed: type the consumer secret again/,
    });
    const detail = JSON.parse(((await reply.catch((error) => error)) as { detail: string }).detail);
    expect(Object.keys(detail)).toEqual(['consumerSecret']);
    expect(detail.consumerSecret).toMatch(/sends a secret only to the address it was entered for/);
    expect([...local]).toEqual(before);
    expect((await handlers['session/status'](undefined, {})).state).toBe('signing-in');
  });

  it('with the new secret: signs out with a notice and drops the session, request token, dance and clock offset', async () => {
    const profile = await signedInProfile();
    await handlers['profiles/save']({ ...profile, apiBaseUrl: OTHER, consumerSecret: 'secret-typed-for-9999' }, {});
    const status = await handlers['session/status'](undefined, {});
    expect(status).toMatchObject({
      state: 'signed-out',
      profile: { apiBaseUrl: OTHER },
      lastError: {
        code: 'not-signed-in',
        message: expect.stringMatching(/^Signed out because the profile’s address changed/),
      },
      // The bridge did not move: the API token made for it stays in use there.
      bridgeToken: { name: 'laptop' },
    });
    for (const name of ['access-token', 'request-token']) expect(vault.has(`${name}:${profile.id}`)).toBe(false);
    for (const key of ['dance', 'clock']) expect(local.has(`${key}:${profile.id}`)).toBe(false);
    // The popup's cached account belonged to the old address: it would be painted again as this profile's.
    expect(popupCacheCleared).toEqual([profile.id]);
    expect(JSON.parse(vault.get(`consumer-secret:${profile.id}`)!)).toEqual({
      boundTo: [OTHER, BRIDGE],
      value: 'secret-typed-for-9999',
    });

    // The next API call goes nowhere: no session for the new host; the old secrets never reach it.
    const reply = await send({ target: 'api', method: 'GET', path: '/v2/self' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    expect(calls).toHaveLength(0);
  });

  it('locked (passphrase lock), a move with the new secret is refused before it ends anything', async () => {
    const profile = await signedInProfile({}, false);
    const before = structuredClone([...local]);
    const vaultBefore = structuredClone([...vault]);
    vi.spyOn(secretStoreModule.vault, 'requireOpen').mockRejectedValueOnce(
      new KeyholeError('vault-locked', 'Keyhole is locked.'),
    );
    const reply = handlers['profiles/save']({ ...profile, bridgeUrl: OTHER, consumerSecret: 'typed-while-locked' }, {});
    await expect(reply).rejects.toMatchObject({ code: 'vault-locked' });
    expect([...local]).toEqual(before);
    expect([...vault]).toEqual(vaultBefore);
    expect(await handlers['session/status'](undefined, {})).toMatchObject({
      state: 'signed-in',
      bridgeToken: { name: 'laptop' },
    });
  });

  it('moving the bridge also forgets the API token chosen for the old bridge', async () => {
    const profile = await signedInProfile();
    await handlers['profiles/save']({ ...profile, bridgeUrl: OTHER, consumerSecret: 'secret-typed-again' }, {});
    const status = await handlers['session/status'](undefined, {});
    expect(status).toMatchObject({
      state: 'signed-out',
      lastError: { message: /API token chosen for the old bridge/ },
    });
    expect('bridgeToken' in status).toBe(false);
    expect(vault.has(`bridge-token:${profile.id}`)).toBe(false);
    expect(local.has(`bridge-token:${profile.id}`)).toBe(false);
    const reply = await send({ target: 'bridge', method: 'GET', path: '/v2/self' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    expect(calls).toHaveLength(0);
  });

  it('keeps the session when the origin stays (a path, a trailing slash, another name)', async () => {
    const profile = await signedInProfile({}, false);
    await handlers['profiles/save']({ ...profile, name: 'Renamed', apiBaseUrl: `${API}/` }, {});
    expect(popupCacheCleared).toEqual([]);
    await send({ target: 'api', method: 'GET', path: '/v2/self' });
    expect(calls.map((call) => call.url)).toEqual([`${API}/v2/self`]);
    expect(calls[0]!.headers.get('authorization')).toContain(`oauth_signature="${CONSUMER_SECRET}%26${TOKEN_SECRET}"`);
  });

  it('checks at use too: a profile record moved behind the save rules’ back gets no secret signed or sent', async () => {
    await signedInProfile({}, false);
    const record = local.get('profiles') as { profiles: ProfileView[] };
    record.profiles[0] = { ...record.profiles[0]!, apiBaseUrl: OTHER, bridgeUrl: OTHER };
    local.set('profiles', record);

    const api = await send({ target: 'api', method: 'GET', path: '/v2/self', signatureMethod: 'PLAINTEXT' });
    expect(api).toMatchObject({ ok: false, error: { code: 'origin-refused' } });
    const bridge = await send({ target: 'bridge', method: 'GET', path: '/v2/self' });
    expect(bridge).toMatchObject({ ok: false, error: { code: 'origin-refused', message: /API token “laptop”/ } });
    const curl = handlers['request/curl'](
      { request: { target: 'api', method: 'GET', path: '/v2/self' }, reveal: true },
      {},
    );
    await expect(curl).rejects.toMatchObject({ code: 'origin-refused' });
    expect(calls).toHaveLength(0);
    for (const secret of SECRETS) expect(sentTo(OTHER)).not.toContain(secret);
  });
});

describe('deleting a profile (issue 14, item 6)', () => {
  it('removes every record of it, and only of it', async () => {
    const kept = await signedInProfile({ name: 'Kept' });
    const gone = await signedInProfile({ name: 'Gone' });
    await handlers['profiles/delete']({ id: gone.id }, {});
    const leftovers = [...local.keys(), ...vault.keys()].filter((key) => key.includes(gone.id));
    expect(leftovers).toEqual([]);
    expect(popupCacheCleared).toEqual([gone.id]);
    // The other profile's records are untouched.
    const keptKeys = [...local.keys(), ...vault.keys()].filter((key) => key.includes(kept.id)).sort();
    expect(keptKeys).toEqual(
      ['session', 'dance', 'clock', 'bridge-token', 'consumer-secret', 'access-token', 'request-token', 'bridge-token']
        .map((prefix) => `${prefix}:${kept.id}`)
        .sort(),
    );
    expect(await handlers['profiles/list'](undefined, {})).toMatchObject({
      profiles: [{ id: kept.id }],
      activeId: kept.id,
    });
  });
});

describe('signing out (issue 14, item 6)', () => {
  it('stops bridge calls with the stored API token: its sealed value and its view go, and the status says so', async () => {
    const profile = await signedInProfile({}, false);
    const out = await handlers['session/sign-out'](undefined, {});
    expect(out.state).toBe('signed-out');
    expect('bridgeToken' in out).toBe(false);
    expect(vault.has(`bridge-token:${profile.id}`)).toBe(false);
    expect(local.has(`bridge-token:${profile.id}`)).toBe(false);
    expect(popupCacheCleared).toEqual([profile.id]);
    const reply = await send({ target: 'bridge', method: 'GET', path: '/v2/self' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    expect(calls).toHaveLength(0);
  });

  it('names a token kept for bridge calls in every state, so no page claims OAuth is used when it is not', async () => {
    const profile = await handlers['profiles/save'](input, {});
    await setBridgeToken(profile.id, BRIDGE, { apiTokenId: 't1', name: 'kept at onboarding', value: API_TOKEN });
    expect(await handlers['session/status'](undefined, {})).toMatchObject({
      state: 'signed-out',
      bridgeToken: { name: 'kept at onboarding' },
    });
  });
});

describe('profiles/import (Settings → Import all)', () => {
  beforeEach(() => resetEdges());

  it('adds profiles without a secret under new ids, beside the ones here, never replacing one', async () => {
    const here = await handlers['profiles/save'](input, {});
    const { consumerSecret: _secret, ...withoutSecret } = input;
    const { ids } = await handlers['profiles/import'](
      { profiles: [withoutSecret, { ...withoutSecret, name: 'Second', consumerKey: 'other' }] },
      {},
    );
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(here.id);
    const { profiles, activeId } = await handlers['profiles/list'](undefined, {});
    expect(activeId).toBe(here.id);
    expect(profiles.map((profile) => [profile.name, profile.hasConsumerSecret])).toEqual([
      ['Sandbox', true],
      ['Sandbox', false],
      ['Second', false],
    ]);
  });

  it('refuses an import that carries a secret or an id, or an address the form would refuse, and adds nothing', async () => {
    const { consumerSecret: _secret, ...withoutSecret } = input;
    for (const profile of [
      input,
      { ...withoutSecret, id: 'x' },
      { ...withoutSecret, apiBaseUrl: 'http://api.example' },
    ])
      await expect(handlers['profiles/import']({ profiles: [profile] }, {})).rejects.toBeInstanceOf(KeyholeError);
    expect((await handlers['profiles/list'](undefined, {})).profiles).toEqual([]);
  });
});
