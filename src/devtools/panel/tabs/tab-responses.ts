import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import {
  type CallOutcome,
  createHistoryRecord,
  type HistoryBody,
  type HistoryEntry,
} from '../../../core/workbench/history-entry.ts';

/**
 * The last response of each request tab, kept in IndexedDB so a reloaded panel shows it again. It is stored
 * exactly as history stores a call (credential headers stripped, secret-named values masked, see
 * core/history-entry.ts), with a size cap: a larger body is not kept and the tab says so. Its entry's id is the
 * call's request id: a reload shows it only if it is the response the tab showed last (tab-response-keeper.ts).
 */
export const MAX_TAB_RESPONSE_BYTES = 512 * 1024;

export interface StoredTabResponse {
  entry: HistoryEntry;
  body?: HistoryBody;
  /** The body was larger than MAX_TAB_RESPONSE_BYTES: only the status line and headers were kept. */
  bodyDropped?: boolean;
}

export interface TabResponseStore {
  get(key: string): Promise<StoredTabResponse | undefined>;
  put(key: string, value: StoredTabResponse): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every stored response whose key starts with this prefix (a forgotten workspace), but those `kept`. */
  removePrefix(prefix: string, kept?: (key: string) => boolean): Promise<void>;
}

export function tabResponseKey(workspace: string, tabId: string): string {
  return `${workspace}/${tabId}`;
}

/** Whether the body fits under the cap, told before copying it: over it, only the status line and headers are kept. */
export function bodyFitsCap(outcome: CallOutcome): boolean {
  const response = outcome.response;
  return !response || (response.size <= MAX_TAB_RESPONSE_BYTES && !response.body.truncated);
}

/** What is kept of a call: history's sanitised record, without the body when it exceeds the cap. */
export function storedTabResponse(outcome: CallOutcome, id: string): StoredTabResponse {
  // A body known to be over the cap is not copied and masked only to be dropped.
  if (!bodyFitsCap(outcome))
    return withoutBody(createHistoryRecord(outcome, { maxBodyBytes: 0, maxEntries: 1 }, id).entry);
  const { entry, body } = createHistoryRecord(outcome, { maxBodyBytes: MAX_TAB_RESPONSE_BYTES, maxEntries: 1 }, id);
  if (body?.body.truncated) return withoutBody(entry);
  return body ? { entry, body } : { entry };
}

function withoutBody(entry: HistoryEntry): StoredTabResponse {
  const { bodyTruncated: _truncated, ...rest } = entry;
  return { entry: { ...rest, hasBody: false }, bodyDropped: true };
}

export function createIdbTabResponseStore(): TabResponseStore {
  const store: UseStore = createStore('keyhole-tab-responses', 'responses');
  return {
    get: (key) => get<StoredTabResponse>(key, store),
    put: (key, value) => set(key, value, store),
    remove: (key) => del(key, store),
    async removePrefix(prefix, kept) {
      for (const key of await keys(store))
        if (String(key).startsWith(prefix) && !kept?.(String(key))) await del(key, store);
    },
  };
}

export function createMemoryTabResponseStore(): TabResponseStore {
  const data = new Map<string, StoredTabResponse>();
  return {
    get: async (key) => data.get(key),
    put: async (key, value) => void data.set(key, structuredClone(value)),
    remove: async (key) => void data.delete(key),
    async removePrefix(prefix, kept) {
      for (const key of [...data.keys()]) if (key.startsWith(prefix) && !kept?.(key)) data.delete(key);
    },
  };
}
