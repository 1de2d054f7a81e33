import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { percentEncode, signRequest } from '../../../../src/core/oauth1/index.ts';
import {
  bearerAuthorizationWord,
  doubleQuoteWithVariables,
  plaintextAuthorizationWord,
} from '../../../../src/core/workbench/curl-credentials.ts';

/** What a POSIX shell makes of a word, with these variables exported. */
function expand(word: string, env: Record<string, string>): string {
  return execFileSync('sh', ['-c', `printf %s ${word}`], { env: { PATH: process.env.PATH ?? '', ...env } }).toString();
}

describe('doubleQuoteWithVariables', () => {
  it('keeps text literal and expands only the named variables', () => {
    const word = doubleQuoteWithVariables([
      { text: 'a "quoted" $HOME `id` \\ back! slash ' },
      { variable: 'SECRET' },
      { text: '!' },
    ]);
    expect(expand(word, { HOME: '/root', SECRET: 's3' })).toBe('a "quoted" $HOME `id` \\ back! slash s3!');
  });

  it('braces a name only where a name character follows', () => {
    const word = doubleQuoteWithVariables([{ variable: 'A' }, { text: '_b ' }, { variable: 'A' }, { variable: 'B' }]);
    expect(expand(word, { A: '1', B: '2', A_b: 'wrong' })).toBe('1_b 12');
  });

  it('refuses a name that is not a plain shell variable', () => {
    expect(() => doubleQuoteWithVariables([{ variable: 'A;rm' }])).toThrow();
  });
});

describe('bearerAuthorizationWord', () => {
  it('reads the API token from $CLEVER_API_TOKEN', () => {
    expect(bearerAuthorizationWord()).toBe('"Authorization: Bearer $CLEVER_API_TOKEN"');
    expect(expand(bearerAuthorizationWord(), { CLEVER_API_TOKEN: 'sbx_1' })).toBe('Authorization: Bearer sbx_1');
  });
});

describe('plaintextAuthorizationWord', () => {
  const credentials = { consumerKey: 'ck', consumerSecret: 'c s/é', token: 'access-42', tokenSecret: 't&s' };

  it('holds no secret, and expands to the header the signer sends once the variables hold encoded values', async () => {
    const signed = await signRequest({
      method: 'GET',
      url: 'https://api.example.test/v2/self',
      credentials,
      signatureMethod: 'PLAINTEXT',
      timestamp: '1700000000',
      nonce: 'n1',
    });
    const word = plaintextAuthorizationWord(signed.debug);
    for (const secret of ['c s/é', 't&s', percentEncode('c s/é'), percentEncode('t&s'), 'access-42'])
      expect(word).not.toContain(secret);
    // The documented rule: the token percent-encoded once, the secrets twice (same as the signature in the header).
    const env = {
      CLEVER_CONSUMER_SECRET: percentEncode(percentEncode(credentials.consumerSecret)),
      CLEVER_TOKEN: percentEncode(credentials.token),
      CLEVER_TOKEN_SECRET: percentEncode(percentEncode(credentials.tokenSecret)),
    };
    expect(`Authorization: ${signed.authorizationHeader}`).toBe(expand(word, env));
  });
});
