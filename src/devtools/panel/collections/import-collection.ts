import { KeyholeError, type KeyholeErrorData } from '../../../core/errors.ts';
import type { ProfileOrigins } from '../../../core/http/request-url.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import type { ImportedEnvironment } from '../../../core/workbench/collection-file.ts';
import { checkPickedSize, importPickedFiles, type PickedFile } from '../../../core/workbench/collection-import.ts';
import type { PlacementEntry } from '../../../core/workbench/import/catalog-placement.ts';
import { inOneShotWorker } from '../one-shot-worker.ts';
import { saveImported } from './saved-actions.ts';
import type { SavedRequestStore } from './saved-store.ts';

/**
 * Reads an imported file (or a picked Bruno folder) and stores its requests, off the page's main thread when it
 * can. Parsing a 30 MB collection and masking its requests is seconds of work in one task, and so would be copying
 * its thousands of requests back to the page: the worker reads the files, imports them (placed on the catalog's
 * endpoints, which the page sends along) and writes the requests to the same IndexedDB store, and returns only the count, the
 * environments and the notices. Without workers (tests) or a store a worker can open, it runs here. Nothing saved
 * is touched: requests are added, and a refused file adds nothing.
 */
export interface ImportOutcome {
  count: number;
  environments: ImportedEnvironment[];
  notices: string[];
}

export interface ImportJob {
  files: { path: string; file: Blob }[];
  /** The catalog's endpoints, as placement reads them: the page has the catalog; the worker need not load it. */
  catalog: PlacementEntry[];
  origins?: ProfileOrigins;
  database: { name: string; store: string };
}

export type ImportReply = ({ ok: true } & ImportOutcome) | { ok: false; error: KeyholeErrorData };

/** A picked folder's files carry their path inside it; a single file, its name. */
export const pathOf = (file: File) => file.webkitRelativePath || file.name;

/** The bytes of each file, after the sizes were checked (a 2 GB pick is refused before it is read). */
export async function readPicked(files: readonly { path: string; file: Blob }[]): Promise<PickedFile[]> {
  checkPickedSize(files.map((item) => item.file.size));
  return Promise.all(
    files.map(async (item) => ({ path: item.path, bytes: new Uint8Array(await item.file.arrayBuffer()) })),
  );
}

/** Imports and saves: the same steps in the worker and here. */
export async function importAndSave(
  files: readonly { path: string; file: Blob }[],
  store: SavedRequestStore,
  catalog: readonly PlacementEntry[],
  origins?: ProfileOrigins,
): Promise<ImportOutcome> {
  const picked = await readPicked(files);
  const imported = importPickedFiles(picked, origins, catalog);
  const count = await saveImported(store, imported.requests);
  return { count, environments: imported.environments, notices: imported.notices };
}

export async function importCollectionFiles(
  picked: readonly File[],
  store: SavedRequestStore,
  origins?: ProfileOrigins,
): Promise<ImportOutcome> {
  const files = picked.map((file) => ({ path: pathOf(file), file }));
  const catalog = (await loadCatalog()).entries.map(({ method, target, pathTemplate }) => ({
    method,
    target,
    pathTemplate,
  }));
  const database = store.database;
  if (!database) return importAndSave(files, store, catalog, origins);
  return inOneShotWorker(
    () => new Worker(new URL('./import-collection.worker.ts', import.meta.url), { type: 'module' }),
    { files, catalog, database, ...(origins ? { origins } : {}) } satisfies ImportJob,
    (reply: ImportReply) => {
      if (!reply.ok) throw new KeyholeError(reply.error.code, reply.error.message);
      store.notify();
      return { count: reply.count, environments: reply.environments, notices: reply.notices };
    },
    () => importAndSave(files, store, catalog, origins),
  );
}
