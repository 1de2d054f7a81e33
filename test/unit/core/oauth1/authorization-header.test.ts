import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import {
  buildAuthorizationHeader,
  buildOAuthQueryString,
  encodeOAuthParams,
  formatAuthorizationHeader,
  formatOAuthQueryString,
  maskAuthorizationHeader,
  SIGNATURE_MASK,
} from '../../../../src/core/oauth1/authorization-header.ts';

const params: [string, string][] = [
  ['oauth_consumer_key', 'key'],
  ['oauth_signature_method', 'PLAINTEXT'],
  ['oauth_signature', 'c%26s&t s'],
  ['oauth_callback', 'https://app.example/cb?x=1'],
];

describe('buildAuthorizationHeader', () => {
  it('writes OAuth name="value" pairs separated by a comma and one space, in the given order', () => {
    expect(
      buildAuthorizationHeader([
        ['oauth_consumer_key', 'key'],
        ['oauth_nonce', 'n'],
      ]),
    ).toBe('OAuth oauth_consumer_key="key", oauth_nonce="n"');
  });

  it('percent-encodes every name and value', () => {
    expect(buildAuthorizationHeader(params)).toBe(
      'OAuth oauth_consumer_key="key", oauth_signature_method="PLAINTEXT", oauth_signature="c%2526s%26t%20s", oauth_callback="https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1"',
    );
    expect(buildAuthorizationHeader([['oauth_x', "!'()* é"]])).toBe('OAuth oauth_x="%21%27%28%29%2A%20%C3%A9"');
  });

  it('puts an RFC 2617 quoted realm first, escaped rather than percent-encoded', () => {
    expect(buildAuthorizationHeader([['oauth_nonce', 'n']], 'Photos')).toBe('OAuth realm="Photos", oauth_nonce="n"');
    expect(buildAuthorizationHeader([], 'a "b" \\ c')).toBe('OAuth realm="a \\"b\\" \\\\ c"');
  });

  it('refuses a realm with a line break, which would split the header', () => {
    expect(() => buildAuthorizationHeader([], 'a\r\nX-Injected: 1')).toThrow(KeyholeError);
  });
});

describe('buildOAuthQueryString', () => {
  it('writes name=value pairs joined with &, percent-encoded, for the _query token endpoints', () => {
    expect(buildOAuthQueryString(params)).toBe(
      'oauth_consumer_key=key&oauth_signature_method=PLAINTEXT&oauth_signature=c%2526s%26t%20s&oauth_callback=https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1',
    );
  });

  it('is empty for no parameters', () => {
    expect(buildOAuthQueryString([])).toBe('');
  });
});

describe('encodeOAuthParams', () => {
  it('encodes each name and value once, leaving the input alone, for a header and a query string alike', () => {
    const input = structuredClone(params);
    const encoded = encodeOAuthParams(input);
    expect(encoded[2]).toEqual(['oauth_signature', 'c%2526s%26t%20s']);
    expect(input).toEqual(params);
    expect(formatAuthorizationHeader(encoded)).toBe(buildAuthorizationHeader(params));
    expect(formatAuthorizationHeader(encoded, 'Photos')).toBe(buildAuthorizationHeader(params, 'Photos'));
    expect(formatOAuthQueryString(encoded)).toBe(buildOAuthQueryString(params));
  });
});

describe('maskAuthorizationHeader', () => {
  const plaintextHeader = buildAuthorizationHeader(params);

  it('masks the PLAINTEXT signature, which is the secret itself, and keeps everything else', () => {
    const masked = maskAuthorizationHeader(plaintextHeader, 'PLAINTEXT');
    expect(masked).toBe(
      `OAuth oauth_consumer_key="key", oauth_signature_method="PLAINTEXT", oauth_signature="${SIGNATURE_MASK}", oauth_callback="https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1"`,
    );
    expect(masked).not.toContain('c%2526s');
  });

  it('keeps an HMAC signature, which reveals nothing about the key', () => {
    const header = 'OAuth oauth_signature_method="HMAC-SHA512", oauth_signature="abc%3D"';
    expect(maskAuthorizationHeader(header, 'HMAC-SHA512')).toBe(header);
    expect(maskAuthorizationHeader(header, 'HMAC-SHA1')).toBe(header);
  });

  it('masks anyway when the header itself declares PLAINTEXT, whatever the caller claims', () => {
    expect(maskAuthorizationHeader(plaintextHeader, 'HMAC-SHA512')).toContain(`oauth_signature="${SIGNATURE_MASK}"`);
  });

  it('masks a signature in first position and leaves look-alike names alone', () => {
    expect(maskAuthorizationHeader('OAuth oauth_signature="s", xoauth_signature="t"', 'PLAINTEXT')).toBe(
      `OAuth oauth_signature="${SIGNATURE_MASK}", xoauth_signature="t"`,
    );
  });
});
