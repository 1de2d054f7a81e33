import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSftpUserRecord, DEFAULT_HOME_DIR, type SftpUserInput } from '../../../src/core/sftp/user-record.ts';
import { createSftpUser, sftpUserExists } from '../../../src/sftp-kit/sftp-admin-client.ts';
import { type Platform, startPlatform } from '../../platform/index.ts';

/** The platform sandbox's SFTPGo-like admin API, on a free loopback port. */
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ apiPort: 0, bridgePort: 0, sftpPort: 0 });
});
afterAll(async () => {
  await platform?.close();
});

const input: SftpUserInput = {
  username: 'alice',
  password: 'Zq3r7Vb2Kx9Lm4Np8Ts6Wy1Hc5',
  homeDir: DEFAULT_HOME_DIR,
  bucket: 'files.keyhole.test',
  accessKey: 'KEYID',
  accessSecret: 'KEYSECRET',
  storageHost: 'cellar-par.services.sandbox.keyhole.test',
  region: 'default',
};

function request(overrides: Partial<Parameters<typeof createSftpUser>[0]> = {}) {
  return {
    appUrl: platform.sftp,
    adminUsername: platform.sftpAdmin.username,
    adminPassword: platform.sftpAdmin.password,
    record: buildSftpUserRecord(input),
    ...overrides,
  };
}

describe('createSftpUser against the sandbox', () => {
  it('gets a token with the admin credentials and creates the user with exactly the record sent', async () => {
    const created = await createSftpUser(request());
    expect(created).toMatchObject({ username: 'alice', status: 1, home_dir: '/tmp/sftpgo/data' });
    const { created_at: _created, updated_at: _updated, ...stored } = platform.state.sftpUsers.get('alice')!.record;
    expect(stored).toStrictEqual(buildSftpUserRecord(input));
  });

  it('explains a duplicate username (SFTPGo’s 500 with the database’s words) with those words as detail', async () => {
    await expect(createSftpUser(request())).rejects.toMatchObject({
      code: 'conflict',
      status: 500,
      message: expect.stringContaining('A user named “alice” already exists'),
      detail: expect.stringContaining('duplicate key value violates unique constraint'),
    });
  });

  it('tells whether a user exists', async () => {
    await expect(sftpUserExists(request(), 'alice')).resolves.toBe(true);
    await expect(sftpUserExists(request(), 'nobody')).resolves.toBe(false);
  });

  it('says the admin credentials were refused (401)', async () => {
    await expect(createSftpUser(request({ adminPassword: 'wrong' }))).rejects.toMatchObject({
      code: 'invalid-credential',
      status: 401,
      message: expect.stringContaining('refused the admin credentials'),
    });
  });

  it('shows the server’s validation message (400)', async () => {
    const record = buildSftpUserRecord({ ...input, username: 'bob' });
    const broken = { ...record, home_dir: 'relative/dir' } as unknown as typeof record;
    await expect(createSftpUser(request({ record: broken }))).rejects.toMatchObject({
      code: 'invalid-input',
      status: 400,
      message: expect.stringMatching(/^The SFTP server refused the user: .*home_dir: must be an absolute path/),
    });
  });

  it('reports an unreachable server as a network problem', async () => {
    await expect(createSftpUser(request({ appUrl: 'http://127.0.0.1:9' }))).rejects.toMatchObject({
      code: 'network',
      message: expect.stringContaining('Could not reach the SFTP server at http://127.0.0.1:9'),
    });
  });

  it('needs the admin credentials before any call', async () => {
    await expect(createSftpUser(request({ adminPassword: '' }))).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
