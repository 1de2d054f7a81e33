import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { SIGNATURE_MASK } from '../../../../src/core/oauth1/authorization-header.ts';
import { signedFormParameters } from '../../../../src/core/oauth1/form-body.ts';
import { HmacKeyCache } from '../../../../src/core/oauth1/hmac-key-cache.ts';
import { type SignRequestInput, signRequest } from '../../../../src/core/oauth1/sign-request.ts';
import { SIGNATURE_METHODS } from '../../../../src/core/oauth1/types.ts';
import { distinctiveSecrets, twitter } from './vectors.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function twitterInput(overrides: Partial<SignRequestInput> = {}): SignRequestInput {
  return {
    method: twitter.method,
    url: twitter.url,
    credentials: { ...twitter.credentials },
    signatureMethod: 'HMAC-SHA1',
    formParams: signedFormParameters(twitter.contentType, twitter.body),
    nonce: twitter.nonce,
    timestamp: twitter.timestamp,
    keyCache: new HmacKeyCache(),
    ...overrides,
  };
}

/** Fixed nonce and timestamp so that two inputs differ only where a test says. */
function fixedInput(overrides: Partial<SignRequestInput> = {}): SignRequestInput {
  return {
    method: 'GET',
    url: 'https://api.example.com/v2/self',
    credentials: { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' },
    signatureMethod: 'HMAC-SHA512',
    nonce: 'nonce',
    timestamp: '1700000000',
    keyCache: new HmacKeyCache(),
    ...overrides,
  };
}

describe('signRequest: published vectors', () => {
  it("reproduces Twitter's HMAC-SHA1 signature, parameter string and base string", async () => {
    const signed = await signRequest(twitterInput());
    expect(signed.signature).toBe(twitter.hmacSha1Signature);
    expect(signed.debug.normalizedParameters).toBe(twitter.parameterString);
    expect(signed.debug.baseString).toBe(twitter.baseString);
    expect(signed.debug.baseStringUri).toBe('https://api.twitter.com/1.1/statuses/update.json');
    expect(signed.debug.method).toBe('POST');
  });

  it('reproduces the HMAC-SHA512 signature of the same inputs', async () => {
    const signed = await signRequest(twitterInput({ signatureMethod: 'HMAC-SHA512' }));
    expect(signed.signature).toBe(twitter.hmacSha512Signature);
    expect(signed.debug.baseString).toBe(twitter.baseString.replace('HMAC-SHA1', 'HMAC-SHA512'));
  });

  it('signs like node:crypto over its own base string, for both HMAC methods', async () => {
    for (const [method, hash] of [
      ['HMAC-SHA1', 'sha1'],
      ['HMAC-SHA512', 'sha512'],
    ] as const) {
      const signed = await signRequest(twitterInput({ signatureMethod: method }));
      const expected = createHmac(hash, twitter.signingKey).update(signed.debug.baseString).digest('base64');
      expect(signed.signature).toBe(expected);
    }
  });
});

describe('signRequest: output shape', () => {
  it('sends every protocol parameter in the spec order, signature included', async () => {
    const signed = await signRequest(twitterInput());
    expect(signed.oauthParams).toEqual([
      ['oauth_consumer_key', twitter.credentials.consumerKey],
      ['oauth_token', twitter.credentials.token],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_signature', twitter.hmacSha1Signature],
      ['oauth_timestamp', twitter.timestamp],
      ['oauth_nonce', twitter.nonce],
      ['oauth_version', '1.0'],
    ]);
  });

  it('writes the exact header: OAuth, comma and one space, values percent-encoded', async () => {
    const signed = await signRequest(twitterInput());
    expect(signed.authorizationHeader).toBe(
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_signature_method="HMAC-SHA1", oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", oauth_timestamp="1318622958", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_version="1.0"',
    );
  });

  it('offers the same parameters as a query string for the _query token endpoints', async () => {
    const signed = await signRequest(twitterInput());
    expect(signed.queryString).toBe(
      'oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_token=370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb&oauth_signature_method=HMAC-SHA1&oauth_signature=hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D&oauth_timestamp=1318622958&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_version=1.0',
    );
    expect(new URLSearchParams(signed.queryString).get('oauth_signature')).toBe(twitter.hmacSha1Signature);
  });

  it('omits oauth_token without a token (request-token step) and signs with a key ending in &', async () => {
    const signed = await signRequest(
      fixedInput({
        signatureMethod: 'PLAINTEXT',
        credentials: { consumerKey: 'ck', consumerSecret: 'c&s' },
        extraOAuthParams: [['oauth_callback', 'https://app.example/cb']],
      }),
    );
    expect(signed.oauthParams.map(([name]) => name)).toEqual([
      'oauth_consumer_key',
      'oauth_signature_method',
      'oauth_signature',
      'oauth_timestamp',
      'oauth_nonce',
      'oauth_version',
      'oauth_callback',
    ]);
    expect(signed.signature).toBe('c%26s&');
  });

  it('signs and sends extra protocol parameters such as oauth_verifier', async () => {
    const signed = await signRequest(fixedInput({ extraOAuthParams: [['oauth_verifier', 'v 1']] }));
    expect(signed.oauthParams).toContainEqual(['oauth_verifier', 'v 1']);
    expect(signed.authorizationHeader).toContain('oauth_verifier="v%201"');
    expect(signed.debug.normalizedParameters).toContain('oauth_verifier=v%201');
  });

  it('always sends oauth_version 1.0 and uppercases the method', async () => {
    const signed = await signRequest(fixedInput({ method: 'delete' }));
    expect(signed.oauthParams).toContainEqual(['oauth_version', '1.0']);
    expect(signed.debug.method).toBe('DELETE');
    expect(signed.debug.baseString.startsWith('DELETE&')).toBe(true);
  });

  it('labels the debug parameters by source', async () => {
    const signed = await signRequest(twitterInput());
    const sources = Object.fromEntries(signed.debug.parameters.map((p) => [p.key, p.source]));
    expect(sources).toMatchObject({ include_entities: 'query', status: 'form', oauth_nonce: 'oauth' });
    expect(sources).not.toHaveProperty('oauth_signature');
  });
});

describe('signRequest: PLAINTEXT', () => {
  it('uses the signing key itself as the signature, encoded once more in the header', async () => {
    const signed = await signRequest(twitterInput({ signatureMethod: 'PLAINTEXT' }));
    expect(signed.signature).toBe(twitter.signingKey);
    expect(signed.authorizationHeader).toContain(
      'oauth_signature="kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw%26LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"',
    );
  });

  it('still computes the base string, for the debugger', async () => {
    const signed = await signRequest(twitterInput({ signatureMethod: 'PLAINTEXT' }));
    expect(signed.debug.baseString).toBe(twitter.baseString.replace('HMAC-SHA1', 'PLAINTEXT'));
  });

  it('never touches Web Crypto', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    await signRequest(fixedInput({ signatureMethod: 'PLAINTEXT' }));
    expect(importKey).not.toHaveBeenCalled();
    expect(sign).not.toHaveBeenCalled();
  });
});

