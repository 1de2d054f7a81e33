/**
 * An outside attacker's review of the trust model: a compromised extension page sends the worker sequences of
 * protocol messages (not just one hostile request) to make a secret reach another host or a page, or to make the
 * worker sign one thing and send another. Signed in on the sandbox (HMAC-SHA512, with the seeded API token chosen
 * for bridge calls), next to a logging "evil" server on another loopback port. Every secret the sandbox ever
 * issued (consumer secrets, token secrets, the API token) must stay out of the evil server's log, every reply,
 * every copied command and every page's DOM, and every refusal must say what was wrong.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CurlExport,
  OnboardingResult,
  ProfileView,
  SendResponse,
  SessionStatus,
} from '../../src/core/protocol.ts';
import { compose, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { type EvilServer, secretForms, startEvilServer } from './support/evil-server.ts';
import { openPopup, openSettings } from './support/extension-pages.ts';
import {
  answerAuthorizePage,
  type Reply,
  type SandboxedExtension,
  signInOrFail,
  startSignedInExtension,
} from './support/sandboxed-extension.ts';

let ext: SandboxedExtension;
let evil: EvilServer;
let home: ProfileView;

beforeAll(async () => {
  evil = await startEvilServer();
  ext = await startSignedInExtension();
  home = ext.profile;
  const chosen = await ext.message('tokens/use-for-bridge', { apiTokenId: 'seeded', value: ext.platform.apiToken });
  if (!chosen.ok) throw new Error(`bridge token not chosen: ${chosen.error.message}`);
});

afterAll(async () => {
  await ext?.close();
  await evil?.close();
});

/** Every secret the sandbox has issued so far, in every form it may travel in. */
function sandboxSecrets(): string[] {
  const { state } = ext.platform;
  const consumerSecrets = [...state.consumers.values()].map((consumer: { secret: string }) => consumer.secret);
  const tokenSecrets = [...state.accessTokens.values()].map((token: { secret: string }) => token.secret);
  // The platform keeps only a hash of the API tokens it created; the seeded one is the one the worker holds.
  return [ext.platform.consumerSecret, ext.platform.apiToken, ...consumerSecrets, ...tokenSecrets]
    .filter((secret) => secret.length >= 8)
    .flatMap(secretForms);
}

function expectNoSecret(text: string, where: string): void {
  const secrets = sandboxSecrets();
  expect(secrets.length).toBeGreaterThanOrEqual(8);
  for (const secret of secrets) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
}

/** A refusal must name what was wrong, not fall through to a catch-all. */
function expectSpecificRefusal(reply: Reply<unknown>, code: string | RegExp, message: RegExp, what: string): void {
  expect(reply.ok, `${what}: ${JSON.stringify(reply)}`).toBe(false);
  if (reply.ok) return;
  expect(reply.error.code, what).not.toBe('internal');
  expect(reply.error.code, `${what}: ${reply.error.message}`).toMatch(code);
  expect(reply.error.message, what).toMatch(message);
  expect(reply.error.message, what).not.toMatch(/undefined|null is not|cannot read|did not answer/i);
}

const profileInput = (overrides: Record<string, unknown>) => ({
  name: home.name,
  preset: home.preset,
  apiBaseUrl: home.apiBaseUrl,
  bridgeUrl: home.bridgeUrl,
  consumerKey: home.consumerKey,
  signatureMethod: home.signatureMethod,
  tokenEndpoint: home.tokenEndpoint,
  ...overrides,
});

