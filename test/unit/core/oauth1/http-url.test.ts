import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { type HttpUrlParts, readHttpUrl, readPlainHttpUrl } from '../../../../src/core/oauth1/http-url.ts';

function partsOf(url: HttpUrlParts): HttpUrlParts {
  return { protocol: url.protocol, host: url.host, pathname: url.pathname, search: url.search };
}

/** The parser's answer, or the error readHttpUrl must give for the same text. */
function viaParser(text: string): HttpUrlParts | 'invalid' {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? partsOf(url) : 'invalid';
  } catch {
    return 'invalid';
  }
}

function viaReadHttpUrl(text: string): HttpUrlParts | 'invalid' {
  try {
    return partsOf(readHttpUrl(text));
  } catch (error) {
    expect(error).toBeInstanceOf(KeyholeError);
    expect((error as KeyholeError).code).toBe('invalid-input');
    return 'invalid';
  }
}

describe('readPlainHttpUrl (the fast path)', () => {
  it('reads a URL already in normal form without the parser, as the parser would', () => {
    const text = 'https://api.clever-cloud.com/v2/organisations/orga_3547a882/applications?limit=50&offset=100';
    expect(readPlainHttpUrl(text)).toEqual(partsOf(new URL(text)));
    expect(readPlainHttpUrl('http://example.com')).toEqual({
      protocol: 'http:',
      host: 'example.com',
      pathname: '/',
      search: '',
    });
    expect(readPlainHttpUrl('https://example.com/x?')).toEqual(partsOf(new URL('https://example.com/x?')));
    expect(readPlainHttpUrl('https://example.com?a=1')).toEqual(partsOf(new URL('https://example.com?a=1')));
  });

  it('leaves everything the parser would change, or the two parsers disagree on, to the parser', () => {
    for (const text of [
      'HTTPS://example.com/',
      'https://Example.com/',
      'https://example.com:443/',
      'https://example.com:8443/',
      'https://127.0.0.1/',
      'https://a.1/',
      'https://a.0x1/',
      'https://xn--a.com/',
      'https://ab--cd.com/',
      'https://user@example.com/',
      'https://example.com./',
      'https://example.com/a/./b',
      'https://example.com/a/../b',
      'https://example.com/..',
      'https://example.com/%41',
      'https://example.com/x?q=%20',
      "https://example.com/it's",
      'https://example.com/x|y',
      'https://example.com/x#frag',
      'https://example.com/x y',
      'https://example.com/é',
      'https://example.com\\x',
      ' https://example.com/',
      'ftp://example.com/',
    ]) {
      expect(readPlainHttpUrl(text), text).toBeUndefined();
    }
  });
});

describe('readHttpUrl', () => {
  it('gives the URL parser’s parts and errors for any URL-like text, on and off the fast path', () => {
    const safeHost = ['a', 'api', 'b1', 'com', 'clever-cloud', 'x-y', '0', '9', '-', 'xn', 'n-'];
    const anyHost = [
      ...safeHost,
      '1',
      '0x1',
      'xn--a',
      'ab--c',
      'A',
      'é',
      '%41',
      '.',
      '@',
      'u:p@',
      ':',
      ':443',
      ':8080',
    ];
    const safePath = ['/', '//', 'a', 'B', '.', '..', 'v2', 'x.y', '-', '_', '~', '!', '$', '&', '(', ')', '*', '+'];
    const anyPath = [
      ...safePath,
      ',',
      ';',
      '=',
      ':',
      '@',
      '%2e',
      '%41',
      '%',
      "'",
      '"',
      ' ',
      '\\',
      '{',
      '|',
      '^',
      'é',
      '#',
    ];
    const safeQuery = ['?', '&', '=', 'a', 'b=1', '/', ':', '@', '!', '$', '(', ')', '*', '+', ',', ';', '.', '..'];
    const anyQuery = [...safeQuery, "'", '"', ' ', '%', '%20', '{', '|', '#', 'é', '\\', '`'];
    const piecesOf = (pieces: string[], maxLength: number) =>
      fc.array(fc.constantFrom(...pieces), { maxLength }).map((list) => list.join(''));
    const url = (hosts: string[], paths: string[], queries: string[]) =>
      fc
        .tuple(
          fc.constantFrom('https://', 'http://', 'https://', 'HTTP://', 'ftp://'),
          fc.array(piecesOf(hosts, 3), { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.')),
          fc.option(piecesOf(paths, 8).map((path) => `/${path}`)),
          fc.option(piecesOf(queries, 6).map((query) => `?${query}`)),
        )
        .map(([scheme, host, path, query]) => `${scheme}${host}${path ?? ''}${query ?? ''}`);
    let fast = 0;
    fc.assert(
      fc.property(fc.oneof(url(safeHost, safePath, safeQuery), url(anyHost, anyPath, anyQuery)), (text) => {
        if (readPlainHttpUrl(text) !== undefined) fast++;
        expect(viaReadHttpUrl(text)).toEqual(viaParser(text));
      }),
      { numRuns: 5000 },
    );
    // Both paths were exercised, so the comparison above is not vacuous.
    expect(fast).toBeGreaterThan(500);
    expect(fast).toBeLessThan(4500);
  });

  it('accepts URL objects, which always go to the parser', () => {
    const url = new URL('https://example.com/a?b=1');
    expect(partsOf(readHttpUrl(url))).toEqual(partsOf(url));
  });
});
