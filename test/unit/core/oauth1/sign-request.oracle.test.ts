/**
 * Property tests of `signRequest` against two oracles:
 *  1. the npm library `oauth-1.0a` (v2.2.6), an independent implementation, hashing with crypto-js;
 *  2. node:crypto `createHmac` over the base string we build, with a signing key encoded by the
 *     byte-by-byte reference encoder of vectors.ts.
 *
 * oauth-1.0a departs from RFC 5849 (and spec §5.2) in the ways listed below, each checked in the
 * "deviations" block at the end against the RFC answer. The generators stay inside the domain where the
 * library is right:
 *  D1. `+` in the query is not read as a space (it uses decodeURIComponent, not form decoding).
 *      -> query values are written with encodeURIComponent, which never emits a raw `+`.
 *  D2. Query *names* are not percent-decoded, so `c%40` is encoded again to `c%2540`.
 *      -> query names use unreserved characters only (encoded = decoded).
 *  D3. The base string URI is the raw text before `?`: scheme and host case, an explicit default port and
 *      a fragment are all kept. -> lowercase hosts, no default port, no fragment.
 *  D4. Path characters that fetch percent-encodes (space, non-ASCII) are encoded once instead of being
 *      signed as sent. -> paths use unreserved, sub-delims, `:` `@` and ready-made `%XX` triples.
 *  D5. Parameters are kept in an object: a query name that is also a form name overwrites the form
 *      value. -> query and form names are disjoint (duplicates within one source are still generated).
 *  D6. A repeated query name whose first value is empty loses that empty value (a truthiness check).
 *      -> repeated query names get non-empty values.
 *  D7. An empty query (`?`) or an empty `&&` sequence adds a phantom `=` parameter.
 *      -> no empty query and no empty sequences.
 *  D8. A query value is cut at a second raw `=` (split('=')). -> `=` in values is always encoded.
 *  D9. Names found on Object.prototype (`constructor`, `toString`, ...) corrupt the query parameters and
 *      `__proto__` disappears. -> such names are filtered out.
 *  D10. A stray `%` in the query throws URIError instead of staying literal. -> only valid escapes.
 *  D11. A query `oauth_signature` is signed instead of excluded. -> no `oauth_` names in query or form.
 *  Not signature-related: the realm is put in the header unescaped, and nonces come from Math.random.
 */
import { createHmac } from 'node:crypto';
import CryptoJS from 'crypto-js';
import fc from 'fast-check';
import OAuth from 'oauth-1.0a';
import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { collectSignedParameters, normalizeParameters } from '../../../../src/core/oauth1/base-string.ts';
import { HmacKeyCache } from '../../../../src/core/oauth1/hmac-key-cache.ts';
import { signRequest } from '../../../../src/core/oauth1/sign-request.ts';
import type { SignatureMethod } from '../../../../src/core/oauth1/types.ts';
import { referencePercentEncode, rfc5849 } from './vectors.ts';

// ---------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------

const UNRESERVED = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'];
const RESERVED = [...'!\'()*:/?#[]@$&+,;= %"<>\\^`{|}'];
const UNICODE = [
  'é',
  'ß',
  'ü',
  'Ω',
  '日',
  '本',
  '🔑',
  '😀',
  '👩‍💻',
  '\u00a0',
  '\u2028',
  '\u0000',
  '\t',
  '\n',
  '\ufeff',
];
const PATH_CHARACTERS = [...UNRESERVED, ..."!$&'()*+,;=:@"];
// Ready-made escapes the URL parser keeps as they are (no %2E: "%2e" segments count as dots).
const PATH_ESCAPES = ['%20', '%2F', '%25', '%3F', '%23', '%C3%A9', '%F0%9F%94%91', '%7e'];

const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNRESERVED) },
  { weight: 3, arbitrary: fc.constantFrom(...RESERVED) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = (constraints: { minLength?: number; maxLength: number }) => fc.string({ unit: textUnit, ...constraints });

/** D9 and D11: names the library cannot hold in a plain object, and protocol names. */
const isSafeName = (name: string) => !(name in Object.prototype) && !name.startsWith('oauth_');

const queryName = fc
  .oneof(
    fc.constantFrom('a', 'b', 'q'),
    fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 8 }),
  )
  .filter(isSafeName);
