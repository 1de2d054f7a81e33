/**
 * Published OAuth 1.0a examples, copied verbatim, shared by the test files of this folder.
 * Twitter: developer.twitter.com "Creating a signature" (1.1 version of the page).
 * RFC 5849 §3.4.1.1: the signature base string example.
 */
import type { OAuthCredentials } from '../../../../src/core/oauth1/types.ts';

export const twitter = {
  method: 'POST',
  url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
  contentType: 'application/x-www-form-urlencoded',
  body: 'status=Hello%20Ladies%20%2b%20Gentlemen%2c%20a%20signed%20OAuth%20request%21',
  credentials: {
    consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
    consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
    token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
    tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  } satisfies OAuthCredentials,
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
  parameterString:
    'include_entities=true&oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1318622958&oauth_token=370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb&oauth_version=1.0&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  baseString:
    'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
  signingKey: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw&LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  hmacSha1Signature: 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=',
  hmacSha512Signature: 'ta9JePmJt1S/7R6BAUHkep3LWcFN+Aj9UFDAUiEQI6Fs9nxZSyy4aSOESAfc50pgzBKLR6P815BuOo4YerzBIA==',
} as const;

export const rfc5849 = {
  method: 'POST',
  url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
  contentType: 'application/x-www-form-urlencoded',
  body: 'c2&a3=2+q',
  /** The Authorization header of the example, realm and oauth_signature included (both must be left out). */
  oauthParams: [
    ['realm', 'Example'],
    ['oauth_consumer_key', '9djdj82h48djs9d2'],
    ['oauth_token', 'kkk9d7dh3k39sjv7'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '137131201'],
    ['oauth_nonce', '7d8f3e4a'],
    ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw='],
  ] as [string, string][],
  normalizedParameters:
    'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
  baseString:
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
};

/** Secrets no encoder, hash or base64 output could produce by chance, to search for in debug output. */
export const distinctiveSecrets = {
  consumerSecret: 'CONSUMER-SECRET-q7Zx9',
  tokenSecret: 'TOKEN-SECRET-m4Wv2',
} as const;

/** RFC 3986 percent-encoding written byte by byte, independent of the code under test. */
export function referencePercentEncode(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const character = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
