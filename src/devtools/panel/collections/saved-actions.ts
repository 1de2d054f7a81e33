import { exportableDraft, type ImportedRequest } from '../../../core/workbench/collection-file.ts';
import { REDACTED } from '../../../core/workbench/redact-secrets.ts';
import { activeTab } from '../../../core/workbench/request-tabs.ts';
import { newSavedId, nextOrder, normalizeFolder, type SavedRequest } from '../../../core/workbench/saved-requests.ts';
import { describeMaskedParts } from '../composer/draft-storage.ts';
import type { Workbench } from '../workbench.ts';
import type { SavedRequestStore } from './saved-store.ts';

/**
 * Save, open and import, between the tabs and the saved requests. What is saved is masked like an export: a
 * secret typed in the draft stays in the tab, the saved copy says to type it again.
 */
export async function saveActiveTab(
  workbench: Workbench,
  store: SavedRequestStore,
  { name, folder, asNew }: { name: string; folder: string; asNew: boolean },
): Promise<SavedRequest> {
  const list = await store.list();
  const tab = activeTab(workbench.tabs.get());
  const existing = asNew ? undefined : list.find((item) => item.id === tab.savedId);
  const where = normalizeFolder(folder);
  const draft = exportableDraft(tab.draft);
  const saved: SavedRequest = {
    id: existing?.id ?? newSavedId(),
    // Named after the masked path: a secret typed in it stays in the tab only.
    name: name.trim() || `${draft.method} ${draft.path}`,
    folder: where,
    order: existing && existing.folder === where ? existing.order : nextOrder(list, where),
    draft,
    updatedAt: Date.now(),
  };
  await store.put([saved]);
  workbench.linkTab({ id: saved.id, name: saved.name });
  return saved;
}

/**
 * Ctrl+S on a tab opened from (or saved as) a saved request: updates it under its name and folder. Undefined
 * when the tab is not linked or its record is gone (deleted meanwhile): then the caller asks for a name.
 */
export async function saveActiveTabInPlace(
  workbench: Workbench,
  store: SavedRequestStore,
): Promise<SavedRequest | undefined> {
  const tab = activeTab(workbench.tabs.get());
  if (!tab.savedId) return undefined;
  const existing = (await store.list()).find((item) => item.id === tab.savedId);
  if (!existing) return undefined;
  return saveActiveTab(workbench, store, { name: existing.name, folder: existing.folder, asNew: false });
}

/** Opens a saved request in its own tab (the one already showing it, if any). */
export function openSaved(workbench: Workbench, saved: SavedRequest): void {
  const open = workbench.tabs.get().tabs.find((tab) => tab.savedId === saved.id);
  if (open) {
    workbench.selectTab(open.id);
    return;
  }
  const masked = describeMaskedParts(saved.draft);
  workbench.newTab(
    structuredClone(saved.draft),
    masked.length > 0
      ? [
          `Values were masked when this request was saved (${masked.join('; ')}): they read “${REDACTED}”. Type them again before sending.`,
        ]
      : [],
    { savedId: saved.id, name: saved.name },
  );
}

/** Stores imported requests after the ones already in their folders. */
export async function saveImported(store: SavedRequestStore, imported: readonly ImportedRequest[]): Promise<number> {
  const list = await store.list();
  const added: SavedRequest[] = [];
  const now = Date.now();
  for (const item of imported) {
    const folder = normalizeFolder(item.folder);
    added.push({
      id: newSavedId(),
      name: item.name,
      folder,
      order: nextOrder([...list, ...added], folder),
      draft: exportableDraft(item.draft),
      updatedAt: now,
    });
  }
  if (added.length > 0) await store.put(added);
  return added.length;
}