const formName = fc.oneof(fc.constantFrom('a', 'f', 'status'), text({ minLength: 1, maxLength: 8 })).filter(isSafeName);

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$|^[a-z]$/).filter((l) => !l.includes('--'));
const host = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'net', 'io', 'fr'))
      .map(([labels, tld]) => [...labels, tld].join('.')),
  },
  { weight: 1, arbitrary: fc.constantFrom('localhost', '127.0.0.1', '10.0.0.255', '[::1]', '[2001:db8::1]') },
);
const pathSegment = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...PATH_CHARACTERS) },
      { weight: 1, arbitrary: fc.constantFrom(...PATH_ESCAPES) },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''))
  .filter((segment) => segment !== '.' && segment !== '..');

interface QueryEntry {
  name: string;
  value: string;
  withEquals: boolean;
}

const requestArbitrary = fc
  .record({
    method: fc.constantFrom(
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'HEAD',
      'OPTIONS',
      'get',
      'post',
      'Put',
      'PROPFIND',
      'M-SEARCH',
    ),
    scheme: fc.constantFrom('http', 'https'),
    host,
    port: fc.option(fc.oneof(fc.constantFrom(8080, 8443, 3000, 80, 443), fc.integer({ min: 1, max: 65535 })), {
      nil: undefined,
    }),
    segments: fc.array(pathSegment, { maxLength: 4 }),
    query: fc.array(fc.record({ name: queryName, value: text({ maxLength: 10 }), withEquals: fc.boolean() }), {
      maxLength: 6,
    }),
    lowercaseEscapes: fc.boolean(),
    form: fc.array(fc.tuple(formName, text({ maxLength: 10 })), { maxLength: 6 }),
    consumerKey: text({ minLength: 1, maxLength: 12 }),
    consumerSecret: text({ maxLength: 16 }),
    token: fc.option(fc.record({ key: text({ minLength: 1, maxLength: 12 }), secret: text({ maxLength: 16 }) }), {
      nil: undefined,
    }),
    callback: fc.option(fc.oneof(text({ maxLength: 12 }), fc.webUrl()), { nil: undefined }),
    verifier: fc.option(text({ minLength: 1, maxLength: 12 }), { nil: undefined }),
    nonce: text({ minLength: 1, maxLength: 16 }),
    timestamp: fc.integer({ min: 0, max: 4_102_444_800 }),
  })
  .map((request) => {
    // D6: a repeated query name always has a non-empty value.
    const counts = new Map<string, number>();
    for (const { name } of request.query) counts.set(name, (counts.get(name) ?? 0) + 1);
    const query: QueryEntry[] = request.query.map((entry) =>
      (counts.get(entry.name) ?? 0) > 1 && entry.value === '' ? { ...entry, value: '-' } : entry,
    );
    // D5: a form name never repeats a query name.
    const queryNames = new Set(query.map((entry) => entry.name));
    const form = request.form.filter(([name]) => !queryNames.has(name));
    // D3: an explicit default port is left out.
    const defaultPort = request.scheme === 'http' ? 80 : 443;
    const port = request.port === undefined || request.port === defaultPort ? '' : `:${request.port}`;
    const path = `/${request.segments.join('/')}`;
    const queryString = query
      .map(({ name, value, withEquals }) => {
        let encoded = encodeURIComponent(value);
        if (request.lowercaseEscapes) encoded = encoded.replace(/%[0-9A-F]{2}/g, (triple) => triple.toLowerCase());
        return withEquals || value !== '' ? `${name}=${encoded}` : name;
      })
      .join('&');
    // D7: no `?` without a query.
    const url = `${request.scheme}://${request.host}${port}${path}${queryString ? `?${queryString}` : ''}`;
    return { ...request, url, form };
  });

type GeneratedRequest = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------------------------------------

function hmacWithCryptoJs(signatureMethod: SignatureMethod, baseString: string, key: string): string {
  if (signatureMethod === 'PLAINTEXT') return key;
  const mac =
    signatureMethod === 'HMAC-SHA512' ? CryptoJS.HmacSHA512(baseString, key) : CryptoJS.HmacSHA1(baseString, key);
  return mac.toString(CryptoJS.enc.Base64);
}

