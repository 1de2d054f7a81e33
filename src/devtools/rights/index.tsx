import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  buildRightRows,
  endpointsWithoutRight,
  endpointsWithUnknownRight,
  type RightRow,
} from '../../core/platform/rights.ts';
import type { SessionRights } from '../../core/platform/session-rights.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { send } from '../../ui/send.ts';
import { loadSessionRights } from '../panel/catalog/load-session-rights.ts';
import { type CatalogEntry, loadCatalogEndpoints } from './catalog-endpoints.ts';
import { type ConsumerRights, loadConsumerRights, loadPlatformRights, type PlatformRights } from './load-rights.ts';
import '../../ui/views.css';
import './rights.css';

function SessionChip({ row, session }: { row: RightRow; session: SessionRights | undefined }) {
  if (session?.state !== 'known') return null;
  return session.rights[row.name] === true ? (
    <span class="kh-pill kh-pill--ok">Held by this session</span>
  ) : (
    <span class="kh-pill kh-pill--muted">Not held by this session</span>
  );
}

function ConsumerChip({ row }: { row: RightRow }) {
  if (row.consumer === 'requested') return <span class="kh-pill kh-pill--ok">Requested by your consumer</span>;
  if (row.consumer === 'not-requested') return <span class="kh-pill kh-pill--muted">Not requested</span>;
  return <span class="kh-pill kh-pill--muted">Consumer: unknown</span>;
}

/** What the panel passes its views; only what this view uses, so it also renders on its own. */
export interface RightsViewProps {
  workbench?: { openCatalogEntry(entry: CatalogEntry): void };
  showComposer?: () => void;
}

/** Endpoints listed with their description, each opening in the composer when the panel offers it. */
function DescribedEndpoints({
  endpoints,
  open,
}: {
  endpoints: readonly CatalogEntry[];
  open?: ((entry: CatalogEntry) => void) | undefined;
}) {
  return (
    <ul class="kr-list" style={{ marginTop: '6px' }}>
      {endpoints.map((endpoint) => (
        <li key={endpoint.id}>
          <EndpointLine endpoint={endpoint} open={open} /> <span class="kh-muted kh-small">{endpoint.description}</span>
        </li>
      ))}
    </ul>
  );
}

function EndpointLine({
  endpoint,
  open,
}: {
  endpoint: CatalogEntry;
  open?: ((entry: CatalogEntry) => void) | undefined;
}) {
  const label = (
    <>
      <span class="kr-method">{endpoint.method}</span> <span class="kr-path">{endpoint.pathTemplate}</span>
      {endpoint.target === 'bridge' ? <span class="kh-muted kh-small"> (bridge)</span> : null}
      {endpoint.rightSource === 'keyhole-inferred' ? <span class="kh-muted kh-small"> (inferred)</span> : null}
    </>
  );
  if (!open) return <span title={endpoint.description}>{label}</span>;
  return (
    <button
      type="button"
      class="kr-endpoint-button"
      title={endpoint.description}
      aria-label={`Open ${endpoint.method} ${endpoint.pathTemplate} in the composer`}
      onClick={() => open(endpoint)}
    >
      {label}
    </button>
  );
}

