import { useMemo, useRef, useState } from 'preact/hooks';
import type { SavedRequest } from '../../../core/workbench/saved-requests.ts';
import { flattenTree, indexSaved, type TreeRow, treeKey } from '../../../core/workbench/saved-tree.ts';
import { type MenuAction, PopupMenu } from '../../../ui/PopupMenu.tsx';
import { VirtualList } from '../../../ui/VirtualList.tsx';
import { MethodBadge } from '../MethodBadge.tsx';
import { toggled } from './collapsed-folders.ts';

/**
 * The saved requests as a WAI-ARIA tree, virtualised: only the rows in view are in the page, so 2,000 requests
 * cost what 30 do. The tree itself holds focus and points at the current row with aria-activedescendant (a
 * row scrolled away leaves the page, focus must not go with it). ↑/↓/←/→/Home/End move and open folders, Enter
 * opens, F2 renames, Delete deletes (after a confirmation), Shift+F10 or the context-menu key opens the row's
 * “⋯” menu. A request can be dragged onto a folder (into it) or onto another request (before it).
 */
const ROW_HEIGHT = 26;
const DRAG_TYPE = 'application/x-keyhole-saved-request';

export interface SavedTreeActions {
  open(item: SavedRequest): void;
  rename(item: SavedRequest): void;
  moveTo(item: SavedRequest): void;
  remove(item: SavedRequest): void;
  /** Moves a dropped request into `folder`, before `beforeId` when dropped on a request. */
  drop(id: string, folder: string, beforeId?: string): void;
  /** The rest of the row's menu (duplicate, up, down). */
  more(item: SavedRequest): MenuAction[];
}

