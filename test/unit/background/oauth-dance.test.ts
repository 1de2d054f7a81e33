import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView, SessionStatus } from '../../../src/core/protocol.ts';
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

const edges = await import('./support/fake-edges.ts');
const { calls, identity, jsonResponse, local, REDIRECT_URL, resetEdges, sentTo, stubFetch, vault } = edges;
const { handlers } = await import('../../../src/background/handlers.ts');

const API = 'http://127.0.0.1:8780';
const BRIDGE = 'http://127.0.0.1:8781';
const EMAIL = 'ada@sandbox.keyhole.test';

/** The platform's side of the dance: numbered tokens, and faults to inject per endpoint. */
let issued = 0;
let requestTokenStatus = 200;
/** Runs while the platform answers "who am I", the dance's last step. */
let duringSelf = async () => {};

async function platform(call: Call): Promise<Response> {
  const path = new URL(call.url).pathname;
  if (path === '/v2/oauth/request_token') {
    if (requestTokenStatus !== 200) return jsonResponse(requestTokenStatus, { message: 'Service unavailable' });
    issued += 1;
    return new Response(`oauth_token=rt${issued}&oauth_token_secret=rts${issued}&oauth_callback_confirmed=true`);
  }
  if (path === '/v2/oauth/access_token') {
    issued += 1;
    return new Response(`oauth_token=at${issued}&oauth_token_secret=ats${issued}`);
  }
  if (path === '/v2/self') {
    await duringSelf();
    return jsonResponse(200, { id: 'user_1', email: EMAIL });
  }
  return jsonResponse(404, { message: 'not found' });
}

/** launchWebAuthFlow as browsers do it: one window at a time; each window approves when the test says so. */
const windows: { url: string; approve: () => void; close: () => void }[] = [];
function browserWindows(): void {
  identity.launch = (url) =>
    new Promise((resolve, reject) => {
      if (windows.length > 0) return reject(new Error('Only one web auth flow can be active at a time'));
      const token = new URL(url).searchParams.get('oauth_token');
      const done = () => windows.splice(0, 1);
      windows.push({
        url,
        approve: () => {
          done();
          resolve(`${REDIRECT_URL}?oauth_token=${token}&oauth_verifier=verifier`);
        },
        close: () => {
          done();
          reject(new Error('The user did not approve access.'));
        },
      });
    });
}

async function openWindow(): Promise<(typeof windows)[number]> {
  await vi.waitFor(() => expect(windows).toHaveLength(1));
  return windows[0]!;
}

const status = () => handlers['session/status'](undefined, {});
const signIn = () =>
  handlers['session/sign-in'](undefined, {}).then(
    (value) => ({ ok: true as const, value }),
    (error: { code: string; message: string }) => ({ ok: false as const, error }),
  );

async function signInApproved(): Promise<void> {
  const reply = signIn();
  (await openWindow()).approve();
  expect(await reply).toMatchObject({ ok: true, value: { state: 'signed-in' } });
}

