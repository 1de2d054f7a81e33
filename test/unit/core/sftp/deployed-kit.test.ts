import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseApplicationEnv } from '../../../../src/core/sftp/app-env.ts';
import { readDeployedKit, unknownAdminReason, unknownHostKeyReason } from '../../../../src/core/sftp/deployed-kit.ts';
import { generateHostKey } from '../../../../src/core/sftp/ed25519-host-key.ts';

const env = (pairs: [string, string][]) =>
  parseApplicationEnv(JSON.stringify(pairs.map(([name, value]) => ({ name, value }))));

describe('readDeployedKit', () => {
  it('reads the host key and the bootstrap admin set on the application', async () => {
    const key = await generateHostKey({ crypto: webcrypto as unknown as Crypto });
    const kit = readDeployedKit(
      env([
        ['SFTPGO_HOST_KEY_B64', key.privateKeyFileBase64],
        ['SFTPGO_DEFAULT_ADMIN_PASSWORD', 'Deployed123456'],
      ]),
      'sftp-gateway',
    );
    expect(kit.hostKey).toEqual({ state: 'found', blob: key.publicKeyBlob });
    // SFTPGo's default username when the variable is unset.
    expect(kit.admin).toEqual({ state: 'found', username: 'admin', password: 'Deployed123456' });
    expect(unknownHostKeyReason({ kind: 'read', kit })).toBeUndefined();
    expect(unknownAdminReason({ kind: 'read', kit })).toBeUndefined();
  });

  it('says why the key or the admin cannot be known', () => {
    const missing = readDeployedKit(env([['SFTPGO_HOST_KEY_B64', '']]), 'gw');
    expect(missing.hostKey).toEqual({ state: 'missing' });
    expect(unknownHostKeyReason({ kind: 'read', kit: missing })).toBe(
      'gw has no SFTPGO_HOST_KEY_B64 variable, so its server has no host key from this kit.',
    );
    expect(unknownAdminReason({ kind: 'read', kit: missing })).toMatch(/^gw has no SFTPGO_DEFAULT_ADMIN_PASSWORD/);
    const invalid = readDeployedKit(env([['SFTPGO_HOST_KEY_B64', 'c3NoLXJzYSBBQUFB']]), 'gw');
    expect(invalid.hostKey).toEqual({ state: 'invalid' });
    expect(unknownHostKeyReason({ kind: 'read', kit: invalid })).toContain('is not an OpenSSH Ed25519 private key');
    expect(unknownHostKeyReason({ kind: 'not-read' })).toMatch(/^no application’s variables have been read/);
    expect(unknownAdminReason({ kind: 'not-read' })).toContain('The one generated in step 1 is not offered');
    expect(unknownHostKeyReason({ kind: 'failed', appName: 'gw', message: 'HTTP 403.' })).toBe(
      'reading the variables of gw failed: HTTP 403.',
    );
  });
});
