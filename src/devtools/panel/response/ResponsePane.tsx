import { useEffect, useId, useState } from 'preact/hooks';
import { asksForHostAccess } from '../../../core/browser-target.ts';
import { formatBytes, formatDuration } from '../../../core/format/byte-format.ts';
import { summarizeErrorBody } from '../../../core/http/error-body.ts';
import type { SendResponse } from '../../../core/protocol.ts';
import { isEventStreamType } from '../../../core/streams/stream-endpoints.ts';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { KeyValueTable } from '../../../ui/KeyValueTable.tsx';
import { Lazy, loadComponent } from '../../../ui/Lazy.tsx';
import { Tabs, tabPanelProps } from '../../../ui/Tabs.tsx';
import { CheckResults } from '../checks/CheckResults.tsx';
import { StatusBadge } from '../MethodBadge.tsx';
import { ExpiredSessionHelp } from '../SignInOffer.tsx';
import type { PanelServices } from '../services.ts';
import { useStore } from '../store.ts';
import type { RunState, Workbench } from '../workbench.ts';
import { bodyLoadOf } from './body-registry.ts';
import { CheckChip, CheckPanel } from './check/CheckSummary.tsx';

/**
 * The response: status line (status, time, size, type), then Body, Headers and Signature tabs. The body viewer
 * and the signature debugger load on first use; errors from the worker (guards, network, timeouts) and the
 * platform's error bodies are shown as readable banners.
 */
const loadBody = () => import('./ResponseBody.tsx');
const loadSignature = () => import('../signature/SignatureDebugger.tsx');
const loadStream = () => import('./StreamView.tsx');

type ResponseTab = 'body' | 'headers' | 'signature';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span>{formatDuration(now - since)}</span>;
}

export function PlatformErrorBanner({ response }: { response: SendResponse }) {
  if (response.status < 400 || response.body.kind !== 'text') return null;
  const summary = summarizeErrorBody(response.body.text);
  const hint =
    response.status === 401
      ? 'The platform refused the signature or the token (bad signature, expired token, stale timestamp or reused nonce).'
      : response.status === 403
        ? 'Your consumer may lack the right this call needs (see the Catalog and Rights views).'
        : response.status === 404
          ? 'Nothing at this path: check the ids in it.'
          : undefined;
  return (
    <div class="kh-banner kh-banner--error" role="alert" data-status={response.status}>
      <div>
        <strong>
          {response.status} {response.statusText}
        </strong>
        {summary ? (
          <>
            {': '}
            {summary.message}
            {summary.code ? <span class="kh-muted"> (platform code {summary.code})</span> : null}
          </>
        ) : null}
      </div>
      {hint ? <div class="kh-muted">{hint}</div> : null}
    </div>
  );
}

function StatusLine({
  run,
  checkOpen,
  onCheckToggle,
}: {
  run: Extract<RunState, { phase: 'done' }>;
  checkOpen: boolean;
  onCheckToggle: () => void;
}) {
  const { response, fromHistory } = run;
  // A body still arriving has no final size or time yet: the body view counts what has come.
  const receiving = bodyLoadOf(response) !== undefined;
  return (
    <div class="kh-status-line">
      <StatusBadge status={response.status} />
      <span class="kh-status-text">{response.statusText}</span>
      <span class="kh-muted" title="Duration">
        {receiving ? 'receiving…' : formatDuration(response.durationMs)}
      </span>
      {receiving ? null : (
        <span class="kh-muted" title="Body size">
          {formatBytes(response.size)}
        </span>
      )}
      {response.contentType ? (
        <span class="kh-muted kh-mono kh-status-type">{response.contentType.split(';')[0]}</span>
      ) : null}
      <CheckChip response={response} open={checkOpen} onToggle={onCheckToggle} />
      {response.clockOffsetSeconds ? (
        <span class="kh-chip" title="The worker corrected the clock and signed again">
          clock offset {response.clockOffsetSeconds} s
        </span>
      ) : null}
      {response.retriedAfterDrop ? (
        <span
          class="kh-chip"
          title="The first attempt’s connection dropped before its answer was in; a GET changes nothing, so Keyhole sent it once more, signed afresh"
        >
          retried once after the connection dropped
        </span>
      ) : null}
      {run.restored ? (
        <span class="kh-chip" title="Kept from before the panel was reloaded; send again to refresh">
          restored · {new Date(run.startedAt).toLocaleString()}
          {run.restored.bodyDropped ? ' · response not kept (too large)' : ''}
        </span>
      ) : null}
      {fromHistory ? (
        <span class="kh-chip" title="Stored response; send again to refresh">
          from history · {new Date(fromHistory.startedAt).toLocaleString()}
        </span>
      ) : null}
      <span class="kh-muted kh-mono kh-status-url" title={response.url}>
        {response.method} {response.url}
      </span>
    </div>
  );
}