let profile: ProfileView;
beforeEach(async () => {
  resetEdges();
  windows.length = 0;
  issued = 0;
  requestTokenStatus = 200;
  duringSelf = async () => {};
  stubFetch(platform);
  browserWindows();
  profile = await handlers['profiles/save'](
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
});

describe('two sign-ins at once (issue 14, item 5)', () => {
  it('the second joins the first: one request token, one window, the same result for both', async () => {
    const fromPopup = signIn();
    const window = await openWindow();
    const fromSettings = signIn();
    expect((await status()).state).toBe('signing-in');
    window.approve();
    const [first, second] = await Promise.all([fromPopup, fromSettings]);
    expect(first).toMatchObject({ ok: true, value: { state: 'signed-in', user: { email: EMAIL } } });
    expect(second).toEqual(first);
    expect(calls.filter((call) => call.url.endsWith('/request_token'))).toHaveLength(1);
  });

  it('a failure reaches both, and a sign-in after it settles starts afresh', async () => {
    const first = signIn();
    const window = await openWindow();
    const second = signIn();
    window.close();
    const failed = { ok: false, error: { code: 'sign-in-cancelled' } };
    expect(await first).toMatchObject(failed);
    expect(await second).toMatchObject(failed);
    const third = signIn();
    (await openWindow()).approve();
    expect(await third).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    expect(calls.filter((call) => call.url.endsWith('/request_token'))).toHaveLength(2);
  });
});

describe('a failed sign-in while signed in keeps the working session (issue 14, item 5)', () => {
  async function expectStillSignedIn(reply: Awaited<ReturnType<typeof signIn>>, code: string): Promise<void> {
    expect(reply).toMatchObject({
      ok: false,
      error: { code, message: expect.stringMatching(`You are still signed in as ${EMAIL}\\.$`) },
    });
    const after = (await status()) as Extract<SessionStatus, { state: 'signed-in' }>;
    expect(after).toMatchObject({ state: 'signed-in', user: { email: EMAIL }, lastError: { code } });
    expect(JSON.parse(vault.get(`access-token:${profile.id}`)!).value).toEqual({ token: 'at2', tokenSecret: 'ats2' });
    expect(vault.has(`request-token:${profile.id}`)).toBe(false);
    expect(local.has(`dance:${profile.id}`)).toBe(false);
    // And it still signs calls with the old token.
    calls.length = 0;
    const self = await handlers['request/send']({ target: 'api', method: 'GET', path: '/v2/self' }, {});
    expect(self.status).toBe(200);
    expect(calls[0]!.headers.get('authorization')).toContain('oauth_token="at2"');
  }

  it('window closed', async () => {
    await signInApproved();
    const reply = signIn();
    (await openWindow()).close();
    await expectStillSignedIn(await reply, 'sign-in-cancelled');
  });

  it('access denied on the authorize page', async () => {
    await signInApproved();
    identity.launch = async (url) =>
      `${REDIRECT_URL}?oauth_token=${new URL(url).searchParams.get('oauth_token')}&denied=1`;
    await expectStillSignedIn(await signIn(), 'sign-in-cancelled');
  });

  it('HTTP 503 on request_token', async () => {
    await signInApproved();
    requestTokenStatus = 503;
    await expectStillSignedIn(await signIn(), 'sign-in-failed');
  });

  it('a successful new sign-in replaces the tokens and clears the note', async () => {
    await signInApproved();
    requestTokenStatus = 503;
    await signIn();
    requestTokenStatus = 200;
    await signInApproved();
    const after = await status();
    expect(after.state).toBe('signed-in');
    expect('lastError' in after).toBe(false);
    expect(JSON.parse(vault.get(`access-token:${profile.id}`)!).value.token).toBe('at4');
  });

  it('without a working session, a failure signs out with the reason', async () => {
    requestTokenStatus = 503;
    const reply = await signIn();
    expect(reply).toMatchObject({ ok: false, error: { code: 'sign-in-failed' } });
    if (!reply.ok) expect(reply.error.message).not.toMatch(/still signed in/);
    expect(await status()).toMatchObject({ state: 'signed-out', lastError: { code: 'sign-in-failed' } });
  });
});

describe('the profile changes during sign-in', () => {
  it('a session opened on the old address is dropped when the profile moved meanwhile', async () => {
    const moved = { ...profile, apiBaseUrl: 'http://127.0.0.1:9999', consumerSecret: 'new' };
    duringSelf = async () => void (await handlers['profiles/save'](moved, {}));
    const reply = signIn();
    (await openWindow()).approve();
    expect(await reply).toMatchObject({
      ok: false,
      error: { code: 'origin-refused', message: /address changed while signing in/ },
    });
    expect(await status()).toMatchObject({ state: 'signed-out' });
    expect(vault.has(`access-token:${profile.id}`)).toBe(false);
  });

  it('moved while the authorize window is open, the refusal says why (the move ended the request token)', async () => {
    const reply = signIn();
    const window = await openWindow();
    await handlers['profiles/save']({ ...profile, apiBaseUrl: 'http://127.0.0.1:9999', consumerSecret: 'new' }, {});
    window.approve();
    expect(await reply).toMatchObject({
      ok: false,
      error: { code: 'origin-refused', message: /address changed while signing in/ },
    });
    expect(await status()).toMatchObject({ state: 'signed-out' });
    expect(sentTo('http://127.0.0.1:9999')).toEqual('');
  });

  it('a profile deleted meanwhile keeps no record at all', async () => {
    const reply = signIn();
    const window = await openWindow();
    await handlers['profiles/delete']({ id: profile.id }, {});
    window.approve();
    expect(await reply).toMatchObject({ ok: false });
    expect([...local.keys(), ...vault.keys()].filter((key) => key.includes(profile.id))).toEqual([]);
  });
});

describe('a token endpoint that echoes the request back', () => {
  it('PLAINTEXT: its refusal reaches the page and the stored session without the consumer secret', async () => {
    await handlers['profiles/save']({ ...profile, signatureMethod: 'PLAINTEXT' }, {});
    stubFetch((call) =>
      new URL(call.url).pathname === '/v2/oauth/request_token'
        ? jsonResponse(400, { message: `Missing oauth_callback in ${call.body}` })
        : platform(call),
    );
    const reply = await signIn();
    expect(reply).toMatchObject({ ok: false, error: { code: 'sign-in-failed' } });
    if (!reply.ok) expect(reply.error.message).toContain('oauth_signature=');
    expect(JSON.stringify(reply)).not.toContain('consumer-secret');
    expect(JSON.stringify(await status())).not.toContain('consumer-secret');
    expect(JSON.stringify([...local.entries()])).not.toContain('consumer-secret');
  });

  it('PLAINTEXT: a refusal cut to its first 300 characters inside the secret shows none of its start', async () => {
    await handlers['profiles/save']({ ...profile, signatureMethod: 'PLAINTEXT' }, {});
    // Plain text, not the platform's JSON: the error quotes its first 300 characters, the last 12 the secret's.
    stubFetch((call) =>
      new URL(call.url).pathname === '/v2/oauth/request_token'
        ? new Response(`${'-'.repeat(288)}${String(call.body).split('oauth_signature=')[1]}`, { status: 400 })
        : platform(call),
    );
    const reply = await signIn();
    expect(reply).toMatchObject({ ok: false, error: { code: 'sign-in-failed' } });
    if (!reply.ok) expect(reply.error.message).toContain(`${'-'.repeat(288)}•••`);
    expect(JSON.stringify(reply)).not.toContain('consumer-sec');
    expect(JSON.stringify([...local.entries()])).not.toContain('consumer-sec');
  });
});

describe('a /v2/self that echoes the request back (attack: the user record is stored and shown to pages)', () => {
  it('PLAINTEXT: the signed-in user’s name, email, id and avatar hold no secret of the signature', async () => {
    await handlers['profiles/save']({ ...profile, signatureMethod: 'PLAINTEXT' }, {});
    stubFetch((call) => {
      if (new URL(call.url).pathname !== '/v2/self') return platform(call);
      const header = call.headers.get('authorization') ?? '';
      const secret = decodeURIComponent(header.split('oauth_signature="')[1]!.split('"')[0]!);
      return jsonResponse(200, {
        id: `user_${secret}`,
        email: header,
        name: `Echo ${decodeURIComponent(secret)}`,
        avatar: `https://avatars.githubusercontent.com/u/1?s=${encodeURIComponent(secret)}`,
      });
    });
    await signInApproved();
    const shown = JSON.stringify(await status());
    expect(shown).toContain('Echo •••');
    expect(shown).not.toContain('consumer-secret');
    expect(JSON.stringify([...local.entries()])).not.toContain('consumer-secret');
  });
});
