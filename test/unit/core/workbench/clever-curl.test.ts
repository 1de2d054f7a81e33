import { describe, expect, it } from 'vitest';
import { buildCleverCurl } from '../../../../src/core/workbench/clever-curl.ts';
import { parseCurl } from '../../../../src/core/workbench/curl.ts';
import { splitShellWords } from '../../../../src/core/workbench/shell-words.ts';

const API = 'https://api.clever-cloud.com';

describe('buildCleverCurl', () => {
  it('writes a command without any Authorization header', () => {
    const command = buildCleverCurl(
      { target: 'api', method: 'GET', path: '/v2/organisations/orga_1/applications', query: [['q', "it's"]] },
      API,
    );
    expect(command).toBe(
      [
        'clever curl -q --globoff -X GET',
        `-H 'Accept: application/json, */*'`,
        `'https://api.clever-cloud.com/v2/organisations/orga_1/applications?q=it%27s'`,
      ].join(' \\\n  '),
    );
    expect(command).not.toMatch(/Authorization/i);
  });

  it('adds the content type and body as Keyhole sends them, and reads back with parseCurl', () => {
    const json = buildCleverCurl(
      {
        target: 'api',
        method: 'PUT',
        path: '/v2/x/env',
        headers: [['X-A', "o'k"]],
        body: { kind: 'json', text: `{"MSG":"it's"}` },
      },
      `${API}/`,
    );
    expect(parseCurl(json)).toEqual({
      method: 'PUT',
      url: 'https://api.clever-cloud.com/v2/x/env',
      headers: [
        ['X-A', "o'k"],
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, */*'],
      ],
      body: { text: `{"MSG":"it's"}`, contentType: 'application/json', declared: true },
      notices: [],
    });
    const form = buildCleverCurl(
      { target: 'api', method: 'POST', path: '/v2/x', body: { kind: 'form', fields: [['a b', 'c&d']] } },
      API,
    );
    expect(parseCurl(form).body?.text).toBe('a%20b=c%26d');
  });

  it('refuses bridge requests with an explanation', () => {
    expect(() => buildCleverCurl({ target: 'bridge', method: 'GET', path: '/v2/self' }, 'https://x')).toThrow(/bridge/);
  });
});

describe('clever curl quoting', () => {
  it('always quotes the URL, also when it has only safe characters', () => {
    expect(buildCleverCurl({ target: 'api', method: 'GET', path: '/v4/products/zones' }, API)).toMatch(
      /\n {2}'https:\/\/api\.clever-cloud\.com\/v4\/products\/zones'$/,
    );
  });

  it('gives curl every value where it reads it literally, and the URL last', () => {
    // clever-tools passes the words to curl unchanged, and skips signing when the last one is --help or -h.
    for (const text of ['@/home/you/.ssh/id_ed25519', '<f.json', '--help']) {
      const words = splitShellWords(
        buildCleverCurl(
          { target: 'api', method: 'POST', path: '/v2/x', body: { kind: 'text', text, contentType: 'text/plain' } },
          API,
        ),
      );
      expect(words.slice(-3)).toEqual(['--data-raw', text, `${API}/v2/x`]);
      expect(words).not.toContain('--data-binary');
      expect(words).not.toContain('-d');
    }
  });

  it('refuses a body with a NUL byte, which the command line cannot carry', () => {
    expect(() =>
      buildCleverCurl(
        {
          target: 'api',
          method: 'POST',
          path: '/v2/x',
          body: { kind: 'text', text: 'a\0b', contentType: 'text/plain' },
        },
        API,
      ),
    ).toThrow(/The body contains a NUL byte/);
  });
});
