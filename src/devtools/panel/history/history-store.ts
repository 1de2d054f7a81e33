import { clear, createStore, del, delMany, get, set, type UseStore, values } from 'idb-keyval';
import {
  type CallOutcome,
  createHistoryRecord,
  DEFAULT_HISTORY_CAPS,
  type HistoryBody,
  type HistoryCaps,
  type HistoryEntry,
} from '../../../core/workbench/history-entry.ts';
import { compareNewestFirst, planEviction } from '../../../core/workbench/history-filter.ts';
import type { KeyValueStorage, StorageChange } from '../key-value-storage.ts';

/**
 * The call history in IndexedDB: summaries in one store, capped bodies in another, so the list loads fast and
 * a body is read only when an entry is reopened. Adding evicts the oldest entries beyond the user's limit.
 * Records are built by core/history-entry.ts, which strips every secret before anything is written.
 */
export interface HistoryStore {
  list(): Promise<HistoryEntry[]>;
  record(outcome: CallOutcome): Promise<HistoryEntry>;
  body(id: string): Promise<HistoryBody | undefined>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
  caps(): Promise<HistoryCaps>;
  setCaps(caps: HistoryCaps): Promise<void>;
  /** Called after every change, so open lists refresh. */
  subscribe(listener: () => void): () => void;
}

const CAPS_KEY = 'keyhole.devtools.historyCaps';

interface RecordStores {
  putEntry(entry: HistoryEntry): Promise<void>;
  putBody(body: HistoryBody): Promise<void>;
  entries(): Promise<HistoryEntry[]>;
  body(id: string): Promise<HistoryBody | undefined>;
  remove(ids: string[]): Promise<void>;
  clear(): Promise<void>;
}

function normalizeCaps(caps: Partial<HistoryCaps> | undefined): HistoryCaps {
  const maxBodyBytes = Number(caps?.maxBodyBytes);
  const maxEntries = Number(caps?.maxEntries);
  return {
    maxBodyBytes: Number.isFinite(maxBodyBytes) && maxBodyBytes >= 0 ? maxBodyBytes : DEFAULT_HISTORY_CAPS.maxBodyBytes,
    maxEntries:
      Number.isFinite(maxEntries) && maxEntries >= 1 ? Math.floor(maxEntries) : DEFAULT_HISTORY_CAPS.maxEntries,
  };
}

function createHistoryStore(stores: RecordStores, settings: KeyValueStorage): HistoryStore {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const caps = async () => normalizeCaps(await settings.get<Partial<HistoryCaps>>(CAPS_KEY));
  const evict = async (maxEntries: number) => {
    const doomed = planEviction(await stores.entries(), maxEntries);
    if (doomed.length > 0) await stores.remove(doomed);
  };
  return {
    async list() {
      return (await stores.entries()).sort(compareNewestFirst);
    },
    async record(outcome) {
      const limits = await caps();
      const { entry, body } = createHistoryRecord(outcome, limits);
      if (body) await stores.putBody(body);
      await stores.putEntry(entry);
      await evict(limits.maxEntries);
      changed();
      return entry;
    },
    body: (id) => stores.body(id),
    async remove(id) {
      await stores.remove([id]);
      changed();
    },
    async clear() {
      await stores.clear();
      changed();
    },
    caps,
    async setCaps(next) {
      const normalized = normalizeCaps(next);
      await settings.set(CAPS_KEY, normalized);
      await evict(normalized.maxEntries);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The real store: two idb-keyval databases (idb-keyval keeps one object store per database). */
export function createIdbHistoryStore(settings: KeyValueStorage): HistoryStore {
  const entries: UseStore = createStore('keyhole-history', 'entries');
  const bodies: UseStore = createStore('keyhole-history-bodies', 'bodies');
  return createHistoryStore(
    {
      putEntry: (entry) => set(entry.id, entry, entries),
      putBody: (body) => set(body.id, body, bodies),
      entries: () => values<HistoryEntry>(entries),
      body: (id) => get<HistoryBody>(id, bodies),
      async remove(ids) {
        if (ids.length === 1) await Promise.all([del(ids[0] as string, entries), del(ids[0] as string, bodies)]);
        else await Promise.all([delMany(ids, entries), delMany(ids, bodies)]);
      },
      async clear() {
        await Promise.all([clear(entries), clear(bodies)]);
      },
    },
    settings,
  );
}

/** The same logic over plain maps: for component tests, and a fallback where IndexedDB is unavailable. */
export function createMemoryHistoryStore(settings: KeyValueStorage): HistoryStore {
  const entries = new Map<string, HistoryEntry>();
  const bodies = new Map<string, HistoryBody>();
  return createHistoryStore(
    {
      putEntry: async (entry) => void entries.set(entry.id, structuredClone(entry)),
      putBody: async (body) => void bodies.set(body.id, structuredClone(body)),
      entries: async () => [...entries.values()],
      body: async (id) => bodies.get(id),
      async remove(ids) {
        for (const id of ids) {
          entries.delete(id);
          bodies.delete(id);
        }
      },
      async clear() {
        entries.clear();
        bodies.clear();
      },
    },
    settings,
  );
}

export function createMemoryStorage(initial: Record<string, unknown> = {}): KeyValueStorage {
  const data = new Map(Object.entries(initial));
  const watchers = new Set<{ key: string; listener: (change: StorageChange) => void }>();
  return {
    get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
    set: async (key, value) => {
      const oldValue = data.get(key);
      if (value === null) data.delete(key);
      else data.set(key, structuredClone(value));
      // As storage.onChanged: after the write, to every view (the writer too), each with its own copy.
      for (const watcher of [...watchers])
        if (watcher.key === key)
          watcher.listener({ oldValue: structuredClone(oldValue), newValue: structuredClone(data.get(key)) });
    },
    watch(key, listener) {
      const watcher = { key, listener };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}
