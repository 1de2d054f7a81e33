import type { SendResponse } from '../../../core/protocol.ts';
import { hasChecks, type RequestChecks } from '../../../core/workbench/run/checks.ts';
import {
  type CheckedEndpoint,
  type CheckOutcomes,
  evaluateChecks,
  type ObservedResponse,
} from '../../../core/workbench/run/evaluate-checks.ts';
import { loadSchemaJudge } from './load-schema-judge.ts';

/**
 * The panel's side of the checks: a worker response as the engine observes it, judged in the checks' worker
 * (checks.worker.ts) with the same engine as the Node runner's.
 */
export function observedFrom(response: SendResponse): ObservedResponse {
  return {
    status: response.status,
    durationMs: response.durationMs,
    headers: response.headers,
    body: response.body.kind === 'text' ? response.body.text : undefined,
    truncated: response.body.truncated,
  };
}

export type ChecksJob = { id: number; checks: RequestChecks; response: ObservedResponse; endpoint: CheckedEndpoint };
export type ChecksReply =
  | { id: number; ok: true; outcomes: CheckOutcomes }
  | { id: number; ok: false; message: string };

/** The checks' worker (checks.worker.ts), started on the first judgement and kept for the next ones. */
let worker: Worker | undefined;
let workersRefused = false;
let jobs = 0;
const waiting = new Map<
  number,
  { job: ChecksJob; resolve: (outcomes: CheckOutcomes) => void; reject: (error: Error) => void }
>();

function checksWorker(): Worker | undefined {
  if (worker || workersRefused || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./checks.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workersRefused = true;
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<ChecksReply>) => {
    const reply = event.data;
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) job?.resolve(reply.outcomes);
    else job?.reject(new Error(reply.message));
  };
  // The worker's script could not run here: the judgements waiting for it, and the next ones, run on the page.
  worker.onerror = (event) => {
    event.preventDefault();
    workersRefused = true;
    worker?.terminate();
    worker = undefined;
    const stranded = [...waiting.values()];
    waiting.clear();
    for (const job of stranded) job.reject(new Error('The checks’ worker could not start.'));
  };
  return worker;
}

/**
 * Gives up on a job (the Runner's Stop): a worker busy with a hostile check cannot be interrupted, so it is ended,
 * and the other jobs it held go to a new one.
 */
function abandon(id: number, why: Error): void {
  const job = waiting.get(id);
  if (!job) return;
  waiting.delete(id);
  worker?.terminate();
  worker = undefined;
  job.reject(why);
  const others = [...waiting.values()];
  const next = others.length > 0 ? checksWorker() : undefined;
  for (const other of others) {
    if (next) next.postMessage(other.job);
    else {
      waiting.delete(other.job.id);
      other.reject(new Error('The checks’ worker could not start.'));
    }
  }
}

async function judgeOnPage(
  checks: RequestChecks,
  response: ObservedResponse,
  endpoint: CheckedEndpoint,
): Promise<CheckOutcomes> {
  const needsSchema = checks.assertions.some((assertion) => assertion.kind === 'schema');
  return evaluateChecks(checks, response, endpoint, needsSchema ? await loadSchemaJudge() : undefined);
}

/**
 * Judges a response by checks in the checks' worker, so no assertion or capture, however much work its jq asks
 * for, blocks the panel; where no worker can run, on the page. The same engine as the Node runner's.
 */
export function judgeChecks(
  checks: RequestChecks,
  response: ObservedResponse,
  endpoint: CheckedEndpoint,
  signal?: AbortSignal,
): Promise<CheckOutcomes> {
  const stopped = () => new Error('Stopped before its checks were judged.');
  if (signal?.aborted) return Promise.reject(stopped());
  const running = checksWorker();
  if (!running) return judgeOnPage(checks, response, endpoint);
  const id = ++jobs;
  const job: ChecksJob = { id, checks, response, endpoint };
  const outcomes = new Promise<CheckOutcomes>((resolve, reject) => waiting.set(id, { job, resolve, reject }));
  const stop = () => abandon(id, stopped());
  signal?.addEventListener('abort', stop, { once: true });
  running.postMessage(job);
  return outcomes
    .catch((error: unknown) => {
      if (workersRefused && !signal?.aborted) return judgeOnPage(checks, response, endpoint);
      throw error;
    })
    .finally(() => signal?.removeEventListener('abort', stop));
}

/** Judges a response of a request with checks; undefined when it has none. */
export async function judgeResponse(
  checks: RequestChecks | undefined,
  endpoint: { method: string; path: string },
  response: SendResponse,
): Promise<CheckOutcomes | undefined> {
  if (!hasChecks(checks)) return undefined;
  return judgeChecks(checks, observedFrom(response), { method: endpoint.method, pathTemplate: endpoint.path });
}
