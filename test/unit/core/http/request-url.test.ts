import { describe, expect, it } from 'vitest';
import { buildRequestUrl, encodeQuery, splitRequestUrl } from '../../../../src/core/http/request-url.ts';

describe('request URLs', () => {
  it('encodes queries the way the OAuth signer does (RFC 3986)', () => {
    expect(
      encodeQuery([
        ['q', "a b!'()*"],
        ['é', '~-._'],
      ]),
    ).toBe('q=a%20b%21%27%28%29%2A&%C3%A9=~-._');
  });

  it('joins base, path and query without doubling slashes', () => {
    expect(buildRequestUrl('https://api.test/', '/v2/self', [['x', '1']])).toBe('https://api.test/v2/self?x=1');
    expect(buildRequestUrl('http://127.0.0.1:8780', '/v2/self')).toBe('http://127.0.0.1:8780/v2/self');
  });

  it('splits URLs of a base with a path prefix', () => {
    const origins = { apiBaseUrl: 'https://gw.test/platform', bridgeUrl: 'https://bridge.test' };
    expect(splitRequestUrl('https://gw.test/platform/v2/self?a=1&a=2', origins)).toEqual({
      target: 'api',
      path: '/v2/self',
      query: [
        ['a', '1'],
        ['a', '2'],
      ],
      origin: 'https://gw.test',
    });
    expect(splitRequestUrl('https://gw.test/other/v2/self', origins).target).toBeUndefined();
  });

  it('accepts path-only input and URLs without a scheme', () => {
    expect(splitRequestUrl('/v2/self?x=a+b')).toEqual({
      target: undefined,
      path: '/v2/self',
      query: [['x', 'a b']],
      origin: '',
    });
    expect(splitRequestUrl('api.clever-cloud.com/v2/self').target).toBe('api');
  });
});