export function ResponsePane({ workbench, services }: { workbench: Workbench; services: PanelServices }) {
  const run = useStore(workbench.run);
  const session = useStore(workbench.session);
  // A call refused because the session had expired carries no 401 of its own: the one that expired it is kept.
  const expiredBy =
    session.state === 'ready' && session.status.state === 'expired' ? session.status.lastError?.detail : undefined;
  const signedIn = session.state === 'ready' && session.status.state === 'signed-in';
  const [tab, setTab] = useState<ResponseTab>('body');
  // The description check's panel, opened from its chip in the status line; closed for another response.
  const [checkOpen, setCheckOpen] = useState(false);
  const shownResponse = run.phase === 'done' ? run.response : undefined;
  useEffect(() => setCheckOpen(false), [shownResponse]);
  const idBase = useId();
  // The body viewer loads while the call is out, so the answer shows without waiting for its code.
  useEffect(() => {
    if (run.phase === 'sending') loadComponent(loadBody).catch(() => undefined);
  }, [run.phase]);

  if (run.phase === 'idle')
    return (
      <section class="kh-response kh-response--empty" aria-label="Response">
        {run.lost ? (
          // An older response is never shown in its place (tabs/tab-response-keeper.ts).
          <p class="kh-banner kh-banner--warn kh-response-lost" role="status">
            {run.lost.unanswered ? (
              <>
                The last call (sent {new Date(run.lost.startedAt).toLocaleString()}) had no answer yet when the panel
                was reloaded: its answer was not kept, and the platform may have acted on it.
              </>
            ) : (
              <>
                The last response ({run.lost.summary}, sent {new Date(run.lost.startedAt).toLocaleString()}) was not
                kept: the panel was reloaded before it could be saved.
              </>
            )}
          </p>
        ) : null}
        <p class="kh-muted">
          Send a request to see its response here. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> sends, <kbd>Esc</kbd> cancels.
        </p>
      </section>
    );

  if (run.phase === 'sending')
    return (
      <section class="kh-response" aria-label="Response" aria-busy="true">
        <p class="kh-sending" role="status">
          <span class="kh-spinner" aria-hidden="true" /> Sending {run.request.method} {run.request.path}…{' '}
          <Elapsed since={run.startedAt} />
          {' · '}
          <button type="button" class="kh-button kh-button--small" onClick={() => void workbench.cancel()}>
            Cancel (Esc)
          </button>
        </p>
      </section>
    );

  if (run.phase === 'failed')
    return (
      <section class="kh-response" aria-label="Response">
        <p class="kh-muted kh-mono">
          {run.request.method} {run.request.path}
          {run.fromHistory ? ` · from history, ${new Date(run.fromHistory.startedAt).toLocaleString()}` : ''}
        </p>
        <ErrorBanner
          // An expired session's detail is the platform's 401, shown whole below with Sign in.
          error={run.error.code === 'session-expired' ? { ...run.error, detail: undefined } : run.error}
          // Sending again blindly could apply a write twice: the check comes first, Send stays in the composer.
          onRetry={
            run.error.code === 'cancelled' ||
            run.error.code === 'outcome-unknown' ||
            run.error.code === 'session-expired' ||
            run.error.code === 'not-signed-in'
              ? undefined
              : () => void workbench.send()
          }
        />
        {asksForHostAccess(run.error) ? (
          // The host needs Keyhole's permission (Settings → Host access): the way there, one click away.
          <p class="kh-row" role="note">
            <button type="button" class="kh-button kh-button--small" onClick={services.openOptions}>
              Open Settings
            </button>
            <span class="kh-muted">Host access: “Grant access”, then send again.</span>
          </p>
        ) : null}
        {(run.error.code === 'session-expired' || run.error.code === 'not-signed-in') && signedIn ? (
          // Signed in again (here or from the banner): the refused call, as it was, one click away.
          <p class="kh-row kh-resend-offer" role="status">
            <span>Signed in again.</span>
            <button
              type="button"
              class="kh-button kh-button--small kh-button--primary"
              onClick={() => void workbench.resend()}
            >
              Re-send {run.request.method} {run.request.path}
            </button>
            <span class="kh-muted">(the refused call as it was, signed afresh)</span>
          </p>
        ) : run.error.code === 'session-expired' || run.error.code === 'not-signed-in' ? (
          <ExpiredSessionHelp
            detail={run.error.code === 'session-expired' ? (run.error.detail ?? expiredBy) : undefined}
            earlier={run.error.detail === undefined && expiredBy !== undefined}
            services={services}
            onDone={() => void workbench.refreshSession()}
          />
        ) : null}
        {run.error.code === 'outcome-unknown' && run.request.method !== 'GET' ? (
          <button
            type="button"
            class="kh-button"
            style={{ alignSelf: 'flex-start', justifySelf: 'start' }}
            onClick={() => void workbench.check()}
          >
            Check: GET {run.request.path}
          </button>
        ) : null}
      </section>
    );

  // A live stream: the path says so (workbench.ts), or the answer was an event stream (fresh calls only: a stored
  // one, from history or kept for the tab, is never opened again by being shown).
  const streamed =
    run.phase === 'streaming'
      ? run
      : !run.fromHistory && !run.restored && isEventStreamType(run.response.contentType)
        ? { streamId: `${run.startedAt}`, kind: 'sse' as const, request: run.request }
        : undefined;
  if (streamed || run.phase === 'streaming')
    return (
      <section class="kh-response kh-response--stream" aria-label="Response">
        <Lazy
          key={streamed!.streamId}
          load={loadStream}
          props={{ request: streamed!.request, kind: streamed!.kind, services }}
          fallback={<p class="kh-muted">Loading the stream view…</p>}
        />
      </section>
    );

  const { response } = run;
  const signature = response.signature;
  const tabs = [
    { id: 'body', label: 'Body' },
    { id: 'headers', label: 'Headers', badge: response.headers.length },
    ...(signature ? [{ id: 'signature', label: 'Signature' }] : []),
  ];
  const selected = tab === 'signature' && !signature ? 'body' : tab;

  return (
    <section class="kh-response" aria-label="Response">
      {/* One line when it fits: the status, then the tabs, so a short panel keeps its height for the body. */}
      <div class="kh-response-head">
        <StatusLine run={run} checkOpen={checkOpen} onCheckToggle={() => setCheckOpen(!checkOpen)} />
        <Tabs
          idBase={idBase}
          label="Response parts"
          tabs={tabs}
          selected={selected}
          onSelect={(id) => setTab(id as ResponseTab)}
        />
      </div>
      {checkOpen ? <CheckPanel request={run.request} response={response} services={services} /> : null}
      {run.checks ? <CheckResults outcomes={run.checks} /> : null}
      <PlatformErrorBanner response={response} />
      <div {...tabPanelProps(idBase, selected)} class="kh-response-panel">
        {selected === 'body' ? (
          <Lazy
            load={loadBody}
            props={{ response, request: run.request, services, workbench }}
            fallback={<p class="kh-muted">Loading the viewer…</p>}
          />
        ) : null}
        {selected === 'headers' ? (
          response.headers.length > 0 ? (
            <KeyValueTable caption="Response headers" rows={response.headers} />
          ) : (
            <p class="kh-muted">No headers were kept for this response.</p>
          )
        ) : null}
        {selected === 'signature' && signature ? (
          <Lazy load={loadSignature} props={{ signature, services }} fallback={<p class="kh-muted">Loading…</p>} />
        ) : null}
      </div>
    </section>
  );
}
