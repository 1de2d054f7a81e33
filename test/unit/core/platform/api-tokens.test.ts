import { describe, expect, it } from 'vitest';
import {
  createRefusalError,
  parseApiTokenList,
  parseCreatedApiToken,
  validateCreateRequest,
} from '../../../../src/core/platform/api-tokens.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('parseApiTokenList', () => {
  it('reads the bridge list, newest first, without the user id', () => {
    const list = parseApiTokenList([
      {
        apiTokenId: 'apitoken_a',
        userId: 'user_1',
        creationDate: '2026-01-01T00:00:00.000Z',
        expirationDate: '2027-01-01T00:00:00.000Z',
        ip: '127.0.0.1',
        name: 'old',
        state: 'ACTIVE',
      },
      {
        apiTokenId: 'apitoken_b',
        creationDate: '2026-02-01T00:00:00.000Z',
        expirationDate: 1_800_000_000_000,
        name: 'new',
        description: 'CI',
        state: 'EXPIRED',
      },
    ]);
    expect(list).toEqual([
      {
        apiTokenId: 'apitoken_b',
        name: 'new',
        description: 'CI',
        creationDate: '2026-02-01T00:00:00.000Z',
        expirationDate: '2027-01-15T08:00:00.000Z',
        state: 'EXPIRED',
      },
      {
        apiTokenId: 'apitoken_a',
        name: 'old',
        creationDate: '2026-01-01T00:00:00.000Z',
        expirationDate: '2027-01-01T00:00:00.000Z',
        state: 'ACTIVE',
        ip: '127.0.0.1',
      },
    ]);
  });

  it('reads the real bridge list: [UTC] dates, no description, unknown fields ignored', () => {
    // Before: both dates were dropped ('…Z[UTC]' is NaN to Date.parse), so the table showed "—" and no expiry warning.
    const list = parseApiTokenList([
      {
        apiTokenId: 'apitoken_3f6c',
        userId: 'user_9a1b',
        creationDate: '2026-02-10T09:00:00.123Z[UTC]',
        expirationDate: '2027-02-10T09:00:00Z[UTC]',
        ip: '203.0.113.7',
        name: 'laptop scripts',
        state: 'ACTIVE',
        lastUsedDate: '2026-02-11T00:00:00Z[UTC]',
        scopes: ['all'],
      },
      {
        apiTokenId: 'apitoken_77aa',
        userId: 'user_9a1b',
        creationDate: '2026-02-12T09:00:00Z[UTC]',
        expirationDate: '2026-02-19T09:00:00Z[UTC]',
        ip: '203.0.113.7',
        name: 'ci',
        description: null,
        state: 'EXPIRED',
      },
    ]);
    expect(list).toEqual([
      {
        apiTokenId: 'apitoken_77aa',
        name: 'ci',
        creationDate: '2026-02-12T09:00:00.000Z',
        expirationDate: '2026-02-19T09:00:00.000Z',
        state: 'EXPIRED',
        ip: '203.0.113.7',
      },
      {
        apiTokenId: 'apitoken_3f6c',
        name: 'laptop scripts',
        creationDate: '2026-02-10T09:00:00.123Z',
        expirationDate: '2027-02-10T09:00:00.000Z',
        state: 'ACTIVE',
        ip: '203.0.113.7',
      },
    ]);
  });

  it('skips items without an id, names the nameless, drops unreadable dates', () => {
    expect(parseApiTokenList([{ name: 'no id' }, 'x', { id: 7, creationDate: 'yesterday' }])).toEqual([
      { apiTokenId: '7', name: '(unnamed)' },
    ]);
  });

  it('is undefined for a body that is not a list', () => {
    expect(parseApiTokenList({ tokens: [] })).toBeUndefined();
  });
});

