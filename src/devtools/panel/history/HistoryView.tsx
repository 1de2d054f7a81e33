import { useEffect, useMemo, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { formatBytes, formatDuration } from '../../../core/format/byte-format.ts';
import type { HistoryCaps, HistoryEntry } from '../../../core/workbench/history-entry.ts';
import {
  EMPTY_FILTER,
  filterHistory,
  type HistoryFilter,
  type StatusClass,
} from '../../../core/workbench/history-filter.ts';
import { HTTP_METHODS } from '../../../core/workbench/request-draft.ts';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { VirtualList } from '../../../ui/VirtualList.tsx';
import { checksBadge } from '../checks/CheckResults.tsx';
import { MethodBadge, StatusBadge } from '../MethodBadge.tsx';
import type { ViewProps } from '../view-props.ts';

/**
 * Every call made from the composer, newest first: search by words (path, query, status, body) or with the
 * method and status filters; open one to get its request back in the composer and its stored response below.
 * Export as HAR, delete one or all, and set how much is kept.
 */
const ROW_HEIGHT = 46;

function timeLabel(startedAt: number): string {
  const date = new Date(startedAt);
  const today = new Date();
  return date.toDateString() === today.toDateString() ? date.toLocaleTimeString() : date.toLocaleString();
}

function HistorySettings({ caps, onSave }: { caps: HistoryCaps; onSave: (caps: HistoryCaps) => void }) {
  const [bodyKb, setBodyKb] = useState(String(Math.round(caps.maxBodyBytes / 1024)));
  const [entries, setEntries] = useState(String(caps.maxEntries));
  useEffect(() => {
    setBodyKb(String(Math.round(caps.maxBodyBytes / 1024)));
    setEntries(String(caps.maxEntries));
  }, [caps]);
  const kb = Number(bodyKb);
  const count = Number(entries);
  const valid =
    Number.isInteger(kb) && kb >= 0 && kb <= 51_200 && Number.isInteger(count) && count >= 1 && count <= 10_000;
  return (
    <details class="kh-history-settings">
      <summary>What history keeps</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave({ maxBodyBytes: kb * 1024, maxEntries: count });
        }}
      >
        <label class="kh-field">
          <span>Response body kept per call (KB, 0 for none)</span>
          <input
            class="kh-input"
            type="number"
            min={0}
            max={51200}
            value={bodyKb}
            onInput={(e) => setBodyKb((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label class="kh-field">
          <span>Calls kept (oldest go first)</span>
          <input
            class="kh-input"
            type="number"
            min={1}
            max={10000}
            value={entries}
            onInput={(e) => setEntries((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        {!valid ? <p class="kh-field-error">Body size: 0 to 51 200 KB; calls: 1 to 10 000.</p> : null}
        <p class="kh-hint kh-muted">
          Authorization and cookie headers, passwords, secrets and token values are never kept.
        </p>
        <button type="submit" class="kh-button kh-button--small" disabled={!valid}>
          Save limits
        </button>
      </form>
    </details>
  );
}

/** A platform id (`orga_` and a UUID): shown by its first characters in a row (the whole path is its title). */
const LONG_ID = /^([a-z]+_[0-9a-f]{4})[0-9a-f]{4}-[0-9a-f-]{27}$/i;

/**
 * A call's path in one row, cut in the middle when it does not fit rather than at its end: the start
 * (/v2/organisations/…) is the same in most rows, what tells them apart is the end (…/applications/app_1/env, the
 * query). Long platform ids are shortened (orga_a9f9…); the last two segments and the query keep their room and
 * the start gives way first; should the end still not fit, it is cut at its start (panel.css).
 */
function HistoryPath({ path, query }: { path: string; query: string }) {
  const segments = path.split('/').map((segment) => segment.replace(LONG_ID, '$1…'));
  const cut = segments.length > 3 ? segments.length - 2 : segments.length;
  const head = segments.slice(0, cut).join('/');
  const tail = cut < segments.length ? `/${segments.slice(cut).join('/')}` : '';
  return (
    <span class="kh-mono kh-history-path">
      <span class="kh-history-path-head">{head}</span>
      <span class="kh-history-path-tail">
        <span dir="ltr">
          {tail}
          <span class="kh-muted">{query}</span>
        </span>
      </span>
    </span>
  );
}

export default function HistoryView({ workbench, services, showComposer }: ViewProps) {
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [caps, setCaps] = useState<HistoryCaps>();
  const [filter, setFilter] = useState<HistoryFilter>(EMPTY_FILTER);
  const [confirmClear, setConfirmClear] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<KeyholeErrorData>();
  const history = services.history;

  useEffect(() => {
    let live = true;
    const load = () =>
      Promise.all([history.list(), history.caps()]).then(
        ([list, limits]) => {
          if (!live) return;
          setEntries(list);
          setCaps(limits);
        },
        (reason: unknown) => live && setError(toErrorData(reason)),
      );
    void load();
    const stop = history.subscribe(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [history]);

  const shown = useMemo(() => (entries ? filterHistory(entries, filter) : []), [entries, filter]);
  const filtered = entries !== undefined && shown.length < entries.length;

  const open = async (entry: HistoryEntry) => {
    try {
      workbench.openHistory(entry, entry.hasBody ? await history.body(entry.id) : undefined);
      showComposer();
    } catch (reason) {
      setError(toErrorData(reason));
    }
  };

  const exportHar = async () => {
    try {
      setNote('Preparing the HAR file…');
      const { buildHar } = await import('../../../core/workbench/har.ts');
      const items = await Promise.all(
        shown.map(async (entry) => {
          const body = entry.hasBody ? await history.body(entry.id) : undefined;
          return body ? { entry, body } : { entry };
        }),
      );
      const session = workbench.session.get();
      const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;
      const har = buildHar(items, {
        creatorVersion: services.version,
        apiBaseUrl: profile?.apiBaseUrl ?? 'https://api.clever-cloud.com',
        bridgeUrl: profile?.bridgeUrl ?? 'https://api-bridge.clever-cloud.com',
      });
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const name = `keyhole-history-${stamp}.har`;
      // Not application/json: Chrome would then rename the file to .json.
      await services.download(new Blob([JSON.stringify(har, null, 2)], { type: 'application/octet-stream' }), name);
      setNote(`Exported ${items.length} call${items.length === 1 ? '' : 's'} to ${name}.`);
    } catch (reason) {
      setNote('');
      setError(toErrorData(reason));
    }
  };

  const onListKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.index);
    if (Number.isNaN(index) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    (event.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  return (
    <section class="kh-side-view" aria-label="History">
      <div class="kh-side-head">
        <label class="kh-visually-hidden" for="kh-history-search">
          Search history
        </label>
        <input
          id="kh-history-search"
          class="kh-input"
          type="search"
          placeholder="Search: /v2/self, 404, method:post…"
          value={filter.text}
          onInput={(event) => setFilter({ ...filter, text: (event.currentTarget as HTMLInputElement).value })}
        />
        <div class="kh-filter-row">
          <select
            class="kh-input"
            aria-label="Method filter"
            value={filter.method}
            onChange={(event) =>
              setFilter({
                ...filter,
                method: (event.currentTarget as HTMLSelectElement).value as HistoryFilter['method'],
              })
            }
          >
            <option value="">Any method</option>
            {HTTP_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
          <select
            class="kh-input"
            aria-label="Status filter"
            value={filter.status}
            onChange={(event) =>
              setFilter({ ...filter, status: (event.currentTarget as HTMLSelectElement).value as StatusClass })
            }
          >
            <option value="">Any status</option>
            <option value="2xx">2xx success</option>
            <option value="3xx">3xx redirect</option>
            <option value="4xx">4xx client error</option>
            <option value="5xx">5xx server error</option>
            <option value="error">No response</option>
          </select>
        </div>
        <div class="kh-filter-row">
          <span class="kh-muted kh-side-count" role="status">
            {entries === undefined
              ? 'Loading…'
              : `${shown.length} of ${entries.length} call${entries.length === 1 ? '' : 's'}`}
          </span>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => void exportHar()}
            disabled={shown.length === 0}
          >
            {filtered ? `Export these ${shown.length} as HAR` : 'Export HAR'}
          </button>
          {confirmClear ? (
            <span class="kh-confirm">
              <button
                type="button"
                class="kh-button kh-button--small kh-button--danger"
                onClick={() => {
                  setConfirmClear(false);
                  // The same set as Export HAR: what the filters show (everything when none is set).
                  const removal = filtered
                    ? Promise.all(shown.map((entry) => history.remove(entry.id)))
                    : history.clear();
                  removal.catch((reason: unknown) => setError(toErrorData(reason)));
                }}
              >
                {filtered ? `Delete these ${shown.length}` : `Delete all ${entries?.length}`}
              </button>
              <button type="button" class="kh-button kh-button--small" onClick={() => setConfirmClear(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              class="kh-button kh-button--small"
              onClick={() => setConfirmClear(true)}
              disabled={shown.length === 0}
            >
              {filtered ? 'Delete these…' : 'Clear all…'}
            </button>
          )}
        </div>
        {note ? (
          <p class="kh-muted" role="status">
            {note}
          </p>
        ) : null}
        {error ? <ErrorBanner error={error} /> : null}
        {caps ? (
          <HistorySettings
            caps={caps}
            onSave={(next) =>
              history.setCaps(next).then(
                () => setNote('Limits saved.'),
                (reason: unknown) => setError(toErrorData(reason)),
              )
            }
          />
        ) : null}
      </div>
      {entries && entries.length === 0 ? (
        <p class="kh-muted kh-side-empty">No calls yet. Everything you send from the composer lands here.</p>
      ) : (
        <VirtualList
          class="kh-history-list"
          role="region"
          aria-label="Past calls"
          count={shown.length}
          rowHeight={ROW_HEIGHT}
          onKeyDown={onListKey}
          renderRow={(index) => {
            const entry = shown[index] as HistoryEntry;
            const query = entry.request.query?.length
              ? `?${entry.request.query.map(([name, value]) => `${name}=${value}`).join('&')}`
              : '';
            return (
              <div key={entry.id} class="kh-history-item" style={{ height: `${ROW_HEIGHT}px` }}>
                <button
                  type="button"
                  class="kh-history-open"
                  data-index={index}
                  title={`${entry.request.method} ${entry.request.path}${query}`}
                  onClick={() => void open(entry)}
                >
                  <span class="kh-history-line">
                    <MethodBadge method={entry.request.method} />
                    <StatusBadge status={entry.status} />
                    <HistoryPath path={entry.request.path} query={query} />
                  </span>
                  <span class="kh-history-meta kh-muted">
                    {timeLabel(entry.startedAt)}
                    {entry.durationMs !== undefined ? ` · ${formatDuration(entry.durationMs)}` : ''}
                    {entry.size !== undefined ? ` · ${formatBytes(entry.size)}` : ''}
                    {entry.request.target === 'bridge' ? ' · bridge' : ''}
                    {entry.error ? ` · ${entry.error.code}` : ''}
                    {entry.checks ? ` · ${checksBadge(entry.checks)}` : ''}
                  </span>
                </button>
                <button
                  type="button"
                  class="kh-icon-button"
                  aria-label={`Delete ${entry.request.method} ${entry.request.path} from history`}
                  title="Delete"
                  onClick={() => history.remove(entry.id).catch((reason: unknown) => setError(toErrorData(reason)))}
                >
                  ×
                </button>
              </div>
            );
          }}
        />
      )}
    </section>
  );
}
