import { createStore, delMany, get, keys, type UseStore } from 'idb-keyval';
import {
  ACCOUNT_CACHE_DB,
  ACCOUNT_CACHE_LAST_KEY,
  ACCOUNT_CACHE_STORE,
  cacheKeyPrefix,
} from '../popup/account-cache.ts';

/**
 * The popup caches the signed-in account per profile in IndexedDB (src/popup/idb-account-cache.ts) so it can draw
 * before the worker wakes. The worker shares the extension's origin, so it can remove a profile's entries itself
 * when the profile is deleted or signed out, whether or not a popup is open.
 */
let store: UseStore | undefined;

export async function forgetPopupAccounts(profileId: string): Promise<void> {
  store ??= createStore(ACCOUNT_CACHE_DB, ACCOUNT_CACHE_STORE);
  const prefix = cacheKeyPrefix(profileId);
  const mine = (await keys(store)).filter((key): key is string => typeof key === 'string' && key.startsWith(prefix));
  if (mine.length === 0) return;
  const last = await get<unknown>(ACCOUNT_CACHE_LAST_KEY, store);
  await delMany(typeof last === 'string' && mine.includes(last) ? [...mine, ACCOUNT_CACHE_LAST_KEY] : mine, store);
}
