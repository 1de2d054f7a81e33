import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import {
  assertConfidentialTransport,
  assertSignableUrl,
  guardHeaders,
  guardPath,
} from '../../../../src/core/http/request-guard.ts';

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

  it('quotes a refused path only up to where a secret could start: the message is kept in history and run reports', () => {
    // Over 8192 characters is refused here only (the composer's own check lets it through to Send).
    const long = `/v2/self;access_token=s3cr3t-a;v=2?password=s3cr3t-b&pad=${'a'.repeat(8200)}`;
    for (const path of [
      long,
      '/v2/self;db-password=s3cr3t-c/%2e%2e',
      '/v2/x;token=s3cr3t-d/\\',
      '/v2/self%3Baccess_token%3Ds3cr3t-e/%2e%2e',
      '/v2/self?api_key=s3cr3t-f#x',
    ]) {
      const error = refusal(() => guardPath(path, 'api'));
      expect(error.message).toMatch(/^Refused path “\/v2\/(self|x)…”: /);
      expect(error.message).not.toContain('s3cr3t');
    }
    // A path with nothing that could start a parameter is quoted whole.
    expect(refusal(() => guardPath('/v2/self/../x', 'api')).message).toContain('“/v2/self/../x”');
  });

  it('quotes no userinfo of a full URL or //host given as the path (a pasted https://user:password@host/…)', () => {
    for (const path of [
      'https://admin:s3cr3t-m@api.example.com/v2/self',
      '//admin:s3cr3t-n@api.example.com/v2/self',
      '//s3cr3t-o\uFF20api.example.com/v2/self',
    ]) {
      const message = refusal(() => guardPath(path, 'api')).message;
      expect(message).not.toContain('s3cr3t');
      expect(message).toMatch(/^Refused path( “…”)?: /);
    }
  });

  it('quotes nothing of a path without its leading / (a token pasted into the path field, "Bearer sk_…")', () => {
    for (const path of ['Bearer s3cr3t-p', 's3cr3t-q', 'v2/self/s3cr3t-r']) {
      expect(refusal(() => guardPath(path, 'api')).message).toBe('Refused path: a path starts with /, e.g. /v2/self.');
    }
  });

  it('cuts the quote at a look-alike separator too (NFKC folds ；？＝＆％ and their small forms to ; ? = & %)', () => {
    for (const sep of ['\uFF1B', '\u037E', '\uFE54', '\uFF1F', '\uFE56', '\uFF1D', '\u207C', '\uFF06', '\uFF05']) {
      const error = refusal(() => guardPath(`/v2/self${sep}access_token${sep}s3cr3t-g/../x`, 'api'));
      expect(error.message).toMatch(/^Refused path “\/v2\/self…”: /);
      expect(error.message).not.toContain('s3cr3t');
    }
  });

  it('quotes no control or direction-changing character: run reports go to a terminal, the panel shows bidi text', () => {
    // ESC [ 2 J clears a terminal; U+202E reverses what follows; neither reaches the cut at the first separator.
    for (const path of ['/v2/self\u001b[2J/x', '/v2/\u202Eflesv/../x', '/v2/self\u0085x', '/v2/self\u2028x/../y']) {
      const message = refusal(() => guardPath(path, 'api')).message;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be quoted
      expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(message).toMatch(/^Refused path “\/v2\//);
    }
  });

  it('quotes nothing of a path that is not a string (a hostile page or a run file can send an array or object)', () => {
    for (const value of [['s3cr3t-h'], { token: 's3cr3t-i' }, 12345678]) {
      const error = refusal(() => guardPath(value as unknown as string, 'api'));
      expect(error.message).toBe('Refused path: the path is not text.');
    }
    expect(refusal(() => guardPath('', 'api')).message).toBe('Refused path: the path is empty.');
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
    ['/v2/100%', /malformed/],
    ['/v2/%zz', /malformed/],
  ])('refuses %j', (raw, why) => {
    const error = refusal(() => guardPath(raw, 'api'));
    expect(error.code).toBe('invalid-path');
    expect(error.message).toMatch(why);
  });

  // Issue 14 item 7: traversal that servers would resolve although no segment is literally `..`.
  it.each([
    ['/v2/..;/admin', /traversal/],
    ['/v2/.;x/admin', /traversal/],
    ['/v2/%2e%2e;/admin', /traversal/],
    ['/v2/%2e%2e%3b/admin', /traversal/],
    ['/v2/．．/admin', /traversal/],
    ['/v2/%ef%bc%8e%ef%bc%8e/admin', /traversal/],
    ['/v2/﹒﹒/admin', /traversal/],
    ['/v2/‥/admin', /traversal/],
    ['/v2/。。/admin', /traversal/],
    ['/v2/%252525252e%252525252e/admin', /traversal|more times/],
    ['/v2/%25252525252525252e/admin', /more times/],
    ['/v2/%2525252e%2525252e/admin', /traversal/],
    ['/v2/self／..／admin', /traversal|slash/],
    ['/v2/self%252fadmin', /slash/],
    ['/v2/self%ef%bc%8fadmin', /slash/],
    ['/v2/%ef%bc%bcadmin', /backslash/],
    ['/v2/%c0%ae%c0%ae/admin', /UTF-8/],
    ['/v2/%25c0%25ae/admin', /UTF-8/],
    ['/v2/self%2500', /control/],
    ['/v%252f../admin', /traversal|slash/],
  ])('refuses the disguised traversal %j', (raw, why) => {
    const error = refusal(() => guardPath(raw, 'api'));
    expect(error.code).toBe('invalid-path');
    expect(error.message).toMatch(why);
  });

  it.each([
    '/v2/self/tags/100%25',
    '/v2/self/applications/50%25off',
    '/v2/self/applications/a%25zz',
    '/v2/self/applications/a%2525',
    '/v2/self/applications/%E2%82%AC',
    '/v2/self/applications/ｈｅｌｌｏ',
    '/v2/self/applications/a;b',
    '/v2/self/applications/..x',
  ])('sends %j as typed (a literal %25 is a percent sign, not an escape)', (raw) => {
    expect(guardPath(raw, 'api')).toEqual({ path: raw, query: [] });
  });
});

