import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The worker's edges, in memory: storage.local (profiles, bridge-token view) and the sealed vault.
const { local, vault } = vi.hoisted(() => ({ local: new Map<string, unknown>(), vault: new Map<string, string>() }));

vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: {
    storage: {
      local: {
        get: async (key: string) => (local.has(key) ? { [key]: local.get(key) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [key, value] of Object.entries(items)) local.set(key, structuredClone(value));
        },
        remove: async (keys: string | string[]) => {
          for (const key of [keys].flat()) local.delete(key);
        },
      },
    },
  },
}));

// Reads go straight to the map the tests change (the worker's memory copy is tested in local-store.test.ts).
vi.mock('../../../src/background/local-store.ts', () => ({
  readLocal: async (key: string) => structuredClone(local.get(key)),
  writeLocal: async (items: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(items)) local.set(key, structuredClone(value));
  },
  removeLocal: async (keys: string | string[]) => {
    for (const key of [keys].flat()) local.delete(key);
  },
}));

vi.mock('../../../src/background/secret-store.ts', () => ({
  putSecret: async (name: string, value: string) => void vault.set(name, value),
  getSecret: async (name: string) => vault.get(name),
  deleteSecret: async (name: string) => void vault.delete(name),
  hasSecret: async (name: string) => vault.has(name),
  putSecretJson: async (name: string, value: unknown) => void vault.set(name, JSON.stringify(value)),
  getSecretJson: async (name: string) => (vault.has(name) ? JSON.parse(vault.get(name)!) : undefined),
}));

vi.mock(
  '../../../src/background/popup-account-cache.ts',
  async () => (await import('./support/fake-edges.ts')).popupAccountCacheModule,
);

const {
  createApiToken,
  forgetCreatedTokens,
  normalisePastedValue,
  REMEMBER_CREATED_MS,
  stopUsingApiTokenForBridge,
  useApiTokenForBridge,
} = await import('../../../src/background/api-tokens.ts');
const { handlers } = await import('../../../src/background/handlers.ts');

const BRIDGE = 'http://127.0.0.1:8781';
const PROFILE = {
  id: 'p1',
  name: 'Sandbox',
  preset: 'sandbox',
  apiBaseUrl: 'http://127.0.0.1:8780',
  bridgeUrl: BRIDGE,
  consumerKey: 'keyhole-sandbox',
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body?: string;
}
let calls: Call[] = [];
let answer: (call: Call) => Response;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const request = (extra: Record<string, string> = {}) => ({
  email: 'ada@sandbox.keyhole.test',
  password: 'lovelace-1815',
  name: 'laptop',
  expirationDate: inAMonth(),
  ...extra,
});

const created = {
  apiToken: 'sbx_secretvalue123',
  apiTokenId: 'apitoken_1',
  creationDate: new Date().toISOString(),
  expirationDate: inAMonth(),
  name: 'laptop',
  state: 'ACTIVE',
};

beforeEach(() => {
  local.clear();
  vault.clear();
  forgetCreatedTokens();
  local.set('profiles', { profiles: [PROFILE], activeProfileId: 'p1' });
  calls = [];
  answer = () => jsonResponse(201, created);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call: Call = { url, method: init.method ?? 'GET', headers: new Headers(init.headers) };
    if (typeof init.body === 'string') call.body = init.body;
    calls.push(call);
    return answer(call);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('tokens/create', () => {
  it('posts the credentials once to {bridge}/api-tokens without Authorization and returns the value', async () => {
    const sent = request({ description: ' scripts ' });
    const result = await handlers['tokens/create'](sent, {});
    expect(result).toEqual(created);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe(`${BRIDGE}/api-tokens`);
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('authorization')).toBeNull();
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(call!.body!)).toEqual({
      email: 'ada@sandbox.keyhole.test',
      password: 'lovelace-1815',
      name: 'laptop',
      description: 'scripts',
      expirationDate: sent.expirationDate,
    });
  });

  it('never stores the password or the value anywhere', async () => {
    await createApiToken(request());
    const everything = JSON.stringify([...local.entries(), ...vault.entries()]);
    expect(everything).not.toContain('lovelace-1815');
    expect(everything).not.toContain(created.apiToken);
  });

  it('sends an MFA code only when one is given', async () => {
    await createApiToken(request({ mfaCode: ' 123456 ' }));
    expect(JSON.parse(calls[0]!.body!).mfaCode).toBe('123456');
    await createApiToken(request({ mfaCode: '' }));
    expect(JSON.parse(calls[1]!.body!)).not.toHaveProperty('mfaCode');
  });

  it('refuses an invalid request before any network call', async () => {
    await expect(createApiToken(request({ password: '' }))).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(
      createApiToken(request({ expirationDate: new Date(Date.now() + 400 * 86_400_000).toISOString() })),
    ).rejects.toMatchObject({ code: 'invalid-input', message: 'A token lasts at most one year.' });
    expect(calls).toHaveLength(0);
  });

  it.each([
    [401, { code: 'invalid-credential', message: 'Invalid email or password' }, {}, 'invalid-credential'],
    [401, { code: 'invalid-mfa-code', message: 'send mfaCode' }, {}, 'invalid-mfa-code'],
    [401, { code: 'invalid-mfa-code', message: 'Invalid MFA code' }, { mfaCode: '000000' }, 'invalid-mfa-code'],
    [400, { code: 'invalid-expiration-date', message: 'too far' }, {}, 'invalid-input'],
    [500, { message: 'boom' }, {}, 'http-error'],
  ])('turns HTTP %i %o into %s', async (status, body, extra, code) => {
    answer = () => jsonResponse(status, { ...body, type: 'error' });
    await expect(createApiToken(request(extra as Record<string, string>))).rejects.toMatchObject({ code, status });
  });

  it('reports an answer without a value as malformed', async () => {
    answer = () => jsonResponse(201, { apiTokenId: 'x' });
    await expect(createApiToken(request())).rejects.toMatchObject({ code: 'malformed-response' });
  });

  it('needs a profile', async () => {
    local.clear();
    await expect(createApiToken(request())).rejects.toMatchObject({ code: 'not-configured' });
  });
});

