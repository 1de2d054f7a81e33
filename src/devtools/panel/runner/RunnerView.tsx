import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import type { RequestRunResult, RunItem } from '../../../core/workbench/run/run-collection.ts';
import { summaryLine, toJsonReport, toJUnitXml } from '../../../core/workbench/run/run-report.ts';
import type { SavedRequest } from '../../../core/workbench/saved-requests.ts';
import { listFolders } from '../../../core/workbench/saved-tree.ts';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { useStore } from '../store.ts';
import type { ViewProps } from '../view-props.ts';
import { RunResults } from './RunResults.tsx';
import { itemsOf, overriddenContext, runnerSessionFor, writesToConfirm } from './runner-session.ts';
import { WritesDialog } from './WritesDialog.tsx';
import '../checks/checks.css';
import './runner.css';

/**
 * The Runner: the saved requests of a folder, or all of them, in order, with an environment; progress, Stop, each
 * request's status, time, assertions and captures; re-run the failed ones; export the run as JUnit XML or JSON.
 * The same engine runs a collection file from Node (`npm run collection`, src/cli/).
 */
export default function RunnerView({ workbench, services }: ViewProps) {
  const session = runnerSessionFor(services, workbench.variables);
  const state = useStore(session.state);
  const responses = useStore(session.responses);
  const scope = useStore(workbench.variables);
  const sessionState = useStore(workbench.session);
  const [saved, setSaved] = useState<SavedRequest[]>();
  const [folder, setFolder] = useState('');
  const [environmentId, setEnvironmentId] = useState(scope.activeEnvironmentId);
  const [confirm, setConfirm] = useState<{ items: RunItem[]; carry?: Record<string, string> }>();
  const [error, setError] = useState<KeyholeErrorData>();
  const [notice, setNotice] = useState('');
  const ids = useId();

  useEffect(() => {
    const load = () => workbench.saved.list().then(setSaved, (reason: unknown) => setError(toErrorData(reason)));
    void load();
    return workbench.saved.subscribe(() => void load());
  }, [workbench.saved]);

  // Every folder, parents too (a folder that holds only sub-folders runs them all).
  const folders = useMemo(() => listFolders(saved ?? []), [saved]);
  const items = useMemo(() => itemsOf(saved ?? [], folder), [saved, folder]);
  const profile =
    sessionState.state === 'ready' && 'profile' in sessionState.status ? sessionState.status.profile : undefined;
  const running = state.phase === 'running';
  const overridden = overriddenContext(scope, environmentId, workbench.profileId());
  const environmentName = scope.environments.find((item) => item.id === environmentId)?.name ?? '';
  const name = folder || 'Saved requests';

  const start = (chosen: RunItem[], carry?: Record<string, string>) => {
    setNotice('');
    const run = () =>
      void session.run(chosen, { environmentId, name, profileId: workbench.profileId(), ...(carry ? { carry } : {}) });
    if (writesToConfirm(chosen, profile).length > 0) setConfirm({ items: chosen, ...(carry ? { carry } : {}) });
    else run();
  };

  const failed =
    state.phase === 'done'
      ? state.summary.results.filter((result) => result.outcome === 'failed' || result.outcome === 'error')
      : [];
  const rerunFailed = () => {
    if (state.phase !== 'done') return;
    const wanted = new Set(failed.map((result) => result.id));
    start(
      items.filter((item) => wanted.has(item.id)),
      state.summary.captured,
    );
  };

  const exportAs = (kind: 'junit' | 'json') => {
    if (state.phase !== 'done') return;
    const meta = { name: state.name, environment: state.environment, startedAt: state.startedAt };
    const text = kind === 'junit' ? toJUnitXml(state.summary, meta) : toJsonReport(state.summary, meta);
    const filename = kind === 'junit' ? 'keyhole-run.xml' : 'keyhole-run.json';
    services
      .download(new Blob([text], { type: kind === 'junit' ? 'application/xml' : 'application/json' }), filename)
      .then(
        () => setNotice(`Saved ${filename} (captured values are named, not written).`),
        (reason: unknown) => setError(toErrorData(reason)),
      );
  };

  const results: RequestRunResult[] =
    state.phase === 'running' ? state.results : state.phase === 'done' ? state.summary.results : [];
  const done = state.phase === 'running' ? state.results.length : results.length;
  const total = state.phase === 'running' ? state.total : results.length;

  return (
    <section class="kh-view kh-runner" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Runner</h2>
      {error ? <ErrorBanner error={error} /> : null}
      <div class="kh-runner-controls">
        <label>
          Run{' '}
          <select
            class="kh-input"
            aria-label="Run"
            value={folder}
            disabled={running}
            onChange={(event) => setFolder((event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">All saved requests</option>
            {folders.map((path) => (
              <option key={path} value={path}>
                Folder {path}
              </option>
            ))}
          </select>
        </label>
        <label>
          Environment{' '}
          <select
            class="kh-input"
            aria-label="Environment"
            value={environmentId}
            disabled={running}
            onChange={(event) => setEnvironmentId((event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">None</option>
            {scope.environments.map((environment) => (
              <option key={environment.id} value={environment.id}>
                {environment.name}
              </option>
            ))}
          </select>
        </label>
        {running ? (
          <button type="button" class="kh-button kh-button--danger" onClick={() => session.stop()}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            class="kh-button kh-button--primary"
            disabled={items.length === 0}
            onClick={() => start(items)}
          >
            Run {items.length} request{items.length === 1 ? '' : 's'}
          </button>
        )}
        <button type="button" class="kh-button" disabled={running || failed.length === 0} onClick={rerunFailed}>
          Re-run failed{failed.length > 0 ? ` (${failed.length})` : ''}
        </button>
        <button type="button" class="kh-button" disabled={state.phase !== 'done'} onClick={() => exportAs('junit')}>
          Export JUnit XML
        </button>
        <button type="button" class="kh-button" disabled={state.phase !== 'done'} onClick={() => exportAs('json')}>
          Export JSON
        </button>
      </div>
      {overridden.length > 0 && !running ? (
        // The composer sends the context's ids (shown above its request); a run sends the environment's.
        <p class="kh-hint kh-muted">
          This run sends {environmentName}’s{' '}
          {overridden.map((item, index) => (
            <span key={item.name}>
              {index > 0 ? ', ' : ''}
              <span class="kh-mono">{`{${item.name}} = ${item.environment}`}</span>
            </span>
          ))}
          , not the context’s ({overridden.map((item) => item.context).join(', ')}); ids chosen under another
          organisation are left out.
        </p>
      ) : null}
      {saved && saved.length === 0 ? (
        <p class="kh-muted">
          No saved requests yet: save requests (with their Tests) from the composer, then run them here in order.
        </p>
      ) : null}
      {state.phase !== 'idle' ? (
        <div class="kh-runner-progress">
          <progress max={Math.max(total, 1)} value={done} aria-label="Run progress" />
          <span role="status">
            {state.phase === 'running'
              ? `${done} of ${total}${state.current ? ` · sending ${state.current}` : ''}`
              : summaryLine(state.summary)}
          </span>
        </div>
      ) : null}
      {notice ? (
        <p class="kh-muted" role="status">
          {notice}
        </p>
      ) : null}
      <RunResults results={results} responses={responses} />
      {confirm ? (
        <WritesDialog
          writes={writesToConfirm(confirm.items, profile)}
          profileName={profile?.name ?? 'this profile'}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() => {
            const { items: chosen, carry } = confirm;
            setConfirm(undefined);
            void session.run(chosen, {
              environmentId,
              name,
              profileId: workbench.profileId(),
              ...(carry ? { carry } : {}),
            });
          }}
        />
      ) : null}
    </section>
  );
}
