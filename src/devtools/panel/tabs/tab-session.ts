import type { CallOutcome } from '../../../core/workbench/history-entry.ts';
import { createDraft, type RequestDraft } from '../../../core/workbench/request-draft.ts';
import {
  activeTab,
  addTab,
  closeTab,
  createTabSet,
  isBlankTab,
  keepTab,
  MAX_TABS,
  moveTab,
  newTabId,
  openPreviewTab,
  type RequestTab,
  type TabSet,
  updateTab,
} from '../../../core/workbench/request-tabs.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { createStore, type Store } from '../store.ts';
import type { RunState } from '../workbench.ts';
import { createResponseKeeper } from './tab-response-keeper.ts';
import type { TabResponseStore } from './tab-responses.ts';
import { loadTabSet, saveTabSetNow, saveTabSetSoon, touchWorkspace } from './tab-storage.ts';

/**
 * The request tabs behind the workbench. The composer and the response pane keep reading the workbench's
 * `draft`, `run`, `attempted` and `notices` stores: those always hold the active tab's state, and switching
 * tabs parks the old tab's values here and loads the new one's. A call keeps running when its tab is left; its
 * result lands in that tab.
 */
interface Parked {
  run: RunState;
  attempted: boolean;
  notices: string[];
}

export interface ActiveStores {
  draft: Store<RequestDraft>;
  run: Store<RunState>;
  attempted: Store<boolean>;
  notices: Store<string[]>;
}

export interface TabSession {
  tabs: Store<TabSet>;
  select(id: string): void;
  /** Opens a draft in a new tab (after the active one); false when MAX_TABS are open. */
  add(draft?: RequestDraft, extra?: Partial<Omit<RequestTab, 'id' | 'draft'>>): boolean;
  /**
   * Opens a draft in the preview tab (core's openPreviewTab): a blank or preview active tab is replaced, any
   * other keeps its draft and response. The replaced tab's response goes with it. False when MAX_TABS are open.
   */
  preview(draft: RequestDraft): boolean;
  /** Makes a preview tab a normal one (sent, saved, double-clicked). */
  keep(id: string): void;
  close(id: string): void;
  /**
   * The tabs closed in this window with something in them, the last closed last (at most CLOSED_KEPT, this page's
   * memory only): a tab closed by mistake, edits and all, comes back with `reopen`.
   */
  closed: Store<RequestTab[]>;
  /**
   * Opens the last closed tab again (its draft as it was, still linked to its saved request, the response it showed
   * in this page); false if none.
   */
  reopen(): boolean;
  move(id: string, delta: -1 | 1): void;
  /** Names the active tab after a saved request (or unlinks it with undefined). */
  link(saved: { id: string; name: string } | undefined): void;
  runOf(tabId: string): RunState;
  setRunOf(tabId: string, state: RunState): void;
  /** Call `requestId`'s result is shown in the tab (`run`): a reload brings it back, or says it could not. */
  showResponse(tabId: string, requestId: string, run: RunState): void;
  /** Keeps a finished call's response for the tab, as history keeps it (tab-response-keeper.ts says when). */
  keepResponse(tabId: string, requestId: string, outcome: CallOutcome): void;
  /** The tab shows what is not kept (a live stream): no older response comes back in its place after a reload. */
  forgetResponse(tabId: string): void;
  /**
   * Loads this window's tabs (and their last responses). `typed` tells what the user edited while they loaded,
   * asked once they are in: an edit made at any moment before is kept, in a tab of its own.
   */
  restore(typed: () => RequestDraft | undefined): Promise<boolean>;
  dispose(): void;
}

const IDLE: RunState = { phase: 'idle' };
/** How many closed tabs can be reopened. */
export const CLOSED_KEPT = 10;
const isEmptyRun = (state: RunState) => state.phase === 'idle' && !state.lost;

