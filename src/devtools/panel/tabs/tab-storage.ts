import type { RequestTab, TabSet } from '../../../core/workbench/request-tabs.ts';
import { draftForStorage, reviveDraft } from '../../../core/workbench/stored-draft.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { cancelSave, saveSoon } from '../save-soon.ts';

/**
 * Keeps each DevTools window's request tabs in storage.local under its own key (see `workspace` in services),
 * drafts masked as the single draft always was. An index of workspaces with their last use lets old ones go:
 * a browser restart gives tabs new ids, so their workspaces would otherwise pile up.
 */
const PREFIX = 'keyhole.devtools.tabs.';
const INDEX_KEY = 'keyhole.devtools.tabs-index';
/** Workspaces kept; the least recently used beyond this are forgotten (with their stored responses). */
export const MAX_WORKSPACES = 12;

export function tabSetForStorage(set: TabSet): TabSet {
  return { activeId: set.activeId, tabs: set.tabs.map((tab) => ({ ...tab, draft: draftForStorage(tab.draft) })) };
}

export function reviveTabSet(saved: unknown): TabSet | undefined {
  if (!saved || typeof saved !== 'object') return undefined;
  const value = saved as { tabs?: unknown; activeId?: unknown };
  if (!Array.isArray(value.tabs)) return undefined;
  const tabs: RequestTab[] = [];
  for (const item of value.tabs) {
    if (!item || typeof item !== 'object') continue;
    const raw = item as Partial<RequestTab>;
    const draft = reviveDraft(raw.draft);
    if (typeof raw.id !== 'string' || !draft || tabs.some((tab) => tab.id === raw.id)) continue;
    const tab: RequestTab = { id: raw.id, draft };
    if (typeof raw.savedId === 'string') tab.savedId = raw.savedId;
    if (typeof raw.name === 'string') tab.name = raw.name;
    if (raw.preview === true && !tabs.some((other) => other.preview)) tab.preview = true;
    tabs.push(tab);
  }
  if (tabs.length === 0) return undefined;
  const activeId = tabs.some((tab) => tab.id === value.activeId)
    ? (value.activeId as string)
    : (tabs[0] as RequestTab).id;
  return { tabs, activeId };
}

export async function loadTabSet(storage: KeyValueStorage, workspace: string): Promise<TabSet | undefined> {
  try {
    return reviveTabSet(await storage.get(PREFIX + workspace));
  } catch {
    return undefined;
  }
}

/**
 * Records that this workspace is in use and returns the workspaces to forget (least recently used beyond
 * MAX_WORKSPACES), already removed from the index.
 */
export async function touchWorkspace(storage: KeyValueStorage, workspace: string, now = Date.now()): Promise<string[]> {
  const index = { ...((await storage.get<Record<string, number>>(INDEX_KEY)) ?? {}), [workspace]: now };
  const byAge = Object.entries(index).sort((a, b) => b[1] - a[1]);
  const doomed = byAge.slice(MAX_WORKSPACES).map(([key]) => key);
  for (const key of doomed) {
    delete index[key];
    await storage.set(PREFIX + key, null);
  }
  await storage.set(INDEX_KEY, index);
  return doomed;
}

export function saveTabSetNow(storage: KeyValueStorage, workspace: string, set: TabSet): void {
  cancelSave(storage, PREFIX + workspace);
  storage.set(PREFIX + workspace, tabSetForStorage(set)).catch(() => {
    // A lost save is not worth interrupting the user; the next edit saves again.
  });
}

/**
 * Typing is saved 400 ms after the last key, or as the page goes away (save-soon.ts); opening, closing or switching
 * tabs is saved at once (see tab-session).
 */
export function saveTabSetSoon(storage: KeyValueStorage, workspace: string, set: TabSet): void {
  saveSoon(storage, PREFIX + workspace, () => saveTabSetNow(storage, workspace, set));
}
