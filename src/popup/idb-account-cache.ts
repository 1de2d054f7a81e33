/**
 * The account cache in IndexedDB (idb-keyval): readable in a few milliseconds when the popup opens, before the
 * worker has woken up. A store of its own keeps it apart from anything else the extension keeps in IndexedDB.
 * The entry shown last is mirrored in localStorage, which a page reads synchronously: the popup paints it in its
 * first frame instead of waiting for IndexedDB (an open, a transaction and a task each way).
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
import { writeMirroredAccount as mirror, readMirroredAccount as peekMirror } from './account-mirror.ts';

const LAST_KEY = ACCOUNT_CACHE_LAST_KEY;

export function createIdbAccountCache(): AccountCache {
  const store = createStore(ACCOUNT_CACHE_DB, ACCOUNT_CACHE_STORE);

  async function read(key: string): Promise<CachedAccount | undefined> {
    const value = await get<unknown>(key, store);
    return isCachedAccount(value, key) ? value : undefined;
  }

  return {
    peekLast: peekMirror,
    async readLast() {
      const key = await get<unknown>(LAST_KEY, store);
      return typeof key === 'string' ? read(key) : undefined;
    },
    read,
    async save(entry) {
      await set(entry.key, entry, store);
      await set(LAST_KEY, entry.key, store);
      mirror(entry);
    },
    async point(key) {
      await set(LAST_KEY, key, store);
      mirror(await read(key));
    },
    async clearLast() {
      mirror(undefined);
      await del(LAST_KEY, store);
    },
    async remove(key) {
      if (peekMirror()?.key === key) mirror(undefined);
      await del(key, store);
      if ((await get<unknown>(LAST_KEY, store)) === key) await del(LAST_KEY, store);
    },
  };
}