/** Signs with oauth-1.0a and returns its signature, base string, signing key and header. */
function signWithLibrary(request: GeneratedRequest, signatureMethod: SignatureMethod) {
  let captured: { baseString: string; key: string } | undefined;
  const oauth = new OAuth({
    consumer: { key: request.consumerKey, secret: request.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (baseString, key) => {
      captured = { baseString, key };
      return hmacWithCryptoJs(signatureMethod, baseString, key);
    },
  });
  oauth.getNonce = () => request.nonce;
  oauth.getTimeStamp = () => request.timestamp;
  // Form fields, repeated names as arrays (the library sorts those); extra protocol parameters go in the
  // same object, which the library merges into the OAuth parameters.
  const data: Record<string, string | string[]> = {};
  for (const [name, value] of request.form) {
    const existing = data[name];
    if (existing === undefined) data[name] = value;
    else data[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  if (request.callback !== undefined) data.oauth_callback = request.callback;
  if (request.verifier !== undefined) data.oauth_verifier = request.verifier;
  const authorization = oauth.authorize({ url: request.url, method: request.method, data }, request.token);
  if (captured === undefined) throw new Error('oauth-1.0a did not call its hash function');
  return { signature: authorization.oauth_signature, ...captured, header: oauth.toHeader(authorization).Authorization };
}

function signWithKeyhole(request: GeneratedRequest, signatureMethod: SignatureMethod, keyCache: HmacKeyCache) {
  const extraOAuthParams: [string, string][] = [];
  if (request.callback !== undefined) extraOAuthParams.push(['oauth_callback', request.callback]);
  if (request.verifier !== undefined) extraOAuthParams.push(['oauth_verifier', request.verifier]);
  return signRequest({
    method: request.method,
    url: request.url,
    credentials: {
      consumerKey: request.consumerKey,
      consumerSecret: request.consumerSecret,
      ...(request.token ? { token: request.token.key, tokenSecret: request.token.secret } : {}),
    },
    signatureMethod,
    formParams: request.form,
    extraOAuthParams,
    nonce: request.nonce,
    timestamp: String(request.timestamp),
    keyCache,
  });
}

/** Header pairs as a sorted list, so headers in different parameter orders can be compared. */
function headerPairs(header: string): string[] {
  return header
    .replace(/^OAuth /, '')
    .split(', ')
    .sort();
}

// ---------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------

describe('signRequest agrees with independent implementations', () => {
  const keyCache = new HmacKeyCache();
  const nodeHashes = { 'HMAC-SHA512': 'sha512', 'HMAC-SHA1': 'sha1' } as const;

  for (const signatureMethod of ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'] as const) {
    it(`${signatureMethod}: same signature, base string and header as oauth-1.0a, and as node:crypto`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary, async (request) => {
          const ours = await signWithKeyhole(request, signatureMethod, keyCache);
          const library = signWithLibrary(request, signatureMethod);
          expect(ours.debug.baseString).toBe(library.baseString);
          expect(ours.signature).toBe(library.signature);
          expect(headerPairs(ours.authorizationHeader)).toEqual(headerPairs(library.header));

          const signingKey = `${referencePercentEncode(request.consumerSecret)}&${referencePercentEncode(request.token?.secret ?? '')}`;
          expect(library.key).toBe(signingKey);
          const expected =
            signatureMethod === 'PLAINTEXT'
              ? signingKey
              : createHmac(nodeHashes[signatureMethod], signingKey)
                  .update(ours.debug.baseString, 'utf8')
                  .digest('base64');
          expect(ours.signature).toBe(expected);
        }),
        { numRuns: 1000 },
      );
    }, 120_000);
  }
});

// ---------------------------------------------------------------------------------------------------
// Deviations of oauth-1.0a, each pinned to the RFC answer
// ---------------------------------------------------------------------------------------------------

/** Our normalized parameters for a URL and form fields, with no protocol parameters. */
function ourParameters(url: string, form: [string, string][] = []): string {
  return normalizeParameters(collectSignedParameters({ url, oauthParams: [], formParams: form }));
}

/** The library's parameter string for the same input. */
function libraryParameters(url: string, data: Record<string, string> = {}): string {
  const oauth = new OAuth({ consumer: { key: 'ck', secret: 'cs' } });
  return oauth.getParameterString({ url, method: 'GET', data }, {} as OAuth.Data);
}

