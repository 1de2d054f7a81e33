import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as oauth1 from '../../../../src/core/oauth1/index.ts';
import { rfc5849, twitter } from './vectors.ts';

const sourceDirectory = fileURLToPath(new URL('../../../../src/core/oauth1/', import.meta.url));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('src/core/oauth1 public API', () => {
  it('exports the functions and values other modules are written against', () => {
    const functions = {
      percentEncode: oauth1.percentEncode,
      baseStringUri: oauth1.baseStringUri,
      collectSignedParameters: oauth1.collectSignedParameters,
      normalizeParameters: oauth1.normalizeParameters,
      buildBaseString: oauth1.buildBaseString,
      parseFormBody: oauth1.parseFormBody,
      signedFormParameters: oauth1.signedFormParameters,
      buildSigningKey: oauth1.buildSigningKey,
      createNonce: oauth1.createNonce,
      createTimestamp: oauth1.createTimestamp,
      buildAuthorizationHeader: oauth1.buildAuthorizationHeader,
      buildOAuthQueryString: oauth1.buildOAuthQueryString,
      maskAuthorizationHeader: oauth1.maskAuthorizationHeader,
      signRequest: oauth1.signRequest,
      parseTokenResponse: oauth1.parseTokenResponse,
      parseRequestTokenResponse: oauth1.parseRequestTokenResponse,
      parseAccessTokenResponse: oauth1.parseAccessTokenResponse,
      HmacKeyCache: oauth1.HmacKeyCache,
    };
    for (const [name, value] of Object.entries(functions)) expect(typeof value, name).toBe('function');
    expect(oauth1.defaultKeyCache).toBeInstanceOf(oauth1.HmacKeyCache);
    expect(oauth1.SIGNATURE_METHODS).toEqual(['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT']);
  });

  it('logs nothing while signing and parsing, even on errors', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    for (const signatureMethod of oauth1.SIGNATURE_METHODS) {
      await oauth1.signRequest({
        method: twitter.method,
        url: twitter.url,
        credentials: twitter.credentials,
        signatureMethod,
        formParams: oauth1.signedFormParameters(twitter.contentType, twitter.body),
      });
    }
    oauth1.parseAccessTokenResponse('oauth_token=a&oauth_token_secret=b&expiration_date=2024-01-01');
    expect(() => oauth1.parseRequestTokenResponse('oauth_token=a')).toThrow();
    expect(() => oauth1.baseStringUri(rfc5849.url.replace('http', 'ftp'))).toThrow();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('has no logging, DOM or extension API calls in its source', () => {
    const files = readdirSync(sourceDirectory).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const source = readFileSync(`${sourceDirectory}${file}`, 'utf8');
      expect(source, file).not.toMatch(/\bconsole\.|\bbrowser\.|\bchrome\.|\bdocument\.|\bwindow\.|\blocalStorage\b/);
    }
  });
});
