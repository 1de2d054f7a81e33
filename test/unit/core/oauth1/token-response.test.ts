import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import {
  isIso8601DateTime,
  parseAccessTokenResponse,
  parseRequestTokenResponse,
  parseTokenResponse,
} from '../../../../src/core/oauth1/token-response.ts';

/** Runs `fn`, expects a KeyholeError with `code`, and returns it for further checks. */
function expectKeyholeError(fn: () => unknown, code: string): KeyholeError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyholeError);
    expect((error as KeyholeError).code).toBe(code);
    return error as KeyholeError;
  }
  throw new Error('expected a KeyholeError');
}

describe('parseTokenResponse', () => {
  it('decodes a form body into fields', () => {
    expect(parseTokenResponse('oauth_token=a%2Bb&oauth_token_secret=c+d&x=')).toEqual({
      oauth_token: 'a+b',
      oauth_token_secret: 'c d',
      x: '',
    });
  });

  it('ignores surrounding whitespace such as a trailing newline', () => {
    expect(parseTokenResponse('oauth_token=a\n')).toEqual({ oauth_token: 'a' });
  });

  it('refuses an empty body', () => {
    expectKeyholeError(() => parseTokenResponse('  '), 'malformed-response');
  });

  it('refuses a repeated field without echoing any value', () => {
    const error = expectKeyholeError(
      () => parseTokenResponse('oauth_token=a&oauth_token_secret=SECRET1&oauth_token_secret=SECRET2'),
      'malformed-response',
    );
    expect(JSON.stringify(error.toData())).not.toMatch(/SECRET/);
  });

  it('stores a field named __proto__ as data, not as the prototype', () => {
    const fields = parseTokenResponse('__proto__=x&oauth_token=a');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
  });
});

describe('parseRequestTokenResponse', () => {
  it('returns the temporary token and secret', () => {
    expect(parseRequestTokenResponse('oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true')).toEqual({
      token: 'rt',
      tokenSecret: 'rs',
    });
  });

  it('refuses a response without oauth_callback_confirmed=true (an OAuth 1.0 server)', () => {
    for (const body of [
      'oauth_token=rt&oauth_token_secret=rs',
      'oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=false',
      'oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=TRUE',
    ]) {
      const error = expectKeyholeError(() => parseRequestTokenResponse(body), 'malformed-response');
      expect(error.message).toMatch(/callback/);
      expect(JSON.stringify(error.toData())).not.toContain('rs');
    }
  });

  it('names the missing fields, without values', () => {
    const error = expectKeyholeError(
      () => parseRequestTokenResponse('oauth_callback_confirmed=true&oauth_token_secret=TOPSECRET'),
      'malformed-response',
    );
    expect(error.message).toContain('oauth_token');
    expect(error.message).not.toContain('oauth_token_secret');
    expect(error.detail).toContain('oauth_token_secret');
    expect(JSON.stringify(error.toData())).not.toContain('TOPSECRET');
    expect(
      expectKeyholeError(() => parseRequestTokenResponse('oauth_callback_confirmed=true'), 'malformed-response')
        .message,
    ).toContain('oauth_token and oauth_token_secret');
  });

  it('counts empty values as missing', () => {
    expectKeyholeError(
      () => parseRequestTokenResponse('oauth_token=&oauth_token_secret=rs&oauth_callback_confirmed=true'),
      'malformed-response',
    );
  });

  it("passes the server's oauth_problem on as detail", () => {
    const error = expectKeyholeError(
      () => parseRequestTokenResponse('oauth_problem=signature_invalid'),
      'malformed-response',
    );
    expect(error.detail).toContain('signature_invalid');
  });
});

describe('parseAccessTokenResponse', () => {
  it('returns the token, secret and expiration date', () => {
    expect(
      parseAccessTokenResponse('oauth_token=at&oauth_token_secret=as&expiration_date=2024-08-01T12%3A00%3A00.000Z'),
    ).toEqual({ token: 'at', tokenSecret: 'as', expirationDate: '2024-08-01T12:00:00.000Z' });
  });

  it('reads the real platform’s expiration_date with a [UTC] suffix, stored as canonical ISO', () => {
    // Before: refused as "not an ISO 8601 date", so signing in against the real platform failed at step 3.
    const body = `oauth_token=at&oauth_token_secret=as&expiration_date=${encodeURIComponent('2027-02-21T09:30:00Z[UTC]')}`;
    expect(parseAccessTokenResponse(body)).toEqual({
      token: 'at',
      tokenSecret: 'as',
      expirationDate: '2027-02-21T09:30:00.000Z',
    });
  });

  it('reads an expiration_date in epoch milliseconds, and ignores unknown extra fields', () => {
    const body = 'oauth_token=at&oauth_token_secret=as&expiration_date=1803202200000&user=user_42&scope=all';
    expect(parseAccessTokenResponse(body)).toEqual({
      token: 'at',
      tokenSecret: 'as',
      expirationDate: '2027-02-21T09:30:00.000Z',
    });
  });

  it('leaves expirationDate out when the server sends none', () => {
    const pair = parseAccessTokenResponse('oauth_token=at&oauth_token_secret=as');
    expect(pair).toEqual({ token: 'at', tokenSecret: 'as' });
    expect('expirationDate' in pair).toBe(false);
  });

  it('refuses a missing token or secret', () => {
    expectKeyholeError(() => parseAccessTokenResponse('oauth_token=at'), 'malformed-response');
    expectKeyholeError(() => parseAccessTokenResponse('oauth_token_secret=as'), 'malformed-response');
  });

  it('refuses an expiration_date that is not ISO 8601', () => {
    for (const bad of ['tomorrow', '1722513600', '2024-02-30', '2024-13-01', '01/08/2024', '2024-08-01T25:00Z', '']) {
      const body = `oauth_token=at&oauth_token_secret=as&expiration_date=${encodeURIComponent(bad)}`;
      const error = expectKeyholeError(() => parseAccessTokenResponse(body), 'malformed-response');
      expect(error.message).toContain('expiration_date');
    }
  });
});

describe('isIso8601DateTime', () => {
  it('accepts dates, date-times, fractions and zones', () => {
    for (const good of [
      '2024-08-01',
      '2024-08-01T12:00',
      '2024-08-01T12:00:00',
      '2024-08-01T12:00:00Z',
      '2024-08-01T12:00:00.123456789Z',
      '2024-08-01T12:00:00,5+02:00',
      '2024-08-01T12:00:00-0530',
      '2024-08-01T12:00:00+02',
      '2024-02-29T00:00:00Z',
      '2000-02-29',
      '2016-12-31T23:59:60Z',
    ]) {
      expect(isIso8601DateTime(good), good).toBe(true);
    }
  });

  it('refuses impossible calendar dates that Date.parse accepts', () => {
    expect(Number.isNaN(Date.parse('2024-02-30'))).toBe(false);
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '0100-02-29',
      '2024-04-31',
      '2024-00-10',
      '2024-01-00',
    ]) {
      expect(isIso8601DateTime(bad), bad).toBe(false);
    }
  });

  it('refuses out-of-range times and zones and other shapes', () => {
    for (const bad of [
      '2024-08-01T24:00:00Z',
      '2024-08-01T12:60:00Z',
      '2024-08-01T12:00:61Z',
      '2024-08-01T12:00:00+24:00',
      '2024-08-01 12:00:00Z',
      '2024-8-1',
      ' 2024-08-01',
      '2024-08-01T12:00:00.Z',
    ]) {
      expect(isIso8601DateTime(bad), bad).toBe(false);
    }
  });
});
