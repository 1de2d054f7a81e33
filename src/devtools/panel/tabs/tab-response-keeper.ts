import type { RequestBody } from '../../../core/protocol.ts';
import type { CallOutcome } from '../../../core/workbench/history-entry.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { whenIdle } from '../when-idle.ts';
import type { LostResponse, RunState } from '../workbench-types.ts';
import { responseFromStored } from './restored-run.ts';
import {
  bodyFitsCap,
  type StoredTabResponse,
  storedTabResponse,
  type TabResponseStore,
  tabResponseKey,
} from './tab-responses.ts';

/**
 * Keeps each tab's last response so that a reloaded panel shows it again, and never an older one in its place.
 * Storing a response (copying and masking up to 512 KB) waits for the page to be idle, up to 2 s after it was
 * shown: a reload in between used to find the previous response still stored and show it, marked "restored", as
 * if it were the last. So each tab also has a mark (which call's response it shows, when it was sent, its status),
 * a few bytes written to storage.local as soon as the response is shown; a reload shows a stored response only
 * when it is the marked one, else it says that the last response was not kept. As the page goes away (pagehide),
 * a response still waiting is written then to storage.local if that is quick (a small body, or headers only for a
 * body over the cap), and moved into IndexedDB by the next restore; should that write not land either, the mark
 * still tells the truth.
 */

/** Below this, copying and masking a body takes a few milliseconds: a waiting response is stored at pagehide. */
export const PAGEHIDE_MAX_BODY_BYTES = 64 * 1024;

const MARKS_PREFIX = 'keyhole.devtools.tab-shown.';
/** Responses stored at pagehide, by tab, until the next restore moves them into IndexedDB. */
const SPILL_PREFIX = 'keyhole.devtools.tab-spilled.';

/** The response a tab shows: its call's request id (the stored record's id) and what the pane says if it is lost. */
export interface ShownMark extends LostResponse {
  id: string;
}

export interface ResponseKeeper {
  /** The response of call `id` is shown in the tab: from now on a reload brings back this one or says it could not. */
  shown(tabId: string, id: string, run: RunState): void;
  /** Its final outcome (whole body in, checks judged): stored when the page is idle, or at pagehide when quick. */
  keep(tabId: string, id: string, outcome: CallOutcome): void;
  /** The tab was closed or replaced, or shows what is not kept (a live stream): its response goes. */
  forget(tabId: string): void;
  /** Workspaces no longer in use (tab-storage's touchWorkspace): their responses and marks go. */
  forgetWorkspaces(workspaces: string[]): void;
  /** What each tab shows after a reload: its stored response, the note that it was lost, or nothing (absent). */
  restore(tabIds: string[]): Promise<Map<string, RunState>>;
  dispose(): void;
}

interface Waiting {
  id: string;
  outcome: CallOutcome;
}

function summaryOf(run: RunState): string {
  if (run.phase === 'done') return `${run.response.status} ${run.response.statusText}`.trim();
  if (run.phase === 'failed') return `failed: ${run.error.code}`;
  return run.phase;
}

function reviveMarks(saved: unknown): Map<string, ShownMark> {
  const marks = new Map<string, ShownMark>();
  if (!saved || typeof saved !== 'object') return marks;
  for (const [tabId, value] of Object.entries(saved as Record<string, unknown>)) {
    const mark = value as Partial<ShownMark> | null;
    if (typeof mark?.id === 'string' && typeof mark.startedAt === 'number' && typeof mark.summary === 'string')
      marks.set(tabId, {
        id: mark.id,
        startedAt: mark.startedAt,
        summary: mark.summary,
        ...(mark.unanswered === true ? { unanswered: true as const } : {}),
      });
  }
  return marks;
}

/** Characters of the sent body that storing masks (history keeps no file bytes). */
function sentBodyLength(body: RequestBody | undefined): number {
  if (body?.kind === 'json' || body?.kind === 'text') return body.text.length;
  if (body?.kind === 'form') return body.fields.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return 0;
}

/** A waiting response that can be stored as the page goes: no large copy to make, of the request or the response. */
function quickToStore(outcome: CallOutcome): boolean {
  if (sentBodyLength(outcome.request.body) > PAGEHIDE_MAX_BODY_BYTES) return false;
  return !bodyFitsCap(outcome) || (outcome.response?.size ?? 0) <= PAGEHIDE_MAX_BODY_BYTES;
}