async function activeStatus(): Promise<SessionStatus> {
  const reply = await ext.message<SessionStatus>('session/status');
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Each way a call can authenticate, as a page may ask for it. */
const AUTHS: [string, Record<string, unknown>, 'single-use' | 'plaintext' | 'bearer'][] = [
  ['API, profile HMAC-SHA512', { target: 'api' }, 'single-use'],
  ['API, HMAC-SHA1 override', { target: 'api', signatureMethod: 'HMAC-SHA1' }, 'single-use'],
  ['API, PLAINTEXT override', { target: 'api', signatureMethod: 'PLAINTEXT' }, 'plaintext'],
  ['bridge, API token', { target: 'bridge' }, 'bearer'],
  ['bridge, explicit token', { target: 'bridge', bridgeAuth: 'token' }, 'bearer'],
  ['bridge, OAuth PLAINTEXT', { target: 'bridge', bridgeAuth: 'oauth-plaintext' }, 'plaintext'],
  // A page asking for HMAC on the bridge still gets PLAINTEXT (the bridge takes nothing else): never revealed.
  [
    'bridge, OAuth with an HMAC override',
    { target: 'bridge', bridgeAuth: 'oauth-plaintext', signatureMethod: 'HMAC-SHA512' },
    'plaintext',
  ],
];

describe('copy as curl, for every method and authentication, revealed or not', () => {
  it('reveals only a single-use HMAC signature; PLAINTEXT and Bearer commands read shell variables', async () => {
    const outcomes: string[] = [];
    for (const [what, auth, expected] of AUTHS)
      for (const method of METHODS)
        for (const reveal of [true, false]) {
          const body = method === 'GET' || method === 'HEAD' ? undefined : { kind: 'json', text: '{"a":1}' };
          const reply = await ext.message<CurlExport>('request/curl', {
            reveal,
            request: { method, path: '/v2/self', query: [['q', 'x']], ...auth, ...(body ? { body } : {}) },
          });
          const label = `${what} ${method} reveal=${reveal}`;
          expectNoSecret(JSON.stringify(reply), label);
          if (!reply.ok) throw new Error(`${label}: ${reply.error.code}: ${reply.error.message}`);
          const { credential, command, masked } = reply.value;
          outcomes.push(`${label}: ${credential.kind}${'scheme' in credential ? `/${credential.scheme}` : ''}`);
          if (expected === 'single-use') {
            expect(credential, label).toEqual({ kind: 'single-use' });
            expect(masked, label).toBe(!reveal);
          } else {
            expect(credential, label).toMatchObject({ kind: 'variables', scheme: expected });
            expect(masked, label).toBe(false);
            expect(command, label).toMatch(/\$\{?CLEVER_/);
          }
        }
    expect(outcomes).toHaveLength(AUTHS.length * METHODS.length * 2);
    expect(evil.seen).toEqual([]);
  });

  it('sends each kind of call to the profile’s own hosts only, and no reply carries a secret', async () => {
    for (const [what, auth] of AUTHS) {
      const reply = await ext.message<SendResponse>('request/send', { method: 'GET', path: '/v2/self', ...auth });
      expectNoSecret(JSON.stringify(reply), what);
      expect(reply.ok, `${what}: ${JSON.stringify(reply)}`).toBe(true);
      if (!reply.ok) continue;
      expect(reply.value.status, what).toBe(200);
      const base = auth.target === 'api' ? home.apiBaseUrl : home.bridgeUrl;
      expect(reply.value.url.startsWith(`${base}/`), what).toBe(true);
    }
    expect(evil.seen).toEqual([]);
  });
});

describe('what is signed is what is sent', () => {
  it('bodies whose editor and Content-Type disagree, odd queries and repeated names all verify on the sandbox', async () => {
    const put = (body: unknown, headers: [string, string][] = []) => ({
      target: 'api',
      method: 'PUT',
      path: '/v2/self',
      body,
      headers,
    });
    const cases: [string, unknown][] = [
      [
        'form body, form type in odd case with a charset',
        put(
          {
            kind: 'form',
            fields: [
              ['name', 'a b+c&d=e'],
              ['name', 'ü%'],
              ['', 'empty name'],
            ],
          },
          [['content-type', 'Application/X-WWW-Form-Urlencoded; Charset=UTF-8']],
        ),
      ],
      [
        'JSON editor sent as a form',
        put({ kind: 'json', text: '{"city":"x"}' }, [['Content-Type', 'application/x-www-form-urlencoded']]),
      ],
      [
        'text editor sent as a form',
        put({ kind: 'text', contentType: 'application/x-www-form-urlencoded', text: 'a=1&a=2&b' }),
      ],
      [
        'form editor sent as JSON',
        put({ kind: 'form', fields: [['city', 'x']] }, [['Content-Type', 'application/json']]),
      ],
      [
        'query with reserved and non-ASCII characters, repeated',
        {
          target: 'api',
          method: 'GET',
          path: "/v2/self?x=1&x=2&y=a+b&z=%2B&q='!*()",
          query: [
            ['x', '3'],
            ['ü é', '&=?#/'],
          ],
        },
      ],
      [
        'path with characters the URL parser escapes',
        { target: 'api', method: 'GET', path: "/v2/organisations/{x}|^`'é" },
      ],
      ['DELETE with a query', { target: 'api', method: 'DELETE', path: '/v2/self/consumers/none?force=1&force=' }],
      [
        'bridge PLAINTEXT with a form body',
        { ...put({ kind: 'form', fields: [['a', 'b']] }), target: 'bridge', bridgeAuth: 'oauth-plaintext' },
      ],
    ];
    for (const [what, request] of cases) {
      const reply = await ext.message<SendResponse>('request/send', request);
      expectNoSecret(JSON.stringify(reply), what);
      if (!reply.ok) throw new Error(`${what}: ${reply.error.code}: ${reply.error.message}`);
      const body = reply.value.body.kind === 'text' ? reply.value.body.text : '';
      // 401 is the sandbox's answer to a signature that does not match the request it received.
      expect(reply.value.status, `${what}: ${body.slice(0, 200)}`).not.toBe(401);
      // The sandbox routes before it authenticates: an unknown route would verify nothing.
      expect(body, what).not.toMatch(/no endpoint/);
      expect(reply.value.status, what).not.toBe(405);
    }
    expect(evil.seen).toEqual([]);
  });
});

describe('addresses that look local but are not, or say the same host another way', () => {
  const port = () => new URL(home.apiBaseUrl).port;
  const lookalikes = () => [
    'http://localhost.evil.test',
    'http://127.0.0.1.nip.io',
    `http://127.0.0.1.nip.io:${port()}`,
    'http://localhost.',
    'http://[::ffff:7f00:1]',
    'http://[::2]',
    'http://10.0.0.1',
    'http://0.0.0.0',
    `http://user:pass@127.0.0.1:${port()}`,
    `http://127.0.0.1:${port()}?x=1`,
    `http://127.0.0.1:${port()}#x`,
    'ftp://127.0.0.1',
    'javascript:alert(1)',
    'http://xn--localhst-l0a.test',
    'http://lоcalhost', // Cyrillic о
  ];

  it('refuses each as a new profile, as a bridge to create a token on, and as an onboarding bridge', async () => {
    for (const address of lookalikes()) {
      const asApi = await ext.message('profiles/save', profileInput({ apiBaseUrl: address, consumerSecret: 'x' }));
      expectSpecificRefusal(asApi, 'invalid-input', /API address/, `profile API ${address}`);
      const asBridge = await ext.message('profiles/save', profileInput({ bridgeUrl: address, consumerSecret: 'x' }));
      expectSpecificRefusal(asBridge, 'invalid-input', /bridge address/, `profile bridge ${address}`);
      const token = await ext.message('tokens/create', {
        email: ext.platform.user.email,
        password: ext.platform.user.password,
        name: 'hostile',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
        bridgeUrl: address,
      });
      expectSpecificRefusal(token, 'invalid-input', /bridge address/, `token bridge ${address}`);
      const onboarding = await ext.message('onboarding/setup-consumer', {
        rights: ['access_personal_information'],
        keepTokenForBridge: true,
        apiBaseUrl: home.apiBaseUrl,
        bridgeUrl: address,
      });
      expectSpecificRefusal(onboarding, 'invalid-input', /bridge address/, `onboarding bridge ${address}`);
    }
    expect((await ext.message<{ profiles: ProfileView[] }>('profiles/list')).ok).toBe(true);
    expect(evil.seen).toEqual([]);
  });

  it('the same machine under another name (localhost, [::1]) is another origin: the secret is asked for again', async () => {
    const samePort = port();
    for (const apiBaseUrl of [`http://localhost:${samePort}`, `http://[::1]:${samePort}`]) {
      const reply = await ext.message('profiles/save', profileInput({ id: home.id, apiBaseUrl }));
      expectSpecificRefusal(reply, 'invalid-input', /type the consumer secret again/i, `move to ${apiBaseUrl}`);
    }
    // Spelled otherwise but the same origin (case, trailing slash, a trailing-dot IPv4): no secret needed, and
    // the session stays.
    for (const apiBaseUrl of [
      `HTTP://127.0.0.1:${samePort}/`,
      `http://127.0.0.1.:${samePort}`,
      `http://0x7f.0.0.1:${samePort}`,
    ]) {
      const reply = await ext.message<ProfileView>('profiles/save', profileInput({ id: home.id, apiBaseUrl }));
      expect(reply, apiBaseUrl).toMatchObject({ ok: true, value: { apiBaseUrl: home.apiBaseUrl } });
    }
    expect((await activeStatus()).state).toBe('signed-in');
    expect(evil.seen).toEqual([]);
  });
});

describe('https addresses spelled another way (saved only: nothing is sent to them)', () => {
  it('asks for the secret again for every other origin, and not for the same origin written differently', async () => {
    const far = await ext.message<ProfileView>('profiles/save', {
      name: 'Far away',
      preset: 'custom',
      apiBaseUrl: 'https://api.example.test',
      bridgeUrl: 'https://bridge.example.test',
      consumerKey: 'far-key',
      consumerSecret: 'far-secret-typed-by-the-page',
      signatureMethod: 'PLAINTEXT',
      tokenEndpoint: 'form',
    });
    if (!far.ok) throw new Error(far.error.message);
    const save = (apiBaseUrl: string) =>
      ext.message<ProfileView>('profiles/save', {
        id: far.value.id,
        name: 'Far away',
        preset: 'custom',
        apiBaseUrl,
        bridgeUrl: 'https://bridge.example.test',
        consumerKey: 'far-key',
        signatureMethod: 'PLAINTEXT',
        tokenEndpoint: 'form',
      });
    for (const same of [
      'https://api.example.test:443',
      'https://API.Example.TEST/',
      'HTTPS://api.example.test:443//',
      'https://api.example.test/v0-prefix',
    ])
      expect(await save(same), same).toMatchObject({ ok: true });
    for (const other of [
      'https://api.example.test:8443',
      'https://api.example.test.',
      'https://api.example.test.evil.test',
      'https://evil.test/api.example.test',
      'https://аpi.example.test', // Cyrillic а: another host (punycode)
      'https://api.example.test:80',
      'http://api.example.test',
    ]) {
      const reply = await save(other);
      expectSpecificRefusal(
        reply,
        'invalid-input',
        /type the consumer secret again|Use https:\/\//,
        `move to ${other} without the secret`,
      );
    }
    const userinfo = await save('https://api.example.test@evil.test');
    expectSpecificRefusal(userinfo, 'invalid-input', /user name or password/, 'userinfo');
    expect(await ext.message('profiles/delete', { id: far.value.id })).toMatchObject({ ok: true });
  });
});

describe('sequences across profiles', () => {
  let other: ProfileView;

  it('a second profile on the evil host gets none of the first profile’s secrets, whatever it asks', async () => {
    const saved = await ext.message<ProfileView>('profiles/save', {
      name: 'Evil twin',
      preset: 'custom',
      apiBaseUrl: evil.origin,
      bridgeUrl: evil.origin,
      // The same consumer key: the worker must still key secrets by profile, not by consumer.
      consumerKey: home.consumerKey,
      consumerSecret: 'twin-secret-typed-by-the-page',
      signatureMethod: 'PLAINTEXT',
      tokenEndpoint: 'query',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    other = saved.value;
    expect((await ext.message('profiles/activate', { id: other.id })).ok).toBe(true);

    const attempts: [string, string, unknown, RegExp][] = [
      ['API call', 'request/send', { target: 'api', method: 'GET', path: '/v2/self' }, /signed out|sign in/i],
      ['bridge token', 'request/send', { target: 'bridge', method: 'GET', path: '/v2/self' }, /signed out|sign in/i],
      [
        'bridge token, explicit',
        'request/send',
        { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'token' },
        /No API token is chosen/,
      ],
      [
        'bridge PLAINTEXT',
        'request/send',
        { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'oauth-plaintext' },
        /signed out|sign in/i,
      ],
      [
        'curl bridge reveal',
        'request/curl',
        { reveal: true, request: { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'token' } },
        /No API token is chosen/,
      ],
      [
        'curl API reveal',
        'request/curl',
        { reveal: true, request: { target: 'api', method: 'GET', path: '/v2/self' } },
        /signed out|sign in/i,
      ],
      ['the seeded token by id', 'tokens/use-for-bridge', { apiTokenId: 'seeded' }, /no longer holds/],
      [
        'onboarding with the stored token on the home bridge',
        'onboarding/setup-consumer',
        {
          rights: ['access_personal_information'],
          keepTokenForBridge: true,
          bridgeUrl: home.bridgeUrl,
          apiBaseUrl: evil.origin,
        },
        /Paste an API token/,
      ],
    ];
    for (const [what, name, request, message] of attempts) {
      const reply = await ext.message(name, request);
      expectNoSecret(JSON.stringify(reply), what);
      expectSpecificRefusal(reply, /./, message, what);
    }
    expect(evil.seen).toEqual([]);
  });

  it('the first profile, activated again, still works and sends to its own hosts', async () => {
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);
    for (const target of ['api', 'bridge'])
      expect(await ext.message('request/send', { target, method: 'GET', path: '/v2/self' })).toMatchObject({
        ok: true,
        value: { status: 200 },
      });
    expect(evil.seen).toEqual([]);
  });

  it('saving the first profile’s id with the evil bridge but no secret is refused and changes nothing', async () => {
    const reply = await ext.message('profiles/save', profileInput({ id: home.id, bridgeUrl: evil.origin }));
    expectSpecificRefusal(reply, 'invalid-input', /bridge address changed/, 'move bridge without the secret');
    const status = await activeStatus();
    expect(status).toMatchObject({ state: 'signed-in', bridgeToken: { apiTokenId: 'seeded' } });
    expect(await ext.message('request/send', { target: 'bridge', method: 'GET', path: '/v2/self' })).toMatchObject({
      ok: true,
      value: { status: 200, auth: 'bearer' },
    });
    expect(evil.seen).toEqual([]);
  });

  it('a token just created is used for bridge calls only by its profile, and only while its bridge is unchanged', async () => {
    const created = await ext.message<{ apiTokenId: string; apiToken: string }>('tokens/create', {
      email: ext.platform.user.email,
      password: ext.platform.user.password,
      name: 'made by the attacker review',
      expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
    const { apiTokenId } = created.value;

    // Another profile asks for it by id: the worker keeps it for the profile it was made with only.
    expect((await ext.message('profiles/activate', { id: other.id })).ok).toBe(true);
    const stolen = await ext.message('tokens/use-for-bridge', { apiTokenId });
    expectSpecificRefusal(stolen, 'not-found', /Paste the value/, 'use-for-bridge from another profile');

    // The same profile moved to the evil bridge (secret typed again, so the save is legitimate) asks for it.
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);
    const movedAway = await ext.message(
      'profiles/save',
      profileInput({ id: home.id, bridgeUrl: evil.origin, consumerSecret: 'typed-for-the-evil-bridge' }),
    );
    expect(movedAway.ok, JSON.stringify(movedAway)).toBe(true);
    const afterMove = await ext.message('tokens/use-for-bridge', { apiTokenId });
    expectSpecificRefusal(
      afterMove,
      'origin-refused',
      /sends a token only to the bridge it was made for/,
      'after a move',
    );
    for (const bridgeAuth of ['token', undefined]) {
      const sent = await ext.message('request/send', { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth });
      expectSpecificRefusal(sent, /not-signed-in/, /API token|signed out/, `bridge call after a move (${bridgeAuth})`);
    }
    expectNoSecret(evil.transcript(), 'the evil server’s log');
    expect(evil.transcript()).not.toContain(created.value.apiToken);
    expect(evil.seen).toEqual([]);

    // Moved back (the real secret typed again): the token is accepted for its own bridge, and the session restored.
    const back = await ext.message(
      'profiles/save',
      profileInput({ id: home.id, consumerSecret: ext.platform.consumerSecret }),
    );
    expect(back.ok, JSON.stringify(back)).toBe(true);
    expect(await ext.message('tokens/use-for-bridge', { apiTokenId })).toMatchObject({ ok: true });
    expect(await ext.message('request/send', { target: 'bridge', method: 'GET', path: '/v2/self' })).toMatchObject({
      ok: true,
      value: { status: 200, auth: 'bearer' },
    });
    await signInOrFail(ext);
    expect(evil.seen).toEqual([]);
  });

  it('signing in on the evil twin sends the evil host only what was typed for it', async () => {
    expect((await ext.message('profiles/activate', { id: other.id })).ok).toBe(true);
    const reply = await ext.message('session/sign-in');
    // The evil host answers JSON, not a request token: the dance stops there, with the reason.
    expectSpecificRefusal(reply, /./, /request.token|oauth_token|answer|response/i, 'sign-in on the evil twin');
    expect(evil.seen.length).toBeGreaterThan(0);
    expect(evil.seen.every((seen) => seen.url.startsWith('/v2/oauth/request_token'))).toBe(true);
    expect(evil.transcript()).toContain('twin-secret-typed-by-the-page');
    expectNoSecret(evil.transcript(), 'the evil server’s log');
    evil.seen.length = 0;
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);
    expect((await activeStatus()).state).toBe('signed-in');
  });

  it('held bodies: another response’s id, prototype names and made-up ids are refused as gone', async () => {
    for (const bodyRef of ['__proto__', 'constructor', crypto.randomUUID(), '../../', ''])
      for (const kind of ['text', 'bytes']) {
        const reply = await ext.message('request/held-body', { bodyRef, kind });
        expectSpecificRefusal(reply, 'not-found', /no longer held/, `held body ${bodyRef}`);
      }
  });
});

describe('onboarding with the stored API token and a caller-chosen API address', () => {
  it('does not hand a consumer secret the platform issued to a host the page names as “API”', async () => {
    // A legitimate onboarding first, with the stored token, on the sandbox. The sandbox's seeded consumer is
    // Keyhole's own, so it is reused and the profile updated is the signed-in one: its secret is the one the user
    // typed for the sandbox API.
    const legit = await ext.message<OnboardingResult>('onboarding/setup-consumer', {
      rights: ['access_personal_information', 'access_organisations'],
      keepTokenForBridge: false,
      apiBaseUrl: home.apiBaseUrl,
      bridgeUrl: home.bridgeUrl,
      profileName: 'Onboarded here',
    });
    if (!legit.ok) throw new Error(`${legit.error.code}: ${legit.error.message}`);
    const keyholeSecret = ext.platform.state.consumers.get(legit.value.consumerKey)?.secret as string;
    expect(keyholeSecret.length).toBeGreaterThan(8);
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);

    // The attack: the same stored token (bound to the sandbox bridge, which is where it goes), but the evil host
    // as the API. The platform hands the existing consumer's secret to the worker, which must not bind it to the
    // evil host: a page could then switch that profile to PLAINTEXT and sign in, sending the secret there in clear.
    const hostile = await ext.message<OnboardingResult>('onboarding/setup-consumer', {
      rights: ['access_personal_information'],
      keepTokenForBridge: false,
      apiBaseUrl: evil.origin,
      bridgeUrl: home.bridgeUrl,
      profileName: 'Laundered',
    });
    if (hostile.ok) {
      const laundered = hostile.value.profile;
      await ext.message('profiles/save', {
        id: laundered.id,
        name: laundered.name,
        preset: laundered.preset,
        apiBaseUrl: laundered.apiBaseUrl,
        bridgeUrl: laundered.bridgeUrl,
        consumerKey: laundered.consumerKey,
        signatureMethod: 'PLAINTEXT',
        tokenEndpoint: 'query',
      });
      await ext.message('session/sign-in');
    }
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);
    expect(evil.transcript().includes(keyholeSecret), 'the Keyhole consumer secret reached the evil host').toBe(false);
    expectNoSecret(evil.transcript(), 'the evil server’s log');
    expectSpecificRefusal(hostile, 'origin-refused', /paste/i, 'onboarding for another API with the stored token');
  });

  it('nor after moving the API of a profile that keeps the stored token (its bridge, and so its token, unchanged)', async () => {
    // Onboarding again on the sandbox, keeping the stored token for the profile it updates.
    const kept = await ext.message<OnboardingResult>('onboarding/setup-consumer', {
      rights: ['access_personal_information', 'access_organisations'],
      keepTokenForBridge: true,
      apiBaseUrl: home.apiBaseUrl,
      bridgeUrl: home.bridgeUrl,
    });
    if (!kept.ok) throw new Error(`${kept.error.code}: ${kept.error.message}`);
    const keeper = kept.value.profile;
    const keyholeSecret = ext.platform.state.consumers.get(kept.value.consumerKey)?.secret as string;
    // Its API moved to the evil host with a secret the page typed: allowed, and the token stays (same bridge).
    const moved = await ext.message<ProfileView>('profiles/save', {
      id: keeper.id,
      name: keeper.name,
      preset: 'custom',
      apiBaseUrl: evil.origin,
      bridgeUrl: keeper.bridgeUrl,
      consumerKey: keeper.consumerKey,
      consumerSecret: 'typed-for-the-evil-api',
      signatureMethod: 'PLAINTEXT',
      tokenEndpoint: 'query',
    });
    expect(moved.ok, JSON.stringify(moved)).toBe(true);
    expect((await ext.message('profiles/activate', { id: keeper.id })).ok).toBe(true);

    // Now the active profile's API is the evil host: onboarding there with the stored token must still be refused.
    const hostile = await ext.message<OnboardingResult>('onboarding/setup-consumer', {
      rights: ['access_personal_information'],
      keepTokenForBridge: false,
      apiBaseUrl: evil.origin,
      bridgeUrl: home.bridgeUrl,
    });
    if (hostile.ok) {
      const laundered = hostile.value.profile;
      await ext.message('profiles/save', {
        id: laundered.id,
        name: laundered.name,
        preset: laundered.preset,
        apiBaseUrl: laundered.apiBaseUrl,
        bridgeUrl: laundered.bridgeUrl,
        consumerKey: laundered.consumerKey,
        signatureMethod: 'PLAINTEXT',
        tokenEndpoint: 'query',
      });
      await ext.message('session/sign-in');
    }
    // Back home (the same profile when onboarding reused it): addresses, name, method and a new session.
    const restored = await ext.message(
      'profiles/save',
      profileInput({ id: home.id, consumerSecret: ext.platform.consumerSecret }),
    );
    expect(restored.ok, JSON.stringify(restored)).toBe(true);
    expect((await ext.message('profiles/activate', { id: home.id })).ok).toBe(true);
    const transcript = evil.transcript();
    evil.seen.length = 0;
    await signInOrFail(ext);
    expect(transcript.includes(keyholeSecret), 'the Keyhole consumer secret reached the evil host').toBe(false);
    expectNoSecret(transcript, 'the evil server’s log');
    expect(transcript).toBe('[]');
    expectSpecificRefusal(hostile, 'origin-refused', /paste/i, 'onboarding after moving the API');
  });
});

describe('what pages render', () => {
  async function pageText(page: Page): Promise<string> {
    return page.evaluate(() => {
      const values = [...document.querySelectorAll('input, textarea, select')].map(
        (field) => (field as HTMLInputElement).value,
      );
      return `${document.documentElement.outerHTML}\n${values.join('\n')}\n${JSON.stringify(localStorage)}`;
    });
  }

  it('the popup, the settings sections and the panel after bridge and API calls hold no secret in their DOM', async () => {
    const errors: string[] = [];
    const popup = await openPopup(ext, { errors });
    await popup.getByText(ext.platform.user.email).first().waitFor({ timeout: 15_000 });
    expectNoSecret(await pageText(popup), 'the popup');
    await popup.close();

    for (const hash of ['', '#session', '#onboarding']) {
      const settings = await openSettings(ext, hash, { errors });
      // Rendered once the profile's address shows, as text or as a field's value.
      await settings.waitForFunction(
        (address) =>
          document.body.innerText.includes(address) ||
          [...document.querySelectorAll('input')].some((field) => field.value === address),
        home.apiBaseUrl,
        { timeout: 15_000 },
      );
      const text = await pageText(settings);
      // The dump reads field values too: the consumer key is shown in the profile form, its secret never.
      if (hash === '') expect(text).toContain(home.consumerKey);
      expectNoSecret(text, `settings ${hash || '(top)'}`);
      await settings.close();
    }

    const panel = await openPanel(ext, errors);
    await compose(panel, 'GET', '/v2/self', 'bridge');
    await sendAndWait(panel);
    await compose(panel, 'GET', '/v2/self?x=1', 'api');
    await sendAndWait(panel);
    expectNoSecret(await pageText(panel), 'the DevTools panel');
    await panel.close();
    expect(errors).toEqual([]);
    expect(evil.seen).toEqual([]);
  });
});

describe('with the passphrase lock on and locked', () => {
  const passphrase = 'attacker review passphrase';

  it('every call that needs a secret is refused as locked, and a refused move leaves the profile as it was', async () => {
    const on = await ext.message('vault/set-passphrase', { next: passphrase, autoLockMinutes: 15 });
    expect(on, JSON.stringify(on)).toMatchObject({ ok: true, value: { state: 'unlocked' } });
    expect(await ext.message('vault/lock')).toMatchObject({ ok: true, value: { state: 'locked' } });
    const before = await activeStatus();

    const attempts: [string, string, unknown][] = [
      ['API call', 'request/send', { target: 'api', method: 'GET', path: '/v2/self' }],
      ['bridge call', 'request/send', { target: 'bridge', method: 'GET', path: '/v2/self' }],
      [
        'bridge PLAINTEXT',
        'request/send',
        { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'oauth-plaintext' },
      ],
      ['curl reveal', 'request/curl', { reveal: true, request: { target: 'api', method: 'GET', path: '/v2/self' } }],
      ['sign-in', 'session/sign-in', undefined],
      [
        'onboarding with the stored token',
        'onboarding/setup-consumer',
        {
          rights: ['access_organisations'],
          keepTokenForBridge: true,
          apiBaseUrl: home.apiBaseUrl,
          bridgeUrl: home.bridgeUrl,
        },
      ],
      [
        'move the bridge to the evil host, secret typed',
        'profiles/save',
        profileInput({ id: home.id, bridgeUrl: evil.origin, consumerSecret: 'typed-while-locked' }),
      ],
      [
        'change the passphrase without the current one',
        'vault/set-passphrase',
        { next: 'another passphrase here', autoLockMinutes: 15 },
      ],
    ];
    for (const [what, name, request] of attempts) {
      const reply = await ext.message(name, request);
      expectNoSecret(JSON.stringify(reply), what);
      expectSpecificRefusal(reply, /vault-locked|invalid-input/, /lock|passphrase/i, what);
    }
    expectSpecificRefusal(
      await ext.message('vault/remove-passphrase', { current: 'not the passphrase' }),
      'wrong-passphrase',
      /Wrong passphrase/,
      'remove with a wrong passphrase',
    );
    expect(evil.seen).toEqual([]);

    expect(await ext.message('vault/unlock', { passphrase })).toMatchObject({ ok: true, value: { state: 'unlocked' } });
    // The refused move changed nothing: same addresses, same session, same token for bridge calls.
    const after = await activeStatus();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ state: 'signed-in', profile: { bridgeUrl: home.bridgeUrl } });
    expect(after).toHaveProperty('bridgeToken');
    for (const target of ['api', 'bridge'])
      expect(await ext.message('request/send', { target, method: 'GET', path: '/v2/self' })).toMatchObject({
        ok: true,
        value: { status: 200 },
      });
    expect(await ext.message('vault/remove-passphrase', { current: passphrase })).toMatchObject({
      ok: true,
      value: { state: 'off' },
    });
  });
});

