import { MoreMenu } from '../../../ui/MoreMenu.tsx';
import type { MenuAction } from '../../../ui/PopupMenu.tsx';
import { BodyModeSwitch } from './BodyParts.tsx';
import type { BodyMode } from './body-view-memory.ts';
import { JsonFilterBar } from './JsonFilterBar.tsx';

/**
 * The body viewer's tools in one compact row whatever the width: view (Tree / Pretty / Raw), search with its
 * count and steps (shown once there is a search), the jq filter in the tree, then the secondary actions (the
 * tree's, Copy, Save…) behind "⋯", so a panel docked short keeps its height for the body.
 */
export function BodyToolbar({
  mode,
  onMode,
  query,
  onQuery,
  onSearchEnter,
  count,
  canStep,
  onStep,
  filter,
  note,
  summary,
  actions,
}: {
  /** The view, when the body is JSON (else raw text only, no switch). */
  mode: BodyMode | undefined;
  onMode: (mode: BodyMode) => void;
  query: string;
  onQuery: (query: string) => void;
  /** Enter in the search (Shift+Enter: `backwards`). */
  onSearchEnter: (backwards: boolean) => void;
  /** "3 / 12", "No match"…; undefined without a search. */
  count: string | undefined;
  canStep: boolean;
  onStep: (delta: number) => void;
  filter: { filter: string; onFilter: (filter: string) => void; problem?: string; note?: string } | undefined;
  /** The last action's outcome (copied, saving…). */
  note: string;
  /** How many rows the tree shows (it gives way first when the row is short). */
  summary?: string | undefined;
  actions: MenuAction[];
}) {
  return (
    <div class="kh-body-toolbar" role="toolbar" aria-label="Body tools">
      {mode ? <BodyModeSwitch mode={mode} onMode={onMode} /> : null}
      <label class="kh-visually-hidden" for="kh-body-search">
        Search in the body
      </label>
      <input
        id="kh-body-search"
        class="kh-input kh-body-search"
        type="search"
        placeholder="Search"
        title="Search in the body (Enter: next match, Shift+Enter: previous)"
        value={query}
        onInput={(event) => onQuery((event.currentTarget as HTMLInputElement).value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSearchEnter(event.shiftKey);
        }}
      />
      {count === undefined ? null : (
        <>
          <span class="kh-muted kh-match-count" role="status">
            {count}
          </span>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => onStep(-1)}
            disabled={!canStep}
            aria-label="Previous match"
          >
            ↑
          </button>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => onStep(1)}
            disabled={!canStep}
            aria-label="Next match"
          >
            ↓
          </button>
        </>
      )}
      {filter ? <JsonFilterBar {...filter} /> : <span class="kh-toolbar-spacer" />}
      {summary ? <span class="kh-muted kh-tree-summary">{summary}</span> : null}
      <span class="kh-muted kh-body-note" role="status">
        {note}
      </span>
      <MoreMenu label="More body actions" items={actions} />
    </div>
  );
}
