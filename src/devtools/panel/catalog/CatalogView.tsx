import { useMemo, useState } from 'preact/hooks';
import { type EndpointGroup, searchCatalog } from '../../../core/endpoint-catalog.ts';
import type { ViewProps } from '../views.ts';
import { EndpointButton } from './EndpointButton.tsx';

const GROUP_LABELS: Record<EndpointGroup, string> = {
  account: 'Account',
  organisations: 'Organisations',
  applications: 'Applications',
  billing: 'Billing',
  consumers: 'OAuth consumers',
  products: 'Products',
  'api-tokens': 'Bridge: API tokens',
  oauth: 'OAuth 1.0a',
};

/** The searchable endpoint catalog; a click fills the composer. A search shows results by rank, not by group. */
export default function CatalogView({ workbench, showComposer }: ViewProps) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCatalog(query), [query]);
  const grouped = query.trim() === '';
  const groups = useMemo(() => {
    const map = new Map<EndpointGroup, typeof results>();
    for (const entry of results) map.set(entry.group, [...(map.get(entry.group) ?? []), entry]);
    return [...map];
  }, [results]);

  const open = (entry: (typeof results)[number]) => {
    workbench.openCatalogEntry(entry);
    showComposer();
  };

  return (
    <section class="kh-side-view" aria-label="Endpoint catalog">
      <div class="kh-side-head">
        <label class="kh-visually-hidden" for="kh-catalog-search">
          Search endpoints
        </label>
        <input
          id="kh-catalog-search"
          class="kh-input"
          type="search"
          placeholder="Search: invoices, put env, /v2/self…"
          value={query}
          onInput={(event) => setQuery((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) open(results[0]);
          }}
        />
        <p class="kh-muted kh-side-count" role="status">
          {results.length === 0
            ? 'No endpoint matches.'
            : `${results.length} endpoint${results.length === 1 ? '' : 's'}`}
        </p>
      </div>
      <div class="kh-side-body">
        {grouped ? (
          groups.map(([group, entries]) => (
            <section key={group} aria-labelledby={`kh-catalog-${group}`}>
              <h3 id={`kh-catalog-${group}`} class="kh-group-heading">
                {GROUP_LABELS[group]}
              </h3>
              <ul class="kh-endpoint-list">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <EndpointButton entry={entry} onOpen={() => open(entry)} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        ) : (
          <ul class="kh-endpoint-list">
            {results.map((entry) => (
              <li key={entry.id}>
                <EndpointButton entry={entry} onOpen={() => open(entry)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
