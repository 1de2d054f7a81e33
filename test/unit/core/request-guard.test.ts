import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { assertSignableUrl, guardHeaders, guardPath } from '../../../src/core/request-guard.ts';

function refusal(run: () => unknown): KeyholeError {
  try {
    run();
  } catch (error) {
    if (error instanceof KeyholeError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('guardPath', () => {
  it.each([
    ['/v2/self', '/v2/self'],
    ['/v4/products/zones', '/v4/products/zones'],
    ['/v2/organisations/orga_1/applications', '/v2/organisations/orga_1/applications'],
    ['/v2/self/applications/app%20with%20space', '/v2/self/applications/app%20with%20space'],
    ['/v4/billing/organisations/orga_1/INV-1.pdf', '/v4/billing/organisations/orga_1/INV-1.pdf'],
  ])('accepts %s', (raw, path) => {
    expect(guardPath(raw, 'api')).toEqual({ path, query: [] });
  });

  it('moves a query string typed into the path into the query pairs', () => {
    expect(guardPath('/v2/self?a=1&b=x+y', 'api')).toEqual({
      path: '/v2/self',
      query: [
        ['a', '1'],
        ['b', 'x y'],
      ],
    });
  });

  it('allows API-token management on the bridge only', () => {
    expect(guardPath('/api-tokens', 'bridge').path).toBe('/api-tokens');
    expect(guardPath('/api-tokens/tok_1', 'bridge').path).toBe('/api-tokens/tok_1');
    expect(refusal(() => guardPath('/api-tokens', 'api')).code).toBe('invalid-path');
    expect(refusal(() => guardPath('/api-tokensX', 'bridge')).code).toBe('invalid-path');
  });

  it.each([
    ['', /empty/],
    ['v2/self', /starts with \//],
    ['/v3/self', /\/v2\/ or \/v4\//],
    ['/', /\/v2\/ or \/v4\//],
    ['/v2', /\/v2\/ or \/v4\//],
    ['/v2/../admin', /traversal/],
    ['/v2/./self', /traversal/],
    ['/v2/%2e%2e/admin', /traversal/],
    ['/v2/%2E%2E/admin', /traversal/],
    ['/v2/%252e%252e/admin', /traversal/],
    ['/v2/self%2f..%2fadmin', /traversal|encoded slash/],
    ['/v2/self%2fadmin', /encoded slash/],
    ['/v2/self\\..\\admin', /backslash/],
    ['/v2/%5c..%5cadmin', /backslash|traversal/],
    ['//evil.example/v2/self', /another host/],
    ['https://evil.example/v2/self', /full URL/],
    ['javascript:alert(1)', /full URL/],
    ['/v2/self\r\nX-Injected: 1', /control character/],
    ['/v2/self%0d%0aX-Injected:%201', /control character/],
    ['/v2/self%00', /control character/],
    ['/v2/self#frag', /fragment/],
    ['/v2//self', /empty segment/],
    ['/v2/%E0%A4%A', /malformed/],
  ])('refuses %j', (raw, why) => {
    const error = refusal(() => guardPath(raw, 'api'));
    expect(error.code).toBe('invalid-path');
    expect(error.message).toMatch(why);
  });
});

describe('assertSignableUrl', () => {
  const bases = ['https://api.clever-cloud.com', 'https://api-bridge.clever-cloud.com'];

  it('accepts the configured origins', () => {
    expect(() => assertSignableUrl('https://api.clever-cloud.com/v2/self', bases)).not.toThrow();
    expect(() => assertSignableUrl('https://api-bridge.clever-cloud.com/v2/self?x=1', bases)).not.toThrow();
  });

  it('honours a base URL with a path prefix', () => {
    expect(() =>
      assertSignableUrl('http://127.0.0.1:9000/platform/v2/self', ['http://127.0.0.1:9000/platform']),
    ).not.toThrow();
    expect(
      refusal(() => assertSignableUrl('http://127.0.0.1:9000/v2/self', ['http://127.0.0.1:9000/platform'])).code,
    ).toBe('origin-refused');
  });

  it.each([
    'https://api.clever-cloud.com.evil.test/v2/self',
    'https://evil.test/v2/self?https://api.clever-cloud.com',
    'http://api.clever-cloud.com/v2/self',
    'https://api.clever-cloud.com:8443/v2/self',
    'https://user:pass@api.clever-cloud.com/v2/self',
    'https://evil.test@api.clever-cloud.com.evil.test/v2/self',
    'not a url',
    'https://console.clever-cloud.com/v2/self',
  ])('refuses %s', (url) => {
    expect(refusal(() => assertSignableUrl(url, bases)).code).toBe('origin-refused');
  });
});

describe('guardHeaders', () => {
  it('keeps valid headers, trimmed', () => {
    expect(guardHeaders([[' X-Trace ', 'a b']])).toEqual([['X-Trace', 'a b']]);
  });

  it.each([
    [['Bad Name', 'x'], /not valid/],
    [['X-Ok', 'a\r\nInjected: 1'], /line break/],
    [['Authorization', 'Bearer x'], /set by Keyhole/],
    [['host', 'evil.test'], /set by Keyhole/],
    [['Cookie', 'a=b'], /set by Keyhole/],
  ] as const)('refuses %j', (header, why) => {
    const error = refusal(() => guardHeaders([[header[0], header[1]]]));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(why);
  });
});
