/**
 * The SFTP server's Ed25519 host key, made in the browser with Web Crypto and written as the OpenSSH
 * private key file SFTPGo reads (PROTOCOL.key, "openssh-key-v1", unencrypted). The key never leaves the
 * page except in the files the user copies or downloads.
 */
import { KeyholeError } from '../errors.ts';
import { encodeEd25519PublicKeyBlob, fingerprintSha256, formatPublicKeyLine } from './ssh-fingerprint.ts';
import { bytesEqual, concatBytes, encodeString, encodeUint32, fromBase64, SshReader, toBase64 } from './ssh-wire.ts';

const AUTH_MAGIC = new TextEncoder().encode('openssh-key-v1\0');
const PEM_BEGIN = '-----BEGIN OPENSSH PRIVATE KEY-----';
const PEM_END = '-----END OPENSSH PRIVATE KEY-----';
/** ssh-keygen wraps the base64 body at 70 columns. */
const PEM_LINE_LENGTH = 70;
/** The cipher "none" pads the private section to its 8-byte block size. */
const NONE_BLOCK_SIZE = 8;
/** RFC 8410: PrivateKeyInfo { version 0, AlgorithmIdentifier id-Ed25519, OCTET STRING { OCTET STRING seed } }. */
const PKCS8_ED25519_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

export interface HostKey {
  /** The OpenSSH private key file, PEM-armoured, ending with a newline. */
  privateKeyFile: string;
  /** The same file as one base64 line: what the run task decodes from an environment variable. */
  privateKeyFileBase64: string;
  publicKeyBlob: Uint8Array;
  /** `ssh-ed25519 AAAA… comment`. */
  publicKeyLine: string;
  /** `SHA256:…`, what SFTP clients show on first connection. */
  fingerprint: string;
}

export interface OpenSshKeyParts {
  seed: Uint8Array;
  publicKey: Uint8Array;
  comment: string;
  /** Random in real files: it lets a decrypting reader check its passphrase. Fixed only in tests. */
  checkInt: number;
}

export async function generateHostKey(options: { comment?: string; crypto?: Crypto } = {}): Promise<HostKey> {
  const webCrypto = options.crypto ?? globalThis.crypto;
  let pair: CryptoKeyPair;
  try {
    pair = (await webCrypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  } catch (error) {
    throw new KeyholeError(
      'internal',
      'This browser cannot make Ed25519 keys with Web Crypto. Update it (Chrome 137 or later, Firefox 129 or later) and try again.',
      { detail: error instanceof Error ? error.message : String(error) },
    );
  }
  const pkcs8 = new Uint8Array(await webCrypto.subtle.exportKey('pkcs8', pair.privateKey));
  const publicKey = new Uint8Array(await webCrypto.subtle.exportKey('raw', pair.publicKey));
  const checkInt = webCrypto.getRandomValues(new Uint32Array(1))[0]!;
  return describeHostKey({
    seed: seedFromPkcs8(pkcs8),
    publicKey,
    comment: options.comment ?? 'sftpgo-host-key',
    checkInt,
  });
}

/** Builds every representation of a key from its parts (used by `generateHostKey` and by tests). */
export async function describeHostKey(parts: OpenSshKeyParts, subtle: SubtleCrypto = crypto.subtle): Promise<HostKey> {
  const privateKeyFile = encodeOpenSshPrivateKey(parts);
  const publicKeyBlob = encodeEd25519PublicKeyBlob(parts.publicKey);
  return {
    privateKeyFile,
    privateKeyFileBase64: toBase64(new TextEncoder().encode(privateKeyFile)),
    publicKeyBlob,
    publicKeyLine: formatPublicKeyLine(publicKeyBlob, parts.comment || undefined),
    fingerprint: await fingerprintSha256(publicKeyBlob, subtle),
  };
}

export function seedFromPkcs8(pkcs8: Uint8Array): Uint8Array {
  const prefix = pkcs8.subarray(0, PKCS8_ED25519_PREFIX.length);
  if (pkcs8.length !== PKCS8_ED25519_PREFIX.length + 32 || !bytesEqual(prefix, PKCS8_ED25519_PREFIX)) {
    throw new KeyholeError('internal', 'Web Crypto exported an Ed25519 key in an unexpected PKCS #8 form.');
  }
  return pkcs8.slice(PKCS8_ED25519_PREFIX.length);
}

/** PROTOCOL.key: magic, cipher/kdf "none", one public key, then the (unencrypted, padded) private section. */
export function encodeOpenSshPrivateKey(parts: OpenSshKeyParts): string {
  if (parts.seed.length !== 32) throw new Error('An Ed25519 seed has 32 bytes.');
  const publicBlob = encodeEd25519PublicKeyBlob(parts.publicKey);
  const unpadded = concatBytes(
    encodeUint32(parts.checkInt),
    encodeUint32(parts.checkInt),
    encodeString('ssh-ed25519'),
    encodeString(parts.publicKey),
    // OpenSSH keeps the 64-byte "secret key" of the reference implementation: seed then public key.
    encodeString(concatBytes(parts.seed, parts.publicKey)),
    encodeString(parts.comment),
  );
  const padLength = (NONE_BLOCK_SIZE - (unpadded.length % NONE_BLOCK_SIZE)) % NONE_BLOCK_SIZE;
  const padding = Uint8Array.from({ length: padLength }, (_, i) => i + 1);
  const body = concatBytes(
    AUTH_MAGIC,
    encodeString('none'),
    encodeString('none'),
    encodeString(new Uint8Array(0)),
    encodeUint32(1),
    encodeString(publicBlob),
    encodeString(concatBytes(unpadded, padding)),
  );
  const base64 = toBase64(body);
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += PEM_LINE_LENGTH) lines.push(base64.slice(i, i + PEM_LINE_LENGTH));
  return `${PEM_BEGIN}\n${lines.join('\n')}\n${PEM_END}\n`;
}

/**
 * Finds the public key of an OpenSSH private key file, given as the file or as the one-line base64 of the
 * file (the environment variable's value). Lets a user who kept only that value see the fingerprint again.
 * Returns null when the text is neither.
 */
export function readOpenSshPublicKeyBlob(text: string): Uint8Array | null {
  let pem = text.trim();
  if (!pem.startsWith(PEM_BEGIN)) {
    try {
      pem = new TextDecoder().decode(fromBase64(pem)).trim();
    } catch {
      return null;
    }
  }
  if (!pem.startsWith(PEM_BEGIN) || !pem.endsWith(PEM_END)) return null;
  try {
    const body = fromBase64(pem.slice(PEM_BEGIN.length, -PEM_END.length));
    const reader = new SshReader(body);
    if (!bytesEqual(reader.readBytes(AUTH_MAGIC.length), AUTH_MAGIC)) return null;
    reader.readString(); // cipher
    reader.readString(); // kdf
    reader.readString(); // kdf options
    if (reader.readUint32() !== 1) return null;
    const blob = reader.readString();
    const blobReader = new SshReader(blob);
    if (blobReader.readText() !== 'ssh-ed25519' || blobReader.readString().length !== 32) return null;
    return blob;
  } catch {
    return null;
  }
}
