import { defaultKeyCache } from '../core/oauth1/index.ts';
import { browser } from './extension-api.ts';
import { Vault } from './vault.ts';
import { IdleLock } from './vault-idle.ts';
import { createIdbVaultStorage, createLocalLockNotes } from './vault-storage.ts';

/**
 * Secrets at rest: AES-GCM ciphertexts in IndexedDB, under the device key (a non-extractable CryptoKey in the
 * same database) or, with the passphrase lock on, under a key derived from the user's passphrase that lives only
 * in this worker's memory (see vault.ts). Decrypted values stay in this worker's memory only, and are never sent
 * to a page. With the lock on and the vault locked, reading or writing a secret throws `vault-locked`.
 */

type SecretName = `${string}:${string}`;

/** The worker's one vault. Its key and cache are this worker run's: a restarted worker starts locked. */
export const vault = new Vault({
  storage: createIdbVaultStorage(),
  notes: createLocalLockNotes(),
  // Any extension API call resets MV3's idle timer; this one is cheap and needs no permission.
  idle: new IdleLock(() => browser.runtime.getPlatformInfo()),
  // The HMAC key cache is keyed by signing keys, i.e. secrets: a locked vault leaves none in memory.
  onLock: () => defaultKeyCache.clear(),
});

export function putSecret(name: SecretName, value: string): Promise<void> {
  return vault.write(name, value);
}

export function getSecret(name: SecretName): Promise<string | undefined> {
  return vault.read(name);
}

export function deleteSecret(name: SecretName): Promise<void> {
  return vault.remove(name);
}

/** Whether a secret is stored, without decrypting it: works while the vault is locked. */
export function hasSecret(name: SecretName): Promise<boolean> {
  return vault.has(name);
}

export async function putSecretJson<T>(name: SecretName, value: T): Promise<void> {
  await putSecret(name, JSON.stringify(value));
}

export async function getSecretJson<T>(name: SecretName): Promise<T | undefined> {
  const text = await getSecret(name);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}
