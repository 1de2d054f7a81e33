import { createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { VaultLockReason } from '../core/protocol.ts';
import { browser } from './extension-api.ts';

/**
 * Where the vault keeps things: the sealed secrets, the device key or the lock's salt and check value in the
 * IndexedDB database 'keyhole-vault' (the database the vault has always used, so existing installs carry on);
 * the last lock change in storage.local, where every open page hears of it.
 */

export interface VaultStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  entries(): Promise<[string, unknown][]>;
  /** All or nothing. */
  commit(changes: { set: [string, unknown][]; delete: string[] }): Promise<void>;
}

/** The last lock change, kept where pages are told of changes (storage.local): no secret, only state. */
export interface LockNote {
  state: 'locked' | 'unlocked' | 'off';
  reason?: VaultLockReason;
  at: string;
}

export interface LockNotes {
  read(): Promise<LockNote | undefined>;
  write(note: LockNote): Promise<void>;
}

export function createIdbVaultStorage(): VaultStorage {
  let store: UseStore | undefined;
  // Opened on first use, not at import: the worker's first event must not wait on IndexedDB (the start-up
  // warm-up, warm-start.ts, opens it once every listener is wired, alongside that event).
  const use = () => {
    store ??= createStore('keyhole-vault', 'secrets');
    return store;
  };
  return {
    get: (key) => get(key, use()),
    set: (key, value) => set(key, value, use()),
    delete: (key) => del(key, use()),
    entries: () => entries<string>(use()),
    commit: ({ set: puts, delete: removals }) =>
      use()('readwrite', (objectStore) => {
        for (const [key, value] of puts) objectStore.put(value, key);
        for (const key of removals) objectStore.delete(key);
        return promisifyRequest(objectStore.transaction);
      }),
  };
}

const NOTE_KEY = 'vault-lock-state';

export function createLocalLockNotes(): LockNotes {
  return {
    async read() {
      return (await browser.storage.local.get(NOTE_KEY))[NOTE_KEY] as LockNote | undefined;
    },
    async write(note) {
      await browser.storage.local.set({ [NOTE_KEY]: note });
    },
  };
}
