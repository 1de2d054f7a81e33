import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import {
  type Catalog,
  type CatalogEntry,
  type CatalogSearch,
  indexCatalogInSlices,
  searchCatalog,
} from '../../../core/platform/catalog.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import type { SessionRights } from '../../../core/platform/session-rights.ts';
import { PendingFollow } from '../response/follow/PendingFollow.tsx';
import { useStore } from '../store.ts';
import type { ViewProps } from '../view-props.ts';
import { endpointRows, GroupedList } from './CatalogGroups.tsx';
import { loadSessionRights } from './load-session-rights.ts';
import { moveInList } from './move-in-list.ts';

/** Results shown at once while searching; the rest on demand, so a keystroke never renders hundreds of rows. */
const SHOWN_RESULTS = 60;

type Loaded = { catalog: Catalog } | { error: KeyholeErrorData };
/** A task boundary: what comes after it runs in a task of its own, after any input and frame waiting. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function RightsNote({ rights }: { rights: SessionRights | undefined }) {
  if (!rights) return <p class="kh-muted kh-side-note">Reading which rights this session holds…</p>;
  if (rights.state === 'unknown')
    return <p class="kh-muted kh-side-note">Rights of this session unknown: {rights.reason}</p>;
  const held = Object.entries(rights.rights).filter(([, granted]) => granted).length;
  return (
    <p class="kh-muted kh-side-note">
      This session holds {held} right{held === 1 ? '' : 's'} ({rights.source}); endpoints needing another are marked.
    </p>
  );
}

/**
 * The whole platform API (the generated description, loaded on first use): grouped when idle, ranked while
 * searching (typo-tolerant). A click fills the composer. Endpoints needing a right the session's token lacks are
 * marked when the platform says which rights it holds.
 */
export default function CatalogView({ workbench, services, showComposer }: ViewProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [rights, setRights] = useState<SessionRights | undefined>();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [active, setActive] = useState<string | undefined>();
  const body = useRef<HTMLDivElement>(null);
  const session = useStore(workbench.session);
  const status = session.state === 'ready' ? session.status : undefined;
  const sessionKey = status ? `${status.state} ${'profile' in status ? status.profile.id : ''}` : '';

  const [index, setIndex] = useState<CatalogSearch | undefined>();
  const load = useCallback(() => {
    setLoaded(undefined);
    loadCatalog().then(
      // The description's module and the catalog built from it take one task; the first rows render in the next.
      (catalog) => nextTask().then(() => setLoaded({ catalog })),
      (error) => setLoaded({ error: toErrorData(error) }),
    );
  }, []);
  useEffect(load, []);

  // The search index is built after the list shows, in slices (30-60 ms at once on a loaded machine).
  useEffect(() => {
    if (!loaded || !('catalog' in loaded)) return;
    let live = true;
    void indexCatalogInSlices(loaded.catalog.entries, nextTask).then((built) => {
      if (live) setIndex(built);
    });
    return () => {
      live = false;
    };
  }, [loaded]);

  // Ask again when the session changes (signed in or out, another profile).
  useEffect(() => {
    let current = true;
    setRights(undefined);
    void loadSessionRights(services.sendInBackground ?? services.send).then((found) => {
      if (current) setRights(found);
    });
    return () => {
      current = false;
    };
  }, [sessionKey]);

  const results = useMemo(() => (index ? searchCatalog(index, query) : []), [index, query]);
  const total = loaded && 'catalog' in loaded ? loaded.catalog.entries.length : 0;
  const searching = query.trim() !== '';
  const groups = useMemo(() => {
    if (!loaded || !('catalog' in loaded)) return [];
    return loaded.catalog.groups
      .map((group) => ({ ...group, entries: loaded.catalog.entries.filter((entry) => entry.group === group.id) }))
      .filter((group) => group.entries.length > 0);
  }, [loaded]);

  // Stable across the panel's renders (showComposer is not), so the memoised rows keep theirs.
  const showComposerRef = useRef(showComposer);
  showComposerRef.current = showComposer;
  const open = useCallback(
    (entry: CatalogEntry) => {
      workbench.openCatalogEntry(entry);
      showComposerRef.current();
    },
    [workbench],
  );
  const shown = searching && !showAll ? results.slice(0, SHOWN_RESULTS) : results;
  // One Tab stop for the whole list: the current endpoint (the last focused, else the first shown).
  const listed = searching ? shown : groups.flatMap((group) => group.entries);
  const current = listed.some((entry) => entry.id === active) ? active : listed[0]?.id;

  return (
    <section class="kh-side-view" aria-label="Endpoint catalog">
      <PendingFollow workbench={workbench} />
      <div class="kh-side-head">
        <label class="kh-visually-hidden" for="kh-catalog-search">
          Search endpoints
        </label>
        <input
          id="kh-catalog-search"
          class="kh-input"
          type="search"
          placeholder="Search: invoices, put env, membrs…"
          value={query}
          onInput={(event) => {
            setQuery((event.currentTarget as HTMLInputElement).value);
            setShowAll(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) open(results[0]);
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              body.current?.querySelector<HTMLElement>('.kh-endpoint')?.focus();
            }
          }}
        />
        <div class="kh-side-meta">
          <p class="kh-muted kh-side-count" role="status">
            {!loaded
              ? 'Loading the catalog…'
              : 'error' in loaded
                ? 'The catalog could not be loaded.'
                : !searching
                  ? `${total} endpoints`
                  : !index
                    ? 'Preparing the search…'
                    : results.length === 0
                      ? 'No endpoint matches.'
                      : `${results.length} of ${total} endpoints`}
          </p>
          <RightsNote rights={rights} />
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the endpoint buttons inside */}
      <div
        class="kh-side-body"
        ref={body}
        onKeyDown={(event) => {
          const buttons = [...(body.current?.querySelectorAll<HTMLElement>('.kh-endpoint') ?? [])];
          const next = moveInList(buttons.length, buttons.indexOf(event.target as HTMLElement), event.key);
          if (next === undefined) return;
          event.preventDefault();
          if (next < 0) document.getElementById('kh-catalog-search')?.focus();
          else buttons[next]?.focus();
        }}
        onFocusIn={(event) => {
          const id = (event.target as HTMLElement).dataset?.endpointId;
          if (id) setActive(id);
        }}
      >
        {loaded && 'error' in loaded ? (
          <p class="kh-side-empty">
            {loaded.error.message}{' '}
            <button type="button" class="kh-button kh-button--small" onClick={load}>
              Retry
            </button>
          </p>
        ) : searching ? (
          <>
            <ul class="kh-endpoint-list">{endpointRows(shown, rights, open, current)}</ul>
            {shown.length < results.length ? (
              <button type="button" class="kh-button kh-button--small" onClick={() => setShowAll(true)}>
                Show all {results.length} matches
              </button>
            ) : null}
          </>
        ) : (
          <GroupedList groups={groups} rights={rights} current={current} onOpen={open} />
        )}
      </div>
    </section>
  );
}
