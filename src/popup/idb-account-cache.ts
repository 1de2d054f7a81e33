/**
 * The account cache in IndexedDB (idb-keyval): readable in a few milliseconds when the popup opens, before the
 * worker has woken up. A store of its own keeps it apart from anything else the extension keeps in IndexedDB.
 */
import { createStore, del, get, set } from 'idb-keyval';
import {
  ACCOUNT_CACHE_DB,
  ACCOUNT_CACHE_LAST_KEY,
  ACCOUNT_CACHE_STORE,
  type AccountCache,
  type CachedAccount,
  isCachedAccount,
} from './account-cache.ts';

const LAST_KEY = ACCOUNT_CACHE_LAST_KEY;

export function createIdbAccountCache(): AccountCache {
  const store = createStore(ACCOUNT_CACHE_DB, ACCOUNT_CACHE_STORE);

  async function read(key: string): Promise<CachedAccount | undefined> {
    const value = await get<unknown>(key, store);
    return isCachedAccount(value, key) ? value : undefined;
  }

  return {
    async readLast() {
      const key = await get<unknown>(LAST_KEY, store);
      return typeof key === 'string' ? read(key) : undefined;
    },
    read,
    async save(entry) {
      await set(entry.key, entry, store);
      await set(LAST_KEY, entry.key, store);
    },
    async point(key) {
      await set(LAST_KEY, key, store);
    },
    async clearLast() {
      await del(LAST_KEY, store);
    },
    async remove(key) {
      await del(key, store);
      if ((await get<unknown>(LAST_KEY, store)) === key) await del(LAST_KEY, store);
    },
  };
}
