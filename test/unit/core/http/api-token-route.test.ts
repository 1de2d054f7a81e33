import { describe, expect, it } from 'vitest';
import { routeForApiToken } from '../../../../src/core/http/api-token-route.ts';

describe('a request sent with an API token', () => {
  it('goes to the bridge, Bearer, on the same path; the API-only signature choice is dropped', () => {
    expect(
      routeForApiToken({
        target: 'api',
        method: 'PUT',
        path: '/v2/self',
        signatureMethod: 'HMAC-SHA1',
        query: [['a', 'b']],
      }),
    ).toEqual({ target: 'bridge', method: 'PUT', path: '/v2/self', query: [['a', 'b']], bridgeAuth: 'token' });
    expect(routeForApiToken({ target: 'bridge', method: 'GET', path: '/v4/x', bridgeAuth: 'oauth-plaintext' })).toEqual(
      {
        target: 'bridge',
        method: 'GET',
        path: '/v4/x',
        bridgeAuth: 'token',
      },
    );
  });

  it('refuses PATCH, which the bridge does not forward, saying what to use', () => {
    expect(() => routeForApiToken({ target: 'api', method: 'PATCH', path: '/v2/self' })).toThrow(
      /does not forward PATCH.*OAuth 1\.0a/,
    );
  });
});