describe('signRequest: the debug view', () => {
  it('reads like a plain field: own and enumerable, kept by spread, JSON and structured cloning', async () => {
    const signed = await signRequest(twitterInput());
    expect(Object.keys(signed)).toEqual(['oauthParams', 'signature', 'authorizationHeader', 'queryString', 'debug']);
    const expected = {
      signatureMethod: 'HMAC-SHA1',
      method: 'POST',
      baseStringUri: 'https://api.twitter.com/1.1/statuses/update.json',
      parameters: signed.debug.parameters,
      normalizedParameters: twitter.parameterString,
      baseString: twitter.baseString,
      maskedAuthorizationHeader: signed.authorizationHeader,
    };
    expect(signed.debug).toEqual(expected);
    expect({ ...signed }.debug).toEqual(expected);
    expect(JSON.parse(JSON.stringify(signed)).debug).toEqual(expected);
    expect(structuredClone(signed).debug).toEqual(expected);
  });

  it('is the same object on every read, can be replaced, and does not change when oauthParams is changed', async () => {
    const signed = await signRequest(fixedInput({ signatureMethod: 'PLAINTEXT' }));
    const header = signed.authorizationHeader;
    signed.oauthParams[0]![1] = 'changed-after-signing';
    expect(signed.debug).toBe(signed.debug);
    expect(signed.debug.maskedAuthorizationHeader).toBe(
      header.replace(/oauth_signature="[^"]*"/, `oauth_signature="${SIGNATURE_MASK}"`),
    );
    const replacement = { ...signed.debug, baseString: 'replaced' };
    signed.debug = replacement;
    expect(signed.debug).toBe(replacement);
  });
});

