import { createStore, del, set, setMany, type UseStore } from 'idb-keyval';
import type { SavedRequest } from '../../../core/workbench/saved-requests.ts';

/**
 * Saved requests in IndexedDB (one record each), shared by every DevTools window: a change in one notifies the
 * lists open in this page; another window's list refreshes when it is shown again.
 */
export interface SavedRequestStore {
  list(): Promise<SavedRequest[]>;
  put(items: readonly SavedRequest[]): Promise<void>;
  remove(id: string): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Tells this page's lists that the records changed elsewhere (the import worker wrote them). */
  notify(): void;
  /** Where the records are, for a worker that writes them itself; absent for a store only this page holds. */
  readonly database?: { name: string; store: string };
}

function withListeners(base: Pick<SavedRequestStore, 'list' | 'put' | 'remove' | 'database'>): SavedRequestStore {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    list: () => base.list(),
    async put(items) {
      await base.put(items);
      changed();
    },
    async remove(id) {
      await base.remove(id);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: changed,
    ...(base.database ? { database: base.database } : {}),
  };
}

const DATABASE = { name: 'keyhole-saved-requests', store: 'requests' };

/**
 * Every record, read with a cursor: each one arrives in its own task. `getAll` (idb-keyval's `values`) copies them
 * all into the page in one task: after a 30 MB import, a task of 0.2–0.8 s each time the Saved view was shown.
 */
function readOneByOne(store: UseStore): Promise<SavedRequest[]> {
  return store('readonly', (objects) => {
    const items: SavedRequest[] = [];
    return new Promise((resolve, reject) => {
      const request = objects.openCursor();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return resolve(items);
        items.push(cursor.value as SavedRequest);
        cursor.continue();
      };
      request.onerror = () => reject(request.error);
    });
  });
}

export function createIdbSavedRequestStore(): SavedRequestStore {
  return openIdbSavedRequestStore(DATABASE);
}

/** The store in a database named by `database` (the page's, or the same one opened from the import worker). */
export function openIdbSavedRequestStore(database: { name: string; store: string }): SavedRequestStore {
  const store: UseStore = createStore(database.name, database.store);
  return withListeners({
    database,
    list: () => readOneByOne(store),
    async put(items) {
      if (items.length === 1) await set((items[0] as SavedRequest).id, items[0], store);
      else
        await setMany(
          items.map((item) => [item.id, item]),
          store,
        );
    },
    remove: (id) => del(id, store),
  });
}

export function createMemorySavedRequestStore(): SavedRequestStore {
  const data = new Map<string, SavedRequest>();
  return withListeners({
    list: async () => [...data.values()].map((item) => structuredClone(item)),
    async put(items) {
      for (const item of items) data.set(item.id, structuredClone(item));
    },
    remove: async (id) => void data.delete(id),
  });
}
