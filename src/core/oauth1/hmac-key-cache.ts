import { KeyholeError } from '../errors.ts';

export type HmacHash = 'SHA-512' | 'SHA-1';

const utf8Encoder = new TextEncoder();

/**
 * Imports each signing key once as a non-extractable HMAC `CryptoKey`. Importing is the slow part of
 * Web Crypto HMAC and the worker signs many requests with the same key, so the promise is cached (two
 * concurrent first signatures share one import). Non-extractable means code that later gets hold of a
 * cached key cannot read the secret back out of it.
 *
 * The map is keyed by the signing key string, so it does hold secrets in memory: it is bounded (least
 * recently used entries are evicted) and the worker clears it at sign-out.
 */
export class HmacKeyCache {
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Promise<CryptoKey>>();

  constructor(maxEntries = 16) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new KeyholeError('invalid-input', 'The HMAC key cache needs room for at least one key.');
    }
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(hash: HmacHash, signingKey: string): Promise<CryptoKey> {
    const cacheKey = `${hash}\u0000${signingKey}`;
    const cached = this.#entries.get(cacheKey);
    if (cached !== undefined) {
      // Re-inserting moves the entry to the end of the Map's insertion order: that order is our LRU list.
      this.#entries.delete(cacheKey);
      this.#entries.set(cacheKey, cached);
      return cached;
    }
    const imported = importHmacKey(hash, signingKey);
    this.#entries.set(cacheKey, imported);
    // A failed import must not stay cached, or every later signature with this key would fail too.
    imported.catch(() => {
      if (this.#entries.get(cacheKey) === imported) this.#entries.delete(cacheKey);
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return imported;
  }

  clear(): void {
    this.#entries.clear();
  }
}

function importHmacKey(hash: HmacHash, signingKey: string): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', utf8Encoder.encode(signingKey), { name: 'HMAC', hash }, false, [
    'sign',
  ]);
}

/** The process-wide cache `signRequest` uses unless told otherwise. */
export const defaultKeyCache = new HmacKeyCache();
