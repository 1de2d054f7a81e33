import { redactUrl } from './redact-secrets.ts';
import { createDraft, type RequestDraft } from './request-draft.ts';

/**
 * The workbench's request tabs: several drafts open at once, one of them active. Pure list operations; the
 * panel keeps each tab's run state and stores the set per DevTools window.
 */

export interface RequestTab {
  id: string;
  draft: RequestDraft;
  /** The saved request this tab was opened from or saved as: Save updates it. */
  savedId?: string;
  /** The saved request's name, shown instead of the method and path. */
  name?: string;
  /**
   * A preview tab (shown in italics, as editors do): what the catalog, history or a followed id opened, replaced
   * by the next thing opened until it is edited, sent or saved. At most one per set.
   */
  preview?: boolean;
}

export interface TabSet {
  tabs: RequestTab[];
  activeId: string;
}

/** More tabs than this and the strip stops being usable; the oldest untouched ones are the user's to close. */
export const MAX_TABS = 30;

export function newTabId(random: () => number = Math.random): string {
  return `tab-${Date.now().toString(36)}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}

export function createTabSet(draft: RequestDraft = createDraft(), id: string = newTabId()): TabSet {
  return { tabs: [{ id, draft }], activeId: id };
}

/** What the strip shows: the saved name, else the method and the path's last two segments. */
export function tabLabel(tab: RequestTab): string {
  if (tab.name) return tab.name;
  const segments = tab.draft.path.split('/').filter(Boolean);
  const tail = segments.slice(-2).join('/');
  return `${tab.draft.method} ${tail ? `/${tail}` : tab.draft.path || '/'}`;
}

/**
 * The name Save offers: the saved name, else the label of the path as it will be saved. The label is read from the
 * typed path, so a secret typed in it (`/v2/self;access_token=…`, `?password=…`) would become the saved request's
 * name, stored and exported in clear, though the saved draft masks it.
 */
export function suggestedSaveName(tab: RequestTab): string {
  return tabLabel({ ...tab, draft: { ...tab.draft, path: redactUrl(tab.draft.path, true) } });
}

export function activeTab(set: TabSet): RequestTab {
  return (set.tabs.find((tab) => tab.id === set.activeId) ?? set.tabs[0]) as RequestTab;
}

/** A tab holding nothing of the user's: a fresh draft, not saved (the caller knows whether it ran anything). */
export function isBlankTab(tab: RequestTab): boolean {
  if (tab.savedId || tab.preview) return false;
  const { signatureMethod: _signature, bridgeAuth: _bridge, ...draft } = tab.draft;
  const { signatureMethod: _s, bridgeAuth: _b, ...fresh } = createDraft();
  return JSON.stringify(draft) === JSON.stringify(fresh);
}

/**
 * Opens `tab` as the preview tab, so that nothing the user was working on is replaced: in place of the active
 * tab if that is the preview or blank (`reusable`), else in place of the preview tab wherever it is, else after
 * the active tab. Returns the new set and the id of the tab it replaced; undefined beyond MAX_TABS.
 */
export function openPreviewTab(
  set: TabSet,
  tab: RequestTab,
  reusable: (tab: RequestTab) => boolean,
): { set: TabSet; replaced?: string } | undefined {
  const preview = { ...tab, preview: true };
  const active = set.tabs.findIndex((item) => item.id === set.activeId);
  const activeTab = set.tabs[active];
  const at =
    activeTab && (activeTab.preview || reusable(activeTab)) ? active : set.tabs.findIndex((item) => item.preview);
  if (at < 0) {
    const added = addTab(set, preview);
    return added ? { set: added } : undefined;
  }
  const tabs = [...set.tabs];
  const replaced = (tabs[at] as RequestTab).id;
  tabs[at] = preview;
  return { set: { tabs, activeId: preview.id }, replaced };
}

/** Makes a preview tab a normal one (it was edited, sent or saved, or double-clicked). */
export function keepTab(set: TabSet, id: string): TabSet {
  return updateTab(set, id, (tab) => {
    if (!tab.preview) return tab;
    const { preview: _preview, ...kept } = tab;
    return kept;
  });
}

/** Adds a tab after the active one and makes it active. Refused (undefined) beyond MAX_TABS. */
export function addTab(set: TabSet, tab: RequestTab): TabSet | undefined {
  if (set.tabs.length >= MAX_TABS) return undefined;
  const at = set.tabs.findIndex((item) => item.id === set.activeId);
  const tabs = [...set.tabs];
  tabs.splice(at < 0 ? tabs.length : at + 1, 0, tab);
  return { tabs, activeId: tab.id };
}

/**
 * Closes a tab. Closing the active one activates its right neighbour (else the left one, as browsers do);
 * closing the last tab leaves one fresh draft, so the composer always has something to edit.
 */
export function closeTab(set: TabSet, id: string, fresh: () => RequestTab): TabSet {
  const at = set.tabs.findIndex((tab) => tab.id === id);
  if (at < 0) return set;
  const tabs = set.tabs.filter((tab) => tab.id !== id);
  if (tabs.length === 0) {
    const only = fresh();
    return { tabs: [only], activeId: only.id };
  }
  if (set.activeId !== id) return { tabs, activeId: set.activeId };
  return { tabs, activeId: (tabs[at] ?? tabs[at - 1] ?? (tabs[0] as RequestTab)).id };
}

export function updateTab(set: TabSet, id: string, change: (tab: RequestTab) => RequestTab): TabSet {
  let changed = false;
  const tabs = set.tabs.map((tab) => {
    if (tab.id !== id) return tab;
    const next = change(tab);
    changed ||= next !== tab;
    return next;
  });
  return changed ? { ...set, tabs } : set;
}

/** Moves a tab one place left (-1) or right (+1) in the strip. */
export function moveTab(set: TabSet, id: string, delta: -1 | 1): TabSet {
  const at = set.tabs.findIndex((tab) => tab.id === id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= set.tabs.length) return set;
  const tabs = [...set.tabs];
  [tabs[at], tabs[to]] = [tabs[to] as RequestTab, tabs[at] as RequestTab];
  return { ...set, tabs };
}
