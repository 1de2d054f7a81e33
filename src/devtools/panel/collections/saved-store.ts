import { createStore, del, set, setMany, type UseStore, values } from 'idb-keyval';
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
}

function withListeners(base: Omit<SavedRequestStore, 'subscribe'>): SavedRequestStore {
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
  };
}

export function createIdbSavedRequestStore(): SavedRequestStore {
  const store: UseStore = createStore('keyhole-saved-requests', 'requests');
  return withListeners({
    list: () => values<SavedRequest>(store),
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
