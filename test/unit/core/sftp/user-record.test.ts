import { describe, expect, it } from 'vitest';
import {
  buildSftpUserRecord,
  checkSftpUserInput,
  DEFAULT_HOME_DIR,
  normaliseStorageHost,
  type SftpUserInput,
} from '../../../../src/core/sftp/user-record.ts';

const input: SftpUserInput = {
  username: 'alice',
  password: 'Zq3r7Vb2Kx9Lm4Np8Ts6Wy1Hc5',
  homeDir: DEFAULT_HOME_DIR,
  bucket: 'files.example.test',
  accessKey: 'AKIAEXAMPLE',
  accessSecret: 'secret-value',
  storageHost: 'cellar-c2.services.clever-cloud.com',
  region: 'default',
};

describe('buildSftpUserRecord', () => {
  it('builds exactly the spec’s user record (§2, §4.4 step 9)', () => {
    expect(buildSftpUserRecord(input)).toStrictEqual({
      status: 1,
      username: 'alice',
      password: 'Zq3r7Vb2Kx9Lm4Np8Ts6Wy1Hc5',
      home_dir: '/tmp/sftpgo/data',
      permissions: { '/': ['*'] },
      filesystem: {
        provider: 1,
        s3config: {
          bucket: 'files.example.test',
          region: 'default',
          access_key: 'AKIAEXAMPLE',
          access_secret: { status: 'Plain', payload: 'secret-value' },
          endpoint: 'https://cellar-c2.services.clever-cloud.com',
          force_path_style: true,
        },
      },
    });
  });

  it('serialises to JSON with integer status and provider, and a boolean path style', () => {
    const json = JSON.parse(JSON.stringify(buildSftpUserRecord(input)));
    expect(Number.isInteger(json.status)).toBe(true);
    expect(Number.isInteger(json.filesystem.provider)).toBe(true);
    expect(json.filesystem.s3config.force_path_style).toBe(true);
  });

  it('puts https:// before the host even when the user pasted a URL', () => {
    for (const host of ['https://cellar.test/', 'http://cellar.test', ' cellar.test ']) {
      expect(buildSftpUserRecord({ ...input, storageHost: host }).filesystem.s3config.endpoint).toBe(
        'https://cellar.test',
      );
    }
    expect(normaliseStorageHost('HTTPS://cellar.test:8443//')).toBe('cellar.test:8443');
  });

  it('trims pasted keys', () => {
    const record = buildSftpUserRecord({ ...input, accessKey: ' AKIA \n', accessSecret: '\tsecret ' });
    expect(record.filesystem.s3config.access_key).toBe('AKIA');
    expect(record.filesystem.s3config.access_secret.payload).toBe('secret');
  });
});

describe('checkSftpUserInput', () => {
  it('accepts a complete form', () => {
    expect(checkSftpUserInput(input)).toEqual({});
  });

  it('names each field to fix', () => {
    expect(
      checkSftpUserInput({
        username: 'a b',
        password: 'short',
        homeDir: 'tmp',
        bucket: 'No_Good',
        accessKey: ' ',
        accessSecret: '',
        storageHost: 'https://cellar.test/some/path',
        region: '',
      }),
    ).toEqual({
      username: expect.stringContaining('no spaces'),
      password: expect.stringContaining('8 characters'),
      homeDir: expect.stringContaining('absolute'),
      bucket: 'Use lowercase letters only. Start and end with a letter or a digit.',
      accessKey: 'Paste CELLAR_ADDON_KEY_ID.',
      accessSecret: 'Paste CELLAR_ADDON_KEY_SECRET.',
      storageHost: 'Paste CELLAR_ADDON_HOST, a host name.',
      region: 'Use default.',
    });
  });
});
