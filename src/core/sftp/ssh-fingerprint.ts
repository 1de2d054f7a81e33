/**
 * How OpenSSH names an Ed25519 public key: the key blob (`string "ssh-ed25519"` + `string key`), the
 * `ssh-ed25519 AAAA…` line of authorized_keys/known_hosts, and the `SHA256:` fingerprint that `ssh`
 * prints on first connection (base64 of SHA-256 of the blob, padding removed, as `ssh-keygen -lf` shows).
 */
import { concatBytes, encodeString, fromBase64, SshReader, toBase64 } from './ssh-wire.ts';

export const ED25519_KEY_TYPE = 'ssh-ed25519';

export function encodeEd25519PublicKeyBlob(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== 32) throw new Error(`An Ed25519 public key has 32 bytes, not ${publicKey.length}.`);
  return concatBytes(encodeString(ED25519_KEY_TYPE), encodeString(publicKey));
}

/** `ssh-ed25519 AAAA… comment` (the comment is optional). */
export function formatPublicKeyLine(blob: Uint8Array, comment?: string): string {
  const line = `${ED25519_KEY_TYPE} ${toBase64(blob)}`;
  return comment ? `${line} ${comment}` : line;
}

export async function fingerprintSha256(blob: Uint8Array, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const digest = new Uint8Array(await subtle.digest('SHA-256', blob as BufferSource));
  return `SHA256:${toBase64(digest).replace(/=+$/, '')}`;
}

/**
 * The known_hosts entry for a server on a non-standard port: OpenSSH writes `[host]:port` when the port
 * is not 22, and the bare host otherwise.
 */
export function formatKnownHostsLine(host: string, port: number, blob: Uint8Array): string {
  const name = port === 22 ? host : `[${host}]:${port}`;
  return `${name} ${formatPublicKeyLine(blob)}`;
}

/** Reads the blob back from an `ssh-ed25519 AAAA…` line; null when the line is not an Ed25519 key. */
export function parsePublicKeyLine(line: string): Uint8Array | null {
  const match = /^\s*ssh-ed25519\s+([A-Za-z0-9+/]+={0,2})(\s|$)/.exec(line);
  if (!match) return null;
  try {
    const blob = fromBase64(match[1]!);
    const reader = new SshReader(blob);
    if (reader.readText() !== ED25519_KEY_TYPE || reader.readString().length !== 32 || reader.remaining !== 0) {
      return null;
    }
    return blob;
  } catch {
    return null;
  }
}
