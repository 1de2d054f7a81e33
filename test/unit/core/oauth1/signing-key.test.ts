import { describe, expect, it } from 'vitest';
import { buildSigningKey } from '../../../../src/core/oauth1/signing-key.ts';
import { twitter } from './vectors.ts';

describe('buildSigningKey', () => {
  it("reproduces Twitter's documented signing key", () => {
    expect(buildSigningKey(twitter.credentials.consumerSecret, twitter.credentials.tokenSecret)).toBe(
      twitter.signingKey,
    );
  });

  it('ends with & when the token secret is empty or absent (request-token step)', () => {
    expect(buildSigningKey('cs')).toBe('cs&');
    expect(buildSigningKey('cs', '')).toBe('cs&');
  });

  it('percent-encodes both secrets, so an & inside a secret cannot shift the separator', () => {
    expect(buildSigningKey('a&b', 'c d')).toBe('a%26b&c%20d');
    expect(buildSigningKey("!'()*", '🔑')).toBe('%21%27%28%29%2A&%F0%9F%94%91');
  });

  it('is just & for two empty secrets', () => {
    expect(buildSigningKey('', '')).toBe('&');
  });
});
