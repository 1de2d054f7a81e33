import { createStore, del, set, setMany, type UseStore } from 'idb-keyval';
import type { SavedRequest } from '../../../core/workbench/saved-requests.ts';

/**
 * Saved requests in IndexedDB (one record each), shared by every DevTools window and the options page: a change
 * made in any of them notifies the lists open in all of them (a BroadcastChannel between the extension's pages).
 */
export interface SavedRequestStore {
  list(): Promise<SavedRequest[]>;
  /** Writes whole records (a request saved, imported, duplicated). */
  put(items: readonly SavedRequest[]): Promise<void>;
  /**
   * Changes only the named fields of records as they are stored now, skipping any that is gone: a rename, a move
   * or a new order made from a list shown a moment ago must not write back the rest of a record another window
   * changed since, nor bring back one it deleted.
   */
  update(changes: readonly SavedRequestChange[]): Promise<void>;
  remove(id: string): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Tells the lists that the records changed elsewhere (the import worker wrote them). */
  notify(): void;
  /** Where the records are, for a worker that writes them itself; absent for a store only this page holds. */
  readonly database?: { name: string; store: string };
}

export type SavedRequestChange = Pick<SavedRequest, 'id'> &
  Partial<Pick<SavedRequest, 'name' | 'folder' | 'order' | 'updatedAt'>>;

/** The fields of `change` other than its id, applied to `item`. */
function applyChange(item: SavedRequest, change: SavedRequestChange): SavedRequest {
  const { id: _id, ...fields } = change;
  return { ...item, ...fields };
}

/**
 * The changes that place `items` (new versions of stored records) as they are: the order of each, and the folder
 * (and time) of `moved` only. The others were read from a list that may be older than what is stored: their folder
 * and time as written there would undo a move or a save made in another window meanwhile.
 */
export function placements(items: readonly SavedRequest[], moved?: string): SavedRequestChange[] {
  return items.map(({ id, folder, order, updatedAt }) =>
    id === moved ? { id, folder, order, updatedAt } : { id, order },
  );
}

/** Who sent a change, so a page does not hear its own (a BroadcastChannel hears the page's other channels). */
const THIS_PAGE = `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

type BaseStore = Pick<SavedRequestStore, 'list' | 'put' | 'update' | 'remove' | 'database'>;

function withListeners(base: BaseStore, channelName?: string): SavedRequestStore {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  // Other pages of the extension (another DevTools window, the options page's Import all) hear of each change.
  // The channel that listens is open only while a list here listens (a store made for one write keeps none).
  const crossPages = channelName !== undefined && typeof BroadcastChannel === 'function';
  let listening: BroadcastChannel | undefined;
  const changedHere = () => {
    changed();
    if (!crossPages) return;
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(THIS_PAGE);
    channel.close();
  };
  return {
    list: () => base.list(),
    async put(items) {
      await base.put(items);
      changedHere();
    },
    async update(changes) {
      await base.update(changes);
      changedHere();
    },
    async remove(id) {
      await base.remove(id);
      changedHere();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (crossPages && !listening) {
        listening = new BroadcastChannel(channelName);
        // This page's own lists were told already.
        listening.onmessage = (event) => {
          if (event.data !== THIS_PAGE) changed();
        };
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          listening?.close();
          listening = undefined;
        }
      };
    },
    notify: changedHere,
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
  return withListeners(
    {
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
      update: (changes) => updateInPlace(store, changes),
      remove: (id) => del(id, store),
    },
    `${database.name}/${database.store}`,
  );
}

/** Reads and writes each changed record in one transaction, so nothing written elsewhere in between is lost. */
function updateInPlace(store: UseStore, changes: readonly SavedRequestChange[]): Promise<void> {
  if (changes.length === 0) return Promise.resolve();
  return store('readwrite', (objects) => {
    for (const change of changes) {
      const read = objects.get(change.id);
      read.onsuccess = () => {
        const item = read.result as SavedRequest | undefined;
        if (item) objects.put(applyChange(item, change), change.id);
      };
    }
    return new Promise<void>((resolve, reject) => {
      objects.transaction.oncomplete = () => resolve();
      objects.transaction.onerror = () => reject(objects.transaction.error);
      objects.transaction.onabort = () => reject(objects.transaction.error);
    });
  });
}

export function createMemorySavedRequestStore(): SavedRequestStore {
  const data = new Map<string, SavedRequest>();
  return withListeners({
    list: async () => [...data.values()].map((item) => structuredClone(item)),
    async put(items) {
      for (const item of items) data.set(item.id, structuredClone(item));
    },
    async update(changes) {
      for (const change of changes) {
        const item = data.get(change.id);
        if (item) data.set(change.id, applyChange(item, change));
      }
    },
    remove: async (id) => void data.delete(id),
  });
}
