import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { approve, dance, exchange, getRequestToken, signedFetch, signerFor } from './support/oauth-client.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

async function errorOf(response: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('strict OAuth verification: each refusal says which check failed', () => {
  it('refuses a wrong signature and shows the server base string, never the secrets', async () => {
    const access = await dance(platform);
    const wrong = { token: access.token, secret: 'not-the-secret' };
    const { status, body } = await errorOf(await signerFor(platform, wrong)('GET', '/v2/self?a=1'));
    expect(status).toBe(401);
    expect(body.message).toMatch(
      /^Invalid signature \(base string computed by the server: GET&http%3A%2F%2F127\.0\.0\.1/,
    );
    expect(body.baseString).toMatch(/%2Fv2%2Fself&a%3D1%26oauth_consumer_key%3Dkeyhole-sandbox/);
    expect(JSON.stringify(body)).not.toContain(platform.consumerSecret);
    expect(JSON.stringify(body)).not.toContain(access.secret);
  });

  it('refuses a wrong PLAINTEXT signature with a hint about the key format', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const response = await signerFor(platform, { token: access.token, secret: 'x' }, 'PLAINTEXT')('GET', '/v2/self');
    expect(await errorOf(response)).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/PLAINTEXT/) },
    });
  });

  it('refuses a replayed nonce', async () => {
    const call = signerFor(platform, await dance(platform));
    const fixed = { nonce: 'same-nonce-twice', timestamp: Math.floor(Date.now() / 1000) };
    expect((await call('GET', '/v2/self', fixed)).status).toBe(200);
    const replay = await errorOf(await call('GET', '/v2/self', fixed));
    expect(replay).toMatchObject({ status: 401, body: { message: expect.stringMatching(/^Nonce already used/) } });
  });

  it('refuses a stale timestamp with the server time, and accepts it once the server clock is shifted', async () => {
    const call = signerFor(platform, await dance(platform));
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const stale = await call('GET', '/v2/self', { timestamp: hourAgo });
    const { status, body } = await errorOf(stale);
    expect(status).toBe(401);
    expect(body.message).toMatch(/^Timestamp is outside the accepted window: server time is \d{4}-/);
    expect(body.serverTime).toBeTypeOf('number');
    platform.clock.shift(-3600);
    try {
      const accepted = await call('GET', '/v2/self', { timestamp: hourAgo });
      expect(accepted.status).toBe(200);
      const date = Date.parse(accepted.headers.get('date')!);
      expect(Math.abs(date - hourAgo * 1000)).toBeLessThan(60_000);
    } finally {
      platform.clock.shift(3600);
    }
  });

  it('refuses a callback outside the consumer base URL with a clear JSON error', async () => {
    for (const callback of [
      'https://evil.example/cb',
      'http://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/',
      'oob',
    ]) {
      const { response } = await getRequestToken(platform, { callback });
      const { status, body } = await errorOf(response);
      expect(status).toBe(400);
      expect(body.message).toMatch(
        /is not under the consumer's registered base URL https:\/\/gfiiknkkkinbdbkjbifnpolnadmjmkfb/,
      );
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('refuses a reused verifier and a reused request token', async () => {
    const access = await dance(platform);
    const again = await exchange(platform, access.requestToken, access.verifier);
    expect(await errorOf(again)).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/^Verifier already used/) },
    });
    const otherVerifier = await exchange(platform, access.requestToken, 'another-verifier');
    expect(await errorOf(otherVerifier)).toMatchObject({ body: { message: 'Request token already used' } });
    const page = await fetch(`${platform.api}/v2/oauth/authorize?oauth_token=${access.requestToken.key}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toMatch(/already used/);
    const approveAgain = await approve(platform, access.requestToken.key);
    expect(approveAgain.status).toBe(410);
  });

  it('refuses an unapproved request token and a wrong verifier', async () => {
    const requested = await getRequestToken(platform);
    const early = await exchange(platform, { key: requested.token, secret: requested.secret }, 'x');
    expect(await errorOf(early)).toMatchObject({ body: { message: expect.stringMatching(/not authorized yet/) } });
    await approve(platform, requested.token);
    const wrong = await exchange(platform, { key: requested.token, secret: requested.secret }, 'x');
    expect(await errorOf(wrong)).toMatchObject({ status: 401, body: { message: 'Invalid oauth_verifier' } });
  });

  it('requires the access-token step to use the signature method of step 1', async () => {
    const requested = await getRequestToken(platform, { signatureMethod: 'HMAC-SHA512' });
    const location = new URL((await approve(platform, requested.token)).headers.get('location')!);
    const verifier = location.searchParams.get('oauth_verifier')!;
    const response = await exchange(platform, { key: requested.token, secret: requested.secret }, verifier, {
      signatureMethod: 'HMAC-SHA1',
    });
    expect(await errorOf(response)).toMatchObject({
      status: 401,
      body: {
        message: expect.stringMatching(/HMAC-SHA1 differs from the one used to get the request token \(HMAC-SHA512\)/),
      },
    });
  });

  it('refuses expired access tokens (expireAccessTokens) and revoked ones', async () => {
    const access = await dance(platform);
    const call = signerFor(platform, access);
    const other = signerFor(platform, await dance(platform));
    expect((await call('DELETE', `/v2/self/tokens/${access.token}`)).status).toBe(200);
    expect(await errorOf(await call('GET', '/v2/self'))).toMatchObject({
      status: 401,
      body: { message: 'Token revoked' },
    });
    platform.expireAccessTokens();
    expect(await errorOf(await other('GET', '/v2/self'))).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/^Access token expired on \d{4}-/) },
    });
  });

  it('issues tokens with the configured lifetime and refuses them once it has passed', async () => {
    const short = await startPlatform({ accessTokenLifetimeSeconds: 60 });
    try {
      const access = await dance(short);
      expect(Date.parse(access.expirationDate) - Date.now()).toBeLessThan(61_000);
      const call = signerFor(short, access);
      expect((await call('GET', '/v2/self')).status).toBe(200);
      short.clock.shift(61);
      // The client follows the server's clock (Date header) to stay inside the timestamp window.
      const now = Math.floor(short.clock.now() / 1000);
      expect(await errorOf(await call('GET', '/v2/self', { timestamp: now }))).toMatchObject({
        body: { message: expect.stringMatching(/^Access token expired/) },
      });
    } finally {
      await short.close();
    }
  });

  it('refuses a wrong oauth_version, an unknown consumer, a missing parameter and an unknown method', async () => {
    const call = signerFor(platform, await dance(platform));
    const version = await call('GET', '/v2/self', {
      tamper: (oauth) => Object.assign(oauth, { oauth_version: '2.0' }),
    });
    expect(await errorOf(version)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/oauth_version "2.0": it must be 1.0/) },
    });
    const consumer = await signedFetch({
      method: 'POST',
      url: `${platform.api}/v2/oauth/request_token`,
      consumer: { key: 'who-am-i', secret: 'x' },
      signatureMethod: 'HMAC-SHA512',
      params: { oauth_callback: platform.callbackBase },
    });
    expect(await errorOf(consumer)).toMatchObject({
      status: 401,
      body: { message: 'Unknown consumer key "who-am-i"' },
    });
    const missing = await call('GET', '/v2/self', { tamper: (oauth) => delete oauth.oauth_nonce });
    expect(await errorOf(missing)).toMatchObject({
      status: 400,
      body: { message: 'Missing OAuth parameter(s): oauth_nonce' },
    });
    const method = await call('GET', '/v2/self', {
      tamper: (oauth) => Object.assign(oauth, { oauth_signature_method: 'RSA-SHA1' }),
    });
    expect(await errorOf(method)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Unsupported oauth_signature_method RSA-SHA1/) },
    });
    const none = await fetch(`${platform.api}/v2/self`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^OAuth/);
  });

  it('answers 403 naming the right a token lacks', async () => {
    const access = await dance(platform, { uncheck: ['access_organisations_bills'] });
    const call = signerFor(platform, access);
    const self = (await (await call('GET', '/v2/self')).json()) as { id: string };
    const { status, body } = await errorOf(await call('GET', `/v4/billing/organisations/${self.id}/invoices`));
    expect(status).toBe(403);
    expect(body).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/requires right access_organisations_bills$/),
    });
    expect(body.id).toBeTypeOf('number');
  });

  it('refuses an API token on the API port (bridge only)', async () => {
    const response = await fetch(`${platform.api}/v2/self`, {
      headers: { Authorization: `Bearer ${platform.apiToken}` },
    });
    expect(await errorOf(response)).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/only by the bridge/) },
    });
  });
});
