import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { parseAccountSummary } from '../../core/platform/account-summary.ts';
import type { SendRequest, SendResponse } from '../../core/protocol.ts';
import { isEventStreamType, streamKindOf } from '../../core/streams/stream-endpoints.ts';
import { carriedParams } from '../../core/workbench/context-owner.ts';
import { startingBody } from '../../core/workbench/described-body.ts';
import { describedRows, paramDocs } from '../../core/workbench/described-params.ts';
import { holdsMaskedValue } from '../../core/workbench/history-entry.ts';
import { listPlaceholders } from '../../core/workbench/path-template.ts';
import { REDACTED } from '../../core/workbench/redact-secrets.ts';
import { createDraft, draftFromRequest, type RequestDraft, validateDraft } from '../../core/workbench/request-draft.ts';
import { secretVariableValues } from '../../core/workbench/request-echoes.ts';
import { hasChecks } from '../../core/workbench/run/checks.ts';
import type { CheckOutcomes } from '../../core/workbench/run/evaluate-checks.ts';
import { setEnvironmentValue } from '../../core/workbench/variable-scope.ts';
import { describeUnresolved, resolveDraft } from '../../core/workbench/variables.ts';
import { dropBodyStream, takeBodyStream, wantBodyStream } from '../../ui/body-stream.ts';
import { createMemorySavedRequestStore } from './collections/saved-store.ts';
import { describeMaskedParts, loadDraft, saveDraftSoon } from './composer/draft-storage.ts';
import { createPickerLists } from './composer/picker-lists.ts';
import { createReplaceGuard } from './replace-confirm.ts';
import type { BodyLoad } from './response/body-loader.ts';
import { setBodyLoad, setLoadedBody } from './response/body-registry.ts';
import { checkStoreOf } from './response/check/check-registry.ts';
import { outcomeForStorage, streamedTextBody } from './response/streamed-body.ts';
import type { PanelServices } from './services.ts';
import { createStore } from './store.ts';
import { responseFromHistory } from './tabs/restored-run.ts';
import { createMemoryTabResponseStore } from './tabs/tab-responses.ts';
import { createTabSession } from './tabs/tab-session.ts';
import { createVariableSession } from './variables/variable-session.ts';
import { whenIdle } from './when-idle.ts';
import type { RunState, SessionState, SummaryState, Workbench } from './workbench-types.ts';

export type { RestoredMark, RunState, SessionState, SummaryState, Workbench } from './workbench-types.ts';
export { responseFromHistory };

const SESSION_CODES = new Set(['not-signed-in', 'session-expired', 'not-configured']);
const SUMMARY_PLACEHOLDERS = new Set(['organisationId', 'applicationId']);

