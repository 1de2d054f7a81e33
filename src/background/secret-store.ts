import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Secrets at rest: AES-GCM ciphertexts in IndexedDB, under a 256-bit key that is itself a non-extractable
 * CryptoKey kept in IndexedDB (structured clone keeps it non-extractable: no code, ours included, can read it
 * out). Decrypted values stay in this worker's memory only, and are never sent to a page.
 */

type SecretName = `${string}:${string}`;

interface SealedSecret {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

const KEY_ID = 'vault-key';
let store: UseStore | undefined;
let vaultKey: Promise<CryptoKey> | undefined;
const plaintextCache = new Map<SecretName, string>();

function vaultStore(): UseStore {
  store ??= createStore('keyhole-vault', 'secrets');
  return store;
}

function loadVaultKey(): Promise<CryptoKey> {
  vaultKey ??= (async () => {
    const existing = await get<CryptoKey>(KEY_ID, vaultStore());
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await set(KEY_ID, key, vaultStore());
    return key;
  })();
  return vaultKey;
}

export async function putSecret(name: SecretName, value: string): Promise<void> {
  const key = await loadVaultKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  // The name is bound as additional data so a ciphertext cannot be swapped under another name.
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) },
    key,
    new TextEncoder().encode(value),
  );
  await set(name, { iv, ciphertext } satisfies SealedSecret, vaultStore());
  plaintextCache.set(name, value);
}

export async function getSecret(name: SecretName): Promise<string | undefined> {
  const cached = plaintextCache.get(name);
  if (cached !== undefined) return cached;
  const sealed = await get<SealedSecret>(name, vaultStore());
  if (!sealed) return undefined;
  const key = await loadVaultKey();
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(name) },
    key,
    sealed.ciphertext,
  );
  const value = new TextDecoder().decode(plaintext);
  plaintextCache.set(name, value);
  return value;
}

export async function deleteSecret(name: SecretName): Promise<void> {
  plaintextCache.delete(name);
  await del(name, vaultStore());
}

export async function putSecretJson<T>(name: SecretName, value: T): Promise<void> {
  await putSecret(name, JSON.stringify(value));
}

export async function getSecretJson<T>(name: SecretName): Promise<T | undefined> {
  const text = await getSecret(name);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}
