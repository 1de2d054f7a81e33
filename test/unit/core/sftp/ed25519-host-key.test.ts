import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../scripts/system-packages.ts';
import {
  describeHostKey,
  encodeOpenSshPrivateKey,
  generateHostKey,
  readOpenSshPublicKeyBlob,
  seedFromPkcs8,
} from '../../../../src/core/sftp/ed25519-host-key.ts';
import { formatPublicKeyLine } from '../../../../src/core/sftp/ssh-fingerprint.ts';
import { fromBase64, SshReader } from '../../../../src/core/sftp/ssh-wire.ts';

const SSH_KEYGEN = '/usr/bin/ssh-keygen';
/** Set when OpenSSH is not installed: the tests that run ssh-keygen are skipped with this reason. */
const noSshKeygen = missingReason('sshKeygen', existsSync);
const dir = mkdtempSync(join(tmpdir(), 'keyhole-hostkey-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hex(text: string): Uint8Array {
  return Uint8Array.from(text.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
}

/** RFC 8032 §7.1, test 1: a published Ed25519 seed and its public key. */
const RFC8032_SEED = hex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const RFC8032_PUBLIC = hex('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
/** Printed by `ssh-keygen -lf` for that public key (OpenSSH on this machine, once, by hand). */
const RFC8032_FINGERPRINT = 'SHA256:bbXpuKG6zhzdmnxq256TlqzFBzRl2f6OOg722cYNbU8';

let fileCounter = 0;
function writeKeyFile(contents: string): string {
  const path = join(dir, `key-${fileCounter++}`);
  // ssh-keygen refuses private key files that others can read.
  writeFileSync(path, contents, { mode: 0o600 });
  return path;
}

function sshKeygen(...args: string[]): string {
  return execFileSync(SSH_KEYGEN, args, { encoding: 'utf8' }).trim();
}

describe('the OpenSSH private key file', () => {
  it('encodes a fixed key so that ssh-keygen reads it back (RFC 8032 test 1)', async ({ skip }) => {
    skip(noSshKeygen !== undefined, noSshKeygen);
    const key = await describeHostKey({
      seed: RFC8032_SEED,
      publicKey: RFC8032_PUBLIC,
      comment: 'rfc8032-test-1',
      checkInt: 0x0badcafe,
    });
    expect(key.fingerprint).toBe(RFC8032_FINGERPRINT);
    expect(key.publicKeyLine).toBe(
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINdamAGCsQq31Uv+08lkBzoO4XLz2qYjJa8CGmj3B1Ea rfc8032-test-1',
    );
    const path = writeKeyFile(key.privateKeyFile);
    expect(sshKeygen('-y', '-f', path)).toBe(key.publicKeyLine);
    expect(sshKeygen('-lf', path)).toBe(`256 ${RFC8032_FINGERPRINT} rfc8032-test-1 (ED25519)`);
  });

  it('is laid out as PROTOCOL.key says: armour, 70 columns, equal check ints, padding 1, 2, 3…', () => {
    const file = encodeOpenSshPrivateKey({
      seed: RFC8032_SEED,
      publicKey: RFC8032_PUBLIC,
      comment: 'abc',
      checkInt: 0x01020304,
    });
    const lines = file.trimEnd().split('\n');
    expect(lines[0]).toBe('-----BEGIN OPENSSH PRIVATE KEY-----');
    expect(lines.at(-1)).toBe('-----END OPENSSH PRIVATE KEY-----');
    for (const line of lines.slice(1, -2)) expect(line).toHaveLength(70);
    expect(file.endsWith('\n')).toBe(true);

    const reader = new SshReader(fromBase64(lines.slice(1, -1).join('')));
    expect(new TextDecoder().decode(reader.readBytes(15))).toBe('openssh-key-v1\0');
    expect(reader.readText()).toBe('none');
    expect(reader.readText()).toBe('none');
    expect(reader.readString()).toHaveLength(0);
    expect(reader.readUint32()).toBe(1);
    reader.readString();
    const section = reader.readString();
    expect(reader.remaining).toBe(0);
    expect(section.length % 8).toBe(0);
    const inner = new SshReader(section);
    expect(inner.readUint32()).toBe(0x01020304);
    expect(inner.readUint32()).toBe(0x01020304);
    expect(inner.readText()).toBe('ssh-ed25519');
    expect(inner.readString()).toEqual(RFC8032_PUBLIC);
    expect(inner.readString()).toEqual(new Uint8Array([...RFC8032_SEED, ...RFC8032_PUBLIC]));
    expect(inner.readText()).toBe('abc');
    const padding = inner.readBytes(inner.remaining);
    expect([...padding]).toEqual(Array.from({ length: padding.length }, (_, i) => i + 1));
  });
});

describe('a host key generated with Web Crypto', () => {
  it('is accepted by ssh-keygen -y, which derives the same public key, and -lf prints the same fingerprint', async ({
    skip,
  }) => {
    skip(noSshKeygen !== undefined, noSshKeygen);
    const key = await generateHostKey({ comment: 'sftpgo@keyhole-test' });
    const path = writeKeyFile(key.privateKeyFile);
    expect(sshKeygen('-y', '-f', path)).toBe(key.publicKeyLine);
    expect(sshKeygen('-lf', path)).toBe(`256 ${key.fingerprint} sftpgo@keyhole-test (ED25519)`);

    const publicPath = join(dir, `pub-${fileCounter++}.pub`);
    writeFileSync(publicPath, `${key.publicKeyLine}\n`);
    expect(sshKeygen('-lf', publicPath)).toBe(`256 ${key.fingerprint} sftpgo@keyhole-test (ED25519)`);
  });

  it('gives a one-line base64 value that decodes to the exact key file, as the run task does', async ({ skip }) => {
    skip(noSshKeygen !== undefined, noSshKeygen);
    const key = await generateHostKey();
    expect(key.privateKeyFileBase64).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const decoded = new TextDecoder().decode(fromBase64(key.privateKeyFileBase64));
    expect(decoded).toBe(key.privateKeyFile);
    const path = writeKeyFile(execFileSync('base64', ['-d'], { input: key.privateKeyFileBase64, encoding: 'utf8' }));
    expect(sshKeygen('-y', '-f', path)).toBe(key.publicKeyLine);
  });

  it('differs every time, check ints included', async () => {
    const [a, b] = await Promise.all([generateHostKey(), generateHostKey()]);
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(a.privateKeyFile).not.toBe(b.privateKeyFile);
  });

  it('reads the public key back from the key file or from its base64 value', async () => {
    const key = await generateHostKey();
    expect(readOpenSshPublicKeyBlob(key.privateKeyFile)).toEqual(key.publicKeyBlob);
    expect(readOpenSshPublicKeyBlob(key.privateKeyFileBase64)).toEqual(key.publicKeyBlob);
    expect(formatPublicKeyLine(readOpenSshPublicKeyBlob(key.privateKeyFileBase64)!)).toBe(
      key.publicKeyLine.split(' ').slice(0, 2).join(' '),
    );
    expect(readOpenSshPublicKeyBlob('not a key')).toBeNull();
    expect(readOpenSshPublicKeyBlob('')).toBeNull();
  });

  it('refuses a PKCS #8 blob that is not an Ed25519 key', () => {
    expect(() => seedFromPkcs8(new Uint8Array(48))).toThrow(/unexpected PKCS #8/);
  });

  it('explains what to do when the browser has no Ed25519', async () => {
    const noEd25519 = {
      subtle: { generateKey: () => Promise.reject(new Error('Unrecognized name')) },
      getRandomValues: crypto.getRandomValues.bind(crypto),
    } as unknown as Crypto;
    await expect(generateHostKey({ crypto: noEd25519 })).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('Ed25519'),
      detail: 'Unrecognized name',
    });
  });
});
