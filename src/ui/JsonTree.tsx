import type { ComponentChildren } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { jqPathOfPointer } from '../core/workbench/jq-path.ts';
import { collapseRow, expandRow, flattenJson, type JsonRow, pointersToDepth } from '../core/workbench/json-lines.ts';
import { revealRow } from '../core/workbench/json-reveal.ts';
import { copyText } from './copy-text.ts';
import { clip, clipTo, DETAIL_CHARS, LONG_STRING, markMatches, ValueText } from './JsonTreeValue.tsx';
import type { MenuAction } from './PopupMenu.tsx';
import { VirtualList } from './VirtualList.tsx';
import './JsonTree.css';

/**
 * A collapsible JSON tree that stays smooth on multi-megabyte bodies: it takes the already parsed value, builds
 * rows only for expanded nodes (src/core/workbench/json-lines.ts) and renders only the rows in view. Keyboard: arrows move
 * and open/close, Home/End jump, Enter toggles, Ctrl/Cmd+C copies the focused node.
 */
export interface JsonTreeProps {
  value: unknown;
  label: string;
  /** Levels open at first: 1 shows the root's children. */
  initialDepth?: number;
  /** A JSON Pointer to open up to and focus, each time `revealToken` changes. */
  reveal?: string;
  revealToken?: unknown;
  /** Text to mark in keys and values. */
  highlight?: string;
  rowHeight?: number;
  /** Extra content before a row's value (e.g. a "follow this id" link), and what Enter does on a leaf row. */
  decorate?: JsonTreeDecoration;
  /**
   * Where the tree keeps what the user opened and where they were. Owned by the caller, so it outlives this
   * component: switching to Raw and back, or to Headers and back, reopens the tree as it was left.
   */
  memory?: JsonTreeMemory;
  /** The path "Copy path" copies for a node (a JSON Pointer); a jq path (`.items[0].name`) by default. */
  pathOf?: (pointer: string) => string;
  /**
   * Renders the tree's tool row instead of its own (the response viewer folds these actions into its one compact
   * row, behind a "⋯" menu). Given the tree's actions, its row count and its last notice.
   */
  toolbar?: (tools: JsonTreeTools) => ComponentChildren;
  /**
   * The first rows, when the caller built them beforehand in slices (flattenJsonInSteps with the root open): used
   * only if their root row holds `value` and nothing else was opened before.
   */
  initialRows?: JsonRow[];
}

export interface JsonTreeTools {
  actions: MenuAction[];
  summary: string;
  notice: string;
}

export interface JsonTreeDecoration {
  /** Called for rendered rows only (the tree is virtualised), so it must be cheap. */
  renderBeforeValue(row: JsonRow): ComponentChildren;
  /** Enter on a leaf row; returns true when it handled it. */
  activate?(row: JsonRow): boolean;
}

export interface JsonTreeMemory {
  expanded?: Set<string>;
  /** JSON Pointer of the focused row. */
  active?: string;
}

/** "Expand all" stops at this many rows: enough to read, cheap enough to build in one go. */
const EXPAND_ALL_ROWS = 50_000;
/**
 * …and at this depth: each row's id is its JSON pointer, so a chain opened n levels deep costs n² characters
 * (a 200,000-deep body would need billions). Deeper nodes open one by one.
 */
