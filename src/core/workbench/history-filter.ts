import { encodeQuery } from '../http/request-url.ts';
import type { HttpMethod } from '../protocol.ts';
import type { HistoryEntry } from './history-entry.ts';

/**
 * Searching and trimming the call history. The search box takes free words (all must match the method,
 * path, query, status, target, error or request body) plus `method:post` and `status:4xx` style filters,
 * which the selects also set.
 */

export type StatusClass = '' | '2xx' | '3xx' | '4xx' | '5xx' | 'error';

export interface HistoryFilter {
  text: string;
  method: HttpMethod | '';
  status: StatusClass;
}

export const EMPTY_FILTER: HistoryFilter = { text: '', method: '', status: '' };

function statusClassOf(entry: HistoryEntry): StatusClass {
  if (entry.status === undefined || entry.status === 0) return 'error';
  if (entry.status >= 200 && entry.status < 300) return '2xx';
  if (entry.status >= 300 && entry.status < 400) return '3xx';
  if (entry.status >= 400 && entry.status < 500) return '4xx';
  return '5xx';
}

function statusMatches(entry: HistoryEntry, wanted: string): boolean {
  if (wanted === '') return true;
  if (/^\d{3}$/.test(wanted)) return entry.status === Number(wanted);
  if (wanted === 'error') return statusClassOf(entry) === 'error' || entry.error !== undefined;
  return statusClassOf(entry) === wanted;
}

/** The text one entry is searched in, lowercased. */
export function searchTextOf(entry: HistoryEntry): string {
  const { request } = entry;
  const body = request.body;
  const bodyText =
    body?.kind === 'json' || body?.kind === 'text'
      ? body.text.slice(0, 4096)
      : body?.kind === 'form'
        ? encodeQuery(body.fields)
        : '';
  const query = request.query?.length ? `?${request.query.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
  return [
    request.method,
    request.target,
    `${request.path}${query}`,
    entry.status ?? '',
    entry.statusText ?? '',
    entry.error ? `${entry.error.code} ${entry.error.message}` : '',
    bodyText,
  ]
    .join(' ')
    .toLowerCase();
}

/** Splits `method:post status:404 /v2/self` into structured filters and free words. */
export function parseSearch(text: string): { words: string[]; method?: string; status?: string } {
  const result: { words: string[]; method?: string; status?: string } = { words: [] };
  for (const word of text.trim().toLowerCase().split(/\s+/)) {
    if (word === '') continue;
    const [, name, value] = /^(method|status):(.+)$/.exec(word) ?? [];
    if (name === 'method' && value) result.method = value.toUpperCase();
    else if (name === 'status' && value) result.status = value;
    else result.words.push(word);
  }
  return result;
}

/**
 * Each entry's search text, built once: entries are never changed in place (the store hands out new objects),
 * and a keystroke over 10 000 entries then costs a scan, not 10 000 string builds (bench: history).
 */
const searchTexts = new WeakMap<HistoryEntry, string>();

function cachedSearchTextOf(entry: HistoryEntry): string {
  let text = searchTexts.get(entry);
  if (text === undefined) {
    text = searchTextOf(entry);
    searchTexts.set(entry, text);
  }
  return text;
}

/** Entries matching the filter, newest first. */
export function filterHistory(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  const search = parseSearch(filter.text);
  const method = filter.method || search.method;
  return entries
    .filter((entry) => {
      if (method && entry.request.method !== method) return false;
      if (!statusMatches(entry, filter.status)) return false;
      if (search.status && !statusMatches(entry, search.status)) return false;
      if (search.words.length === 0) return true;
      const haystack = cachedSearchTextOf(entry);
      return search.words.every((word) => haystack.includes(word));
    })
    .sort(compareNewestFirst);
}

export function compareNewestFirst(a: HistoryEntry, b: HistoryEntry): number {
  return b.startedAt - a.startedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Ids to delete so at most `maxEntries` remain, oldest first. */
export function planEviction(entries: readonly HistoryEntry[], maxEntries: number): string[] {
  if (entries.length <= maxEntries) return [];
  const sorted = [...entries].sort(compareNewestFirst);
  return sorted.slice(Math.max(0, maxEntries)).map((entry) => entry.id);
}
