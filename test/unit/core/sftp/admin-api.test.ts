import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  describeServerError,
  normaliseAppUrl,
  readCreateUserResponse,
  readTokenResponse,
} from '../../../../src/core/sftp/admin-api.ts';

describe('normaliseAppUrl', () => {
  it.each([
    ['app-123.cleverapps.io', 'https://app-123.cleverapps.io'],
    ['https://app-123.cleverapps.io/', 'https://app-123.cleverapps.io'],
    ['  http://127.0.0.1:8782  ', 'http://127.0.0.1:8782'],
    ['https://sftp.example.test/admin/', 'https://sftp.example.test/admin'],
  ])('%j → %s', (text, url) => {
    expect(normaliseAppUrl(text)).toBe(url);
  });

  it.each([
    ['', /Enter the application/],
    ['ftp://host', /must start with https/],
    ['https://admin:pw@host', /Leave credentials out/],
    ['https://', /is not a URL/],
  ])('refuses %j', (text, message) => {
    expect(() => normaliseAppUrl(text)).toThrow(message);
  });
});

describe('basicAuthorization', () => {
  it('encodes user:password in base64, UTF-8 included', () => {
    expect(basicAuthorization('admin', 'sftpgo-sandbox-admin')).toBe(
      `Basic ${Buffer.from('admin:sftpgo-sandbox-admin').toString('base64')}`,
    );
    expect(basicAuthorization('zoë', 'pässword')).toBe(
      `Basic ${Buffer.from('zoë:pässword', 'utf8').toString('base64')}`,
    );
  });
});

describe('readTokenResponse', () => {
  it('returns the access token', () => {
    expect(readTokenResponse(200, '{"access_token":"eyJ.abc","expires_at":"2026-11-21T14:00:00Z"}')).toBe('eyJ.abc');
  });

  it('says the admin credentials were refused on 401', () => {
    expect(() => readTokenResponse(401, '{"error":"Unauthorized","message":""}')).toThrow(
      expect.objectContaining({
        code: 'invalid-credential',
        message: expect.stringMatching(/refused the admin credentials/),
      }),
    );
  });

  it('reports a 200 without a token as malformed, and other statuses as HTTP errors', () => {
    expect(() => readTokenResponse(200, '{}')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
    expect(() => readTokenResponse(502, 'Bad gateway')).toThrow(
      expect.objectContaining({ code: 'http-error', status: 502, detail: 'Bad gateway' }),
    );
  });
});

describe('readCreateUserResponse', () => {
  it('returns the created user on 201', () => {
    expect(readCreateUserResponse(201, '{"id":7,"username":"alice","status":1}', 'alice')).toEqual({
      id: 7,
      username: 'alice',
      status: 1,
    });
  });

  it('explains a 409 as an existing username, keeping the server’s words as detail', () => {
    const body = '{"error":"duplicated key not allowed","message":"the user already exists"}';
    expect(() => readCreateUserResponse(409, body, 'alice')).toThrow(
      expect.objectContaining({
        code: 'conflict',
        status: 409,
        message: expect.stringContaining('A user named “alice” already exists'),
        detail: 'the user already exists: duplicated key not allowed',
      }),
    );
  });

  it('explains SFTPGo’s real answer for an existing username, a 500 with the database’s words', () => {
    // Before: "could not create the user (HTTP 500)", with nothing saying the username was taken.
    for (const error of [
      'ERROR: duplicate key value violates unique constraint \\"users_username_key\\" (SQLSTATE 23505)',
      'UNIQUE constraint failed: users.username',
      "Error 1062 (23000): Duplicate entry 'alice' for key 'users.username'",
    ]) {
      const body = `{"error":"${error}","message":""}`;
      expect(() => readCreateUserResponse(500, body, 'alice'), error).toThrow(
        expect.objectContaining({
          code: 'conflict',
          status: 500,
          message: expect.stringContaining('A user named “alice” already exists'),
          detail: JSON.parse(body).error,
        }),
      );
    }
  });

  it('keeps any other 500 a server failure', () => {
    const body = '{"error":"unable to connect to the database","message":""}';
    expect(() => readCreateUserResponse(500, body, 'alice')).toThrow(
      expect.objectContaining({ code: 'http-error', status: 500, detail: 'unable to connect to the database' }),
    );
  });

  it('returns the real created user with its extra fields, or the username when the body says nothing useful', () => {
    const real = {
      id: 12,
      status: 1,
      username: 'alice',
      expiration_date: 0,
      password: '$2a$10$hash',
      home_dir: '/tmp/sftpgo',
      uid: 0,
      gid: 0,
      max_sessions: 0,
      quota_size: 0,
      permissions: { '/': ['*'] },
      created_at: 1_764_568_800_000,
      updated_at: 1_764_568_800_000,
      filesystem: { provider: 1, s3config: { bucket: 'files', region: 'default', force_path_style: true } },
      filters: { hooks: { external_auth_disabled: false } },
    };
    expect(readCreateUserResponse(201, JSON.stringify(real), 'alice')).toMatchObject({
      id: 12,
      username: 'alice',
      home_dir: '/tmp/sftpgo',
    });
    expect(readCreateUserResponse(201, '', 'alice')).toEqual({ username: 'alice' });
  });

  it('shows the server’s message on 400', () => {
    const body = '{"error":"Validation error","message":"filesystem.s3config.endpoint: must start with https://"}';
    expect(() => readCreateUserResponse(400, body, 'alice')).toThrow(
      expect.objectContaining({
        code: 'invalid-input',
        message:
          'The SFTP server refused the user: filesystem.s3config.endpoint: must start with https://: Validation error',
      }),
    );
  });

  it('tells 401 and 403 apart', () => {
    expect(() => readCreateUserResponse(401, '', 'a')).toThrow(expect.objectContaining({ code: 'invalid-credential' }));
    expect(() => readCreateUserResponse(403, '', 'a')).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});

describe('describeServerError', () => {
  it('joins message and error, once each, and keeps plain text', () => {
    expect(describeServerError('{"error":"x","message":"x"}')).toBe('x');
    expect(describeServerError('{"message":"only"}')).toBe('only');
    expect(describeServerError('  plain text  ')).toBe('plain text');
  });
});
