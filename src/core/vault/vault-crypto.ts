import { KeyholeError } from '../errors.ts';

/**
 * The vault's cryptography, on Web Crypto only (the same API in the worker and in Node's tests).
 *
 * A secret is sealed with AES-GCM under a 256-bit key, its name bound as additional data so a ciphertext cannot
 * be moved under another name. The key is either the device key (random, non-extractable, kept in IndexedDB) or
 * one derived from the user's passphrase with PBKDF2-SHA-256, which is never stored anywhere.
 */

export interface SealedSecret {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. Stored with each lock, so a later raise keeps old locks working. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;

/** A fixed text sealed under the passphrase key: opening it tells a right passphrase from a wrong one. */
const CHECK_NAME = 'vault-lock:check';
const CHECK_TEXT = 'keyhole-vault-check-v1';

const encoder = new TextEncoder();

/** What the store keeps of a passphrase lock: enough to check a passphrase and derive its key, not the key. */
export interface LockRecord {
  kdf: 'PBKDF2-SHA-256';
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  check: SealedSecret;
  autoLockMinutes: number;
}

export function generateDeviceKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export function newSalt(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(SALT_BYTES));
}

/**
 * The passphrase key. NFC first, so the same passphrase typed with another keyboard or input method still
 * matches. Non-extractable: not even the worker can read the key's bytes back.
 */
export async function derivePassphraseKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function sealText(key: CryptoKey, name: string, value: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
    key,
    encoder.encode(value),
  );
  return { iv, ciphertext };
}

/** Throws (a DOMException) when the key is not the one the secret was sealed with, or the record was altered. */
export async function openSealed(key: CryptoKey, name: string, sealed: SealedSecret): Promise<string> {
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(name) },
    key,
    sealed.ciphertext,
  );
  return new TextDecoder().decode(plaintext);
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as SealedSecret).iv instanceof Uint8Array &&
    (value as SealedSecret).ciphertext instanceof ArrayBuffer
  );
}

export function sealCheck(key: CryptoKey): Promise<SealedSecret> {
  return sealText(key, CHECK_NAME, CHECK_TEXT);
}

export async function checkMatches(key: CryptoKey, check: SealedSecret): Promise<boolean> {
  try {
    return (await openSealed(key, CHECK_NAME, check)) === CHECK_TEXT;
  } catch {
    return false;
  }
}

/** A new lock for `passphrase`, with a fresh salt, and the key it derives. */
export async function createLockRecord(
  passphrase: string,
  autoLockMinutes: number,
  iterations = PBKDF2_ITERATIONS,
): Promise<{ record: LockRecord; key: CryptoKey }> {
  const salt = newSalt();
  const key = await derivePassphraseKey(passphrase, salt, iterations);
  const record: LockRecord = { kdf: 'PBKDF2-SHA-256', iterations, salt, check: await sealCheck(key), autoLockMinutes };
  return { record, key };
}

/** Derives the key from `passphrase` and checks it against the lock. A mismatch says only "wrong passphrase". */
export async function unlockKey(record: LockRecord, passphrase: unknown): Promise<CryptoKey> {
  if (typeof passphrase !== 'string' || passphrase === '')
    throw new KeyholeError('invalid-input', 'Enter your current passphrase.');
  const key = await derivePassphraseKey(passphrase, record.salt, record.iterations);
  if (!(await checkMatches(key, record.check)))
    throw new KeyholeError('wrong-passphrase', 'Wrong passphrase. Check it and try again.');
  return key;
}

/**
 * Every sealed secret among `entries`, opened with `from` and sealed again with `to`. Throws before returning
 * anything if one cannot be opened, so the caller writes all of them or none.
 */
export async function resealAll(
  entries: [string, unknown][],
  from: CryptoKey | undefined,
  to: CryptoKey,
): Promise<[string, SealedSecret][]> {
  const resealed: [string, SealedSecret][] = [];
  for (const [name, value] of entries) {
    if (!isSealedSecret(value)) continue;
    let plaintext: string;
    try {
      if (!from) throw new Error('no key');
      plaintext = await openSealed(from, name, value);
    } catch {
      throw new KeyholeError('internal', `Keyhole could not open its stored secret “${name}”, so nothing changed.`);
    }
    resealed.push([name, await sealText(to, name, plaintext)]);
  }
  return resealed;
}
