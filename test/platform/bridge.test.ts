import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { dance, signedFetch } from './support/oauth-client.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function createToken(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${platform.bridge}/api-tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the bridge', () => {
  it('accepts the pre-seeded API token as Bearer', async () => {
    const response = await fetch(`${platform.bridge}/v2/self`, { headers: bearer(platform.apiToken) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: platform.user.email });
  });

  it('gives an API token every right, and proxies writes and /v4', async () => {
    const self = (await (await fetch(`${platform.bridge}/v2/self`, { headers: bearer(platform.apiToken) })).json()) as {
      id: string;
    };
    const invoices = await fetch(`${platform.bridge}/v4/billing/organisations/${self.id}/invoices`, {
      headers: bearer(platform.apiToken),
    });
    expect(invoices.status).toBe(200);
    const put = await fetch(`${platform.bridge}/v2/self`, {
      method: 'PUT',
      headers: { ...bearer(platform.apiToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: 'FR' }),
    });
    expect(await put.json()).toMatchObject({ lang: 'FR' });
  });

  it('accepts OAuth PLAINTEXT and refuses HMAC with a message saying so', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const token = { key: access.token, secret: access.secret };
    const consumer = { key: platform.consumerKey, secret: platform.consumerSecret };
    const url = `${platform.bridge}/v2/self`;
    const plaintext = await signedFetch({ method: 'GET', url, consumer, token, signatureMethod: 'PLAINTEXT' });
    expect(plaintext.status).toBe(200);
    const hmac = await signedFetch({ method: 'GET', url, consumer, token, signatureMethod: 'HMAC-SHA512' });
    expect(hmac.status).toBe(401);
    expect(await hmac.json()).toMatchObject({ message: expect.stringMatching(/accepts only PLAINTEXT/) });
  });

  it('refuses PATCH (405), OAuth endpoints and requests without credentials', async () => {
    const patch = await fetch(`${platform.bridge}/v2/self`, { method: 'PATCH', headers: bearer(platform.apiToken) });
    expect(patch.status).toBe(405);
    expect((await fetch(`${platform.bridge}/v2/oauth/rights`)).status).toBe(404);
    const anonymous = await fetch(`${platform.bridge}/v2/self`);
    expect(anonymous.status).toBe(401);
    const unknown = await fetch(`${platform.bridge}/v2/self`, { headers: bearer('sbx_not-a-token') });
    expect(await unknown.json()).toMatchObject({ message: 'Unknown API token' });
  });
});

describe('API tokens', () => {
  it('are created once, listed, renamed, revoked, then refused at once', async () => {
    const created = await createToken({
      email: platform.user.email,
      password: platform.user.password,
      name: 'ci',
      description: 'for CI',
      expirationDate: inDays(30),
    });
    expect(created.status).toBe(201);
    const token = (await created.json()) as Record<string, string>;
    expect(token).toMatchObject({ name: 'ci', description: 'for CI', state: 'ACTIVE', apiTokenId: expect.any(String) });
    expect(token.apiToken).toMatch(/^sbx_/);

    expect((await fetch(`${platform.bridge}/v2/self`, { headers: bearer(token.apiToken!) })).status).toBe(200);
    const list = (await (
      await fetch(`${platform.bridge}/api-tokens`, { headers: bearer(token.apiToken!) })
    ).json()) as Record<string, unknown>[];
    const listed = list.find((item) => item.apiTokenId === token.apiTokenId)!;
    expect(listed).toMatchObject({ userId: expect.stringMatching(/^user_/), ip: '127.0.0.1', state: 'ACTIVE' });
    expect(JSON.stringify(list)).not.toContain(token.apiToken);

    const renamed = await fetch(`${platform.bridge}/api-tokens/${token.apiTokenId}`, {
      method: 'PUT',
      headers: { ...bearer(platform.apiToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ci-renamed' }),
    });
    expect(renamed.status).toBe(204);
    expect(platform.state.apiTokens.get(token.apiTokenId!)?.name).toBe('ci-renamed');

    const revoked = await fetch(`${platform.bridge}/api-tokens/${token.apiTokenId}`, {
      method: 'DELETE',
      headers: bearer(platform.apiToken),
    });
    expect(revoked.status).toBe(204);
    const refused = await fetch(`${platform.bridge}/v2/self`, { headers: bearer(token.apiToken!) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: 'API token revoked' });
  });

  it('can be listed with the OAuth PLAINTEXT header, like the CLI does', async () => {
    const access = await dance(platform, { signatureMethod: 'PLAINTEXT' });
    const response = await signedFetch({
      method: 'GET',
      url: `${platform.bridge}/api-tokens`,
      consumer: { key: platform.consumerKey, secret: platform.consumerSecret },
      token: { key: access.token, secret: access.secret },
      signatureMethod: 'PLAINTEXT',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses an expired API token', async () => {
    const created = (await (
      await createToken({
        ...platform.user,
        name: 'short',
        expirationDate: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json()) as { apiToken: string };
    platform.clock.shift(120);
    try {
      const response = await fetch(`${platform.bridge}/v2/self`, { headers: bearer(created.apiToken) });
      expect(await response.json()).toMatchObject({ message: 'API token expired' });
    } finally {
      platform.clock.shift(-120);
    }
  });

  it('refuses wrong credentials, bad names and dates with a code', async () => {
    const wrong = await createToken({
      email: platform.user.email,
      password: 'x',
      name: 'n',
      expirationDate: inDays(1),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'invalid-credential' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ expirationDate: inDays(1) }, /name/],
      [{ name: 'n', expirationDate: inDays(-1) }, /past/],
      [{ name: 'n', expirationDate: inDays(400) }, /more than 1 year/],
      [{ name: 'n', expirationDate: 'tomorrow' }, /ISO 8601/],
    ];
    for (const [body, message] of cases) {
      const response = await createToken({ ...platform.user, ...body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(message) });
    }
  });

  it('asks the MFA user for a TOTP code', async () => {
    const base = {
      email: platform.mfaUser.email,
      password: platform.mfaUser.password,
      name: 'mfa',
      expirationDate: inDays(7),
    };
    const without = await createToken(base);
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ code: 'invalid-mfa-code' });
    const wrong = await createToken({ ...base, mfaCode: '000000' });
    expect(await wrong.json()).toMatchObject({ code: 'invalid-mfa-code' });
    const right = await createToken({ ...base, mfaCode: platform.currentTotp(platform.mfaUser.email) });
    expect(right.status).toBe(201);
    const token = (await right.json()) as { apiToken: string };
    const self = await fetch(`${platform.bridge}/v2/self`, { headers: bearer(token.apiToken) });
    expect(await self.json()).toMatchObject({ email: platform.mfaUser.email, preferredMFA: 'TOTP' });
  });
});
