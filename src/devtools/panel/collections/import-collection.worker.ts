/// <reference lib="webworker" />
// Imports a collection file (or a Bruno folder) off the page's main thread and stores its requests in the Saved
// view's IndexedDB store (import-collection.ts says why); only the count, the environments and the notices go back.
import { toErrorData } from '../../../core/errors.ts';
import { type ImportJob, type ImportReply, importAndSave } from './import-collection.ts';
import { openIdbSavedRequestStore } from './saved-store.ts';

self.onmessage = async (event: MessageEvent<ImportJob>) => {
  const { files, catalog, origins, database } = event.data;
  let reply: ImportReply;
  try {
    reply = { ok: true, ...(await importAndSave(files, openIdbSavedRequestStore(database), catalog, origins)) };
  } catch (error) {
    reply = { ok: false, error: toErrorData(error) };
  }
  self.postMessage(reply);
};
