import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import type { AccountSummary } from '../../core/platform/account-summary.ts';
import { parseAccountSummary } from '../../core/platform/account-summary.ts';
import type { CatalogEntry } from '../../core/platform/catalog.ts';
import type { SendRequest, SendResponse, SessionStatus } from '../../core/protocol.ts';
import type { HistoryBody, HistoryEntry } from '../../core/workbench/history-entry.ts';
import { listPlaceholders } from '../../core/workbench/path-template.ts';
import { REDACTED } from '../../core/workbench/redact-secrets.ts';
import {
  createDraft,
  type DraftIssue,
  draftFromRequest,
  type RequestDraft,
  validateDraft,
} from '../../core/workbench/request-draft.ts';
import { describeMaskedParts, loadDraft, saveDraftSoon } from './composer/draft-storage.ts';
import { createPickerLists, type PickerLists } from './composer/picker-lists.ts';
import type { PanelServices } from './services.ts';
import { createStore, type Store } from './store.ts';

/**
 * The workbench's state and the actions on it: the draft being composed, the call in flight or its result,
 * the session (for the profile's addresses) and the account summary behind the placeholder pickers.
 * Views change the draft through `open`; the composer edits it; nothing here touches the DOM.
 */
export type RunState =
  | { phase: 'idle' }
  | { phase: 'sending'; requestId: string; request: SendRequest; startedAt: number }
  | { phase: 'done'; request: SendRequest; response: SendResponse; startedAt: number; fromHistory?: HistoryEntry }
  | { phase: 'failed'; request: SendRequest; error: KeyholeErrorData; startedAt: number; fromHistory?: HistoryEntry };

export type SessionState =
  | { state: 'loading' }
  | { state: 'ready'; status: SessionStatus }
  | { state: 'error'; error: KeyholeErrorData };

export type SummaryState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; summary: AccountSummary }
  | { state: 'error'; error: KeyholeErrorData };

export interface Workbench {
  draft: Store<RequestDraft>;
  run: Store<RunState>;
  /** Set once the user tried to send an invalid draft: from then on every issue shows. */
  attempted: Store<boolean>;
  /** Bumped to ask the composer to focus the first field with an issue. */
  focusIssue: Store<number>;
  /** What an import dropped or changed, shown above the composer until dismissed. */
  notices: Store<string[]>;
  session: Store<SessionState>;
  summary: Store<SummaryState>;
  /** The lists behind the other pickers (add-ons, consumers, invoices…), loaded when a field needs one. */
  pickers: PickerLists;
  ready: Promise<void>;
  edit(change: (draft: RequestDraft) => RequestDraft): void;
  /** Replaces the draft (from the catalog, history, an import), with notices to show. */
  open(draft: RequestDraft, notices?: string[]): void;
  openCatalogEntry(entry: CatalogEntry): void;
  /** Puts a past call back: its request in the composer and its stored response below. */
  openHistory(entry: HistoryEntry, body: HistoryBody | undefined): void;
  send(): Promise<void>;
  /**
   * After a call whose outcome is unknown (the worker restarted mid-call): GET the same path, to see whether the
   * change was made before sending it again. The draft stays as it is.
   */
  check(): Promise<void>;
  cancel(): Promise<void>;
  issues(): DraftIssue[];
  refreshSession(): Promise<void>;
  loadSummary(force?: boolean): Promise<void>;
  dispose(): void;
}

const SESSION_CODES = new Set(['not-signed-in', 'session-expired', 'not-configured']);
const SUMMARY_PLACEHOLDERS = new Set(['organisationId', 'applicationId']);

function whenIdle(task: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(task, { timeout: 2000 });
  else setTimeout(task, 50);
}

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/** Rebuilds a response from a history entry, so the viewer shows what was kept. */
export function responseFromHistory(entry: HistoryEntry, body: HistoryBody | undefined): SendResponse {
  return {
    url: entry.url ?? '',
    method: entry.request.method,
    status: entry.status ?? 0,
    statusText: entry.statusText ?? '',
    headers: entry.responseHeaders ?? [],
    contentType: entry.contentType ?? '',
    size: entry.size ?? 0,
    durationMs: entry.durationMs ?? 0,
    body: body?.body ?? { kind: 'text', text: '', truncated: entry.hasBody },
    auth: entry.auth ?? 'none',
  };
}

