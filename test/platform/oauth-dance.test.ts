import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { TEST_ONLY_SIGNED_FORM_PATH } from './resources-test-only.ts';
import {
  approve,
  dance,
  exchange,
  getRequestToken,
  type Method,
  parseForm,
  signedFetch,
  signerFor,
} from './support/oauth-client.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const METHODS: Method[] = ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'];

describe('the OAuth 1.0a dance, done by an independent client (npm oauth-1.0a + node:crypto)', () => {
  for (const signatureMethod of METHODS) {
    for (const variant of ['form', 'query'] as const) {
      it(`${signatureMethod} via /${variant === 'form' ? 'request_token' : 'request_token_query'}`, async () => {
        const requested = await getRequestToken(platform, { signatureMethod, variant });
        expect(requested.response.status).toBe(200);
        expect(requested.response.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
        const body = parseForm(await requested.response.text());
        expect(body.oauth_callback_confirmed).toBe('true');

        const approval = await approve(platform, requested.token);
        expect(approval.status).toBe(303);
        const location = new URL(approval.headers.get('location')!);
        expect(location.origin + location.pathname).toBe(`${platform.callbackBase}oauth/callback`);
        expect(location.searchParams.get('from')).toBe('test'); // the callback's own query is kept
        expect(location.searchParams.get('oauth_token')).toBe(requested.token);

        const verifier = location.searchParams.get('oauth_verifier')!;
        const exchanged = await exchange(platform, { key: requested.token, secret: requested.secret }, verifier, {
          signatureMethod,
          variant,
        });
        const access = parseForm(await exchanged.text());
        expect(exchanged.status).toBe(200);
        expect(access.oauth_token).toBeTruthy();
        expect(access.oauth_token_secret).toBeTruthy();
        const expires = Date.parse(access.expiration_date!);
        const days = (expires - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(88);
        expect(days).toBeLessThan(93);

        const self = await signerFor(
          platform,
          { token: access.oauth_token!, secret: access.oauth_token_secret! },
          signatureMethod,
        )('GET', '/v2/self');
        expect(self.status).toBe(200);
        expect(await self.json()).toMatchObject({ email: platform.user.email, preferredMFA: 'NONE' });
      });
    }
  }

  it('accepts OAuth parameters in the query or a form body on resources too', async () => {
    const access = await dance(platform);
    const call = signerFor(platform, access);
    expect((await call('GET', '/v2/self', { placement: 'query' })).status).toBe(200);
    expect((await call('GET', '/v2/summary?x=1&y=a%20b')).status).toBe(200);
  });

  it('signs writes: a form-encoded POST, a JSON PUT, a DELETE', async () => {
    const access = await dance(platform);
    const call = signerFor(platform, access);
    const apps = (await (await call('GET', '/v2/self/applications')).json()) as { id: string; name: string }[];
    const app = apps.find((candidate) => candidate.name === 'notes-api')!;

    // The platform has no form-encoded resource write; the test-only route shows the signed fields were verified.
    const form = await call('POST', TEST_ONLY_SIGNED_FORM_PATH, {
      params: { greeting: 'hello world & co', tag: 'from-test' },
      form: true,
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual({ fields: { greeting: 'hello world & co', tag: 'from-test' }, verified: true });
    expect(platform.state.signedForms.at(-1)?.fields).toEqual([
      ['greeting', 'hello world & co'],
      ['tag', 'from-test'],
    ]);
    const tampered = await call('POST', TEST_ONLY_SIGNED_FORM_PATH, {
      params: { greeting: 'hello' },
      form: true,
      rawBody: 'greeting=bye',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(tampered.status).toBe(401);

    const tagged = await call('PUT', `/v2/self/applications/${app.id}/tags/from-test`);
    expect(tagged.status).toBe(200);
    expect(await tagged.json()).toContain('from-test');

    const env = await call('PUT', `/v2/self/applications/${app.id}/env/GREETING`, {
      json: { value: 'hello world & co' },
    });
    expect(((await env.json()) as { env: unknown[] }).env).toContainEqual({
      name: 'GREETING',
      value: 'hello world & co',
    });

    const renamed = await call('PUT', `/v2/self/applications/${app.id}`, { json: { name: 'notes-api-renamed' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: app.id, name: 'notes-api-renamed' });

    const profile = await call('PUT', '/v2/self', { json: { city: 'Marylebone' } });
    expect(await profile.json()).toMatchObject({ city: 'Marylebone' });

    const deleted = await call('DELETE', `/v2/self/applications/${app.id}`);
    expect(await deleted.json()).toMatchObject({ type: 'success' });
    expect((await call('GET', `/v2/self/applications/${app.id}`)).status).toBe(404);
  });
});

describe('the authorize page', () => {
  it('is a labelled, themed login form with one checked box per requested right', async () => {
    const { token } = await getRequestToken(platform);
    const page = await fetch(`${platform.api}/v2/oauth/authorize?oauth_token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Sandbox Cloud');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toMatch(/<label for="email">Email address<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html.match(/type="checkbox"[^>]*checked/g)).toHaveLength(11);
    expect(html).toContain('access_organisations_bills');
  });

  it('shows the form again with a visible error on a wrong password, and redirects nothing', async () => {
    const { token } = await getRequestToken(platform);
    const response = await approve(platform, token, { user: { email: platform.user.email, password: 'nope' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toMatch(/role="alert">Wrong email address or password/);
  });

  it('redirects a signed-in browser at once when it already granted these rights', async () => {
    const first = await getRequestToken(platform);
    const approval = await approve(platform, first.token);
    const cookie = approval.headers.get('set-cookie')!.split(';')[0]!;
    const second = await getRequestToken(platform);
    const again = await fetch(`${platform.api}/v2/oauth/authorize?oauth_token=${second.token}`, {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('oauth_token')).toBe(second.token);
  });

  it('redirects with denied=<token> on Deny, and the token cannot be exchanged', async () => {
    const requested = await getRequestToken(platform);
    const denied = await fetch(`${platform.api}/v2/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ oauth_token: requested.token, action: 'deny' }).toString(),
      redirect: 'manual',
    });
    expect(denied.status).toBe(303);
    const location = new URL(denied.headers.get('location')!);
    expect(location.searchParams.get('denied')).toBe(requested.token);
    expect(location.searchParams.has('oauth_verifier')).toBe(false);
    const exchanged = await exchange(platform, { key: requested.token, secret: requested.secret }, 'anything');
    expect(await exchanged.json()).toMatchObject({ message: expect.stringMatching(/denied/) });
  });

  it('shows an error page for an unknown request token', async () => {
    const page = await fetch(`${platform.api}/v2/oauth/authorize?oauth_token=forged`);
    expect(page.status).toBe(404);
    expect(await page.text()).toMatch(/Unknown request token/);
  });

  it('grants only the rights left checked', async () => {
    const access = await dance(platform, { uncheck: ['access_organisations_bills'] });
    const token = platform.state.accessTokens.get(access.token)!;
    expect(token.rights).not.toContain('access_organisations_bills');
    expect(token.rights).toContain('access_organisations');
  });

  it('asks the MFA user for a TOTP code', async () => {
    const { token } = await getRequestToken(platform, {});
    const mfa = platform.mfaUser;
    const without = await approve(platform, token, { user: mfa });
    expect(await without.text()).toMatch(/enter the 6-digit code/);
    const wrong = await approve(platform, token, { user: { ...mfa, mfaCode: '000000' } });
    expect(await wrong.text()).toMatch(/Wrong authentication code/);
    const right = await approve(platform, token, { user: { ...mfa, mfaCode: platform.currentTotp(mfa.email) } });
    expect(right.status).toBe(303);
  });
});

describe('consumers created through the API', () => {
  it('can be created, read, updated, and used for the dance at once', async () => {
    const access = await dance(platform);
    const call = signerFor(platform, access);
    const created = await call('POST', '/v2/self/consumers', {
      json: {
        name: 'My script',
        description: 'Reads invoices',
        url: 'https://script.example',
        picture: '',
        baseUrl: 'http://127.0.0.1:9/cb',
        rights: { access_organisations: true, access_organisations_bills: true },
      },
    });
    expect(created.status).toBe(200);
    const consumer = (await created.json()) as { key: string; rights: Record<string, boolean> };
    expect(consumer.rights).toMatchObject({
      almighty: false,
      access_organisations_bills: true,
      manage_ssh_keys: false,
    });
    const { secret } = (await (await call('GET', `/v2/self/consumers/${consumer.key}/secret`)).json()) as {
      secret: string;
    };
    const list = (await (await call('GET', '/v2/self/consumers')).json()) as { key: string }[];
    expect(list.map((item) => item.key)).toContain(consumer.key);

    const mine = { key: consumer.key, secret };
    const theirs = await dance(platform, { consumer: mine, callback: 'http://127.0.0.1:9/cb/done' });
    const self = await signedFetch({
      method: 'GET',
      url: `${platform.api}/v2/self`,
      consumer: mine,
      token: { key: theirs.token, secret: theirs.secret },
      signatureMethod: 'HMAC-SHA1',
    });
    expect(self.status).toBe(403); // access_personal_information was not requested
    expect(await self.json()).toMatchObject({
      message: expect.stringMatching(/requires right access_personal_information/),
    });

    const updated = await call('PUT', `/v2/self/consumers/${consumer.key}`, { json: { name: 'Renamed script' } });
    expect(await updated.json()).toMatchObject({ name: 'Renamed script', baseUrl: 'http://127.0.0.1:9/cb' });
    expect((await call('DELETE', `/v2/self/consumers/${consumer.key}`)).status).toBe(200);
    expect((await call('GET', `/v2/self/consumers/${consumer.key}`)).status).toBe(404);
  });

  it('refuses an invalid consumer with 400 naming the field', async () => {
    const call = signerFor(platform, await dance(platform));
    const bad = await call('POST', '/v2/self/consumers', { json: { name: 'x', baseUrl: 'not a url', rights: {} } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'error', message: expect.stringMatching(/baseUrl/) });
    const almighty = await call('POST', '/v2/self/consumers', {
      json: { name: 'x', baseUrl: 'https://x.example/', rights: { almighty: true } },
    });
    expect(await almighty.json()).toMatchObject({ message: expect.stringMatching(/almighty is read-only/) });
  });
});
