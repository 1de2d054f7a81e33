import { dataRecord } from '../../data-record.ts';
import type { SendRequest } from '../../protocol.ts';
import { redactUrl } from '../redact-secrets.ts';
import { type RequestDraft, validateDraft } from '../request-draft.ts';
import { checksWithoutEchoes, maskEchoes, maskedRequestValues, secretVariableValues } from '../request-echoes.ts';
import { describeUnresolved, resolveDraft } from '../variables.ts';
import type { RequestChecks } from './checks.ts';
import { NO_CHECKS } from './checks.ts';
import {
  type AssertionOutcome,
  type CaptureOutcome,
  type CheckedEndpoint,
  type CheckOutcomes,
  checksPassed,
  evaluateChecks,
  type ObservedResponse,
  type SchemaJudge,
} from './evaluate-checks.ts';

/**
 * The collection runner: requests in order, each resolved against the environment's values plus what earlier
 * requests captured, sent, then judged by its assertions. How a request is sent is the shell's business (the
 * panel asks the worker, which signs; the Node runner signs with src/core/oauth1 itself), so both run this loop.
 * Between two requests it hands control back (`pause`), which keeps a 500-request run out of one long task.
 */

export interface RunItem {
  id: string;
  name: string;
  folder: string;
  draft: RequestDraft;
}

/** Sends one request; throws (a KeyholeError or any Error) when no response came back. */
export type RunSend = (request: SendRequest, signal: AbortSignal) => Promise<ObservedResponse>;

export type RunOutcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface RequestRunResult {
  id: string;
  name: string;
  folder: string;
  method: string;
  /** The path as sent (variables filled), or the template when it could not be filled. */
  path: string;
  outcome: RunOutcome;
  status?: number;
  durationMs?: number;
  assertions: AssertionOutcome[];
  captures: CaptureOutcome[];
  /** Why the request was not sent or got no response. */
  error?: string;
}

/**
 * Judges a response by its request's checks: evaluateChecks here, or elsewhere (the panel runs it in a worker).
 * `signal` is the run's Stop: a judge working elsewhere gives up on it (a hostile jq check can take seconds).
 */
export type RunJudge = (
  checks: RequestChecks,
  response: ObservedResponse,
  endpoint: CheckedEndpoint,
  signal: AbortSignal,
) => CheckOutcomes | Promise<CheckOutcomes>;

export interface RunOptions {
  /** The environment's values. */
  values: Readonly<Record<string, string>>;
  /**
   * In the panel, the profile's context: what it adds, under `values` and the captures (`known`), to an item's
   * values (its params as sent); it may leave out an id chosen under another owner than the path names.
   */
  contextFor?(item: RunItem, known: Readonly<Record<string, string>>): Readonly<Record<string, string>>;
  send: RunSend;
  judgeSchema?: SchemaJudge;
  /** Judges each response in place of evaluateChecks with judgeSchema. */
  judge?: RunJudge;
  /** Stop at the first request that does not pass. */
  bail?: boolean;
  /** Wait between two requests (rate limits). */
  delayMs?: number;
  signal?: AbortSignal;
  onStart?(index: number, item: RunItem): void;
  onResult?(result: RequestRunResult, index: number): void;
  /** Hands control back between requests; defaults to a macrotask. */
  pause?: () => Promise<void>;
}