describe('a sign-in racing an address change (last: it moves the profile)', () => {
  it('a session opened while the profile moved to the evil host is dropped, and nothing reaches that host', async () => {
    // Without the platform's login cookie the authorize page waits for the user, which leaves time to move.
    await ext.context.clearCookies();
    const authorizePage = ext.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('/v2/oauth/authorize'),
      timeout: 20_000,
    });
    const signingIn = ext.message<SessionStatus>('session/sign-in');
    const page = await authorizePage;
    await page.getByLabel('Email address').waitFor();
    const moved = await ext.message<ProfileView>(
      'profiles/save',
      profileInput({
        id: home.id,
        apiBaseUrl: evil.origin,
        bridgeUrl: evil.origin,
        consumerSecret: 'typed-for-the-evil-host',
        signatureMethod: 'PLAINTEXT',
      }),
    );
    expect(moved.ok, JSON.stringify(moved)).toBe(true);
    await answerAuthorizePage(page, ext.platform, {});
    const reply = await signingIn;
    // Moving ends the dance's request token too; the refusal must still say why, not that the state was “lost”.
    expectSpecificRefusal(reply, 'origin-refused', /address changed while signing in/, 'sign-in across a move');
    expect(await activeStatus()).toMatchObject({ state: 'signed-out' });
    expect((await activeStatus()) as { bridgeToken?: unknown }).not.toHaveProperty('bridgeToken');
    for (const request of [
      { target: 'api', method: 'GET', path: '/v2/self' },
      { target: 'bridge', method: 'GET', path: '/v2/self' },
      { target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'oauth-plaintext' },
    ]) {
      const sent = await ext.message('request/send', request);
      expectSpecificRefusal(sent, /not-signed-in|session-expired/, /sign/i, `after the move: ${request.target}`);
    }
    expectNoSecret(evil.transcript(), 'the evil server’s log');
    expect(evil.seen).toEqual([]);

    // Moved back with the real secret, it signs in again and works.
    const back = await ext.message(
      'profiles/save',
      profileInput({ id: home.id, consumerSecret: ext.platform.consumerSecret }),
    );
    expect(back.ok, JSON.stringify(back)).toBe(true);
    await signInOrFail(ext);
    expect(await ext.message('request/send', { target: 'api', method: 'GET', path: '/v2/self' })).toMatchObject({
      ok: true,
      value: { status: 200 },
    });
  });
});
