import { useMemo } from 'preact/hooks';
import type { Catalog, CatalogEntry } from '../../../core/platform/catalog.ts';
import { checkRight, type RightCheck, type SessionRights } from '../../../core/platform/session-rights.ts';
import { memo } from '../../../ui/memo.tsx';
import { EndpointButton } from './EndpointButton.tsx';
import { useProgressiveCount } from './use-progressive-count.ts';

export type Group = Catalog['groups'][number] & { entries: CatalogEntry[] };
export type OnOpen = (entry: CatalogEntry) => void;

/** One endpoint in its list item; renders again only when its own check or Tab stop changed. */
const EndpointRow = memo(function EndpointRow({
  entry,
  check,
  onOpen,
  current,
}: {
  entry: CatalogEntry;
  check: RightCheck;
  onOpen: OnOpen;
  current: boolean;
}) {
  return (
    <li>
      <EndpointButton entry={entry} check={check} onOpen={onOpen} tabIndex={current ? 0 : -1} />
    </li>
  );
});

/** The list items of these endpoints (search results or a group's rows); `current` is the Tab stop's id. */
export function endpointRows(
  entries: readonly CatalogEntry[],
  rights: SessionRights | undefined,
  onOpen: OnOpen,
  current: string | undefined,
) {
  return entries.map((entry) => (
    <EndpointRow
      key={entry.id}
      entry={entry}
      check={checkRight(entry, rights)}
      onOpen={onOpen}
      current={entry.id === current}
    />
  ));
}

/**
 * One tag group, memoised: while the list fills, only the group receiving rows renders; the others keep theirs.
 * `current` is the Tab stop's id when it is in this group (else undefined), so moving it renders two groups.
 */
const GroupSection = memo(function GroupSection({
  group,
  limit,
  rights,
  current,
  onOpen,
}: {
  group: Group;
  limit: number;
  rights: SessionRights | undefined;
  current: string | undefined;
  onOpen: OnOpen;
}) {
  return (
    <section
      class="kh-catalog-group"
      aria-labelledby={`kh-catalog-${group.id}`}
      style={`--kh-group-rows: ${group.entries.length}`}
    >
      <h3 id={`kh-catalog-${group.id}`} class="kh-group-heading">
        {group.label} <span class="kh-muted">({group.entries.length})</span>
      </h3>
      <ul class="kh-endpoint-list">{endpointRows(group.entries.slice(0, limit), rights, onOpen, current)}</ul>
    </section>
  );
});

/**
 * The grouped list, rendered in slices (use-progressive-count.ts): the first rows at once, the rest in tasks of
 * their own, each under the 50 ms limit, so opening the panel never blocks its thread on 471 endpoints. Groups
 * out of view skip their style and layout (content-visibility in panel.css).
 */
export function GroupedList({
  groups,
  rights,
  current,
  onOpen,
}: {
  groups: Group[];
  rights: SessionRights | undefined;
  current: string | undefined;
  onOpen: OnOpen;
}) {
  const total = useMemo(() => groups.reduce((sum, group) => sum + group.entries.length, 0), [groups]);
  const shown = useProgressiveCount(total, groups);
  let before = 0;
  const sections = [];
  for (const group of groups) {
    const limit = Math.min(group.entries.length, shown - before);
    before += group.entries.length;
    if (limit <= 0) break;
    const holdsCurrent = current !== undefined && group.entries.some((entry) => entry.id === current);
    sections.push(
      <GroupSection
        key={group.id}
        group={group}
        limit={limit}
        rights={rights}
        current={holdsCurrent ? current : undefined}
        onOpen={onOpen}
      />,
    );
  }
  return <div aria-busy={shown < total}>{sections}</div>;
}
