import { catalogEntryOfDraft } from '../../../../core/platform/catalog.ts';
import { loadCatalog } from '../../../../core/platform/load-catalog.ts';
import { responseSchemaFor } from '../../../../core/platform/schema-check.ts';
import type { SendRequest, SendResponse } from '../../../../core/protocol.ts';
import { isJsonContentType } from '../../../../core/workbench/json-body.ts';
import { checkResponseValue, type ResponseCheck } from '../../../../core/workbench/response-check.ts';
import type { KeyValueStorage } from '../../key-value-storage.ts';
import { loadedBodyOf } from '../body-registry.ts';
import { type CheckState, checkStoreOf } from './check-registry.ts';
import { responseChecksOn } from './check-setting.ts';
import type { CheckRequest } from './response-check.worker.ts';

/**
 * Compares a shown response with the description, once the page is idle after its first screen: small bodies on
 * the page (a few milliseconds), larger ones in a Web Worker, so a 20 MB answer never costs the panel a long task.
 * The outcome goes to the response's check store (status line, tree) and back to the caller (history).
 */
const ON_PAGE_CHARS = 64 * 1024;

/** Stops the comparison still running for an older response: a newer call's gets the core (and its numbers). */
let stopRunning: (() => void) | undefined;

function checkInWorker(message: CheckRequest): Promise<ResponseCheck | undefined> {
  stopRunning?.();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./response-check.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new Error('Not compared: a newer response was being compared.'));
    };
    stopRunning = stop;
    worker.onmessage = (event: MessageEvent<{ ok: true; check?: ResponseCheck } | { ok: false; message: string }>) => {
      if (stopRunning === stop) stopRunning = undefined;
      worker.terminate();
      if (event.data.ok) resolve(event.data.check);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (stopRunning === stop) stopRunning = undefined;
      worker.terminate();
      reject(new Error(event.message || 'The check’s worker could not start.'));
    };
    worker.postMessage(message);
  });
}

function bodyForWorker(response: SendResponse, text: () => string): Pick<CheckRequest, 'text' | 'bytes'> {
  const bytes = loadedBodyOf(response)?.blob;
  return bytes ? { bytes } : { text: text() };
}

export async function runResponseCheck(
  storage: KeyValueStorage,
  request: SendRequest,
  response: SendResponse,
): Promise<ResponseCheck | undefined> {
  const store = checkStoreOf(response);
  const settle = (state: CheckState): undefined => {
    store.set(state);
    return undefined;
  };
  if (!(await responseChecksOn(storage))) return settle({ state: 'off' });
  const body = response.body;
  if (body.kind !== 'text' || body.truncated || !isJsonContentType(response.contentType))
    return settle({ state: 'none' });
  // A streamed body's text is in pieces (chunked-text.ts): read as such, it is never joined (a long task).
  const streamed = loadedBodyOf(response)?.text;
  if (streamed ? streamed.chunks.every((chunk) => chunk.trim() === '') : body.text.trim() === '')
    return settle({ state: 'none' });
  const catalog = await loadCatalog();
  const entry = catalogEntryOfDraft(catalog.entries, request);
  const documented = entry ? responseSchemaFor(entry.endpoint, response.status) : undefined;
  if (!entry || documented?.schema === undefined) return settle({ state: 'none' });
  settle({ state: 'checking' });
  try {
    const check =
      (streamed?.length ?? body.text.length) <= ON_PAGE_CHARS || typeof Worker === 'undefined'
        ? checkResponseValue(entry.endpoint, response.status, JSON.parse(body.text), catalog.schemas as never)
        : await checkInWorker({
            // A streamed body's bytes, kept as a Blob, go by reference: cloning 100 MB of text was a long task.
            ...bodyForWorker(response, () => body.text),
            endpointId: entry.id,
            status: response.status,
          });
    if (!check) return settle({ state: 'none' });
    settle({ state: 'done', check, endpointLabel: `${entry.method} ${entry.pathTemplate}` });
    return check;
  } catch (error) {
    settle({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
