/** Two-factor authentication through the API (`/v2/self/mfa/totp`): on, confirmed, shown, asked at sign-in, off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { dance, signerFor } from './support/oauth-client.ts';
import { base32Decode, totpAt } from './totp.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;

beforeAll(async () => {
  platform = await startPlatform();
  call = signerFor(platform, await dance(platform));
});
afterAll(() => platform.close());

const json = async (method: string, path: string, body?: unknown) => {
  const response = await call(method, path, body === undefined ? {} : { json: body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
};

describe('TOTP through /v2/self/mfa', () => {
  it('issues a secret, turns on with a current code only, then the sign-in asks for codes; DELETE turns it off', async () => {
    expect((await json('GET', '/v2/self')).body).toMatchObject({ preferredMFA: 'NONE' });
    expect((await json('GET', '/v2/self/mfa/totp/backupcodes')).body).toEqual([]);
    const started = (await json('POST', '/v2/self/mfa/totp')).body as { secret: string; url: string };
    expect(started.url).toContain(`secret=${started.secret}`);
    expect((await json('POST', '/v2/self/mfa/totp/confirmation', { code: '000000' })).status).toBe(400);
    const code = totpAt(base32Decode(started.secret), platform.clock.now());
    const confirmed = await json('POST', '/v2/self/mfa/totp/confirmation', { code });
    expect(confirmed.status).toBe(200);
    expect((await json('GET', '/v2/self')).body).toMatchObject({ preferredMFA: 'TOTP' });
    expect((await json('GET', '/v2/self/mfa/totp/backupcodes')).body).toHaveLength(10);
    expect((await json('PUT', '/v2/self/mfa/totp')).status).toBe(200);
    await expect(dance(platform)).rejects.toThrow(/authorize: 200/);
    expect((await json('POST', '/v2/self/mfa/sms')).status).toBe(404);
    expect((await json('DELETE', '/v2/self/mfa/totp')).status).toBe(204);
    expect((await json('GET', '/v2/self')).body).toMatchObject({ preferredMFA: 'NONE' });
    expect((await json('DELETE', '/v2/self/mfa/totp')).status).toBe(400);
    await expect(dance(platform)).resolves.toMatchObject({ token: expect.any(String) });
  });
});