export interface RunSummary {
  results: RequestRunResult[];
  /** Every value captured during the run, by variable name (the last one wins). */
  captured: Record<string, string>;
  stopped: boolean;
  durationMs: number;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

const messageOf = (error: unknown): string =>
  error && typeof error === 'object' && 'message' in error
    ? String((error as { message: unknown }).message)
    : String(error);

/** A request with no status assertion still fails on an error status: a suite must not pass on a 500. */
function implicitStatus(item: RunItem, status: number): AssertionOutcome[] {
  if ((item.draft.checks ?? NO_CHECKS).assertions.some((assertion) => assertion.kind === 'status')) return [];
  return [{ label: 'status below 400 (no status assertion)', pass: status < 400, message: `status ${status}` }];
}

function skipped(item: RunItem): RequestRunResult {
  return {
    id: item.id,
    name: item.name,
    folder: item.folder,
    method: item.draft.method,
    path: redactUrl(item.draft.path, true),
    outcome: 'skipped',
    assertions: [],
    captures: [],
  };
}

/**
 * A value captured earlier in the run wins over the one saved in the request's path field: that is what chaining
 * is for (a saved request keeps the id picked when it was composed, which the capture replaces).
 */
function withCapturedParams(draft: RequestDraft, captured: Readonly<Record<string, string>>): RequestDraft {
  const params = { ...draft.params };
  for (const name of Object.keys(params)) if (Object.hasOwn(captured, name)) params[name] = '';
  return { ...draft, params };
}

export async function runOne(
  item: RunItem,
  values: Readonly<Record<string, string>>,
  options: Pick<RunOptions, 'send' | 'judgeSchema' | 'judge'>,
  signal: AbortSignal,
  captured: Readonly<Record<string, string>> = {},
): Promise<RequestRunResult> {
  const base = { ...skipped(item), outcome: 'error' as RunOutcome };
  const { draft: resolved, unresolved } = resolveDraft(withCapturedParams(item.draft, captured), values);
  if (unresolved.length > 0) return { ...base, error: describeUnresolved(unresolved) };
  const check = validateDraft(resolved);
  if (!check.ok) return { ...base, error: `Not sent: ${check.issues.map((issue) => issue.message).join(' ')}` };
  // As reported (a report is a file that travels): a segment's secret parameter masked with the test its typed
  // template is masked with (`/v2/self;token={{tok}}` in a saved request), or a variable's value shows under a name
  // the saved request hides.
  // What the server echoed of the request's secrets, in an error or an assertion's message, masked as history
  // masks it (request-echoes.ts): the report travels too. A secret variable's value (`{{dbPassword}}`, a captured
  // `token`) is one wherever it was filled, under a plain header name or in a path segment.
  const echoed = maskedRequestValues(check.request, secretVariableValues({ ...values, ...captured }));
  const path = maskEchoes(redactUrl(check.request.path, true), echoed);
  let response: ObservedResponse;
  try {
    response = await options.send(check.request, signal);
  } catch (error) {
    return { ...base, path, error: maskEchoes(messageOf(error), echoed) };
  }
  const judge: RunJudge =
    options.judge ?? ((checks, observed, endpoint) => evaluateChecks(checks, observed, endpoint, options.judgeSchema));
  let outcomes: CheckOutcomes;
  try {
    outcomes = await judge(
      item.draft.checks ?? NO_CHECKS,
      response,
      { method: item.draft.method, pathTemplate: item.draft.path },
      signal,
    );
  } catch (error) {
    const message = maskEchoes(messageOf(error), echoed);
    return { ...base, path, status: response.status, durationMs: response.durationMs, error: message };
  }
  const judged = {
    assertions: [...implicitStatus(item, response.status), ...outcomes.assertions],
    captures: outcomes.captures,
  };
  const { assertions, captures } = checksWithoutEchoes(judged, echoed);
  return {
    ...base,
    path,
    outcome: checksPassed(judged) ? 'passed' : 'failed',
    status: response.status,
    durationMs: response.durationMs,
    assertions,
    captures,
  };
}

export async function runCollection(items: readonly RunItem[], options: RunOptions): Promise<RunSummary> {
  const started = Date.now();
  const pause = options.pause ?? macrotask;
  const controller = new AbortController();
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  // Without a prototype: a capture into {__proto__} would otherwise vanish (names are data, see data-record.ts).
  const captured = dataRecord<string>();
  const results: RequestRunResult[] = [];
  let bailed = false;
  try {
    for (const [index, item] of items.entries()) {
      if (controller.signal.aborted || bailed) {
        results.push(skipped(item));
        continue;
      }
      if (index > 0) {
        await pause();
        if (options.delayMs) await sleep(options.delayMs, controller.signal);
        if (controller.signal.aborted) {
          results.push(skipped(item));
          continue;
        }
      }
      options.onStart?.(index, item);
      const known = { ...options.values, ...captured };
      const asSent = { ...item, draft: withCapturedParams(item.draft, captured) };
      const values = options.contextFor ? { ...options.contextFor(asSent, known), ...known } : known;
      const result = await runOne(item, values, options, controller.signal, captured);
      for (const capture of result.captures)
        if (capture.pass && capture.value !== undefined) captured[capture.variable] = capture.value;
      results.push(result);
      options.onResult?.(result, index);
      if (options.bail && result.outcome !== 'passed') bailed = true;
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  return { results, captured, stopped: controller.signal.aborted || bailed, durationMs: Date.now() - started };
}

/** What a run of these items would change: every write, for the confirmation asked before a run. */
export function writesIn(items: readonly RunItem[]): RunItem[] {
  return items.filter((item) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(item.draft.method));
}
