import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import type { HttpError } from './http-util.ts';
import { signatureBaseString } from './oauth/base-string.ts';
import { parseOAuthHeader, percentEncode } from './oauth/encoding.ts';
import { NonceStore } from './oauth/nonces.ts';
import { collectParams, type SignedRequest, verifyRequest } from './oauth/verify.ts';

/** RFC 5849 §3.4.1: the worked example of the base string. */
const RFC_REQUEST: SignedRequest = {
  method: 'POST',
  host: 'example.com',
  rawPath: '/request',
  rawQuery: 'b5=%3D%253D&a3=a&c%40=&a2=r%20b',
  authorization:
    'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", ' +
    'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", ' +
    'oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"',
  contentType: 'application/x-www-form-urlencoded',
  body: Buffer.from('c2&a3=2+q'),
};

describe('OAuth base string and verification (RFC 5849 vectors)', () => {
  it('computes the base string of RFC 5849 §3.4.1', () => {
    const { signed } = collectParams(RFC_REQUEST);
    expect(signatureBaseString('post', 'http://example.com/request', signed)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D' +
        '%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1' +
        '%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it("percent-encodes per RFC 3986 with uppercase hex, including !*'()", () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~._-é")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~._-%C3%A9');
  });

  it('accepts the signed request of RFC 5849 §1.2 at its own timestamp, then refuses the replay', () => {
    const clock = createClock(137131202 - Date.now() / 1000);
    const request: SignedRequest = {
      method: 'GET',
      host: 'photos.example.net:80',
      rawPath: '/photos',
      rawQuery: 'file=vacation.jpg&size=original',
      authorization:
        'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", ' +
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", ' +
        'oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"',
      contentType: '',
      body: Buffer.alloc(0),
    };
    const context = {
      clock,
      nonces: new NonceStore(),
      findConsumerSecret: (key: string) => (key === 'dpf43f3p2l4k3l03' ? 'kd94hf93k423kf44' : undefined),
      resolveTokenSecret: () => 'pfkkdhi9sl3r4s00',
    };
    expect(verifyRequest(request, context).consumerKey).toBe('dpf43f3p2l4k3l03');
    expect(() => verifyRequest(request, context)).toThrow(/Nonce already used/);
  });

  it('refuses duplicated OAuth parameters and foreign header parameters with 400', () => {
    const duplicated = { ...RFC_REQUEST, rawQuery: 'oauth_nonce=again' };
    const error = catchError(() => collectParams(duplicated));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Duplicated OAuth parameter oauth_nonce/);
    expect(() => collectParams({ ...RFC_REQUEST, authorization: 'OAuth foo="bar"' })).toThrow(
      /Unexpected parameter foo/,
    );
  });

  it('ignores the body of a request that is not form-encoded', () => {
    const { signed } = collectParams({ ...RFC_REQUEST, contentType: 'application/json', body: Buffer.from('{"a":1}') });
    expect(signed.map(([key]) => key)).not.toContain('{"a":1}');
    expect(signed.map(([key]) => key)).not.toContain('c2');
  });

  it('parses header values strictly', () => {
    expect(parseOAuthHeader('Bearer abc')).toBeNull();
    expect(parseOAuthHeader('OAuth a="%7E%20b"')).toEqual([['a', '~ b']]);
    expect(() => parseOAuthHeader('OAuth a=b')).toThrow(/Malformed Authorization header/);
    expect(() => parseOAuthHeader('OAuth a="%E0%A4%A"')).toThrow(/Malformed percent-encoding/);
  });
});

function catchError(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected an error');
}
