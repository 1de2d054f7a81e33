import { ownValue } from '../../../core/data-record.ts';
import { isLoopbackHost } from '../../../core/profiles/profile-validation.ts';
import type { ProfileView, SendRequest } from '../../../core/protocol.ts';
import { contextValuesFor } from '../../../core/workbench/context-owner.ts';
import {
  type RequestRunResult,
  type RunItem,
  type RunSummary,
  runCollection,
  writesIn,
} from '../../../core/workbench/run/run-collection.ts';
import { groupByFolder, type SavedRequest } from '../../../core/workbench/saved-requests.ts';
import { environmentValues, setEnvironmentValue, type VariableScope } from '../../../core/workbench/variable-scope.ts';
import { judgeChecks, observedFrom } from '../checks/judge-response.ts';
import type { PanelServices } from '../services.ts';
import { createStore, type Store } from '../store.ts';

/**
 * The Runner's state and its one action, a run: the saved requests of a folder (or all of them) in order, with an
 * environment, through the worker (which signs, as for any Send) and the shared engine. Results arrive one by one;
 * the engine hands control back between requests, so a 500-request run never holds the page for long.
 */
export type RunnerState =
  | { phase: 'idle' }
  | { phase: 'running'; total: number; results: RequestRunResult[]; current?: string }
  | { phase: 'done'; summary: RunSummary; startedAt: Date; environment: string; name: string };

/** '' is every saved request; otherwise a folder and the folders inside it. */
export function itemsOf(list: readonly SavedRequest[], folder: string): RunItem[] {
  return groupByFolder(list)
    .filter((group) => folder === '' || group.folder === folder || group.folder.startsWith(`${folder}/`))
    .flatMap((group) => group.requests)
    .map((saved) => ({ id: saved.id, name: saved.name, folder: saved.folder, draft: saved.draft }));
}

/** The local sandbox: its preset, and both addresses on this machine (a sandbox profile edited to point elsewhere is not). */
function isLocalSandbox(profile: ProfileView | undefined): boolean {
  if (profile?.preset !== 'sandbox') return false;
  try {
    return [profile.apiBaseUrl, profile.bridgeUrl].every((url) => isLoopbackHost(new URL(url).hostname));
  } catch {
    return false;
  }
}

/** Writes on any profile but the local sandbox are listed and confirmed before a run starts. */
export function writesToConfirm(items: readonly RunItem[], profile: ProfileView | undefined): RunItem[] {
  return isLocalSandbox(profile) ? [] : writesIn(items);
}

/**
 * The context's ids the run's environment names otherwise: in a run the environment's value is sent, where the
 * composer (its context shown above the request) sends the context's. The Runner says so before a run.
 */
export function overriddenContext(
  scope: VariableScope,
  environmentId: string,
  profileId: string,
): { name: string; environment: string; context: string }[] {
  const environment = scope.environments.find((item) => item.id === environmentId);
  if (!environment) return [];
  const context = ownValue(scope.contexts, profileId) ?? {};
  const fromEnvironment = environmentValues(environment);
  return Object.entries(context)
    .filter(([name, value]) => Object.hasOwn(fromEnvironment, name) && fromEnvironment[name] !== value)
    .map(([name, value]) => ({ name, environment: fromEnvironment[name] as string, context: value }));
}

/** What a request of the run got back, for the result's detail: the start of its body (this page's memory only). */
export interface RunResponseExcerpt {
  status: number;
  contentType: string;
  /** The body's first EXCERPT_CHARS characters; undefined when it had none or it was binary. */
  text?: string;
  /** More came than `text` holds. */
  cut: boolean;
}

/** Enough of a body to see why a check failed, at a few hundred requests' cost. */
export const EXCERPT_CHARS = 4096;

export interface RunnerSession {
  /** The latest run's responses by request id (never stored, never in the reports). */
  responses: Store<Record<string, RunResponseExcerpt>>;
  state: Store<RunnerState>;
  /** `carry`: values captured by an earlier run (a re-run of the failed requests still has the ids they need). */
  run(
    items: RunItem[],
    options: { environmentId: string; name: string; profileId: string; carry?: Record<string, string> },
  ): Promise<void>;
  stop(): void;
}