describe('where oauth-1.0a departs from RFC 5849, we follow the RFC', () => {
  it('D1: + in the query is a space (RFC 5849 §3.4.1.3.1 uses form decoding)', () => {
    expect(ourParameters('https://h.com/?q=a+b')).toBe('q=a%20b');
    expect(libraryParameters('https://h.com/?q=a+b')).toBe('q=a%2Bb');
  });

  it('D2: query names are decoded before being encoded: c%40= stays c%40=', () => {
    expect(ourParameters('https://h.com/?c%40=')).toBe('c%40=');
    expect(libraryParameters('https://h.com/?c%40=')).toBe('c%2540=');
    // Hence (with D1 and D5) the library cannot reproduce the RFC 5849 §3.4.1.3.2 example; we do.
    const rfcForm: [string, string][] = [
      ['c2', ''],
      ['a3', '2 q'],
    ];
    const expected = 'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=';
    expect(ourParameters(rfc5849.url, rfcForm)).toBe(expected);
    expect(libraryParameters(rfc5849.url, Object.fromEntries(rfcForm))).toBe('a2=r%20b&a3=a&b5=%3D%253D&c%2540=&c2=');
  });

  it('D3: scheme and host are lowercased, the default port and the fragment dropped', async () => {
    const oauth = new OAuth({ consumer: { key: 'ck', secret: 'cs' } });
    expect(oauth.getBaseUrl('HTTPS://H.COM:443/p#f')).toBe('HTTPS://H.COM:443/p#f');
    const signed = await signRequest({
      method: 'GET',
      url: 'HTTPS://H.COM:443/p#f',
      credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
      signatureMethod: 'PLAINTEXT',
    });
    expect(signed.debug.baseStringUri).toBe('https://h.com/p');
  });

  it('D4: the path is signed as fetch sends it, so a raw space is signed as %20', async () => {
    const oauth = new OAuth({ consumer: { key: 'ck', secret: 'cs' } });
    expect(oauth.percentEncode(oauth.getBaseUrl('https://h.com/a b'))).toBe('https%3A%2F%2Fh.com%2Fa%20b');
    const signed = await signRequest({
      method: 'GET',
      url: 'https://h.com/a b',
      credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
      signatureMethod: 'PLAINTEXT',
    });
    expect(signed.debug.baseString.startsWith('GET&https%3A%2F%2Fh.com%2Fa%2520b&')).toBe(true);
    expect(signed.debug.baseStringUri).toBe('https://h.com/a%20b');
  });

  it('D5: a name in both the query and the form is signed twice, sorted by value', () => {
    expect(ourParameters('https://h.com/?a=1', [['a', '2']])).toBe('a=1&a=2');
    expect(libraryParameters('https://h.com/?a=1', { a: '2' })).toBe('a=1');
  });

  it('D6: a repeated query name keeps its empty value', () => {
    expect(ourParameters('https://h.com/?a=&a=x')).toBe('a=&a=x');
    expect(libraryParameters('https://h.com/?a=&a=x')).toBe('a=x');
  });

  it('D7: an empty query or an empty sequence adds no parameter', () => {
    expect(ourParameters('https://h.com/?')).toBe('');
    expect(ourParameters('https://h.com/?a=1&&b=2')).toBe('a=1&b=2');
    expect(libraryParameters('https://h.com/?')).toBe('=');
    expect(libraryParameters('https://h.com/?a=1&&b=2')).toBe('=&a=1&b=2');
  });

  it('D8: a raw = inside a query value is kept', () => {
    expect(ourParameters('https://h.com/?a=b=c')).toBe('a=b%3Dc');
    expect(libraryParameters('https://h.com/?a=b=c')).toBe('a=b');
  });

  it('D9: names such as constructor and __proto__ are ordinary names', () => {
    expect(ourParameters('https://h.com/?constructor=x&__proto__=y')).toBe('__proto__=y&constructor=x');
    expect(libraryParameters('https://h.com/?constructor=x')).toContain('native%20code');
  });

  it('D10: a stray % in the query stays a literal percent sign', () => {
    expect(ourParameters('https://h.com/?a=100%')).toBe('a=100%25');
    expect(() => libraryParameters('https://h.com/?a=100%')).toThrow(URIError);
  });

  it('D11: a query oauth_signature is excluded from the base string', () => {
    expect(ourParameters('https://h.com/?oauth_signature=zz&x=1')).toBe('x=1');
    expect(libraryParameters('https://h.com/?oauth_signature=zz&x=1')).toBe('oauth_signature=zz&x=1');
  });

  it('both refuse an unpaired surrogate, ours with a KeyholeError', async () => {
    const oauth = new OAuth({ consumer: { key: 'ck', secret: 'cs' } });
    expect(() => oauth.percentEncode('\uD800')).toThrow(URIError);
    await expect(
      signRequest({
        method: 'GET',
        url: 'https://h.com/',
        credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
        signatureMethod: 'PLAINTEXT',
        formParams: [['a', '\uD800']],
      }),
    ).rejects.toBeInstanceOf(KeyholeError);
  });
});
