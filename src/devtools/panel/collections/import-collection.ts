import { KeyholeError, type KeyholeErrorData } from '../../../core/errors.ts';
import type { ProfileOrigins } from '../../../core/http/request-url.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import type { ImportedEnvironment } from '../../../core/workbench/collection-file.ts';
import { importCollectionText } from '../../../core/workbench/collection-import.ts';
import { saveImported } from './saved-actions.ts';
import type { SavedRequestStore } from './saved-store.ts';

/**
 * Reads an imported file and stores its requests, off the page's main thread when it can. Parsing a 30 MB
 * collection and masking its requests is seconds of work in one task, and so would be copying its thousands of
 * requests back to the page: the worker reads the file, imports it and writes the requests to the same IndexedDB
 * store itself, and returns only the count, the environments and the notices. Without workers (tests) or a store
 * a worker can open, it runs here.
 */
export interface ImportOutcome {
  count: number;
  environments: ImportedEnvironment[];
  notices: string[];
}

export interface ImportJob {
  file: Blob;
  fileName: string;
  origins?: ProfileOrigins;
  database: { name: string; store: string };
}

export type ImportReply = ({ ok: true } & ImportOutcome) | { ok: false; error: KeyholeErrorData };

async function importHere(file: Blob, fileName: string, store: SavedRequestStore, origins?: ProfileOrigins) {
  const { entries } = await loadCatalog();
  const imported = importCollectionText(await file.text(), fileName, origins, entries);
  const count = await saveImported(store, imported.requests);
  return { count, environments: imported.environments, notices: imported.notices };
}

export function importCollectionFile(
  file: File,
  store: SavedRequestStore,
  origins?: ProfileOrigins,
): Promise<ImportOutcome> {
  if (typeof Worker === 'undefined' || !store.database) return importHere(file, file.name, store, origins);
  const database = store.database;
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./import-collection.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(importHere(file, file.name, store, origins));
      return;
    }
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      worker.terminate();
      const reply = event.data;
      if (!reply.ok) return reject(new KeyholeError(reply.error.code, reply.error.message));
      store.notify();
      resolve({ count: reply.count, environments: reply.environments, notices: reply.notices });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(importHere(file, file.name, store, origins));
    };
    worker.postMessage({ file, fileName: file.name, database, ...(origins ? { origins } : {}) } satisfies ImportJob);
  });
}