describe('parseCreatedApiToken', () => {
  const fallback = { name: 'typed', expirationDate: '2026-04-01T00:00:00.000Z' };
  it('reads the creation answer', () => {
    expect(
      parseCreatedApiToken(
        {
          apiToken: 'sbx_value',
          apiTokenId: 'apitoken_1',
          creationDate: '2026-03-01T12:00:00.000Z',
          expirationDate: '2026-04-01T00:00:00.000Z',
          name: 'laptop',
          description: 'scripts',
          state: 'ACTIVE',
        },
        fallback,
      ),
    ).toEqual({
      apiToken: 'sbx_value',
      apiTokenId: 'apitoken_1',
      creationDate: '2026-03-01T12:00:00.000Z',
      expirationDate: '2026-04-01T00:00:00.000Z',
      name: 'laptop',
      description: 'scripts',
      state: 'ACTIVE',
    });
  });
  it('keeps the bridge’s own [UTC] dates rather than the time of reading and the date asked for', () => {
    // Before: both were unreadable, so the creation date became "now" and the expiry the one Keyhole asked for.
    expect(
      parseCreatedApiToken(
        {
          apiToken: 'cc_value',
          apiTokenId: 'apitoken_1',
          creationDate: '2026-03-01T11:59:58.5Z[UTC]',
          expirationDate: '2026-03-31T23:59:59Z[UTC]',
          name: 'laptop',
          state: 'ACTIVE',
          userId: 'user_9a1b',
        },
        fallback,
      ),
    ).toEqual({
      apiToken: 'cc_value',
      apiTokenId: 'apitoken_1',
      creationDate: '2026-03-01T11:59:58.500Z',
      expirationDate: '2026-03-31T23:59:59.000Z',
      name: 'laptop',
      state: 'ACTIVE',
    });
  });
  it('falls back to what was asked for when the answer is terse', () => {
    expect(parseCreatedApiToken({ apiToken: 'v', apiTokenId: 'i' }, fallback)).toMatchObject({
      name: 'typed',
      expirationDate: '2026-04-01T00:00:00.000Z',
      state: 'ACTIVE',
    });
  });
  it('is undefined without a value or an id', () => {
    expect(parseCreatedApiToken({ apiTokenId: 'i' }, fallback)).toBeUndefined();
    expect(parseCreatedApiToken({ apiToken: 'v' }, fallback)).toBeUndefined();
    expect(parseCreatedApiToken('v', fallback)).toBeUndefined();
  });
});

describe('validateCreateRequest', () => {
  const good = {
    email: 'ada@sandbox.keyhole.test',
    password: 'lovelace-1815',
    name: 'laptop',
    expirationDate: '2026-04-01T00:00:00.000Z',
  };
  it('accepts a complete request', () => {
    expect(validateCreateRequest(good, NOW)).toEqual({});
    expect(validateCreateRequest({ ...good, mfaCode: ' 123456 ' }, NOW)).toEqual({});
  });
  it('names every missing or wrong field', () => {
    expect(
      validateCreateRequest(
        { email: 'ada', password: '', name: ' ', mfaCode: '12ab', expirationDate: '2020-01-01T00:00:00Z' },
        NOW,
      ),
    ).toEqual({
      email: 'This does not look like an email address.',
      password: 'Enter your account password.',
      mfaCode: 'The code is the 6 digits your authenticator app shows.',
      name: 'Give the token a name, e.g. “laptop scripts”.',
      expirationDate: 'The expiration date is in the past.',
    });
    expect(validateCreateRequest({}, NOW)).toMatchObject({
      email: 'Enter the email address of your account.',
      expirationDate: 'Choose an expiry.',
    });
  });
});

describe('createRefusalError', () => {
  const body = (code: string, message: string) => JSON.stringify({ code, message, type: 'error' });
  it('maps invalid-credential', () => {
    const error = createRefusalError(401, body('invalid-credential', 'Invalid email or password'), false);
    expect(error.code).toBe('invalid-credential');
    expect(error.message).toBe('Wrong email or password. Check them and try again.');
    expect(error.detail).toBe('401: Invalid email or password (platform code invalid-credential)');
  });
  it('maps invalid-mfa-code to "enter the code" or "wrong code" depending on whether one was sent', () => {
    const needed = createRefusalError(401, body('invalid-mfa-code', 'send mfaCode'), false);
    expect(needed.code).toBe('invalid-mfa-code');
    expect(needed.message).toContain('enter the code from your authenticator app');
    const wrong = createRefusalError(401, body('invalid-mfa-code', 'Invalid MFA code'), true);
    expect(wrong.code).toBe('invalid-mfa-code');
    expect(wrong.message).toContain('wrong or expired');
  });
  it('maps validation refusals to invalid-input with the platform message', () => {
    const error = createRefusalError(
      400,
      body('invalid-expiration-date', 'expirationDate is more than 1 year away'),
      false,
    );
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe('The bridge refused the token: expirationDate is more than 1 year away');
  });
  it('maps a bare 401 to invalid-credential and anything else to http-error', () => {
    expect(createRefusalError(401, '', false).code).toBe('invalid-credential');
    const error = createRefusalError(502, '<html>bad gateway</html>', false);
    expect(error.code).toBe('http-error');
    expect(error.message).toContain('HTTP 502');
    expect(error.status).toBe(502);
  });
});