export function SavedTree({
  list,
  query,
  collapsed,
  onCollapsed,
  actions,
}: {
  list: readonly SavedRequest[];
  query: string;
  collapsed: ReadonlySet<string>;
  onCollapsed: (next: ReadonlySet<string>) => void;
  actions: SavedTreeActions;
}) {
  const index = useMemo(() => indexSaved(list), [list]);
  const rows = useMemo(() => flattenTree(index, collapsed, query), [index, collapsed, query]);
  const [activeKey, setActiveKey] = useState<string>();
  const [scrollToken, setScrollToken] = useState(0);
  const [menu, setMenu] = useState<{ item: SavedRequest; x: number; y: number }>();
  const [dropKey, setDropKey] = useState<string>();
  const tree = useRef<HTMLDivElement>(null);
  const found = rows.findIndex((row) => row.key === activeKey);
  // Filtered, the first matching request is current (↓ from the filter, then Enter, opens it); else the first row.
  const firstMatch = query.trim() === '' ? -1 : rows.findIndex((row) => row.kind === 'request');
  const active = found >= 0 ? found : firstMatch >= 0 ? firstMatch : rows.length > 0 ? 0 : -1;

  const focusRow = (at: number) => {
    const row = rows[at];
    if (!row) return;
    setActiveKey(row.key);
    setScrollToken((token) => token + 1);
  };
  const focusTree = () => tree.current?.querySelector<HTMLElement>('[role="tree"]')?.focus();
  const closeMenu = () => {
    setMenu(undefined);
    focusTree();
  };
  const openMenu = (item: SavedRequest, x: number, y: number) => setMenu({ item, x, y });
  const menuAt = (at: number, item: SavedRequest) => {
    const element = tree.current?.querySelector(`#kh-saved-row-${at}`);
    const box = element?.getBoundingClientRect();
    openMenu(item, box ? box.right - 200 : 40, box ? box.bottom : 40);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const row = rows[active];
    if (row?.kind === 'request' && (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) {
      event.preventDefault();
      menuAt(active, row.item);
      return;
    }
    if (row?.kind === 'request' && event.key === 'F2') {
      event.preventDefault();
      actions.rename(row.item);
      return;
    }
    if (row?.kind === 'request' && event.key === 'Delete') {
      event.preventDefault();
      actions.remove(row.item);
      return;
    }
    const result = treeKey(rows, active, event.key);
    if (result.action === 'none') return;
    event.preventDefault();
    if (result.action === 'focus') focusRow(result.index);
    else if (result.action === 'toggle') onCollapsed(toggled(collapsed, result.path));
    else if (row?.kind === 'request') actions.open(row.item);
  };

  const rowProps = (row: TreeRow) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropKey(row.key);
    },
    onDragLeave: () => setDropKey((key) => (key === row.key ? undefined : key)),
    onDrop: (event: DragEvent) => {
      const id = event.dataTransfer?.getData(DRAG_TYPE);
      setDropKey(undefined);
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      if (row.kind === 'folder') actions.drop(id, row.path);
      else actions.drop(id, row.item.folder, row.item.id);
    },
  });

  const renderRow = (at: number) => {
    const row = rows[at] as TreeRow;
    const current = at === active;
    const classes = `kh-saved-row${current ? ' kh-saved-row--active' : ''}${dropKey === row.key ? ' kh-saved-row--drop' : ''}`;
    const own =
      row.kind === 'folder'
        ? {
            class: `${classes} kh-saved-folder-row`,
            'aria-expanded': row.expanded,
            title: row.path,
            onClick: () => {
              setActiveKey(row.key);
              onCollapsed(toggled(collapsed, row.path));
              focusTree();
            },
          }
        : {
            class: `${classes} kh-saved-item`,
            title: `${row.item.name}\n${row.item.draft.method} ${row.item.draft.path}${row.item.folder ? `\nin ${row.item.folder}` : ''}`,
            draggable: true,
            onDragStart: (event: DragEvent) => {
              event.dataTransfer?.setData(DRAG_TYPE, row.item.id);
              if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
            },
            onClick: () => {
              setActiveKey(row.key);
              focusTree();
              actions.open(row.item);
            },
            onContextMenu: (event: MouseEvent) => {
              event.preventDefault();
              setActiveKey(row.key);
              openMenu(row.item, event.clientX, event.clientY);
            },
          };
    return (
      // biome-ignore lint/a11y/useFocusableInteractive: the tree holds focus and points at rows with aria-activedescendant
      <div
        key={row.key}
        id={`kh-saved-row-${at}`}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-posinset={row.position}
        aria-setsize={row.siblings}
        aria-selected={current}
        style={{ paddingLeft: `${4 + row.depth * 14}px`, height: `${ROW_HEIGHT}px` }}
        {...rowProps(row)}
        {...own}
      >
        {row.kind === 'folder' ? (
          <>
            <span class="kh-saved-twisty" aria-hidden="true">
              {row.expanded ? '▾' : '▸'}
            </span>
            <span class="kh-saved-folder-name">{row.name}</span>
            <span class="kh-visually-hidden">,</span>{' '}
            <span class="kh-saved-count kh-muted">
              {row.count}
              <span class="kh-visually-hidden"> request{row.count === 1 ? '' : 's'}</span>
            </span>
          </>
        ) : (
          <RequestContent
            item={row.item}
            onMore={(box) => {
              setActiveKey(row.key);
              openMenu(row.item, box.right - 200, box.bottom);
            }}
          />
        )}
      </div>
    );
  };

  const menuItem = menu?.item;
  return (
    <>
      {rows.length === 0 ? (
        <p class="kh-muted kh-side-empty" role="status">
          No saved request matches “{query}”.
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged rows (the keyboard has “Move to…”) */}
      <div
        ref={tree}
        class="kh-saved-tree-box"
        onDragOver={(event) => {
          if (event.dataTransfer?.types.includes(DRAG_TYPE)) event.preventDefault();
        }}
        onDrop={(event) => {
          // Dropped below the last row: out of every folder.
          const id = event.dataTransfer?.getData(DRAG_TYPE);
          if (id) {
            event.preventDefault();
            actions.drop(id, '');
          }
        }}
      >
        <VirtualList
          class="kh-saved-tree"
          role="tree"
          aria-label="Saved requests"
          aria-activedescendant={active >= 0 ? `kh-saved-row-${active}` : undefined}
          tabIndex={0}
          count={rows.length}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          scrollToIndex={active}
          scrollToken={scrollToken}
          onKeyDown={onKeyDown}
        />
      </div>
      {menu && menuItem ? (
        <PopupMenu
          label={`Actions for ${menuItem.name}`}
          at={{ x: menu.x, y: menu.y }}
          onClose={closeMenu}
          actions={[
            { label: 'Open', keys: 'Enter', run: () => actions.open(menuItem) },
            { label: 'Rename…', keys: 'F2', run: () => actions.rename(menuItem) },
            { label: 'Move to…', run: () => actions.moveTo(menuItem) },
            ...actions.more(menuItem),
            { label: 'Delete…', keys: 'Delete', danger: true, run: () => actions.remove(menuItem) },
          ]}
        />
      ) : null}
    </>
  );
}

/** A request row's content: method, name (cut in the middle), and the mouse's “⋯”. */
function RequestContent({ item, onMore }: { item: SavedRequest; onMore: (box: DOMRect) => void }) {
  const [head, tail] = splitName(item.name);
  return (
    <>
      <span class="kh-saved-twisty" aria-hidden="true" />
      <MethodBadge method={item.draft.method} />{' '}
      <span class="kh-saved-name">
        <span class="kh-saved-name-head">{head}</span>
        {tail ? <span class="kh-saved-name-tail">{tail}</span> : null}
      </span>
      {/* For the mouse: the keyboard opens the same menu with Shift+F10, so the row's name stays its own. */}
      <button
        type="button"
        class="kh-icon-button kh-saved-more"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={`Actions for ${item.name}`}
        title="Actions (Shift+F10)"
        onClick={(event) => {
          event.stopPropagation();
          onMore((event.currentTarget as HTMLElement).getBoundingClientRect());
        }}
      >
        ⋯
      </button>
    </>
  );
}

/**
 * A long name cut in the middle rather than at its end: imported names often differ only in their last words
 * (“… of an organisation” / “… of the user”), which an end ellipsis hides. The tail never shrinks.
 */
export function splitName(name: string): [string, string] {
  if (name.length <= 24) return [name, ''];
  const cut = name.length - 14;
  const space = name.indexOf(' ', cut - 6);
  const at = space >= 0 && space < name.length - 4 ? space : cut;
  return [name.slice(0, at), name.slice(at)];
}
