import { describe, expect, it } from 'vitest';
import {
  encodeEd25519PublicKeyBlob,
  fingerprintSha256,
  formatKnownHostsLine,
  formatPublicKeyLine,
  parsePublicKeyLine,
} from '../../../../src/core/sftp/ssh-fingerprint.ts';

/** RFC 8032 test 1 public key; the line and fingerprint were printed by OpenSSH's ssh-keygen. */
const PUBLIC = Uint8Array.from(
  'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'.match(/../g)!.map((h) => Number.parseInt(h, 16)),
);
const LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINdamAGCsQq31Uv+08lkBzoO4XLz2qYjJa8CGmj3B1Ea';

describe('SSH public key names', () => {
  it('builds the blob `string "ssh-ed25519"` + `string key`', () => {
    const blob = encodeEd25519PublicKeyBlob(PUBLIC);
    expect(blob).toHaveLength(4 + 11 + 4 + 32);
    expect([...blob.subarray(0, 4)]).toEqual([0, 0, 0, 11]);
    expect(new TextDecoder().decode(blob.subarray(4, 15))).toBe('ssh-ed25519');
    expect([...blob.subarray(15, 19)]).toEqual([0, 0, 0, 32]);
    expect(blob.subarray(19)).toEqual(PUBLIC);
  });

  it('matches ssh-keygen for a fixed key: line and SHA256 fingerprint without padding', async () => {
    const blob = encodeEd25519PublicKeyBlob(PUBLIC);
    expect(formatPublicKeyLine(blob)).toBe(LINE);
    expect(formatPublicKeyLine(blob, 'host')).toBe(`${LINE} host`);
    expect(await fingerprintSha256(blob)).toBe('SHA256:bbXpuKG6zhzdmnxq256TlqzFBzRl2f6OOg722cYNbU8');
  });

  it('writes known_hosts entries with [host]:port except on port 22', () => {
    const blob = encodeEd25519PublicKeyBlob(PUBLIC);
    expect(formatKnownHostsLine('app-1.example.test', 5123, blob)).toBe(`[app-1.example.test]:5123 ${LINE}`);
    expect(formatKnownHostsLine('app-1.example.test', 22, blob)).toBe(`app-1.example.test ${LINE}`);
  });

  it('parses a public key line back, and rejects what is not an Ed25519 key', () => {
    expect(parsePublicKeyLine(`${LINE} comment`)).toEqual(encodeEd25519PublicKeyBlob(PUBLIC));
    expect(parsePublicKeyLine('ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ')).toBeNull();
    expect(parsePublicKeyLine('ssh-ed25519 AAAA')).toBeNull();
    expect(parsePublicKeyLine('')).toBeNull();
  });

  it('refuses a public key of the wrong length', () => {
    expect(() => encodeEd25519PublicKeyBlob(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});