describe('signRequest: secrets stay out of the debug output', () => {
  for (const signatureMethod of SIGNATURE_METHODS) {
    it(`for ${signatureMethod}`, async () => {
      const signed = await signRequest(
        fixedInput({
          signatureMethod,
          credentials: { consumerKey: 'ck', token: 'tk', ...distinctiveSecrets },
          url: 'https://api.example.com/v2/x?q=1',
          formParams: [['f', 'v']],
        }),
      );
      const debugJson = JSON.stringify(signed.debug);
      for (const secret of Object.values(distinctiveSecrets)) {
        expect(debugJson).not.toContain(secret);
        expect(signed.debug.maskedAuthorizationHeader).not.toContain(secret);
      }
      if (signatureMethod === 'PLAINTEXT') {
        // The real header does carry the key (that is PLAINTEXT); the masked copy must not.
        expect(signed.authorizationHeader).toContain(distinctiveSecrets.consumerSecret);
        expect(signed.debug.maskedAuthorizationHeader).toContain(`oauth_signature="${SIGNATURE_MASK}"`);
      } else {
        expect(signed.debug.maskedAuthorizationHeader).toBe(signed.authorizationHeader);
      }
    });
  }
});

describe('signRequest: request details that change the signature', () => {
  it('treats + in the query as a space and %2B as a plus', async () => {
    const plus = await signRequest(fixedInput({ url: 'https://api.example.com/x?q=a+b' }));
    const space = await signRequest(fixedInput({ url: 'https://api.example.com/x?q=a%20b' }));
    const literal = await signRequest(fixedInput({ url: 'https://api.example.com/x?q=a%2Bb' }));
    expect(plus.signature).toBe(space.signature);
    expect(literal.signature).not.toBe(plus.signature);
    expect(literal.debug.normalizedParameters).toContain('q=a%2Bb');
  });

  it('signs the same request whatever the case of the scheme and host, or an explicit default port', async () => {
    const plain = await signRequest(fixedInput({ url: 'https://api.example.com/v2/self' }));
    for (const url of ['HTTPS://API.EXAMPLE.COM/v2/self', 'https://api.example.com:443/v2/self']) {
      expect((await signRequest(fixedInput({ url }))).signature).toBe(plain.signature);
    }
    const otherPort = await signRequest(fixedInput({ url: 'https://api.example.com:8443/v2/self' }));
    expect(otherPort.signature).not.toBe(plain.signature);
    expect(otherPort.debug.baseStringUri).toBe('https://api.example.com:8443/v2/self');
  });

  it('signs form fields and ignores the fragment', async () => {
    const bare = await signRequest(fixedInput());
    const withForm = await signRequest(fixedInput({ formParams: [['a', '1']] }));
    const withFragment = await signRequest(fixedInput({ url: 'https://api.example.com/v2/self#top' }));
    expect(withForm.signature).not.toBe(bare.signature);
    expect(withFragment.signature).toBe(bare.signature);
  });

  it('signs a JSON body as if there were none, when the caller filters it through signedFormParameters', async () => {
    const bare = await signRequest(fixedInput({ method: 'POST' }));
    const json = await signRequest(
      fixedInput({ method: 'POST', formParams: signedFormParameters('application/json', '{"a":"1"}') }),
    );
    expect(json.signature).toBe(bare.signature);
  });

  it('handles Unicode in every place: secrets, token, query, form and path', async () => {
    const signed = await signRequest(
      fixedInput({
        url: 'https://api.example.com/caf%C3%A9/🔑?k=日本',
        credentials: { consumerKey: 'clé', consumerSecret: 'sécret🔑', token: 'jéton', tokenSecret: '秘密' },
        formParams: [['emoji', '😀']],
      }),
    );
    expect(signed.debug.baseStringUri).toBe('https://api.example.com/caf%C3%A9/%F0%9F%94%91');
    expect(signed.debug.normalizedParameters).toContain('emoji=%F0%9F%98%80');
    expect(signed.debug.normalizedParameters).toContain('k=%E6%97%A5%E6%9C%AC');
    expect(signed.debug.normalizedParameters).toContain('oauth_consumer_key=cl%C3%A9');
    const key = 's%C3%A9cret%F0%9F%94%91&%E7%A7%98%E5%AF%86';
    expect(signed.signature).toBe(createHmac('sha512', key).update(signed.debug.baseString).digest('base64'));
    expect(signed.authorizationHeader).toContain('oauth_token="j%C3%A9ton"');
  });
});