export function createResponseKeeper(
  responses: TabResponseStore,
  storage: KeyValueStorage,
  workspace: () => string,
  isOpen: (tabId: string) => boolean,
  /** The calls still out, by tab: a page that goes marks them, so a reload shows no older response in their place. */
  outstanding: () => Iterable<[tabId: string, call: { id: string; startedAt: number }]> = () => [],
): ResponseKeeper {
  const marks = new Map<string, ShownMark>();
  const waiting = new Map<string, Waiting>();
  // Until the stored marks are read (restore), writing this page's would erase the other tabs' ones.
  let loaded = false;

  let written = '';
  const saveMarks = () => {
    if (!loaded) return;
    const open = Object.fromEntries([...marks].filter(([tabId]) => isOpen(tabId)));
    // Each write reaches every page watching storage.local: none when nothing changed (a panel opened again).
    if (JSON.stringify(open) === written) return;
    written = JSON.stringify(open);
    storage.set(MARKS_PREFIX + workspace(), open).catch(() => {
      // Not written, the mark stays the previous one: the worst a reload then does is say a response was lost.
    });
  };

  const store = (tabId: string, one: Waiting) => {
    if (waiting.get(tabId) !== one) return;
    waiting.delete(tabId);
    if (marks.get(tabId)?.id !== one.id || !isOpen(tabId)) return;
    void responses.put(tabResponseKey(workspace(), tabId), storedTabResponse(one.outcome, one.id)).catch(() => {
      // Not stored: the mark names this call, so a reload says it was not kept rather than show an older one.
    });
  };

  // IndexedDB drops a write begun as the page goes (seen in Chromium on reload); storage.local keeps it, as it keeps
  // the drafts written then (save-soon.ts). The next restore moves these into IndexedDB. They still wait for idle
  // time: a page that comes back (the back/forward cache) stores them then, else its next pagehide, which writes
  // only what waits by then, would drop them.
  const onPageHide = () => {
    // A call still out has no answer in this page: the tab says so after a reload, not the response before it.
    let unanswered = false;
    for (const [tabId, call] of outstanding()) {
      marks.set(tabId, { id: call.id, startedAt: call.startedAt, summary: 'no answer yet', unanswered: true });
      unanswered = true;
    }
    if (unanswered) saveMarks();
    const spilled: Record<string, StoredTabResponse> = {};
    for (const [tabId, one] of waiting)
      if (quickToStore(one.outcome) && marks.get(tabId)?.id === one.id && isOpen(tabId))
        spilled[tabId] = storedTabResponse(one.outcome, one.id);
    if (Object.keys(spilled).length > 0) storage.set(SPILL_PREFIX + workspace(), spilled).catch(() => undefined);
  };
  globalThis.addEventListener?.('pagehide', onPageHide);

  return {
    shown(tabId, id, run) {
      if (!isOpen(tabId)) return;
      marks.set(tabId, { id, startedAt: 'startedAt' in run ? run.startedAt : Date.now(), summary: summaryOf(run) });
      saveMarks();
    },
    keep(tabId, id, outcome) {
      // A newer response is shown by now (it will be kept instead), or the tab was closed.
      if (marks.get(tabId)?.id !== id) return;
      const one = { id, outcome };
      waiting.set(tabId, one);
      whenIdle(() => store(tabId, one));
    },
    forget(tabId) {
      marks.delete(tabId);
      waiting.delete(tabId);
      void responses.remove(tabResponseKey(workspace(), tabId)).catch(() => undefined);
      saveMarks();
    },
    forgetWorkspaces(workspaces) {
      for (const key of workspaces) {
        void responses.removePrefix(`${key}/`).catch(() => undefined);
        storage.set(MARKS_PREFIX + key, null).catch(() => undefined);
        storage.set(SPILL_PREFIX + key, null).catch(() => undefined);
      }
    },
    async restore(tabIds) {
      const [found, spill] = await Promise.all([
        storage.get(MARKS_PREFIX + workspace()).catch(() => undefined),
        storage.get<Record<string, StoredTabResponse> | null>(SPILL_PREFIX + workspace()).catch(() => undefined),
      ]);
      const saved = reviveMarks(found);
      written = JSON.stringify(found ?? {});
      // A response shown while they loaded is newer than any stored mark.
      for (const [tabId, mark] of saved) if (!marks.has(tabId)) marks.set(tabId, mark);
      loaded = true;
      saveMarks();
      const states = new Map<string, RunState>();
      await Promise.all(
        tabIds.map(async (tabId) => {
          const mark = marks.get(tabId);
          if (!mark) return;
          const spilled = spill?.[tabId];
          if (spilled?.entry?.id === mark.id) {
            states.set(tabId, responseFromStored(spilled));
            void responses.put(tabResponseKey(workspace(), tabId), spilled).catch(() => undefined);
            return;
          }
          let stored: StoredTabResponse | undefined;
          try {
            stored = await responses.get(tabResponseKey(workspace(), tabId));
          } catch {
            return; // Unreadable (IndexedDB failing): nothing, rather than a note giving the wrong reason.
          }
          // Another call's response (an older one) is not this tab's last: its record is replaced by the next one kept.
          if (stored?.entry.id === mark.id) states.set(tabId, responseFromStored(stored));
          else {
            const { id: _id, ...lost } = mark;
            states.set(tabId, { phase: 'idle', lost });
          }
        }),
      );
      if (spill) storage.set(SPILL_PREFIX + workspace(), null).catch(() => undefined);
      // A closed tab's response whose removal did not land (begun as the page went) is read by no tab again.
      const prefix = tabResponseKey(workspace(), '');
      void responses.removePrefix(prefix, (key) => isOpen(key.slice(prefix.length))).catch(() => undefined);
      return states;
    },
    dispose() {
      globalThis.removeEventListener?.('pagehide', onPageHide);
    },
  };
}
