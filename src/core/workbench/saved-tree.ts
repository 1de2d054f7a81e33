import { normalizeFolder, type SavedRequest } from './saved-requests.ts';

/**
 * The saved requests as a tree of folders (`Apps/Deploy` is Deploy inside Apps), flattened into the rows a
 * virtualised list draws: only the rows of open folders, or, while filtering, the matches and the folders that
 * lead to them. Pure: the panel keeps which folders are closed and draws the rows it is given.
 *
 * Built once per list (an index) and flattened per keystroke or toggle: 2,000 requests flatten in well under a
 * millisecond, so filtering and opening stay on one frame.
 */
export interface FolderNode {
  path: string;
  name: string;
  folders: FolderNode[];
  requests: SavedRequest[];
  /** Requests in this folder and every folder below it. */
  total: number;
}

export interface SavedIndex {
  root: FolderNode;
  /** Lower-cased `name method path` of each request, what the filter reads. */
  haystack: Map<string, string>;
}

export type TreeRow =
  | {
      kind: 'folder';
      key: string;
      path: string;
      name: string;
      depth: number;
      /** Requests below it (matches only, while filtering). */
      count: number;
      expanded: boolean;
      /** Its place among its siblings, 1-based, and how many they are (aria-posinset / aria-setsize). */
      position: number;
      siblings: number;
    }
  | {
      kind: 'request';
      key: string;
      item: SavedRequest;
      depth: number;
      position: number;
      siblings: number;
    };

export function indexSaved(list: readonly SavedRequest[]): SavedIndex {
  const root: FolderNode = { path: '', name: '', folders: [], requests: [], total: 0 };
  const folders = new Map<string, FolderNode>([['', root]]);
  const folderOf = (path: string): FolderNode => {
    const known = folders.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('/');
    const parent = folderOf(cut < 0 ? '' : path.slice(0, cut));
    const node: FolderNode = { path, name: path.slice(cut + 1), folders: [], requests: [], total: 0 };
    parent.folders.push(node);
    folders.set(path, node);
    return node;
  };
  const haystack = new Map<string, string>();
  for (const item of list) {
    folderOf(normalizeFolder(item.folder)).requests.push(item);
    haystack.set(item.id, `${item.name}\n${item.draft.method}\n${item.draft.path}`.toLowerCase());
  }
  const finish = (node: FolderNode): number => {
    node.folders.sort((a, b) => a.name.localeCompare(b.name));
    node.requests.sort((a, b) => a.order - b.order);
    node.total = node.requests.length + node.folders.reduce((sum, child) => sum + finish(child), 0);
    return node.total;
  };
  finish(root);
  return { root, haystack };
}

