/**
 * Bare PLAINTEXT, exactly as the platform's official client and CLI send it (and the real platform accepts it):
 * `oauth_consumer_key`, `oauth_token`, `oauth_signature` and nothing else in the header; the same plus
 * `oauth_signature_method="PLAINTEXT"` in the token steps' form body. HMAC stays strict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { approve, dance, encodePairs, parseForm, signerFor } from './support/oauth-client.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

/** The header of `@clevercloud/client`'s CcAuthOauthV1Plaintext and `esm/oauth.js`, byte for byte. */
function bareHeader(consumer: { key: string; secret: string }, token: { token: string; secret: string }): string {
  return (
    'OAuth ' +
    [
      `oauth_consumer_key="${consumer.key}"`,
      `oauth_token="${token.token}"`,
      `oauth_signature="${consumer.secret}%26${token.secret}"`,
    ].join(', ')
  );
}

const consumerOf = (p: Platform) => ({ key: p.consumerKey, secret: p.consumerSecret });

/** The token steps of the official client's `esm/login.js`: a form body, PLAINTEXT named, no timestamp or nonce. */
function tokenStep(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${platform.api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('bare PLAINTEXT (RFC 5849 §3.1: timestamp and nonce MAY be omitted)', () => {
  it('runs the whole dance with bare token steps, then calls the API and the bridge with the bare header', async () => {
    const requested = await tokenStep('/v2/oauth/request_token', {
      oauth_consumer_key: platform.consumerKey,
      oauth_signature_method: 'PLAINTEXT',
      oauth_signature: `${platform.consumerSecret}&`,
      oauth_callback: `${platform.callbackBase}cb`,
    });
    expect(requested.status).toBe(200);
    const request = parseForm(await requested.text());
    const approval = await approve(platform, request.oauth_token!);
    const verifier = new URL(approval.headers.get('location')!).searchParams.get('oauth_verifier')!;
    const exchanged = await tokenStep('/v2/oauth/access_token', {
      oauth_consumer_key: platform.consumerKey,
      oauth_signature_method: 'PLAINTEXT',
      oauth_signature: `${platform.consumerSecret}&${request.oauth_token_secret}`,
      oauth_token: request.oauth_token!,
      oauth_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const access = parseForm(await exchanged.text());
    const token = { token: access.oauth_token!, secret: access.oauth_token_secret! };

    for (const base of [platform.api, platform.bridge]) {
      const self = await fetch(`${base}/v2/self`, {
        headers: { Authorization: bareHeader(consumerOf(platform), token) },
      });
      expect(self.status, base).toBe(200);
      expect(await self.json()).toMatchObject({ email: platform.user.email });
    }
    // The same header twice: without a nonce there is nothing to replay-check, like the real platform.
    const again = await fetch(`${platform.api}/v2/self`, {
      headers: { Authorization: bareHeader(consumerOf(platform), token) },
    });
    expect(again.status).toBe(200);
  });

  it('verifies the bare signature strictly, and says PLAINTEXT was assumed', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const wrong = await fetch(`${platform.api}/v2/self`, {
      headers: { Authorization: bareHeader(consumerOf(platform), { token: access.token, secret: 'nope' }) },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      message: expect.stringMatching(/^Invalid signature \(no oauth_signature_method was sent, so PLAINTEXT was/),
    });
    const noToken = await fetch(`${platform.api}/v2/self`, {
      headers: { Authorization: `OAuth oauth_consumer_key="${platform.consumerKey}", oauth_signature="x%26y"` },
    });
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({ message: 'Missing OAuth parameter(s): oauth_token' });
  });

  it('still checks a timestamp or a nonce that a PLAINTEXT request does send', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const call = signerFor(platform, access, 'PLAINTEXT');
    const stale = await call('GET', '/v2/self', { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    const fixed = { nonce: 'plaintext-nonce', timestamp: Math.floor(Date.now() / 1000) };
    expect((await call('GET', '/v2/self', fixed)).status).toBe(200);
    expect((await call('GET', '/v2/self', fixed)).status).toBe(401);
  });

  it('keeps HMAC strict: method, timestamp and nonce are required, an unnamed HMAC signature is refused', async () => {
    const call = signerFor(platform, await dance(platform));
    for (const name of ['oauth_timestamp', 'oauth_nonce']) {
      const missing = await call('GET', '/v2/self', { tamper: (oauth) => delete oauth[name] });
      expect(missing.status, name).toBe(400);
      expect(await missing.json()).toMatchObject({ message: `Missing OAuth parameter(s): ${name}` });
    }
    const unnamed = await call('GET', '/v2/self', { tamper: (oauth) => delete oauth.oauth_signature_method });
    expect(unnamed.status).toBe(401);
  });
});

describe('credentials in ?authorization=<base64 of the header>, as the official client puts them in links', () => {
  it('accepts bare PLAINTEXT and an API token that way, and keeps the parameter out of the signed ones', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const header = bareHeader(consumerOf(platform), { token: access.token, secret: access.secret });
    const encoded = encodePairs({ authorization: Buffer.from(header).toString('base64') });
    const self = await fetch(`${platform.api}/v2/self?${encoded}`);
    expect(self.status).toBe(200);
    const bearer = encodePairs({ authorization: Buffer.from(`Bearer ${platform.apiToken}`).toString('base64') });
    expect((await fetch(`${platform.bridge}/v2/self?${bearer}`)).status).toBe(200);
  });

  it('refuses a value that is not base64 with 400, and an unsigned link with 401', async () => {
    const bad = await fetch(`${platform.api}/v2/self?authorization=${encodeURIComponent('not base64!')}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringMatching(/base64 of an Authorization header/) });
    const forged = Buffer.from('OAuth oauth_consumer_key="keyhole-sandbox", oauth_token="t", oauth_signature="x"');
    const refused = await fetch(
      `${platform.api}/v2/self?authorization=${encodeURIComponent(forged.toString('base64'))}`,
    );
    expect(refused.status).toBe(401);
  });
});
