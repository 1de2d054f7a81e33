import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { formatDuration } from '../../../core/format/byte-format.ts';
import { importForeignRequest } from '../../../core/workbench/request-import.ts';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { MethodBadge, StatusBadge } from '../MethodBadge.tsx';
import { useStore } from '../store.ts';
import type { ViewProps } from '../view-props.ts';
import { type CapturedRequest, toCapturedRequest } from './captured-request.ts';

/**
 * The inspected page's calls to the profile's API or bridge (e.g. the platform console), live from DevTools'
 * Network panel. Opening one puts it in the composer to replay signed with your own session.
 */
const MAX_CAPTURED = 300;

export default function CaptureView({ workbench, services, showComposer }: ViewProps) {
  const session = useStore(workbench.session);
  const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;
  const [captured, setCaptured] = useState<CapturedRequest[]>([]);
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState<KeyholeErrorData>();
  const nextId = useRef(1);
  const network = services.devtools?.network;

  useEffect(() => {
    if (!network || !profile || paused) return;
    const add = (found: CapturedRequest[]) =>
      setCaptured((list) => [...found.reverse(), ...list].slice(0, MAX_CAPTURED));
    let live = true;
    // What the Network panel already holds, then every request as it finishes.
    network.getEntries().then((entries) => {
      if (!live) return;
      add(
        entries
          .map((entry) => toCapturedRequest(entry, profile, nextId.current++))
          .filter((item) => item !== undefined),
      );
    });
    const stop = network.onRequestFinished((entry) => {
      const item = toCapturedRequest(entry, profile, nextId.current++);
      if (item) add([item]);
    });
    return () => {
      live = false;
      stop();
    };
  }, [network, profile?.apiBaseUrl, profile?.bridgeUrl, paused]);

  const open = (item: CapturedRequest) => {
    try {
      const { draft, notices } = importForeignRequest(item.request, profile);
      workbench.open(draft, notices);
      showComposer();
    } catch (reason) {
      setError(toErrorData(reason));
    }
  };

  if (!network)
    return (
      <section class="kh-side-view" aria-label="Capture">
        <p class="kh-muted kh-side-empty">
          Open Keyhole from the browser’s DevTools to capture the inspected page’s API calls.
        </p>
      </section>
    );

  return (
    <section class="kh-side-view" aria-label="Capture">
      <div class="kh-side-head">
        <p class="kh-hint kh-muted">
          Calls from the inspected page to{' '}
          {profile ? <span class="kh-mono">{new URL(profile.apiBaseUrl).host}</span> : 'your API'} and its bridge. Open
          one to replay it with your own session.
        </p>
        <div class="kh-filter-row">
          <span class="kh-muted kh-side-count" role="status">
            {captured.length} captured{paused ? ' · paused' : ''}
          </span>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => setPaused(!paused)}
            aria-pressed={paused}
          >
            {paused ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => setCaptured([])}
            disabled={captured.length === 0}
          >
            Clear
          </button>
        </div>
        {!profile ? <p class="kh-hint kh-muted">Waiting for your profile’s addresses…</p> : null}
        {error ? <ErrorBanner error={error} /> : null}
      </div>
      <ul class="kh-side-body kh-capture-list">
        {captured.map((item) => {
          const url = new URL(item.url);
          return (
            <li key={item.id}>
              <button type="button" class="kh-history-open" onClick={() => open(item)}>
                <span class="kh-history-line">
                  <MethodBadge method={item.method} />
                  <StatusBadge status={item.status} />
                  <span class="kh-mono kh-history-path">
                    {url.pathname}
                    <span class="kh-muted">{url.search}</span>
                  </span>
                </span>
                <span class="kh-history-meta kh-muted">
                  {new Date(item.startedAt).toLocaleTimeString()} · {formatDuration(item.durationMs)}
                  {item.target === 'bridge' ? ' · bridge' : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
