import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { NonceStore } from './oauth/nonces.ts';
import { type SignedRequest, verifyRequest } from './oauth/verify.ts';
import { encodePairs, type Method, oauthFor } from './support/oauth-client.ts';

const CONSUMER = { key: 'prop-consumer', secret: 'sécret&with=reserved chars!' };
const TOKEN = { key: 'prop-token', secret: "t*k'n (secret)" };

const value = fc.string({ unit: 'grapheme', maxLength: 12 });
/** oauth-1.0a keeps parameters in plain objects, so `valueOf` or `__proto__` would confuse it (not the server). */
const usableName = (key: string) => !key.startsWith('oauth_') && !(key in Object.prototype);
/** Form parameters: any printable Unicode in names and values, reserved characters included. */
const formParams = fc.dictionary(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter(usableName),
  value,
  { maxKeys: 5 },
);
/**
 * Query parameters: oauth-1.0a does not decode the names it reads from a URL (it signs `%20` as `%2520`), a bug
 * of the library, so names stay unreserved here; values are free.
 */
const queryParams = fc.dictionary(fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/).filter(usableName), value, {
  maxKeys: 5,
});

describe('property: whatever an independent client (oauth-1.0a) signs, the sandbox verifies', () => {
  it('accepts every method, placement, path and parameter set, and refuses them once tampered', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Method>('HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'),
        fc.constantFrom('header', 'query', 'form'),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom('/v2/self', '/v2/organisations/orga_1/applications', '/a%20b/c~d'),
        queryParams,
        formParams,
        (method, placement, verb, path, query, form) => {
          const useForm = verb === 'POST' || verb === 'PUT';
          // oauth-1.0a merges a form field into a query parameter of the same name (it signs `-=` once where the
          // request carries it twice), another bug of the library: such cases say nothing about the sandbox.
          fc.pre(!useForm || Object.keys(form).every((name) => !(name in query)));
          const oauth = oauthFor(CONSUMER, method);
          const url = `http://127.0.0.1:8780${path}${Object.keys(query).length ? `?${encodePairs(query, oauth)}` : ''}`;
          const signed = oauth.authorize({ url, method: verb, data: useForm ? { ...form } : {} }, TOKEN);
          // The library merges the request's parameters into what it returns: keep the protocol ones.
          const oauthParams = Object.fromEntries(
            Object.entries(signed)
              .filter(([key]) => key.startsWith('oauth_'))
              .map(([key, v]) => [key, String(v)]),
          );
          const bodyFields = useForm ? { ...form } : {};
          let rawQuery = Object.keys(query).length ? encodePairs(query, oauth) : '';
          if (placement === 'query') rawQuery = [rawQuery, encodePairs(oauthParams, oauth)].filter(Boolean).join('&');
          if (placement === 'form') Object.assign(bodyFields, oauthParams);
          const hasBody = Object.keys(bodyFields).length > 0;
          const request: SignedRequest = {
            method: verb,
            host: '127.0.0.1:8780',
            rawPath: path,
            rawQuery,
            authorization: placement === 'header' ? oauth.toHeader(signed).Authorization : undefined,
            contentType: hasBody ? 'application/x-www-form-urlencoded' : '',
            body: Buffer.from(hasBody ? encodePairs(bodyFields, oauth) : ''),
          };
          const context = () => ({
            clock: createClock(),
            nonces: new NonceStore(),
            findConsumerSecret: (key: string) => (key === CONSUMER.key ? CONSUMER.secret : undefined),
            resolveTokenSecret: () => TOKEN.secret,
          });
          expect(verifyRequest(request, context()).method).toBe(method);
          // HMAC signatures cover the parameters: one more query parameter breaks them.
          if (method !== 'PLAINTEXT') {
            const tampered = { ...request, rawQuery: [request.rawQuery, 'tampered=1'].filter(Boolean).join('&') };
            expect(() => verifyRequest(tampered, context())).toThrow(/^Invalid signature/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
