import { type JqResult, runJqFilter } from '../../../core/workbench/jq-filter.ts';

/**
 * The response filter, run in a Web Worker (jq-filter.worker.ts) so that no filter, however much work it asks for,
 * blocks the panel. The worker gets the body's own text (or the Blob a streamed body was kept in) rather than the
 * parsed value: a string or a Blob crosses in a copy or a reference, where cloning a parsed multi-megabyte tree
 * would itself be a long task on the page. It parses it once and keeps it for the next filters of that body.
 * A filter started while another still runs ends the worker (the older result is no longer wanted). Where no
 * worker can start (Node's tests, a refused worker script) the filter runs on the page.
 */
export type JqFilterSource = string | Blob;
export type JqFilterRequest = { run: number; filter: string; body: number; source?: JqFilterSource };
export type JqFilterReply = { run: number; result: JqResult };

let worker: Worker | undefined;
/** The body the worker holds, by the identity of the page's parsed value. */
let workerBody: { value: unknown; id: number } | undefined;
let pending: { run: number; resolve: (result: JqResult | undefined) => void } | undefined;
let runs = 0;
let bodies = 0;
let workersRefused = false;

function endWorker(): void {
  worker?.terminate();
  worker = undefined;
  workerBody = undefined;
  pending?.resolve(undefined);
  pending = undefined;
}

function startWorker(): Worker | undefined {
  if (workersRefused || typeof Worker === 'undefined') return undefined;
  try {
    const started = new Worker(new URL('./jq-filter.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<JqFilterReply>) => {
      if (pending?.run !== event.data.run) return;
      pending.resolve(event.data.result);
      pending = undefined;
    };
    // The script could not run here: this filter and the next ones run on the page (see the last line below).
    started.onerror = (event) => {
      event.preventDefault();
      workersRefused = true;
      endWorker();
    };
    return started;
  } catch {
    workersRefused = true;
    return undefined;
  }
}

/**
 * Lets go of the body the worker keeps (its parsed tree there, and the page's value it is known by): called when no
 * filter is applied any more, so a 100 MB body filtered once is not held, twice, for as long as the panel is open.
 * A filter still running is left to finish.
 */
export function releaseJqFilterBody(value: unknown): void {
  if (pending || workerBody === undefined || workerBody.value !== value) return;
  endWorker();
}

/**
 * Runs `filter` on a parsed body whose text (or Blob) is `source`. Resolves `undefined` when a newer filter took
 * its place before it finished.
 */
export function runJqFilterOffThread(
  filter: string,
  value: unknown,
  source: JqFilterSource,
): Promise<JqResult | undefined> {
  if (pending) endWorker();
  worker ??= startWorker();
  if (!worker) return Promise.resolve().then(() => runJqFilter(filter, value));
  const run = ++runs;
  const request: JqFilterRequest = { run, filter, body: workerBody?.id ?? 0 };
  if (workerBody?.value !== value) {
    workerBody = { value, id: ++bodies };
    request.body = workerBody.id;
    request.source = source;
  }
  const answer = new Promise<JqResult | undefined>((resolve) => {
    pending = { run, resolve };
  });
  worker.postMessage(request);
  return answer.then((result) => (result === undefined && workersRefused ? runJqFilter(filter, value) : result));
}
