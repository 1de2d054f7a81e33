import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { encodeOAuthParams } from '../../../../src/core/oauth1/authorization-header.ts';
import {
  baseStringUri,
  baseStringUriOf,
  buildBaseString,
  buildBaseStringOf,
  collectSignedParameters,
  collectSignedParametersOf,
  normalizeParameters,
} from '../../../../src/core/oauth1/base-string.ts';
import { signedFormParameters } from '../../../../src/core/oauth1/form-body.ts';
import { readHttpUrl } from '../../../../src/core/oauth1/http-url.ts';
import { rfc5849, twitter } from './vectors.ts';

/** The normalized parameter string of a request with no OAuth parameters, for focused checks. */
function normalized(url: string, formParams: [string, string][] = []): string {
  return normalizeParameters(collectSignedParameters({ url, oauthParams: [], formParams }));
}

describe('baseStringUri', () => {
  it('reproduces the RFC 5849 §3.4.1.2 examples', () => {
    expect(baseStringUri('http://EXAMPLE.COM:80/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(baseStringUri('https://www.example.net:8080/?q=1')).toBe('https://www.example.net:8080/');
  });

  it('lowercases an uppercase scheme and host but not the path', () => {
    expect(baseStringUri('HTTPS://API.Example.COM/V2/Self')).toBe('https://api.example.com/V2/Self');
  });

  it('drops :80 for http and :443 for https, and keeps every other port', () => {
    expect(baseStringUri('http://example.com:80/a')).toBe('http://example.com/a');
    expect(baseStringUri('https://example.com:443/a')).toBe('https://example.com/a');
    expect(baseStringUri('http://example.com:8080/a')).toBe('http://example.com:8080/a');
    expect(baseStringUri('http://example.com:443/a')).toBe('http://example.com:443/a');
    expect(baseStringUri('https://example.com:80/a')).toBe('https://example.com:80/a');
  });

  it('drops the query, the fragment and any userinfo', () => {
    expect(baseStringUri('https://user:pass@example.com/a?b=c#frag')).toBe('https://example.com/a');
  });

  it('keeps the path as sent: no decoding, and only what fetch itself would encode', () => {
    expect(baseStringUri('https://example.com/a%2Fb/%7E/c%20d')).toBe('https://example.com/a%2Fb/%7E/c%20d');
    expect(baseStringUri('https://example.com/café/a b')).toBe('https://example.com/caf%C3%A9/a%20b');
    expect(baseStringUri("https://example.com/!$&'()*+,;=:@")).toBe("https://example.com/!$&'()*+,;=:@");
  });

  it('uses / for an empty path, which is what goes on the request line', () => {
    expect(baseStringUri('https://example.com')).toBe('https://example.com/');
  });

  it('accepts URL objects', () => {
    expect(baseStringUri(new URL('https://Example.com:443/x?y'))).toBe('https://example.com/x');
  });

  it('refuses relative URLs and schemes other than http(s)', () => {
    for (const url of ['/v2/self', 'not a url', 'ftp://example.com/a', 'file:///etc/passwd']) {
      expect(() => baseStringUri(url)).toThrow(KeyholeError);
    }
  });
});

describe('collectSignedParameters', () => {
  it('reproduces the RFC 5849 §3.4.1.3.2 normalized parameters, dropping realm and oauth_signature', () => {
    const parameters = collectSignedParameters({
      url: rfc5849.url,
      oauthParams: rfc5849.oauthParams,
      formParams: signedFormParameters(rfc5849.contentType, rfc5849.body),
    });
    expect(normalizeParameters(parameters)).toBe(rfc5849.normalizedParameters);
    expect(parameters.map((p) => p.key)).not.toContain('realm');
    expect(parameters.map((p) => p.key)).not.toContain('oauth_signature');
  });

  it('labels each parameter with where it came from', () => {
    const parameters = collectSignedParameters({
      url: 'https://example.com/?q=1',
      oauthParams: [['oauth_nonce', 'n']],
      formParams: [['f', '2']],
    });
    expect(parameters).toEqual([
      { key: 'f', value: '2', source: 'form' },
      { key: 'oauth_nonce', value: 'n', source: 'oauth' },
      { key: 'q', value: '1', source: 'query' },
    ]);
  });

  it('reads + in the query and the form as a space, and %2B as a plus', () => {
    expect(normalized('https://example.com/?a=1+2&b=1%2B2')).toBe('a=1%202&b=1%2B2');
    expect(
      normalized('https://example.com/', signedFormParameters('application/x-www-form-urlencoded', 'a=1+2&b=1%2B2')),
    ).toBe('a=1%202&b=1%2B2');
  });

  it('keeps duplicate names and sorts them by encoded value', () => {
    expect(normalized('https://example.com/?a=z&a=b&a=', [['a', 'm']])).toBe('a=&a=b&a=m&a=z');
  });

  it('sorts by encoded name in byte order, not by the decoded text or the locale', () => {
    // Decoded, "~" (U+007E) comes before "é" (U+00E9); encoded, "%C3%A9" comes first because "%" is 0x25.
    // Uppercase sorts before lowercase in byte order, which localeCompare would not do.
    expect(normalized('https://example.com/?~=1&%C3%A9=2&a=3&Z=4')).toBe('%C3%A9=2&Z=4&a=3&~=1');
  });

  it('sorts equal names by encoded value, with the same byte order', () => {
    expect(normalized('https://example.com/?k=~&k=%C3%A9&k=-&k=%20')).toBe('k=%20&k=%C3%A9&k=-&k=~');
  });

  it('keeps empty values: c@= becomes c%40=', () => {
    expect(normalized('https://example.com/?c%40=')).toBe('c%40=');
    expect(normalized('https://example.com/?flag')).toBe('flag=');
  });

  it('encodes reserved characters from the query and the form', () => {
    expect(normalized("https://example.com/?x=!'()*", [['y', "!'()*"]])).toBe('x=%21%27%28%29%2A&y=%21%27%28%29%2A');
  });

  it('encodes multi-byte characters and emoji as UTF-8, whatever the URL spelled them as', () => {
    expect(normalized('https://example.com/?k=é&e=%F0%9F%94%91', [['日', '🔑']])).toBe(
      '%E6%97%A5=%F0%9F%94%91&e=%F0%9F%94%91&k=%C3%A9',
    );
  });

  it('ignores the fragment and an empty query', () => {
    expect(normalized('https://example.com/?#a=1')).toBe('');
    expect(normalized('https://example.com/?&&')).toBe('');
  });

  it('drops a query oauth_signature (RFC 5849 §3.4.1.3.1) but keeps a query realm', () => {
    expect(normalized('https://example.com/?oauth_signature=x&realm=r')).toBe('realm=r');
  });
});

describe('buildBaseString', () => {
  it('reproduces the RFC 5849 §3.4.1.1 example exactly', () => {
    expect(buildBaseString(rfc5849.method, rfc5849.url, rfc5849.normalizedParameters)).toBe(rfc5849.baseString);
  });

  it("reproduces Twitter's documented parameter string and base string", () => {
    const parameters = collectSignedParameters({
      url: twitter.url,
      oauthParams: [
        ['oauth_consumer_key', twitter.credentials.consumerKey],
        ['oauth_nonce', twitter.nonce],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', twitter.timestamp],
        ['oauth_token', twitter.credentials.token],
        ['oauth_version', '1.0'],
      ],
      formParams: signedFormParameters(twitter.contentType, twitter.body),
    });
    const parameterString = normalizeParameters(parameters);
    expect(parameterString).toBe(twitter.parameterString);
    expect(buildBaseString('post', twitter.url, parameterString)).toBe(twitter.baseString);
  });

  it('uppercases the method', () => {
    expect(buildBaseString('get', 'https://example.com/', '')).toBe('GET&https%3A%2F%2Fexample.com%2F&');
  });

  it("the signer's single-parse path (…Of functions) builds the same parameters and base string", () => {
    const name = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('realm', 'oauth_signature'));
    const pair = fc.tuple(name, fc.string({ unit: 'binary', maxLength: 24 }));
    const pairs = fc.array(pair, { maxLength: 6 });
    const path = fc.constantFrom('/', '/v2/self', '/caf%C3%A9/x y', "/a!'()*/b");
    fc.assert(
      fc.property(pairs, pairs, pairs, path, (oauthParams, queryParams, formParams, pathname) => {
        const query = new URLSearchParams(queryParams).toString();
        const url = `https://api.example.com${pathname}${query ? `?${query}` : ''}`;
        const parameters = collectSignedParameters({ url, oauthParams, formParams });
        const parsed = readHttpUrl(url);
        expect(collectSignedParametersOf(parsed, encodeOAuthParams(oauthParams), formParams)).toEqual(parameters);
        expect(baseStringUriOf(parsed)).toBe(baseStringUri(url));
        expect(buildBaseStringOf('POST', baseStringUriOf(parsed), parameters)).toBe(
          buildBaseString('POST', url, normalizeParameters(parameters)),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
