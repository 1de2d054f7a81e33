import type { KeyholeErrorData } from '../../core/errors.ts';
import type { AccountSummary } from '../../core/platform/account-summary.ts';
import type { CatalogEntry } from '../../core/platform/catalog.ts';
import type { SendRequest, SendResponse, SessionStatus } from '../../core/protocol.ts';
import type { StreamKind } from '../../core/streams/stream-endpoints.ts';
import type { HistoryBody, HistoryEntry } from '../../core/workbench/history-entry.ts';
import type { DraftIssue, RequestDraft } from '../../core/workbench/request-draft.ts';
import type { RequestTab, TabSet } from '../../core/workbench/request-tabs.ts';
import type { CheckOutcomes } from '../../core/workbench/run/evaluate-checks.ts';
import type { VariableScope } from '../../core/workbench/variable-scope.ts';
import type { SavedRequestStore } from './collections/saved-store.ts';
import type { PickerLists } from './composer/picker-lists.ts';
import type { PendingReplace } from './replace-confirm.ts';
import type { Store } from './store.ts';

/**
 * The workbench's state and the actions on it: the request tabs, the active tab's draft and its call in flight
 * or result, the session (for the profile's addresses) and the account summary behind the placeholder pickers.
 * Views change the draft through `open`; the composer edits it; nothing here touches the DOM.
 */
/** A tab's response kept across a reload (see tabs/tab-responses.ts); `bodyDropped` when it was too large to keep. */
export interface RestoredMark {
  bodyDropped: boolean;
}

/**
 * A tab's last response that a reload could not bring back: it was shown, but the panel reloaded before it was
 * stored (tabs/tab-response-keeper.ts). The pane says so instead of showing an older one.
 */
export interface LostResponse {
  startedAt: number;
  /** Its status line ("200 OK") or, for a call that failed, "failed: " and the error's code. */
  summary: string;
  /** The call was still out when the page went: no answer came to this page (the platform may have acted on it). */
  unanswered?: true;
}

export type RunState =
  | { phase: 'idle'; lost?: LostResponse }
  | { phase: 'sending'; requestId: string; request: SendRequest; startedAt: number }
  | {
      phase: 'done';
      request: SendRequest;
      response: SendResponse;
      startedAt: number;
      fromHistory?: HistoryEntry;
      restored?: RestoredMark;
      /** The request's assertions and captures, judged once the whole body was in. */
      checks?: CheckOutcomes;
    }
  | {
      phase: 'failed';
      request: SendRequest;
      error: KeyholeErrorData;
      startedAt: number;
      fromHistory?: HistoryEntry;
      restored?: RestoredMark;
    }
  /** A live stream (log lines, platform events): the response pane holds it open (response/StreamView.tsx). */
  | { phase: 'streaming'; streamId: string; kind: StreamKind; request: SendRequest; startedAt: number };

export type SessionState =
  | { state: 'loading' }
  | { state: 'ready'; status: SessionStatus }
  | { state: 'error'; error: KeyholeErrorData };

export type SummaryState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; summary: AccountSummary }
  | { state: 'error'; error: KeyholeErrorData };

export type { PendingReplace } from './replace-confirm.ts';

export interface Workbench {
  /** The open request tabs of this DevTools window; `draft`, `run`, `attempted` and `notices` are the active tab's. */
  tabs: Store<TabSet>;
  selectTab(id: string): void;
  /** Opens a draft (a fresh one by default) in a new tab. */
  newTab(draft?: RequestDraft, notices?: string[], extra?: Partial<Omit<RequestTab, 'id' | 'draft'>>): void;
  closeTab(id: string): void;
  /** Tabs closed with something in them, the last closed last (tab-session.ts); `reopenTab` brings the last back. */
  closedTabs: Store<RequestTab[]>;
  reopenTab(): boolean;
  /** Makes a preview tab a normal one (a double click on it). */
  keepTab(id: string): void;
  moveTab(id: string, delta: -1 | 1): void;
  /** Names the active tab after a saved request, so Save updates it (undefined unlinks). */
  linkTab(saved: { id: string; name: string } | undefined): void;
  /** The saved requests (collections), shared by the Save button and the Saved view. */
  saved: SavedRequestStore;
  draft: Store<RequestDraft>;
  run: Store<RunState>;
  /** Set once the user tried to send an invalid draft: from then on every issue shows. */
  attempted: Store<boolean>;
  /** Bumped to ask the composer to focus the first field with an issue. */
  focusIssue: Store<number>;
  /** What an import dropped or changed, shown above the composer until dismissed. */
  notices: Store<string[]>;
  session: Store<SessionState>;
  summary: Store<SummaryState>;
  /** The lists behind the other pickers (add-ons, consumers, invoices…), loaded when a field needs one. */
  pickers: PickerLists;
  ready: Promise<void>;
  edit(change: (draft: RequestDraft) => RequestDraft): void;
  /**
   * Opens a draft (from the catalog, history, a followed id, an import) in the preview tab, with notices to show:
   * the tab being worked on keeps its draft and response. False when it could not open (every tab in use, said).
   */
  open(draft: RequestDraft, notices?: string[]): boolean;
  openCatalogEntry(entry: CatalogEntry): void;
  /** Puts a past call back: its request in the composer and its stored response below. */
  openHistory(entry: HistoryEntry, body: HistoryBody | undefined): void;
  send(): Promise<void>;
  /**
   * After a call whose outcome is unknown (the worker restarted mid-call): GET the same path, to see whether the
   * change was made before sending it again. The draft stays as it is.
   */
  check(): Promise<void>;
  /**
   * After signing in again: sends the call the expired session refused, exactly as it was (the worker signs it
   * afresh). A PUT that replaces a collection asks first, as from Send.
   */
  resend(): Promise<void>;
  /** A PUT that replaces a whole collection (env variables), waiting for the user's yes, with what it replaces. */
  pendingReplace: Store<PendingReplace | undefined>;
  /** Sends the waiting PUT (true) or drops it (false). */
  answerReplace(send: boolean): Promise<void>;
  cancel(): Promise<void>;
  issues(): DraftIssue[];
  /** Environments and the per-profile context behind `{name}` variables. */
  variables: Store<VariableScope>;
  /** Path values the context filled in the current request (name → value): marked "from context" by the field. */
  contextFilled: Store<Record<string, string>>;
  /** The signed-in profile's id, whose context applies. */
  profileId(): string;
  /**
   * The request Send would send: variables resolved, then checked. `unresolved` names the variables without a
   * value. Code generation and curl export use it too, so they show what would be signed.
   */
  prepare(): { ok: true; request: SendRequest } | { ok: false; issues: DraftIssue[]; unresolved: string[] };
  refreshSession(): Promise<void>;
  loadSummary(force?: boolean): Promise<void>;
  dispose(): void;
}