export function createRunnerSession(services: PanelServices, variables: Store<VariableScope>): RunnerSession {
  const state = createStore<RunnerState>({ phase: 'idle' });
  const responses = createStore<Record<string, RunResponseExcerpt>>({});
  let controller: AbortController | undefined;
  // The request being sent (the engine sends one at a time): its response's excerpt is filed under it.
  let sendingId: string | undefined;

  const send = async (request: SendRequest, signal: AbortSignal) => {
    const requestId = crypto.randomUUID();
    const cancel = () => void services.send('request/cancel', { requestId }).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const observed = observedFrom(await services.send('request/send', { ...request, requestId }));
      if (sendingId !== undefined) {
        const contentType = observed.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
        const text = observed.body?.slice(0, EXCERPT_CHARS);
        const cut = (observed.body?.length ?? 0) > EXCERPT_CHARS || observed.truncated === true;
        responses.set({
          ...responses.get(),
          [sendingId]: { status: observed.status, contentType, ...(text !== undefined ? { text } : {}), cut },
        });
      }
      return observed;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };

  return {
    state,
    responses,
    async run(items, { environmentId, name, profileId, carry = {} }) {
      if (state.get().phase === 'running') return;
      controller = new AbortController();
      const scope = variables.get();
      const environment = scope.environments.find((item) => item.id === environmentId);
      // The environment chosen for the run wins over the panel's context (the ids last chosen in the composer),
      // which fills only what the environment does not name: else a run against "prod" went to the organisation
      // last picked in the composer, shown nowhere in the Runner.
      // As in the composer, an id remembered with the owner it was chosen under fills only that owner's paths: with
      // the environment's organisation, the context's app of another one went out as orga_prod's app_picked.
      const context = ownValue(scope.contexts, profileId) ?? {};
      const owners = ownValue(scope.owners, profileId) ?? {};
      const fromEnvironment = environmentValues(environment);
      const values = { ...fromEnvironment, ...carry };
      const contextFor = (item: RunItem, known: Readonly<Record<string, string>>) =>
        contextValuesFor(context, owners, item.draft.path, {
          ...known,
          // A value typed in a path field comes first, as it does when the request is resolved.
          ...Object.fromEntries(Object.entries(item.draft.params).filter(([, value]) => value.trim() !== '')),
        });
      const startedAt = new Date();
      responses.set({});
      state.set({ phase: 'running', total: items.length, results: [] });
      const summary = await runCollection(items, {
        values,
        contextFor,
        send,
        // In the checks' worker: no request's checks, however hostile their jq, block the panel during a run.
        judge: judgeChecks,
        signal: controller.signal,
        onStart: (_index, item) => {
          sendingId = item.id;
          const current = state.get();
          if (current.phase === 'running') state.set({ ...current, current: item.name });
        },
        onResult: (result) => {
          const current = state.get();
          if (current.phase === 'running') state.set({ ...current, results: [...current.results, result] });
          // A capture asked to land in the environment does so as it is taken; the saved requests never hold it.
          if (environment)
            for (const capture of result.captures)
              if (capture.pass && capture.into === 'environment' && capture.value !== undefined)
                variables.set(setEnvironmentValue(variables.get(), environment.id, capture.variable, capture.value));
        },
      });
      controller = undefined;
      sendingId = undefined;
      state.set({ phase: 'done', summary, startedAt, environment: environment?.name ?? '', name });
    },
    stop() {
      controller?.abort();
    },
  };
}

const sessions = new WeakMap<object, RunnerSession>();

/** One Runner per panel: a run goes on, and its results stay, while the user looks at another view. */
export function runnerSessionFor(services: PanelServices, variables: Store<VariableScope>): RunnerSession {
  let session = sessions.get(variables);
  if (!session) {
    session = createRunnerSession(services, variables);
    sessions.set(variables, session);
  }
  return session;
}