function EndpointList({
  row,
  open,
}: {
  row: RightRow<CatalogEntry>;
  open?: ((entry: CatalogEntry) => void) | undefined;
}) {
  if (row.endpoints.length === 0)
    return <p class="kh-muted kh-small kr-endpoints">No endpoint in Keyhole’s catalog needs it.</p>;
  const inferred = row.endpoints.filter((endpoint) => endpoint.rightSource === 'keyhole-inferred').length;
  return (
    <details class="kr-endpoints">
      <summary>
        Needed by {row.endpoints.length} catalog endpoint{row.endpoints.length === 1 ? '' : 's'}
        {inferred > 0 ? ` (${inferred} inferred by Keyhole from the path)` : ''}
      </summary>
      <ul>
        {row.endpoints.map((endpoint) => (
          <li key={endpoint.id}>
            <EndpointLine endpoint={endpoint} open={open} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The rights browser: every OAuth right, what it means, whether the consumer asks for it, and who needs it. */
export default function RightsView({ workbench, showComposer }: RightsViewProps = {}) {
  const [platform, setPlatform] = useState<PlatformRights | undefined>();
  const [consumer, setConsumer] = useState<ConsumerRights | undefined>();
  const [session, setSession] = useState<SessionRights | undefined>();
  const [endpoints, setEndpoints] = useState<readonly CatalogEntry[]>([]);
  const [filter, setFilter] = useState('');

  const load = () => {
    setPlatform(undefined);
    setConsumer(undefined);
    setSession(undefined);
    void loadPlatformRights().then(setPlatform);
    void loadConsumerRights().then(setConsumer);
    void loadSessionRights(send).then(setSession);
    // The catalog is bundled with the extension: it only fails if the extension changed under the page.
    loadCatalogEndpoints().then(setEndpoints, () => setEndpoints([]));
  };
  useEffect(load, []);

  const rows = useMemo(
    () => buildRightRows({ reported: platform?.reported, consumerRights: consumer?.rights, endpoints }),
    [platform, consumer, endpoints],
  );
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = rows.filter((row) => {
    const haystack =
      `${row.name} ${row.meaning} ${row.platformDescription ?? ''} ${row.endpoints.map((e) => e.pathTemplate).join(' ')}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const requestedSpec = rows.filter((row) => row.inSpec && row.consumer === 'requested').length;
  const requestedOthers = rows.filter((row) => !row.inSpec && row.consumer === 'requested').map((row) => row.name);
  const publicEndpoints = endpointsWithoutRight(endpoints);
  const unknownEndpoints = endpointsWithUnknownRight(endpoints);
  const held =
    session?.state === 'known' ? rows.filter((row) => row.inSpec && session.rights[row.name] === true).length : 0;
  const open = workbench
    ? (entry: CatalogEntry) => {
        workbench.openCatalogEntry(entry);
        showComposer?.();
      }
    : undefined;

  return (
    <div class="kh-view kh-view--grid">
      <header>
        <h2>Rights</h2>
        <p class="kh-muted kh-small" style={{ margin: '2px 0 0' }}>
          An OAuth consumer asks for rights; you grant them on the platform’s consent page when you sign in.
        </p>
      </header>

      <section class="kr-summary" aria-label="Your consumer" aria-busy={consumer === undefined}>
        {consumer === undefined ? (
          <p class="kh-muted kh-small">Reading your consumer’s record…</p>
        ) : consumer.rights ? (
          <p>
            Consumer <code>{consumer.consumerKey}</code> asks for <strong>{requestedSpec}</strong> of the spec’s 11
            rights{requestedOthers.length > 0 ? ` and ${requestedOthers.join(', ')}` : ''} (read from{' '}
            <code>{consumer.source}</code>).
          </p>
        ) : (
          <p>
            {consumer.consumerKey ? (
              <>
                What consumer <code>{consumer.consumerKey}</code> asks for is unknown:{' '}
              </>
            ) : (
              'Unknown consumer: '
            )}
            {consumer.reason}
          </p>
        )}
        {session === undefined ? null : session.state === 'known' ? (
          <p>
            This session’s token holds <strong>{held}</strong> of the spec’s 11 rights (read from{' '}
            <code>{session.source}</code>).
          </p>
        ) : (
          <p class="kh-muted kh-small">
            Which rights this session was granted is unknown ({session.reason.replace(/\.$/, '')}): a right unticked on
            the consent page still shows as requested by the consumer.
          </p>
        )}
      </section>

      {platform?.error ? (
        <ErrorBanner
          error={{
            ...platform.error,
            message: `${platform.error.message} The spec’s rights are shown without the platform’s list.`,
          }}
          onRetry={load}
        />
      ) : null}

      <div class="kr-toolbar">
        <label for="kr-filter" class="kh-visually-hidden">
          Filter rights
        </label>
        <input
          id="kr-filter"
          class="kh-input"
          type="search"
          placeholder="Filter: bills, ssh, /v2/self…"
          value={filter}
          onInput={(event) => setFilter(event.currentTarget.value)}
        />
        <span class="kh-muted kh-small" role="status">
          {shown.length === rows.length ? `${rows.length} rights` : `${shown.length} of ${rows.length} rights`}
          {platform === undefined ? ' · reading the platform’s list…' : ''}
        </span>
      </div>

      <ul class="kr-list" aria-label="Rights">
        {shown.map((row) => (
          <li key={row.name} class="kr-right" data-right={row.name}>
            <div>
              <h3>{row.name}</h3>
              <p>{row.meaning}</p>
              {row.platformDescription ? <p class="kh-muted kh-small">Platform: {row.platformDescription}</p> : null}
            </div>
            <div class="kr-badges">
              <ConsumerChip row={row} />
              <SessionChip row={row} session={session} />
              {row.listedByPlatform === false ? (
                <span class="kh-pill kh-pill--warn">
                  {row.inSpec ? 'Not in the platform’s list' : 'Not in the spec'}
                </span>
              ) : null}
              {!row.inSpec && row.listedByPlatform !== false ? (
                <span class="kh-pill kh-pill--warn">Not in the spec</span>
              ) : null}
            </div>
            <EndpointList row={row} open={open} />
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p class="kh-muted kh-small">No right matches “{filter}”.</p> : null}

      <details>
        <summary>Endpoints that need no right ({publicEndpoints.length})</summary>
        <DescribedEndpoints endpoints={publicEndpoints} open={open} />
      </details>

      <details>
        <summary>Endpoints whose right is not known ({unknownEndpoints.length})</summary>
        <p class="kh-muted kh-small">
          Neither the platform’s sources nor Keyhole’s reading say which right these need; the platform answers 403 when
          one is missing.
        </p>
        <DescribedEndpoints endpoints={unknownEndpoints} open={open} />
      </details>

      {platform?.raw ? (
        <details>
          <summary>The platform’s answer to GET /v2/oauth/rights</summary>
          <pre class="kr-raw">{platform.raw}</pre>
        </details>
      ) : null}
    </div>
  );
}