describe('assertConfidentialTransport', () => {
  it('allows https and loopback http', () => {
    expect(() => assertConfidentialTransport('https://api.example.test/v2/self', 'x')).not.toThrow();
    expect(() => assertConfidentialTransport('http://127.0.0.1:8780/v2/self', 'x')).not.toThrow();
    expect(() => assertConfidentialTransport('http://localhost:8780/v2/self', 'x')).not.toThrow();
  });

  it('refuses plain http to any other host, naming what was not sent', () => {
    const error = refusal(() =>
      assertConfidentialTransport('http://api.example.test/v2/self', 'a PLAINTEXT signature'),
    );
    expect(error.code).toBe('origin-refused');
    expect(error.message).toMatch(/PLAINTEXT signature to http:\/\/api\.example\.test.*https/);
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
    expect(guardHeaders([['X-Name', 'Zoë']])).toEqual([['X-Name', 'Zoë']]);
  });

  it('refuses two Content-Type rows, which would be sent joined', () => {
    const error = refusal(() =>
      guardHeaders([
        ['Content-Type', 'text/plain'],
        ['content-type', 'application/x-www-form-urlencoded'],
      ]),
    );
    expect(error.message).toMatch(/Content-Type twice/);
  });

  it.each([
    [['Bad Name', 'x'], /not valid/],
    [['X-Ok', 'a\r\nInjected: 1'], /line break/],
    [['Authorization', 'Bearer x'], /set by Keyhole/],
    [['host', 'evil.test'], /set by Keyhole/],
    [['Cookie', 'a=b'], /set by Keyhole/],
    [['X-HTTP-Method-Override', 'DELETE'], /another method or path/],
    [['x-http-method', 'DELETE'], /another method or path/],
    [['X-Method-Override', 'PUT'], /another method or path/],
    [['X-Original-URL', '/admin'], /another method or path/],
    [['X-Rewrite-URL', '/admin'], /another method or path/],
    [['X-Name', 'Zoë ✓'], /X-Name.*✓.*Latin-1/],
    [['X-Name', '日本'], /X-Name.*Latin-1/],
  ] as const)('refuses %j', (header, why) => {
    const error = refusal(() => guardHeaders([[header[0], header[1]]]));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(why);
  });

  it('quotes an invalid header name only up to its first character a name cannot hold (a pasted "Authorization: Bearer …")', () => {
    for (const name of ['Authorization: Bearer s3cr3t-j', 'Authorization Bearer s3cr3t-k', 'X-Api-Key=s3cr3t-l']) {
      const message = refusal(() => guardHeaders([[name, 'v']])).message;
      expect(message).not.toContain('s3cr3t');
      expect(message).toMatch(/^Header name “(Authorization|X-Api-Key)…” is not valid/);
    }
  });
});
