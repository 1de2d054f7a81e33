import { describe, expect, it } from 'vitest';
import { explainTokenEndpointRefusal } from '../../../../src/core/oauth1/token-endpoint-refusal.ts';

const callback = 'https://abc.chromiumapp.org/';
const explain = (status: number, platformMessage: string, step: 'request_token' | 'access_token' = 'request_token') =>
  explainTokenEndpointRefusal({ step, status, platformMessage, callback });

// A wrong consumer secret on the request-token step: the server quotes its base string, oauth_callback included.
const HMAC_REFUSAL =
  'Invalid signature (base string computed by the server: POST&http%3A%2F%2F127.0.0.1%3A8780%2Fv2%2Foauth%2Frequest_token&oauth_callback%3Dhttps%253A%252F%252Fabc.chromiumapp.org%252F%26oauth_consumer_key%3Dkeyhole-sandbox%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA512%26oauth_timestamp%3D1%26oauth_version%3D1.0)';

describe('explainTokenEndpointRefusal', () => {
  it('a refused signature whose base string holds oauth_callback is a signature problem, not a callback one', () => {
    const error = explain(401, HMAC_REFUSAL);
    expect(error.code).toBe('signature-refused');
    expect(error.message).toMatch(/refused the signature.*consumer secret.*signature method.*clock/);
    expect(error.message).not.toMatch(/base URL/);
    expect(error.detail).toBe(HMAC_REFUSAL);
    expect(error.status).toBe(401);
  });

  it.each([
    'Invalid signature: with PLAINTEXT, oauth_signature is the percent-encoded consumer secret, "&", then the percent-encoded token secret',
    'invalid oauth_signature for POST&https%3A%2F%2Fapi.example.test%2Fv2%2Foauth%2Frequest_token&oauth_callback%3Dx',
    'Signature verification failed',
  ])('a 401 about the signature: %s', (message) => {
    expect(explain(401, message).code).toBe('signature-refused');
  });

  it('a message about the callback itself is a callback mismatch', () => {
    const error = explain(
      400,
      "oauth_callback https://abc.chromiumapp.org/ is not under the consumer's registered base URL https://other.example/",
    );
    expect(error.code).toBe('callback-mismatch');
    expect(error.message).toMatch(/abc\.chromiumapp\.org.*register it as your consumer's base URL/);
    expect(explain(401, 'Invalid callback URL').code).toBe('callback-mismatch');
  });

  it('anything else keeps the platform’s words', () => {
    const error = explain(401, 'Unknown consumer key "nope"', 'access_token');
    expect(error.code).toBe('sign-in-failed');
    expect(error.message).toBe('The platform refused the access token (HTTP 401): Unknown consumer key "nope"');
  });
});
