/**
 * Everything the extension keeps at rest, as text to search: storage.local and storage.session (read in the
 * worker), and the keys and values of every object store of every IndexedDB database of the extension's origin
 * (read from an extension page). Binary values are shown as latin-1 text, CryptoKeys by their properties.
 */
import type { Page } from 'playwright-core';
import type { LaunchedExtension } from './launch-extension.ts';

export async function dumpStorage(ext: LaunchedExtension): Promise<{ local: string; session: string }> {
  return {
    local: JSON.stringify(await ext.worker.evaluate(() => chrome.storage.local.get(null))),
    session: JSON.stringify(await ext.worker.evaluate(() => chrome.storage.session.get(null))),
  };
}

export async function dumpIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: unknown[] = [];
    const toText = (value: unknown): unknown => {
      if (value instanceof ArrayBuffer) return new TextDecoder('latin1').decode(value);
      if (ArrayBuffer.isView(value)) return new TextDecoder('latin1').decode(value as Uint8Array);
      if (value instanceof CryptoKey)
        return { cryptoKey: value.algorithm, extractable: value.extractable, usages: value.usages };
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toText(inner)]));
      return value;
    };
    const all = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    for (const info of await indexedDB.databases()) {
      const db = await all(indexedDB.open(info.name!));
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = () => db.transaction(storeName).objectStore(storeName);
        const keys = await all(store().getAllKeys());
        const values = await all(store().getAll());
        out.push({ db: info.name, storeName, keys, values: values.map(toText) });
      }
      db.close();
    }
    return JSON.stringify(out);
  });
}
