import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';

let platform: Platform;
let token: string;

beforeAll(async () => {
  platform = await startPlatform();
  const basic = Buffer.from(`${platform.sftpAdmin.username}:${platform.sftpAdmin.password}`).toString('base64');
  const response = await fetch(`${platform.sftp}/api/v2/token`, { headers: { Authorization: `Basic ${basic}` } });
  token = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => platform.close());

/** The record of spec §4.4 step 9, as the extension's SFTP kit sends it. */
function userRecord(overrides: Record<string, unknown> = {}, s3: Record<string, unknown> = {}) {
  return {
    status: 1,
    username: 'alice',
    password: 'correct horse battery staple',
    home_dir: '/tmp/sftpgo/alice',
    permissions: { '/': ['*'] },
    filesystem: {
      provider: 1,
      s3config: {
        bucket: 'alice-files',
        region: 'default',
        access_key: 'KEYID',
        access_secret: { status: 'Plain', payload: 'SECRET-PAYLOAD' },
        endpoint: 'https://cellar-par.services.sandbox.keyhole.test',
        force_path_style: true,
        ...s3,
      },
    },
    ...overrides,
  };
}

function addUser(body: unknown, auth = `Bearer ${token}`): Promise<Response> {
  return fetch(`${platform.sftp}/api/v2/users`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('SFTP server admin API', () => {
  it('issues an admin token for HTTP Basic credentials, and refuses wrong ones', async () => {
    expect(token).toMatch(/^\S{20,}$/);
    const wrong = await fetch(`${platform.sftp}/api/v2/token`, {
      headers: { Authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('creates a user (201) without echoing secrets, then refuses the same username as SFTPGo does (500, the database’s words, empty message)', async () => {
    const created = await addUser(userRecord());
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/v2/users/alice');
    const user = (await created.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      id: 1,
      status: 1,
      username: 'alice',
      home_dir: '/tmp/sftpgo/alice',
      permissions: { '/': ['*'] },
      has_password: true,
      filesystem: {
        provider: 1,
        s3config: { bucket: 'alice-files', access_secret: { status: 'Secretbox', payload: '' } },
      },
      created_at: expect.any(Number),
    });
    expect(JSON.stringify(user)).not.toContain('SECRET-PAYLOAD');
    expect(JSON.stringify(user)).not.toContain('correct horse');

    const duplicate = await addUser(userRecord());
    expect(duplicate.status).toBe(500);
    expect(await duplicate.json()).toStrictEqual({
      error: expect.stringMatching(/duplicate key value violates unique constraint/),
      message: '',
    });

    const list = (await (
      await fetch(`${platform.sftp}/api/v2/users`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      username: string;
    }[];
    expect(list.map((item) => item.username)).toEqual(['alice']);
    const one = await fetch(`${platform.sftp}/api/v2/users/alice`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await one.json()).toMatchObject({ username: 'alice' });
    const deleted = await fetch(`${platform.sftp}/api/v2/users/alice`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    expect(platform.state.sftpUsers.size).toBe(0);
  });

  it.each([
    ['status', userRecord({ status: 'enabled' })],
    ['username', userRecord({ username: '' })],
    ['password', userRecord({ password: undefined })],
    ['home_dir', userRecord({ home_dir: 'relative/dir' })],
    ['permissions["/"]', userRecord({ permissions: { '/': '*' } })],
    ['permissions', userRecord({ permissions: { '/data': ['*'] } })],
    ['filesystem.provider', userRecord({ filesystem: { provider: '1' } })],
    ['filesystem.s3config', userRecord({ filesystem: { provider: 1 } })],
    ['filesystem.s3config.bucket', userRecord({}, { bucket: '' })],
    ['filesystem.s3config.region', userRecord({}, { region: undefined })],
    ['filesystem.s3config.access_key', userRecord({}, { access_key: '' })],
    ['filesystem.s3config.access_secret', userRecord({}, { access_secret: 'SECRET' })],
    ['filesystem.s3config.access_secret.status', userRecord({}, { access_secret: { status: 'Secret', payload: 'x' } })],
    ['filesystem.s3config.endpoint', userRecord({}, { endpoint: 'http://cellar.example' })],
    ['filesystem.s3config.endpoint', userRecord({}, { endpoint: 'cellar.example' })],
    ['filesystem.s3config.force_path_style', userRecord({}, { bucket: 'my.dotted.bucket', force_path_style: false })],
  ])('refuses a bad record with 400 naming %s', async (field, record) => {
    const response = await addUser(record);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; field: string };
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
    expect(body.message).toBeTruthy();
  });

  it('accepts a dotted bucket with path-style addressing', async () => {
    const response = await addUser(userRecord({ username: 'bob' }, { bucket: 'my.dotted.bucket' }));
    expect(response.status).toBe(201);
  });

  it('requires the Bearer token, and answers CORS preflights', async () => {
    expect((await addUser(userRecord({ username: 'carol' }), 'Bearer nope')).status).toBe(401);
    expect((await addUser(userRecord({ username: 'carol' }), '')).status).toBe(401);
    const preflight = await fetch(`${platform.sftp}/api/v2/users`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('chrome-extension://abc');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('refuses an expired admin token', async () => {
    platform.clock.shift(21 * 60);
    try {
      const response = await addUser(userRecord({ username: 'dave' }));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(/expired/) });
    } finally {
      platform.clock.shift(-21 * 60);
    }
  });
});
