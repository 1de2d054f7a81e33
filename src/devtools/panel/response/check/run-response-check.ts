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
import { newestFirst } from './newest-first.ts';
import type { CheckReply, CheckRequest } from './response-check.worker.ts';

/**
 * Compares a shown response with the description, once the page is idle after its first screen: small bodies on
 * the page (a few milliseconds), larger ones in a Web Worker, so a 20 MB answer never costs the panel a long task.
 * The outcome goes to the response's check store (status line, tree) and back to the caller (history).
 */
const ON_PAGE_CHARS = 64 * 1024;

/** The comparisons' worker, kept between responses (its description and validators stay compiled). */
let worker: Worker | undefined;
let jobs = 0;
const replies = new Map<number, (reply: CheckReply) => void>();

function checkWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./response-check.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<CheckReply>) => {
    const answer = replies.get(event.data.id);
    replies.delete(event.data.id);
    answer?.(event.data);
  };
  started.onerror = (event) => {
    event.preventDefault();
    endWorker({ ok: false, message: event.message || 'The check’s worker could not start.' });
  };
  worker = started;
  return started;
}

function endWorker(why: Omit<Extract<CheckReply, { ok: false }>, 'id'>): void {
  worker?.terminate();
  worker = undefined;
  const stranded = [...replies.entries()];
  replies.clear();
  for (const [id, answer] of stranded) answer({ id, ...why });
}

/**
 * One comparison at a time, the newest response's first: a 20 MB body still being compared does not hold up the
 * answer just received; it is stopped (its worker ended) and compared again afterwards, so going back to its tab
 * shows its outcome rather than "not compared".
 */
const checkInWorker = newestFirst<Omit<CheckRequest, 'id'>, ResponseCheck | undefined>((job) => {
  const id = ++jobs;
  const result = new Promise<ResponseCheck | undefined>((resolve, reject) => {
    replies.set(id, (reply) => (reply.ok ? resolve(reply.check) : reject(new Error(reply.message))));
  });
  checkWorker().postMessage({ ...job, id } satisfies CheckRequest);
  return { result, stop: () => endWorker({ ok: false, message: 'Stopped for a newer response.' }) };
});

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