export function createTabSession(
  active: ActiveStores,
  storage: KeyValueStorage,
  responses: TabResponseStore,
  // Asked once, when first needed, not while the panel draws its first frame (browser-services.ts says why).
  workspaceOf: () => string,
): TabSession {
  let key: string | undefined;
  const workspace = () => (key ??= workspaceOf());
  const { draft, run, attempted, notices } = active;
  const tabs = createStore<TabSet>(createTabSet(draft.get()));
  const parked = new Map<string, Parked>();
  const closed = createStore<RequestTab[]>([]);
  // What the last closed tab showed (its response), or that its call was still out: for `reopen`, this page's memory
  // only, and for that tab only (the note's Reopen brings back the last; a response may weigh megabytes).
  let closedRun: { tab: RequestTab; state: RunState } | undefined;
  const activeId = () => tabs.get().activeId;
  let restored = false;
  const keeper = createResponseKeeper(
    responses,
    storage,
    workspace,
    (id) => tabs.get().tabs.some((tab) => tab.id === id),
    function* outstanding() {
      for (const tab of tabs.get().tabs) {
        const state = session.runOf(tab.id);
        if (state.phase === 'sending') yield [tab.id, { id: state.requestId, startedAt: state.startedAt }];
      }
    },
  );
  // While a preview opens, the context may fill its ids: that is not the user editing it.
  let opening = false;

  // The active tab's draft follows every edit (an edit keeps a preview tab); the set is saved (masked) shortly after.
  const stopDraft = draft.subscribe((value) => {
    tabs.update((set) =>
      updateTab(set, set.activeId, (tab) => {
        if (tab.draft === value) return tab;
        const { preview: _preview, ...kept } = tab;
        return opening ? { ...tab, draft: value } : { ...kept, draft: value };
      }),
    );
  });
  // Which tabs are open and which is active is saved at once (a reload right after a switch keeps it); drafts
  // being typed are saved shortly after the last key.
  const shape = (set: TabSet) =>
    JSON.stringify([set.activeId, set.tabs.map((tab) => [tab.id, tab.savedId, tab.name, tab.preview])]);
  let savedShape = shape(tabs.get());
  const stopSave = tabs.subscribe((set) => {
    if (!restored) return;
    const now = shape(set);
    if (now !== savedShape) saveTabSetNow(storage, workspace(), set);
    else saveTabSetSoon(storage, workspace(), set);
    savedShape = now;
  });

  const park = () => parked.set(activeId(), { run: run.get(), attempted: attempted.get(), notices: notices.get() });
  const load = () => {
    const id = activeId();
    const values = parked.get(id);
    parked.delete(id);
    draft.set(activeTab(tabs.get()).draft);
    run.set(values?.run ?? IDLE);
    attempted.set(values?.attempted ?? false);
    notices.set(values?.notices ?? []);
  };

  const session: TabSession = {
    tabs,
    select(id) {
      if (id === activeId() || !tabs.get().tabs.some((tab) => tab.id === id)) return;
      park();
      tabs.set({ ...tabs.get(), activeId: id });
      load();
    },
    add(next = createDraft(), extra = {}) {
      const added = addTab(tabs.get(), { ...extra, id: newTabId(), draft: next });
      if (!added) {
        notices.set([`${MAX_TABS} tabs are open: close one to open another.`]);
        return false;
      }
      park();
      tabs.set(added);
      load();
      return true;
    },
    preview(next) {
      const opened = openPreviewTab(
        tabs.get(),
        { id: newTabId(), draft: next },
        // A tab saying its last response was not kept (a reload) shows the user's, as it did with the response.
        (tab) => isBlankTab(tab) && isEmptyRun(session.runOf(tab.id)),
      );
      if (!opened) {
        notices.set([`${MAX_TABS} tabs are open: close one to open another.`]);
        return false;
      }
      if (opened.replaced !== activeId()) park();
      if (opened.replaced) {
        parked.delete(opened.replaced);
        keeper.forget(opened.replaced);
      }
      tabs.set(opened.set);
      opening = true;
      try {
        load();
      } finally {
        opening = false;
      }
      return true;
    },
    keep(id) {
      tabs.update((set) => keepTab(set, id));
    },
    closed,
    close(id) {
      const wasActive = id === activeId();
      const tab = tabs.get().tabs.find((item) => item.id === id);
      // Closing asks nothing (a scratch tab closes in one click): what it held can be reopened instead.
      if (tab && !isBlankTab(tab)) {
        const { preview: _preview, ...kept } = tab;
        const state = session.runOf(id);
        const shown = state.phase === 'done' || state.phase === 'failed' || state.phase === 'sending';
        closedRun = shown ? { tab: kept, state } : undefined;
        closed.set([...closed.get(), kept].slice(-CLOSED_KEPT));
      }
      const next = closeTab(tabs.get(), id, () => ({ id: newTabId(), draft: createDraft() }));
      parked.delete(id);
      tabs.set(next);
      keeper.forget(id);
      if (wasActive) load();
    },
    reopen() {
      const last = closed.get().at(-1);
      if (!last) return false;
      const { id: _id, draft: kept, ...extra } = last;
      // One tab per saved request (openSaved selects it): opened again meanwhile, this one comes back unlinked, or two
      // tabs named alike would each save over the other's edits.
      const openAgain = last.savedId !== undefined && tabs.get().tabs.some((tab) => tab.savedId === last.savedId);
      const { savedId: _saved, name: _name, ...unlinked } = extra;
      if (!session.add(kept, openAgain ? unlinked : extra)) return false;
      closed.set(closed.get().slice(0, -1));
      const said = openAgain
        ? [`“${last.name ?? 'This request'}” is open in another tab: this one came back as an unsaved copy.`]
        : [];
      // Its response comes back with it. A call still out when it was closed lands in History, not in any tab: said
      // so, lest a write be sent twice.
      const state = closedRun?.tab === last ? closedRun.state : undefined;
      closedRun = undefined;
      if (state?.phase === 'sending')
        said.push('This tab’s call was still out when it was closed: its answer is in History, not here.');
      else if (state) run.set(state);
      if (said.length > 0) notices.set(said);
      return true;
    },
    move(id, delta) {
      tabs.set(moveTab(tabs.get(), id, delta));
    },
    link(saved) {
      tabs.update((set) =>
        updateTab(set, set.activeId, (tab) => {
          const { savedId: _id, name: _name, preview: _preview, ...rest } = tab;
          return saved ? { ...rest, savedId: saved.id, name: saved.name } : rest;
        }),
      );
    },
    runOf(tabId) {
      return tabId === activeId() ? run.get() : (parked.get(tabId)?.run ?? IDLE);
    },
    setRunOf(tabId, state) {
      if (tabId === activeId()) run.set(state);
      else if (tabs.get().tabs.some((tab) => tab.id === tabId))
        parked.set(tabId, { attempted: false, notices: [], ...parked.get(tabId), run: state });
      // A closed tab's late result has nowhere to go.
    },
    showResponse: (tabId, requestId, state) => keeper.shown(tabId, requestId, state),
    keepResponse: (tabId, requestId, outcome) => keeper.keep(tabId, requestId, outcome),
    forgetResponse: (tabId) => keeper.forget(tabId),
    async restore(typedNow) {
      const [saved, forgotten] = await Promise.all([
        loadTabSet(storage, workspace()),
        touchWorkspace(storage, workspace()).catch(() => [] as string[]),
      ]);
      const typed = typedNow();
      keeper.forgetWorkspaces(forgotten);
      restored = true;
      if (!saved) {
        saveTabSetSoon(storage, workspace(), tabs.get());
        // No tab to bring a response back to; a response shown meanwhile gets its mark written.
        await keeper.restore([]);
        return false;
      }
      let set = saved;
      // The tab keeps its id: a response it shows meanwhile is marked and kept under it (tab-response-keeper.ts).
      if (typed) set = addTab(set, { id: activeId(), draft: typed }) ?? set;
      savedShape = shape(set);
      tabs.set(set);
      draft.set(activeTab(set).draft);
      const states = await keeper.restore(set.tabs.map((tab) => tab.id));
      // Something sent meanwhile wins over what was kept.
      for (const [tabId, state] of states) if (session.runOf(tabId).phase === 'idle') session.setRunOf(tabId, state);
      return true;
    },
    dispose() {
      stopDraft();
      stopSave();
      keeper.dispose();
    },
  };
  return session;
}
