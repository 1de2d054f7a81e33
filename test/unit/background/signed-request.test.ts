import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView, SendRequest } from '../../../src/core/protocol.ts';

// The worker's secret sources, in memory: what prepareRequest reads before it signs (origin checks are
// bound-secrets.ts's own tests).
const { bridgeToken } = vi.hoisted(() => ({ bridgeToken: { current: undefined as { value: string } | undefined } }));
vi.mock('../../../src/background/bound-secrets.ts', () => ({
  bridgeTokenFor: async () => bridgeToken.current,
  consumerSecretFor: async () => 'consumer-secret',
  accessTokenFor: async () => ({ token: 'access-token', tokenSecret: 'token-secret' }),
}));
vi.mock('../../../src/background/session.ts', () => ({
  readSession: async () => ({ state: 'signed-in', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
}));

const { prepareRequest } = await import('../../../src/background/signed-request.ts');

const profile = (apiBaseUrl = 'https://api.example.test', bridgeUrl = 'https://bridge.example.test'): ProfileView => ({
  id: 'p1',
  name: 'Test',
  preset: 'custom',
  apiBaseUrl,
  bridgeUrl,
  consumerKey: 'ck',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
});

const post = (extra: Partial<SendRequest>): SendRequest => ({ target: 'api', method: 'POST', path: '/v2/x', ...extra });

beforeEach(() => {
  bridgeToken.current = undefined;
});

describe('prepareRequest signs what is sent (RFC 5849 §3.4.1.3.1)', () => {
  it('signs the fields of a text body sent as application/x-www-form-urlencoded', async () => {
    const prepared = await prepareRequest(
      profile(),
      post({ body: { kind: 'text', contentType: 'application/x-www-form-urlencoded', text: 'name=A+B&value=x%26y' } }),
      0,
    );
    expect(prepared.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
    expect(prepared.signature?.parameters.filter((p) => p.source === 'form')).toEqual([
      { key: 'name', value: 'A%20B', source: 'form' },
      { key: 'value', value: 'x%26y', source: 'form' },
    ]);
    expect(prepared.signature?.baseString).toContain('name%3DA%2520B');
  });

  it('counts a form-urlencoded Content-Type with parameters, and one set in the header table', async () => {
    const withCharset = await prepareRequest(
      profile(),
      post({ body: { kind: 'text', contentType: 'Application/X-WWW-Form-Urlencoded; charset=UTF-8', text: 'a=1' } }),
      0,
    );
    expect(withCharset.signature?.parameters.some((p) => p.source === 'form' && p.key === 'a')).toBe(true);
    const fromTable = await prepareRequest(
      profile(),
      post({
        headers: [['content-type', 'application/x-www-form-urlencoded']],
        body: { kind: 'text', contentType: 'text/plain', text: 'a=1' },
      }),
      0,
    );
    expect(fromTable.headers.filter(([name]) => name.toLowerCase() === 'content-type')).toEqual([
      ['content-type', 'application/x-www-form-urlencoded'],
    ]);
    expect(fromTable.signature?.parameters.some((p) => p.source === 'form' && p.key === 'a')).toBe(true);
  });

  it('does not sign the fields of a form body sent with another Content-Type from the header table', async () => {
    const prepared = await prepareRequest(
      profile(),
      post({ headers: [['Content-Type', 'text/plain']], body: { kind: 'form', fields: [['name', 'A']] } }),
      0,
    );
    expect(prepared.body).toBe('name=A');
    expect(prepared.headers.filter(([name]) => name.toLowerCase() === 'content-type')).toEqual([
      ['Content-Type', 'text/plain'],
    ]);
    expect(prepared.signature?.parameters.filter((p) => p.source === 'form')).toEqual([]);
    expect(prepared.signature?.baseString).not.toContain('name%3DA');
  });

  it('still signs an ordinary form body', async () => {
    const prepared = await prepareRequest(profile(), post({ body: { kind: 'form', fields: [['n', 'a b']] } }), 0);
    expect(prepared.signature?.parameters.filter((p) => p.source === 'form')).toEqual([
      { key: 'n', value: 'a%20b', source: 'form' },
    ]);
  });
});

describe('reusable credentials only over https or loopback', () => {
  it('refuses a per-call PLAINTEXT override over plain http to another host', async () => {
    const insecure = profile('http://api.example.test', 'http://bridge.example.test');
    await expect(
      prepareRequest(insecure, { target: 'api', method: 'GET', path: '/v2/self', signatureMethod: 'PLAINTEXT' }, 0),
    ).rejects.toMatchObject({ code: 'origin-refused', message: expect.stringMatching(/PLAINTEXT.*https/) });
    // The bridge always signs PLAINTEXT: the same rule applies.
    await expect(
      prepareRequest(insecure, { target: 'bridge', method: 'GET', path: '/v2/self' }, 0),
    ).rejects.toMatchObject({
      code: 'origin-refused',
    });
    // HMAC signatures are single-use: allowed.
    const hmac = await prepareRequest(insecure, { target: 'api', method: 'GET', path: '/v2/self' }, 0);
    expect(hmac.signature?.signatureMethod).toBe('HMAC-SHA512');
  });

  it('refuses a Bearer API token over plain http to another host', async () => {
    bridgeToken.current = { value: 'sbx_token' };
    await expect(
      prepareRequest(
        profile('https://api.example.test', 'http://bridge.example.test'),
        { target: 'bridge', method: 'GET', path: '/v2/self' },
        0,
      ),
    ).rejects.toMatchObject({ code: 'origin-refused', message: expect.stringMatching(/API token/) });
  });

  it('allows PLAINTEXT over https and to loopback http', async () => {
    const https = await prepareRequest(
      profile(),
      { target: 'api', method: 'GET', path: '/v2/self', signatureMethod: 'PLAINTEXT' },
      0,
    );
    expect(https.signature?.signatureMethod).toBe('PLAINTEXT');
    const loopback = await prepareRequest(
      profile('http://127.0.0.1:8780', 'http://127.0.0.1:8781'),
      { target: 'bridge', method: 'GET', path: '/v2/self' },
      0,
    );
    expect(loopback.auth).toBe('oauth');
  });
});

describe('method overrides as parameters', () => {
  it('refuses _method in the query or in a form body that is sent as a form, naming where', async () => {
    await expect(prepareRequest(profile(), post({ query: [['_method', 'DELETE']] }), 0)).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('query parameter “_method”'),
    });
    await expect(
      prepareRequest(profile(), post({ path: '/v2/x?X-HTTP-Method-Override=DELETE' }), 0),
    ).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(
      prepareRequest(profile(), post({ body: { kind: 'form', fields: [['_METHOD', 'DELETE']] } }), 0),
    ).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('form field “_METHOD”') });
  });

  it('lets a JSON body carry a "_method" key: no server reads a method override from it', async () => {
    const prepared = await prepareRequest(profile(), post({ body: { kind: 'json', text: '{"_method":"x"}' } }), 0);
    expect(prepared.body).toBe('{"_method":"x"}');
  });
});
