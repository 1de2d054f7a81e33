import { createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import {
  localKeyBelongs,
  QUARANTINE_KEY_PREFIX,
  type RecordKind,
  STORAGE_VERSIONS_KEY,
} from '../../core/storage/record-kinds.ts';
import type { MigrationStore, SetAside } from '../../core/storage/run-migrations.ts';
import { browser } from '../extension-api.ts';
import { readLocal, removeLocal, writeLocal } from '../local-store.ts';

/**
 * The migrations' view of the browser's storage: storage.local (through local-store.ts, so the worker's copy
 * stays true) and the IndexedDB databases pages and worker share (same origin). Records set aside stay in the
 * area they came from: storage.local keys under QUARANTINE_KEY_PREFIX, IndexedDB ones (a CryptoKey cannot be
 * written as JSON) in the 'keyhole-quarantine' database.
 */

export const QUARANTINE_DATABASE = 'keyhole-quarantine';
const stores = new Map<string, UseStore>();

function idbStore(database: string, name: string): UseStore {
  const key = `${database}/${name}`;
  let store = stores.get(key);
  if (!store) {
    store = createStore(database, name);
    stores.set(key, store);
  }
  return store;
}

/** Databases that exist: listing a kind must not create an empty database for a page that never opened one. */
async function existingDatabases(): Promise<Set<string> | undefined> {
  const list = await indexedDB.databases?.().catch(() => undefined);
  return list ? new Set(list.map((database) => database.name ?? '')) : undefined;
}

/** Records read per transaction while a kind is migrated: a page of history bodies is at most a few megabytes. */
const PAGE = 32;

/** A store's records with string keys, a page of them at a time, in key order. */
async function* pagesOf(store: UseStore): AsyncGenerator<[string, unknown]> {
  const keys = (await store('readonly', (objects) => promisifyRequest(objects.getAllKeys()))).filter(
    (key): key is string => typeof key === 'string',
  );
  for (let start = 0; start < keys.length; start += PAGE) {
    const page = keys.slice(start, start + PAGE);
    const values = await store('readonly', (objects) =>
      Promise.all(page.map((key) => promisifyRequest(objects.get(key)))),
    );
    // A record removed since the keys were read (a page's Clear history) is not visited.
    for (const [index, key] of page.entries()) if (values[index] !== undefined) yield [key, values[index]];
  }
}

export function quarantineStore(): UseStore {
  return idbStore(QUARANTINE_DATABASE, 'records');
}

export function setAsideKey(entry: SetAside): string {
  return `${entry.kind}/${entry.version}/${entry.key}`;
}

export function createBrowserMigrationStore(): MigrationStore {
  let databases: Promise<Set<string> | undefined> | undefined;
  // Reading a kind must not create an empty database for a page that never opened one (existingDatabases).
  const databaseMissing = async (name: string) => {
    databases ??= existingDatabases();
    const known = await databases;
    return known !== undefined && !known.has(name);
  };
  return {
    async readVersions() {
      return (await readLocal<Record<string, number>>(STORAGE_VERSIONS_KEY)) ?? {};
    },
    async markVersions(marks) {
      const versions = (await readLocal<Record<string, number>>(STORAGE_VERSIONS_KEY)) ?? {};
      await writeLocal({ [STORAGE_VERSIONS_KEY]: { ...versions, ...marks } });
    },
    async *list(kind: RecordKind) {
      const where = kind.where;
      if (where.area === 'local') {
        // Read fresh for each kind: an earlier kind's step may have written.
        const all = await browser.storage.local.get(null);
        yield* Object.entries(all).filter(([key]) => localKeyBelongs(kind, key));
        return;
      }
      if (await databaseMissing(where.database)) return;
      yield* pagesOf(idbStore(where.database, where.store));
    },
    async get(kind, key) {
      if (kind.where.area === 'local') return readLocal(key);
      if (await databaseMissing(kind.where.database)) return undefined;
      return get(key, idbStore(kind.where.database, kind.where.store));
    },
    async update(kind, key, next) {
      if (kind.where.area === 'local') {
        const value = next(await readLocal(key));
        if (value !== undefined) await writeLocal({ [key]: value });
        return;
      }
      await idbStore(kind.where.database, kind.where.store)('readwrite', (store) => {
        const read = store.get(key);
        read.onsuccess = () => {
          const value = next(read.result);
          if (value !== undefined) store.put(value, key);
        };
        return promisifyRequest(store.transaction);
      });
    },
    async remove(kind, key) {
      if (kind.where.area === 'local') await removeLocal(key);
      else await del(key, idbStore(kind.where.database, kind.where.store));
    },
    async setAside(kind, entry, value) {
      if (kind.where.area === 'local')
        await writeLocal({ [QUARANTINE_KEY_PREFIX + setAsideKey(entry)]: { entry, value } });
      else await set(setAsideKey(entry), { entry, value }, quarantineStore());
    },
  };
}

/** Every record set aside so far, from both places, for the settings page. */
export async function listSetAside(): Promise<SetAside[]> {
  const local = Object.entries(await browser.storage.local.get(null))
    .filter(([key]) => key.startsWith(QUARANTINE_KEY_PREFIX))
    .map(([, item]) => (item as { entry: SetAside }).entry);
  const known = await existingDatabases();
  const idb =
    known && !known.has(QUARANTINE_DATABASE)
      ? []
      : (await entries<string, { entry: SetAside }>(quarantineStore())).map(([, item]) => item.entry);
  return [...local, ...idb].filter(Boolean).sort((a, b) => a.at.localeCompare(b.at));
}
