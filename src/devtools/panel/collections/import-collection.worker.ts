/// <reference lib="webworker" />
// Imports a collection file off the page's main thread and stores its requests in the Saved view's IndexedDB
// store (import-collection.ts says why); only the count, the environments and the notices go back.
import { toErrorData } from '../../../core/errors.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import { importCollectionText } from '../../../core/workbench/collection-import.ts';
import type { ImportJob, ImportReply } from './import-collection.ts';
import { saveImported } from './saved-actions.ts';
import { openIdbSavedRequestStore } from './saved-store.ts';

self.onmessage = async (event: MessageEvent<ImportJob>) => {
  const { file, fileName, origins, database } = event.data;
  let reply: ImportReply;
  try {
    const { entries } = await loadCatalog();
    const imported = importCollectionText(await file.text(), fileName, origins, entries);
    const count = await saveImported(openIdbSavedRequestStore(database), imported.requests);
    reply = { ok: true, count, environments: imported.environments, notices: imported.notices };
  } catch (error) {
    reply = { ok: false, error: toErrorData(error) };
  }
  self.postMessage(reply);
};