/** Whether a request's name, method or path holds every word of the query (any case). */
export function matchesQuery(index: SavedIndex, id: string, words: readonly string[]): boolean {
  const text = index.haystack.get(id) ?? '';
  return words.every((word) => text.includes(word));
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The rows to draw: folders first (by name), then the folder's requests (by order). Without a query a folder
 * shows its content unless `collapsed` names it; with one, only matching requests show, each under every folder
 * that leads to it, open whatever `collapsed` says.
 */
export function flattenTree(index: SavedIndex, collapsed: ReadonlySet<string>, query = ''): TreeRow[] {
  const words = queryWords(query);
  const rows: TreeRow[] = [];
  const filtering = words.length > 0;
  // While filtering: each folder's matching requests and how many matches it holds below (0: left out). One pass
  // over the prepared text, then one over the folders.
  const shown = new Map<FolderNode, SavedRequest[]>();
  const matches = new Map<FolderNode, number>();
  if (filtering) {
    const hits = new Set<string>();
    for (const [id, text] of index.haystack) if (words.every((word) => text.includes(word))) hits.add(id);
    const count = (node: FolderNode): number => {
      const own = node.requests.filter((item) => hits.has(item.id));
      shown.set(node, own);
      let found = own.length;
      for (const child of node.folders) found += count(child);
      matches.set(node, found);
      return found;
    };
    count(index.root);
  }

  const walk = (node: FolderNode, depth: number) => {
    const folders = filtering ? node.folders.filter((child) => (matches.get(child) ?? 0) > 0) : node.folders;
    const requests = filtering ? (shown.get(node) ?? []) : node.requests;
    const siblings = folders.length + requests.length;
    let position = 0;
    for (const child of folders) {
      const expanded = filtering || !collapsed.has(child.path);
      position += 1;
      rows.push({
        kind: 'folder',
        key: `folder:${child.path}`,
        path: child.path,
        name: child.name,
        depth,
        count: filtering ? (matches.get(child) ?? 0) : child.total,
        expanded,
        position,
        siblings,
      });
      if (expanded) walk(child, depth + 1);
    }
    for (const item of requests) {
      position += 1;
      rows.push({ kind: 'request', key: item.id, item, depth, position, siblings });
    }
  };
  walk(index.root, 0);
  return rows;
}

/** Every folder path, parents included (`Apps` for `Apps/Deploy`), sorted: the choices of “Move to…”. */
export function listFolders(list: readonly SavedRequest[]): string[] {
  const all = new Set<string>();
  for (const item of list) {
    const parts = normalizeFolder(item.folder).split('/').filter(Boolean);
    for (let end = 1; end <= parts.length; end += 1) all.add(parts.slice(0, end).join('/'));
  }
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * Moves a request into `folder`, before `beforeId` (a request of that folder) or at its end. Returns the
 * requests to store: the moved one and the target folder renumbered (imports leave equal orders behind).
 */
export function moveToFolder(
  list: readonly SavedRequest[],
  id: string,
  folder: string,
  beforeId?: string,
  now = Date.now(),
): SavedRequest[] {
  const item = list.find((entry) => entry.id === id);
  if (!item || id === beforeId) return [];
  const where = normalizeFolder(folder);
  const siblings = list
    .filter((entry) => normalizeFolder(entry.folder) === where && entry.id !== id)
    .sort((a, b) => a.order - b.order);
  const at = beforeId ? siblings.findIndex((entry) => entry.id === beforeId) : -1;
  const moved: SavedRequest = { ...item, folder: where, updatedAt: now };
  const ordered = at < 0 ? [...siblings, moved] : [...siblings.slice(0, at), moved, ...siblings.slice(at)];
  return ordered
    .map((entry, order) => (entry.order === order && entry !== moved ? undefined : { ...entry, order }))
    .filter((entry): entry is SavedRequest => entry !== undefined);
}

export type TreeKeyResult =
  | { action: 'focus'; index: number }
  | { action: 'toggle'; index: number; path: string }
  | { action: 'open'; index: number; id: string }
  | { action: 'none' };

/**
 * The WAI-ARIA tree pattern's keys on the drawn rows: ↑/↓ move, Home/End jump, → opens a closed folder or goes
 * to its first child, ← closes an open folder or goes to the parent, Enter opens a request or toggles a folder.
 */
export function treeKey(rows: readonly TreeRow[], index: number, key: string): TreeKeyResult {
  const row = rows[index];
  if (!row) return rows.length > 0 && key !== 'Enter' ? { action: 'focus', index: 0 } : { action: 'none' };
  const last = rows.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { action: 'focus', index: Math.min(last, index + 1) };
    case 'ArrowUp':
      return { action: 'focus', index: Math.max(0, index - 1) };
    case 'Home':
      return { action: 'focus', index: 0 };
    case 'End':
      return { action: 'focus', index: last };
    case 'ArrowRight':
      if (row.kind !== 'folder') return { action: 'none' };
      return row.expanded
        ? { action: 'focus', index: Math.min(last, index + 1) }
        : { action: 'toggle', index, path: row.path };
    case 'ArrowLeft': {
      if (row.kind === 'folder' && row.expanded) return { action: 'toggle', index, path: row.path };
      for (let at = index - 1; at >= 0; at -= 1) {
        const above = rows[at] as TreeRow;
        if (above.kind === 'folder' && above.depth === row.depth - 1) return { action: 'focus', index: at };
      }
      return { action: 'none' };
    }
    case 'Enter':
      return row.kind === 'folder'
        ? { action: 'toggle', index, path: row.path }
        : { action: 'open', index, id: row.item.id };
    default:
      return { action: 'none' };
  }
}