/** Adds the judged checks to the tab's result, if it still shows that call. */
function withChecks(current: RunState, request: SendRequest, checks: CheckOutcomes): RunState {
  return current.phase === 'done' && current.request === request ? { ...current, checks } : current;
}

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function createWorkbench(services: PanelServices): Workbench {
  const draft = createStore<RequestDraft>(createDraft());
  const run = createStore<RunState>({ phase: 'idle' });
  const attempted = createStore(false);
  const focusIssue = createStore(0);
  const notices = createStore<string[]>([]);
  /** The notice Send last put up when it refused; cleared once a send goes through. */
  let refusal: string[] | undefined;
  const session = createStore<SessionState>({ state: 'loading' });
  const summary = createStore<SummaryState>({ state: 'idle' });
  const pickers = createPickerLists(services);
  const tabSession = createTabSession(
    { draft, run, attempted, notices },
    services.storage,
    services.tabResponses ?? createMemoryTabResponseStore(),
    () => services.workspace ?? 'default',
  );
  const variableSession = createVariableSession(draft, session, services.storage);
  const replaceGuard = createReplaceGuard(services);
  let touched = false;
  let disposed = false;
  /** Response bodies still arriving (streamed), by tab: stopped when another call or a history entry replaces one. */
  const receiving = new Map<string, BodyLoad>();

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

  const maskedNotice = (value: RequestDraft): string[] => {
    const masked = describeMaskedParts(value);
    return masked.length > 0
      ? [
          `Secret-looking values in this restored draft were not kept (${masked.join('; ')}): they read “${REDACTED}”. Type them again before sending.`,
        ]
      : [];
  };

  const ready = (async () => {
    if (services.firstFrame) await services.firstFrame;
    if (disposed) return;
    // This window's tabs first; a window without any starts from the last draft edited in any window.
    const [legacy] = await Promise.all([loadDraft(services.storage), refreshSession()]);
    if (disposed) return;
    // Whatever the user typed while storage was loading is kept (in a tab of its own when tabs come back): asked
    // when the tabs are in, so keys typed while they loaded are not overwritten by the restored draft. A draft sent
    // as it was is kept so too: its response must stay under it.
    const used = () => touched || run.get().phase !== 'idle';
    let typed: RequestDraft | undefined;
    const typedNow = () => {
      typed = used() ? draft.get() : undefined;
      return typed;
    };
    if (await tabSession.restore(typedNow)) {
      if (!typed) notices.set(maskedNotice(draft.get()));
    } else if (legacy && !used()) {
      draft.set(legacy);
      notices.set(maskedNotice(legacy));
    }
    touched = false;
    await variableSession.ready;
    variableSession.refill();
  })();

  // What the catalog, history, a followed id or an import opens goes to the preview tab: the tab being worked on
  // keeps its draft and its response, and no response is ever left under a request it did not answer.
  const open = (next: RequestDraft, newNotices: string[] = []): boolean => {
    if (!tabSession.preview(next)) return false;
    notices.set(newNotices);
    return true;
  };

  /**
   * A call reopened from history or restored with its tab is the stored copy, its secrets masked: sent as it is
   * (Re-send, Check) it would send the mask. The composer holds the request to retype them in.
   */
  function refuseMasked(request: SendRequest): boolean {
    if (!holdsMaskedValue(request)) return false;
    notices.set([
      `Not sent: this call was kept with values masked (“${REDACTED}”). Type them again in the request above and send it from there.`,
    ]);
    return true;
  }

  async function runRequest(draftRequest: SendRequest, sentDraft?: RequestDraft): Promise<void> {
    const requestId = newRequestId();
    const startedAt = Date.now();
    const request: SendRequest = { ...draftRequest, requestId };
    // The result belongs to the tab that sent it, even if another tab is active by then; sent, it is kept.
    const tabId = tabSession.tabs.get().activeId;
    tabSession.keep(tabId);
    // A stream would buffer until the timeout as a call: the response pane opens it live instead.
    const kind = streamKindOf(request.method, request.path);
    if (kind) {
      // A stream is not kept: the response before it must not come back in its place after a reload.
      tabSession.forgetResponse(tabId);
      return run.set({ phase: 'streaming', streamId: requestId, kind, request: draftRequest, startedAt });
    }
    receiving.get(tabId)?.cancel();
    run.set({ phase: 'sending', requestId, request, startedAt });
    let response: SendResponse | undefined;
    let error: KeyholeErrorData | undefined;
    // A large text body comes as a stream: the response shows from its first chunk (src/ui/body-stream.ts).
    wantBodyStream(requestId);
    try {
      const sending = services.send('request/send', request);
      preloadBodyReaders();
      response = await sending;
    } catch (caught) {
      error = toErrorData(caught);
    }
    dropBodyStream(requestId);
    const load = response ? await startReceiving(response, requestId, tabId) : undefined;
    const current = tabSession.runOf(tabId);
    // A newer call (or a history reopen) replaced this one while it ran: keep its result out of the view.
    const shown = current.phase === 'sending' && current.requestId === requestId;
    if (shown) {
      const landed: RunState = response
        ? { phase: 'done', request, response, startedAt }
        : { phase: 'failed', request, error: error as KeyholeErrorData, startedAt };
      tabSession.setRunOf(tabId, landed);
      // An answer typed as an event stream is opened live by the response pane: like a stream's path, it is not
      // kept (restored, the pane would open it again, a call nobody sent), and the response before it goes too.
      if (response && isEventStreamType(response.contentType)) tabSession.forgetResponse(tabId);
      // Shown, it is what a reload must bring back (a cancelled call is not a response: the one before stays).
      else if (error?.code !== 'cancelled') tabSession.showResponse(tabId, requestId, landed);
    } else load?.cancel();
    if (load && response) ({ response, error } = await finishReceiving(load, request, response, startedAt, tabId));
    if (error && SESSION_CODES.has(error.code)) void refreshSession();
    // The engine (jq, the description) loads only for a request that has checks.
    const checks =
      response && sentDraft && hasChecks(sentDraft.checks)
        ? await import('./checks/judge-response.ts')
            .then((module) => module.judgeResponse(sentDraft.checks, sentDraft, response as SendResponse))
            .catch(() => undefined)
        : undefined;
    if (checks) {
      tabSession.setRunOf(tabId, withChecks(tabSession.runOf(tabId), request, checks));
      // A capture asked to land in the active environment does so after a Send too, for the next request.
      const scope = variableSession.scope;
      for (const capture of checks.captures)
        if (
          capture.pass &&
          capture.into === 'environment' &&
          capture.value !== undefined &&
          scope.get().activeEnvironmentId
        )
          scope.set(setEnvironmentValue(scope.get(), scope.get().activeEnvironmentId, capture.variable, capture.value));
    }
    // A secret variable filled under a plain name (`X-Db: {{dbPassword}}`) is kept masked in history too.
    const secretValues = sentDraft ? secretVariableValues(variableSession.values(sentDraft)) : [];
    const outcome = {
      request,
      startedAt,
      elapsedMs: Date.now() - startedAt,
      ...(response ? { response } : { error }),
      ...(checks ? { checks } : {}),
      ...(secretValues.length > 0 ? { secretValues } : {}),
    };
    // Recording copies and masks up to a megabyte: do it once the response has been shown and the page is idle (the
    // tab's copy too, see tabs/tab-response-keeper.ts). The comparison with the description runs then too (off the
    // main thread when large); history keeps its result.
    const stored = outcomeForStorage(outcome);
    // A body cancelled as it arrived is what the tab shows last (its response showed first): kept as it ended.
    if (error?.code !== 'cancelled' || (shown && response === undefined && load !== undefined))
      tabSession.keepResponse(tabId, requestId, stored);
    whenIdle(() => {
      void checkResponse(request, response)
        .then((schemaCheck) => services.history.record(schemaCheck ? { ...stored, schemaCheck } : stored))
        .catch(() => {
          // History is a convenience; a failed write (quota) must not break the workbench.
        });
    });
  }

  /** The response compared with the description (response/check/); undefined when nothing was compared. */
  async function checkResponse(request: SendRequest, response: SendResponse | undefined) {
    if (!response) return undefined;
    try {
      const { runResponseCheck } = await import('./response/check/run-response-check.ts');
      return await runResponseCheck(services.storage, request, response);
    } catch {
      return undefined; // No description or no worker: the response stands unchecked.
    }
  }

  /**
   * The code that receives a large body loads while the call is out, not after its answer: each dynamic import
   * is a trip through the extension's service worker, which, while a large body pours in, measured 10–300 ms
   * each, all of it added to the first screen. Loaded once; later calls find the modules ready.
   */
  function preloadBodyReaders(): void {
    void import('../../ui/held-body.ts').catch(() => undefined);
    void import('./response/body-loader.ts').catch(() => undefined);
  }

  /** Starts reading a streamed body, if this response has one; the viewer shows it as it arrives. */
  async function startReceiving(
    response: SendResponse,
    requestId: string,
    tabId: string,
  ): Promise<BodyLoad | undefined> {
    const stream = takeBodyStream(response);
    if (!stream) return undefined;
    const { startBodyLoad } = await import('./response/body-loader.ts');
    const load = startBodyLoad(stream, {
      contentType: response.contentType,
      onCancel: () => void services.send('request/cancel', { requestId }).catch(() => undefined),
    });
    setBodyLoad(response, load);
    receiving.set(tabId, load);
    return load;
  }

  /** Once the whole body is in: the response with its real size, time and text, or the error that cut it. */
  async function finishReceiving(
    load: BodyLoad,
    request: SendRequest,
    response: SendResponse,
    startedAt: number,
    tabId: string,
  ): Promise<{ response?: SendResponse; error?: KeyholeErrorData }> {
    let outcome: { response?: SendResponse; error?: KeyholeErrorData };
    try {
      const body = await load.finished;
      const complete: SendResponse = {
        ...response,
        size: body.end.size,
        durationMs: body.end.durationMs,
        body: streamedTextBody(body),
      };
      setLoadedBody(complete, body);
      outcome = { response: complete };
    } catch (caught) {
      outcome = { error: toErrorData(caught) };
    }
    if (receiving.get(tabId) === load) receiving.delete(tabId);
    const current = tabSession.runOf(tabId);
    if (current.phase === 'done' && current.response === response) {
      if (outcome.response) tabSession.setRunOf(tabId, { ...current, response: outcome.response });
      else {
        const failed: RunState = { phase: 'failed', request, error: outcome.error as KeyholeErrorData, startedAt };
        tabSession.setRunOf(tabId, failed);
        // The tab now shows the failure, not the status line it began with: a reload says that, or brings it back.
        tabSession.showResponse(tabId, request.requestId as string, failed);
      }
    }
    return outcome;
  }

  /** Stops the body still arriving in the active tab, if any. */
  const stopReceiving = () => receiving.get(tabSession.tabs.get().activeId)?.cancel();

  const workbench: Workbench = {
    tabs: tabSession.tabs,
    selectTab: tabSession.select,
    newTab(next, newNotices = [], extra) {
      if (tabSession.add(next, extra)) notices.set(newNotices);
    },
    closeTab: tabSession.close,
    closedTabs: tabSession.closed,
    reopenTab: tabSession.reopen,
    keepTab: tabSession.keep,
    moveTab: tabSession.move,
    linkTab: tabSession.link,
    saved: services.saved ?? createMemorySavedRequestStore(),
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
      // Keep the organisation or application already chosen when the new template names it too (and has its owner).
      const params = carriedParams(current, entry.pathTemplate);
      open(
        createDraft({
          method: entry.method,
          target: entry.target,
          path: entry.pathTemplate,
          params,
          // Described parameters as rows; what was typed in a row of the same name is kept.
          query: describedRows(paramDocs(entry.endpoint, 'query'), current.query),
          headers: describedRows(paramDocs(entry.endpoint, 'header'), current.headers),
          ...startingBody(entry),
          signatureMethod: current.signatureMethod,
          bridgeAuth: current.bridgeAuth,
        }),
      );
    },
    openHistory(entry, body) {
      // In the preview tab: a body still arriving in the tab left behind keeps arriving there. Not opened (all
      // tabs in use): the stored response must not land under the current request.
      if (!open(draftFromRequest(entry.request))) return;
      if (entry.error && entry.status === undefined) {
        run.set({
          phase: 'failed',
          request: entry.request,
          error: entry.error,
          startedAt: entry.startedAt,
          fromHistory: entry,
        });
      } else {
        const response = responseFromHistory(entry, body);
        // The comparison made when the call was sent, as history kept it.
        if (entry.schemaCheck)
          checkStoreOf(response).set({
            state: 'done',
            check: entry.schemaCheck,
            endpointLabel: `${entry.request.method} ${entry.request.path}`,
          });
        run.set({
          phase: 'done',
          request: entry.request,
          response,
          startedAt: entry.startedAt,
          fromHistory: entry,
          ...(entry.checks ? { checks: entry.checks } : {}),
        });
      }
    },
    issues() {
      const check = workbench.prepare();
      return check.ok ? [] : check.issues;
    },
    variables: variableSession.scope,
    contextFilled: variableSession.filled,
    profileId: variableSession.profileId,
    prepare() {
      const { draft: resolved, unresolved } = resolveDraft(draft.get(), variableSession.values(draft.get()));
      const check = validateDraft(resolved);
      if (unresolved.length > 0) return { ok: false, issues: check.ok ? [] : check.issues, unresolved };
      return check.ok ? check : { ...check, unresolved };
    },
    async send() {
      if (run.get().phase === 'sending') return;
      const check = workbench.prepare();
      if (!check.ok) {
        attempted.set(true);
        focusIssue.update((token) => token + 1);
        // A problem only the resolved request has (a variable's value) shows nowhere in the fields: say it here.
        const raw = validateDraft(draft.get());
        if (check.unresolved.length > 0) notices.set([describeUnresolved(check.unresolved)]);
        else if (raw.ok)
          notices.set(check.issues.map((issue) => `Not sent, once variables are filled: ${issue.message}`));
        refusal = notices.get();
        return;
      }
      // The refusal is answered: it must not stay above this request's response saying "Not sent".
      if (refusal && notices.get() === refusal) notices.set([]);
      refusal = undefined;
      if (replaceGuard.holds(check.request, draft.get())) return;
      await runRequest(check.request, draft.get());
    },
    async resend() {
      const current = run.get();
      if (current.phase !== 'failed' || !SESSION_CODES.has(current.error.code)) return;
      const { requestId: _refused, ...request } = current.request;
      if (refuseMasked(request) || replaceGuard.holds(request)) return;
      await runRequest(request);
    },
    pendingReplace: replaceGuard.pending,
    async answerReplace(send) {
      const taken = replaceGuard.take();
      if (send && taken) await runRequest(taken.request, taken.sentDraft);
    },
    async check() {
      const current = run.get();
      if (current.phase !== 'failed') return;
      // The same address and headers, without the body (a GET has none) and what describes it.
      const { body: _body, requestId: _id, ...rest } = current.request;
      const headers = (rest.headers ?? []).filter(([name]) => name.toLowerCase() !== 'content-type');
      if (refuseMasked({ ...rest, headers })) return;
      await runRequest({ ...rest, method: 'GET', headers });
    },
    async cancel() {
      const current = run.get();
      // A body still arriving stops where it is.
      if (current.phase === 'done') stopReceiving();
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
      tabSession.dispose();
      variableSession.dispose();
      stopSummaryWatch();
      stopSessionWatch();
    },
  };
  return workbench;
}