export function createWorkbench(services: PanelServices): Workbench {
  const draft = createStore<RequestDraft>(createDraft());
  const run = createStore<RunState>({ phase: 'idle' });
  const attempted = createStore(false);
  const focusIssue = createStore(0);
  const notices = createStore<string[]>([]);
  const session = createStore<SessionState>({ state: 'loading' });
  const summary = createStore<SummaryState>({ state: 'idle' });
  const pickers = createPickerLists(services);
  let touched = false;
  let disposed = false;

  const stopSaving = draft.subscribe((value) => {
    touched = true;
    saveDraftSoon(services.storage, value);
  });

  let sessionReads = 0;
  const refreshSession = async () => {
    // Reads can overlap (a change elsewhere while one runs): only the latest one is shown.
    const read = ++sessionReads;
    try {
      const status = await services.send('session/status');
      if (read === sessionReads) session.set({ state: 'ready', status });
    } catch (error) {
      if (read === sessionReads) session.set({ state: 'error', error: toErrorData(error) });
    }
  };
  // Sign-in, sign-out, a token chosen or dropped in the popup or settings: the panel shows it without a reload.
  const stopSessionWatch = services.watchSession?.(() => void refreshSession()) ?? (() => {});

  const loadSummary = async (force = false) => {
    const current = summary.get().state;
    if (!force && (current === 'loading' || current === 'ready')) return;
    summary.set({ state: 'loading' });
    try {
      const response = await services.send('request/send', { target: 'api', method: 'GET', path: '/v2/summary' });
      if (response.status >= 400 || response.body.kind !== 'text')
        throw {
          code: 'http-error',
          message: `The account summary answered ${response.status} ${response.statusText}.`,
        };
      summary.set({ state: 'ready', summary: parseAccountSummary(JSON.parse(response.body.text)) });
    } catch (error) {
      const data =
        error && typeof error === 'object' && 'code' in error && 'message' in error
          ? (error as KeyholeErrorData)
          : toErrorData(error);
      summary.set({ state: 'error', error: data });
    }
  };

  // Pickers need the summary only once a template names an organisation or an application.
  const stopSummaryWatch = draft.subscribe((value) => {
    if (summary.get().state !== 'idle') return;
    if (listPlaceholders(value.path).some((name) => SUMMARY_PLACEHOLDERS.has(name))) void loadSummary();
  });

  const ready = (async () => {
    const [saved] = await Promise.all([loadDraft(services.storage), refreshSession()]);
    // Whatever the user typed while storage was loading wins over the saved draft.
    if (saved && !touched && !disposed) {
      draft.set(saved);
      touched = false;
      const masked = describeMaskedParts(saved);
      if (masked.length > 0)
        notices.set([
          `Secret-looking values in this restored draft were not kept (${masked.join('; ')}): they read “${REDACTED}”. Type them again before sending.`,
        ]);
    }
  })();

  const open = (next: RequestDraft, newNotices: string[] = []) => {
    draft.set(next);
    notices.set(newNotices);
    attempted.set(false);
  };

  async function runRequest(draftRequest: SendRequest): Promise<void> {
    const requestId = newRequestId();
    const startedAt = Date.now();
    const request: SendRequest = { ...draftRequest, requestId };
    run.set({ phase: 'sending', requestId, request, startedAt });
    let response: SendResponse | undefined;
    let error: KeyholeErrorData | undefined;
    try {
      response = await services.send('request/send', request);
    } catch (caught) {
      error = toErrorData(caught);
    }
    const current = run.get();
    // A newer call (or a history reopen) replaced this one while it ran: keep its result out of the view.
    if (current.phase === 'sending' && current.requestId === requestId) {
      run.set(
        response
          ? { phase: 'done', request, response, startedAt }
          : { phase: 'failed', request, error: error as KeyholeErrorData, startedAt },
      );
    }
    if (error && SESSION_CODES.has(error.code)) void refreshSession();
    const outcome = {
      request,
      startedAt,
      elapsedMs: Date.now() - startedAt,
      ...(response ? { response } : { error }),
    };
    // Recording copies and masks up to a megabyte: do it once the response has been shown and the page is idle.
    whenIdle(() => {
      services.history.record(outcome).catch(() => {
        // History is a convenience; a failed write (quota) must not break the workbench.
      });
    });
  }

  const workbench: Workbench = {
    draft,
    run,
    attempted,
    focusIssue,
    notices,
    session,
    summary,
    pickers,
    ready,
    edit(change) {
      draft.set(change(draft.get()));
    },
    open,
    openCatalogEntry(entry) {
      const current = draft.get();
      const params: Record<string, string> = {};
      // Keep the organisation or application already chosen when the new template names it too.
      for (const name of listPlaceholders(entry.pathTemplate))
        if (current.params[name]) params[name] = current.params[name];
      open(
        createDraft({
          method: entry.method,
          target: entry.target,
          path: entry.pathTemplate,
          params,
          bodyMode: entry.bodyExample ? 'json' : entry.formExample ? 'form' : 'none',
          json: entry.bodyExample ?? '',
          form: (entry.formExample ?? []).map(([name, value]) => ({ name, value, enabled: true })),
          signatureMethod: current.signatureMethod,
          bridgeAuth: current.bridgeAuth,
        }),
      );
    },
    openHistory(entry, body) {
      open(draftFromRequest(entry.request));
      if (entry.error && entry.status === undefined) {
        run.set({
          phase: 'failed',
          request: entry.request,
          error: entry.error,
          startedAt: entry.startedAt,
          fromHistory: entry,
        });
      } else {
        run.set({
          phase: 'done',
          request: entry.request,
          response: responseFromHistory(entry, body),
          startedAt: entry.startedAt,
          fromHistory: entry,
        });
      }
    },
    issues() {
      const check = validateDraft(draft.get());
      return check.ok ? [] : check.issues;
    },
    async send() {
      if (run.get().phase === 'sending') return;
      const check = validateDraft(draft.get());
      if (!check.ok) {
        attempted.set(true);
        focusIssue.update((token) => token + 1);
        return;
      }
      await runRequest(check.request);
    },
    async check() {
      const current = run.get();
      if (current.phase !== 'failed') return;
      // The same address and headers, without the body (a GET has none) and what describes it.
      const { body: _body, requestId: _id, ...rest } = current.request;
      const headers = (rest.headers ?? []).filter(([name]) => name.toLowerCase() !== 'content-type');
      await runRequest({ ...rest, method: 'GET', headers });
    },
    async cancel() {
      const current = run.get();
      if (current.phase !== 'sending') return;
      try {
        await services.send('request/cancel', { requestId: current.requestId });
      } catch (error) {
        run.set({ phase: 'failed', request: current.request, error: toErrorData(error), startedAt: current.startedAt });
      }
    },
    refreshSession,
    loadSummary,
    dispose() {
      disposed = true;
      stopSaving();
      stopSummaryWatch();
      stopSessionWatch();
    },
  };
  return workbench;
}