describe('tokens/use-for-bridge', () => {
  it('seals the value of a token created in this run, without the page sending it back', async () => {
    await createApiToken(request());
    const view = await handlers['tokens/use-for-bridge']({ apiTokenId: 'apitoken_1' }, {});
    expect(view).toEqual({ apiTokenId: 'apitoken_1', name: 'laptop', expirationDate: created.expirationDate });
    expect(JSON.parse(vault.get('bridge-token:p1')!)).toMatchObject({
      boundTo: [BRIDGE],
      value: { value: created.apiToken, apiTokenId: 'apitoken_1' },
    });
    expect(local.get('bridge-token:p1')).toEqual(view);
    expect(JSON.stringify(local.get('bridge-token:p1'))).not.toContain(created.apiToken);
    // The plain copy is gone once sealed: a second use needs the vault's copy or a paste.
    await expect(useApiTokenForBridge({ apiTokenId: 'apitoken_1' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('sign-out drops the chosen token before the session reads signed out, never after', async () => {
    await createApiToken(request());
    await handlers['tokens/use-for-bridge']({ apiTokenId: 'apitoken_1' }, {});
    // What a page reading the records at the moment the session turns signed-out would see.
    const seen: unknown[] = [];
    const set = local.set.bind(local);
    local.set = (key: string, value: unknown) => {
      if (key === 'session:p1' && (value as { state?: string }).state === 'signed-out')
        seen.push(local.get('bridge-token:p1'));
      return set(key, value);
    };
    try {
      await handlers['session/sign-out'](undefined, {});
    } finally {
      local.set = set;
    }
    expect(seen).toEqual([undefined]);
    expect(vault.has('bridge-token:p1')).toBe(false);
  });

  it('forgets a created value after a while', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    await createApiToken(request());
    vi.setSystemTime(Date.now() + REMEMBER_CREATED_MS + 1);
    await expect(useApiTokenForBridge({ apiTokenId: 'apitoken_1' })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('Paste the value'),
    });
  });

  it('checks a pasted value against the bridge, then seals it', async () => {
    answer = (call) =>
      call.headers.get('authorization') === 'Bearer sbx_pasted_value'
        ? jsonResponse(200, { id: 'user_1' })
        : jsonResponse(401, {});
    const view = await useApiTokenForBridge({
      apiTokenId: 'apitoken_9',
      value: '  Bearer sbx_pasted_value ',
      name: 'old one',
    });
    expect(calls[0]!.url).toBe(`${BRIDGE}/v2/self`);
    expect(view).toEqual({ apiTokenId: 'apitoken_9', name: 'old one' });
    expect(JSON.parse(vault.get('bridge-token:p1')!)).toMatchObject({
      boundTo: [BRIDGE],
      value: { value: 'sbx_pasted_value' },
    });
  });

  it('refuses a value created on a bridge the profile no longer uses (issue 14)', async () => {
    await createApiToken(request());
    local.set('profiles', { profiles: [{ ...PROFILE, bridgeUrl: 'http://127.0.0.1:9999' }], activeProfileId: 'p1' });
    await expect(useApiTokenForBridge({ apiTokenId: 'apitoken_1' })).rejects.toMatchObject({
      code: 'origin-refused',
      message: expect.stringMatching(/created on http:\/\/127\.0\.0\.1:8781.*now http:\/\/127\.0\.0\.1:9999/),
    });
    expect(vault.size).toBe(0);
  });

  it('refuses a pasted value the bridge refuses, and keeps nothing', async () => {
    answer = () => jsonResponse(401, { message: 'Invalid API token' });
    await expect(useApiTokenForBridge({ apiTokenId: 'x', value: 'sbx_wrong_value' })).rejects.toMatchObject({
      code: 'invalid-credential',
    });
    expect(vault.size).toBe(0);
  });

  it('refuses an id-less request', async () => {
    await expect(useApiTokenForBridge({ apiTokenId: ' ' })).rejects.toMatchObject({ code: 'invalid-input' });
  });
});

describe('tokens/stop-using-for-bridge', () => {
  it('clears the sealed token and its view, and says whether there was one', async () => {
    await createApiToken(request());
    await useApiTokenForBridge({ apiTokenId: 'apitoken_1' });
    expect(await handlers['tokens/stop-using-for-bridge'](undefined, {})).toEqual({ cleared: true });
    expect(vault.has('bridge-token:p1')).toBe(false);
    expect(local.has('bridge-token:p1')).toBe(false);
    expect(await stopUsingApiTokenForBridge()).toEqual({ cleared: false });
  });
});

describe('normalisePastedValue', () => {
  it('strips what people paste around a token', () => {
    expect(normalisePastedValue('Authorization: Bearer abcdefgh12')).toBe('abcdefgh12');
    expect(normalisePastedValue('"abcdefgh12"')).toBe('abcdefgh12');
  });
  it('refuses what cannot be a token', () => {
    expect(() => normalisePastedValue('two words here')).toThrow(/does not look like an API token/);
    expect(() => normalisePastedValue('short')).toThrow();
  });
});