describe('signRequest: defaults and the key cache', () => {
  it('draws a fresh nonce and a timestamp shifted by the clock offset', async () => {
    const now = Date.UTC(2024, 5, 1, 12, 0, 0);
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const input = fixedInput({ clockOffsetSeconds: -120 });
    delete input.nonce;
    delete input.timestamp;
    const [a, b] = await Promise.all([signRequest(input), signRequest(input)]);
    const stamp = a.oauthParams.find(([name]) => name === 'oauth_timestamp')?.[1];
    expect(stamp).toBe(String(now / 1000 - 120));
    const nonceOf = (signed: typeof a) => signed.oauthParams.find(([name]) => name === 'oauth_nonce')?.[1];
    expect(nonceOf(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.signature).not.toBe(b.signature);
  });

  it('imports the key once for many signatures and keys it by hash', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const keyCache = new HmacKeyCache();
    for (let i = 0; i < 20; i++) await signRequest(fixedInput({ keyCache, nonce: `n${i}` }));
    expect(importKey).toHaveBeenCalledTimes(1);
    await signRequest(fixedInput({ keyCache, signatureMethod: 'HMAC-SHA1' }));
    expect(importKey).toHaveBeenCalledTimes(2);
    expect(importKey.mock.calls.every((call) => call[3] === false)).toBe(true);
  });

  it('signs concurrent requests correctly although their messages share one reused buffer', async () => {
    const keyCache = new HmacKeyCache();
    const inputs = Array.from({ length: 12 }, (_, i) =>
      fixedInput({
        keyCache,
        signatureMethod: i % 2 === 0 ? 'HMAC-SHA512' : 'HMAC-SHA1',
        url: `https://api.example.com/v2/items/${i}?q=${'x'.repeat(i * 50)}`,
        nonce: `n${i}`,
      }),
    );
    // Started together: every message is written into the buffer before any HMAC has finished.
    const signed = await Promise.all(inputs.map((input) => signRequest(input)));
    signed.forEach((result, i) => {
      const hash = i % 2 === 0 ? 'sha512' : 'sha1';
      expect(result.signature).toBe(createHmac(hash, 'cs&ts').update(result.debug.baseString).digest('base64'));
    });
  });

  it('uses the default cache when none is given', async () => {
    const input = fixedInput();
    delete input.keyCache;
    const signed = await signRequest(input);
    expect(signed.signature).toBe(createHmac('sha512', 'cs&ts').update(signed.debug.baseString).digest('base64'));
  });
});

describe('signRequest: bad input', () => {
  const cases: [string, Partial<SignRequestInput>][] = [
    ['a relative URL', { url: '/v2/self' }],
    ['a non-http URL', { url: 'ftp://example.com/x' }],
    ['an empty method', { method: '' }],
    ['a method with a space', { method: 'GET /x' }],
    ['an empty consumer key', { credentials: { consumerKey: '', consumerSecret: 'cs' } }],
    ['a non-numeric timestamp', { timestamp: '17e8' }],
    ['an empty nonce', { nonce: '' }],
    ['an extra parameter without the oauth_ prefix', { extraOAuthParams: [['callback', 'x']] }],
    ['an extra parameter overriding oauth_signature', { extraOAuthParams: [['oauth_signature', 'x']] }],
    ['an extra parameter overriding oauth_version', { extraOAuthParams: [['oauth_version', '2.0']] }],
    [
      'a repeated extra parameter',
      {
        extraOAuthParams: [
          ['oauth_verifier', 'a'],
          ['oauth_verifier', 'b'],
        ],
      },
    ],
    ['a secret with an unpaired surrogate', { credentials: { consumerKey: 'ck', consumerSecret: 'x\uD800' } }],
  ];
  for (const [label, overrides] of cases) {
    it(`refuses ${label} with invalid-input`, async () => {
      await expect(signRequest(fixedInput(overrides))).rejects.toSatisfy(
        (error) => error instanceof KeyholeError && error.code === 'invalid-input',
      );
    });
  }
});
