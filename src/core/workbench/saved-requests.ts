import type { RequestDraft } from './request-draft.ts';

/**
 * Saved requests: a name, a folder (`Apps/Deploy`, '' for none) and a place in it. Pure list operations; the
 * panel stores them in IndexedDB. A saved draft holds no secret (see collection-file.ts's `exportableDraft`,
 * applied on save as well as on export).
 */
export interface SavedRequest {
  id: string;
  name: string;
  folder: string;
  /** Position within its folder, ascending. */
  order: number;
  draft: RequestDraft;
  updatedAt: number;
}

export function newSavedId(random: () => number = Math.random): string {
  return `req-${Date.now().toString(36)}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}

/** A folder path as stored: trimmed segments joined by `/`, no empty ones. */
export function normalizeFolder(folder: string): string {
  return folder
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');
}

/** Folders in order (no folder first, then by name), each with its requests in their order. */
export function groupByFolder(list: readonly SavedRequest[]): { folder: string; requests: SavedRequest[] }[] {
  const folders = [...new Set(list.map((item) => item.folder))].sort((a, b) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  );
  return folders.map((folder) => ({
    folder,
    requests: list.filter((item) => item.folder === folder).sort((a, b) => a.order - b.order),
  }));
}

/** The order a request gets at the end of a folder. */
export function nextOrder(list: readonly SavedRequest[], folder: string): number {
  return Math.max(0, ...list.filter((item) => item.folder === folder).map((item) => item.order + 1));
}

/** Swaps a request with its neighbour in its folder; returns the changed requests (to store). */
export function reorder(list: readonly SavedRequest[], id: string, delta: -1 | 1): SavedRequest[] {
  const item = list.find((entry) => entry.id === id);
  if (!item) return [];
  const siblings = groupByFolder(list).find((group) => group.folder === item.folder)?.requests ?? [];
  const at = siblings.findIndex((entry) => entry.id === id);
  const other = siblings[at + delta];
  if (!other) return [];
  // Renumber the folder so equal orders (from imports) cannot make a swap a no-op.
  const renumbered = siblings.map((entry, index) => ({ ...entry, order: index }));
  const mine = renumbered[at] as SavedRequest;
  const theirs = renumbered[at + delta] as SavedRequest;
  [mine.order, theirs.order] = [theirs.order, mine.order];
  return renumbered;
}

/** A copy named “… copy”, placed right after the original. Returns every request to store. */
export function duplicate(list: readonly SavedRequest[], id: string, newId: string, now: number): SavedRequest[] {
  const item = list.find((entry) => entry.id === id);
  if (!item) return [];
  const siblings = groupByFolder(list).find((group) => group.folder === item.folder)?.requests ?? [];
  const at = siblings.findIndex((entry) => entry.id === id);
  const copy: SavedRequest = { ...structuredClone(item), id: newId, name: `${item.name} copy`, updatedAt: now };
  const ordered = [...siblings.slice(0, at + 1), copy, ...siblings.slice(at + 1)];
  return ordered.map((entry, index) => ({ ...entry, order: index }));
}