const EXPAND_ALL_DEPTH = 500;
export function JsonTree({
  value,
  label,
  initialDepth = 1,
  reveal,
  revealToken,
  highlight,
  rowHeight = 20,
  decorate,
  memory,
  pathOf,
  toolbar,
  initialRows,
}: JsonTreeProps) {
  const idBase = useId();
  const expanded = useRef<Set<string>>(new Set());
  const firstRows = useRef<JsonRow[]>([]);
  // The first rows are built during the first render (not in an effect): one frame less before the tree shows.
  const [rows, setRows] = useState<JsonRow[]>(() => {
    // Rows built beforehand, in slices (a 100 MB body's), serve when they are this value's, root open.
    const prebuilt = !memory?.expanded && initialDepth <= 1 && initialRows?.[0]?.value === value;
    expanded.current = memory?.expanded ?? initiallyExpanded(value, initialDepth);
    if (memory) memory.expanded = expanded.current;
    firstRows.current = prebuilt && initialRows ? initialRows : flattenJson(value, expanded.current);
    return firstRows.current;
  });
  const [active, setActive] = useState(() => {
    const index = memory?.active === undefined ? -1 : firstRows.current.findIndex((row) => row.id === memory.active);
    return Math.max(0, index);
  });
  // A restored focus is scrolled into view on mount.
  const [scrollToken, setScrollToken] = useState(() => (memory?.active ? 1 : 0));
  const [notice, setNotice] = useState('');
  const shown = useRef({ value, initialDepth });

  useEffect(() => {
    if (shown.current.value === value && shown.current.initialDepth === initialDepth) return;
    shown.current = { value, initialDepth };
    expanded.current = initiallyExpanded(value, initialDepth);
    if (memory) {
      memory.expanded = expanded.current;
      memory.active = undefined;
    }
    setRows(flattenJson(value, expanded.current));
    setActive(0);
    setNotice('');
  }, [value, initialDepth]);

  useEffect(() => {
    if (reveal === undefined) return;
    // Only the closed ancestors' children are built: rebuilding every row was a task of over a second at 100 MB.
    const { rows: next, index } = revealRow(rows, reveal, expanded.current);
    setRows(next);
    if (index >= 0) {
      setActive(index);
      setScrollToken((token) => token + 1);
    }
  }, [revealToken]);

  const toggle = (index: number, open?: boolean) => {
    const row = rows[index];
    if (!row || row.size === 0) return;
    if (row.expanded && open !== true) {
      expanded.current.delete(row.id);
      setRows(collapseRow(rows, index));
    } else if (!row.expanded && open !== false) {
      expanded.current.add(row.id);
      setRows(expandRow(rows, index, expanded.current));
    }
  };

  const moveTo = (index: number) => {
    const bounded = Math.max(0, Math.min(rows.length - 1, index));
    setActive(bounded);
    setScrollToken((token) => token + 1);
  };

  const expandAll = () => {
    expanded.current = pointersToDepth(value, EXPAND_ALL_DEPTH, EXPAND_ALL_ROWS);
    if (memory) memory.expanded = expanded.current;
    const next = flattenJson(value, expanded.current);
    setRows(next);
    setNotice(
      next.length >= EXPAND_ALL_ROWS * 0.9 || hasClosedContainer(next)
        ? `Opened as much as fits in ${EXPAND_ALL_ROWS.toLocaleString('en')} rows and ${EXPAND_ALL_DEPTH} levels; open the rest node by node.`
        : '',
    );
  };

  const collapseAll = () => {
    expanded.current = new Set(['']);
    if (memory) memory.expanded = expanded.current;
    setRows(flattenJson(value, expanded.current));
    setActive(0);
    setNotice('');
  };

  const copyActive = async (what: 'value' | 'path') => {
    const row = rows[active];
    if (!row) return;
    const path = pathOf ? pathOf(row.id) : jqPathOfPointer(value, row.id);
    try {
      await copyText(
        what === 'path' ? path : typeof row.value === 'string' ? row.value : JSON.stringify(row.value, null, 2),
      );
      setNotice(what === 'path' ? `Copied the path ${clipTo(path, 80)}` : 'Copied the value.');
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const row = rows[active];
    if (!row) return;
    const page = Math.max(1, Math.floor(((event.currentTarget as HTMLElement).clientHeight || 400) / rowHeight) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1);
        break;
      case 'ArrowUp':
        moveTo(active - 1);
        break;
      case 'PageDown':
        moveTo(active + page);
        break;
      case 'PageUp':
        moveTo(active - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.size > 0 && !row.expanded) toggle(active, true);
        else if (row.expanded) moveTo(active + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded) toggle(active, false);
        else if (row.depth > 0) {
          let parent = active - 1;
          while (parent > 0 && (rows[parent] as JsonRow).depth >= row.depth) parent -= 1;
          moveTo(parent);
        }
        break;
      case 'Enter':
        if (row.size === 0 && decorate?.activate?.(row)) break;
        toggle(active);
        break;
      case ' ':
        toggle(active);
        break;
      case 'c':
      case 'C':
        if (!(event.ctrlKey || event.metaKey) || window.getSelection()?.toString()) return;
        void copyActive('value');
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const renderRow = (index: number) => {
    const row = rows[index] as JsonRow;
    const isActive = index === active;
    const container = row.kind === 'object' || row.kind === 'array';
    return (
      // biome-ignore lint/a11y/useFocusableInteractive: the tree holds focus and points at rows with aria-activedescendant
      // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's onKeyDown handles the keyboard for every row
      <div
        key={row.id}
        id={`${idBase}-row-${index}`}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-expanded={container && row.size > 0 ? row.expanded : undefined}
        aria-selected={isActive}
        class={`kh-tree-row${isActive ? ' kh-tree-row--active' : ''}`}
        style={{ height: `${rowHeight}px`, paddingLeft: `${row.depth * 16 + 4}px` }}
        onClick={() => {
          setActive(index);
          if (container) toggle(index);
        }}
      >
        <span class="kh-tree-toggle" aria-hidden="true">
          {container && row.size > 0 ? (row.expanded ? '▾' : '▸') : ''}
        </span>
        {row.key !== null ? (
          <>
            <span class={typeof row.key === 'number' ? 'kh-json-index' : 'kh-json-key'}>
              {typeof row.key === 'number' ? row.key : markMatches(clip(row.key), highlight)}
            </span>
            <span class="kh-json-punct">: </span>
          </>
        ) : null}
        {decorate?.renderBeforeValue(row)}
        <ValueText row={row} highlight={highlight} />
      </div>
    );
  };

  const activeRow = rows[active];
  if (memory) memory.active = activeRow?.id;
  const longText = activeRow?.kind === 'string' && (activeRow.value as string).length > LONG_STRING;
  const summary = useMemo(() => `${rows.length.toLocaleString('en')} rows shown`, [rows.length]);

  return (
    <div class="kh-tree">
      {toolbar ? (
        toolbar({
          actions: [
            { label: 'Expand all', run: expandAll },
            { label: 'Collapse all', run: collapseAll },
            { label: 'Copy value', run: () => void copyActive('value'), disabled: !activeRow },
            { label: 'Copy path', run: () => void copyActive('path'), disabled: !activeRow },
          ],
          summary,
          notice,
        })
      ) : (
        <div class="kh-tree-toolbar" role="toolbar" aria-label={`${label} tools`}>
          <button type="button" class="kh-button kh-button--small" onClick={expandAll}>
            Expand all
          </button>
          <button type="button" class="kh-button kh-button--small" onClick={collapseAll}>
            Collapse all
          </button>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => void copyActive('value')}
            disabled={!activeRow}
          >
            Copy value
          </button>
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => void copyActive('path')}
            disabled={!activeRow}
          >
            Copy path
          </button>
          <span class="kh-muted kh-tree-summary">{summary}</span>
          <span class="kh-muted" role="status">
            {notice}
          </span>
        </div>
      )}
      <VirtualList
        class="kh-tree-rows"
        role="tree"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={activeRow ? `${idBase}-row-${active}` : undefined}
        count={rows.length}
        rowHeight={rowHeight}
        renderRow={renderRow}
        scrollToIndex={active}
        scrollToken={scrollToken}
        scrollAlign="center"
        onKeyDown={onKeyDown}
      />
      {longText ? (
        <section class="kh-tree-detail" aria-label="Full text of the focused value">
          <div class="kh-tree-detail-head kh-muted">
            {jqPathOfPointer(value, activeRow.id)} · {(activeRow.value as string).length.toLocaleString('en')}{' '}
            characters
          </div>
          <div class="kh-tree-detail-text">{clipTo(activeRow.value as string, DETAIL_CHARS)}</div>
        </section>
      ) : null}
    </div>
  );
}

/** The root always opens, however many children it has: rows are cheap, only the window is rendered. */
function initiallyExpanded(value: unknown, depth: number): Set<string> {
  return depth <= 1 ? new Set(['']) : pointersToDepth(value, depth, EXPAND_ALL_ROWS);
}

function hasClosedContainer(rows: readonly JsonRow[]): boolean {
  for (const row of rows) if (row.size > 0 && !row.expanded) return true;
  return false;
}
