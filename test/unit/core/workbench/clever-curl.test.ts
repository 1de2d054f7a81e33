import { describe, expect, it } from 'vitest';
import { buildCleverCurl } from '../../../../src/core/workbench/clever-curl.ts';
import { parseCurl } from '../../../../src/core/workbench/curl.ts';

describe('buildCleverCurl', () => {
  it('writes a command without any Authorization header', () => {
    const command = buildCleverCurl(
      { target: 'api', method: 'GET', path: '/v2/organisations/orga_1/applications', query: [['q', "it's"]] },
      'https://api.clever-cloud.com',
    );
    expect(command).toBe(
      `clever curl -X GET 'https://api.clever-cloud.com/v2/organisations/orga_1/applications?q=it%27s'`,
    );
    expect(command).not.toMatch(/Authorization/i);
  });

  it('adds the content type and body, and reads back with parseCurl', () => {
    const json = buildCleverCurl(
      {
        target: 'api',
        method: 'PUT',
        path: '/v2/x/env',
        headers: [['X-A', "o'k"]],
        body: { kind: 'json', text: `{"MSG":"it's"}` },
      },
      'https://api.clever-cloud.com/',
    );
    expect(parseCurl(json)).toEqual({
      method: 'PUT',
      url: 'https://api.clever-cloud.com/v2/x/env',
      headers: [
        ['X-A', "o'k"],
        ['Content-Type', 'application/json'],
      ],
      body: { text: `{"MSG":"it's"}`, contentType: 'application/json', declared: true },
      notices: [],
    });
    const form = buildCleverCurl(
      { target: 'api', method: 'POST', path: '/v2/x', body: { kind: 'form', fields: [['a b', 'c&d']] } },
      'https://api.clever-cloud.com',
    );
    expect(parseCurl(form).body?.text).toBe('a%20b=c%26d');
  });

  it('refuses bridge requests with an explanation', () => {
    expect(() => buildCleverCurl({ target: 'bridge', method: 'GET', path: '/v2/self' }, 'https://x')).toThrow(/bridge/);
  });
});

describe('clever curl quoting', () => {
  it('always quotes the URL, also when it has only safe characters', () => {
    expect(
      buildCleverCurl({ target: 'api', method: 'GET', path: '/v4/products/zones' }, 'https://api.clever-cloud.com'),
    ).toBe("clever curl -X GET 'https://api.clever-cloud.com/v4/products/zones'");
  });
});
