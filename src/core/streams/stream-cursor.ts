/**
 * Where a log stream stands, so that it resumes after a drop, a worker restart or a pause without losing or repeating
 * lines. The official client moves `since` and lowers `limit` by what it already received; `since` may be inclusive
 * (the sandbox's is), so the lines already received at the last instant are remembered by id and skipped.
 * The cursor holds dates, ids and a count, nothing secret: the panel keeps a copy to resume after a worker restart.
 */

export interface StreamCursor {
  /** The date (ISO 8601) of the newest line received. */
  lastDate?: string;
  /** The ids of the lines received at exactly `lastDate`. */
  idsAtLastDate: string[];
  /** Lines received so far, for `limit`. */
  received: number;
}

export interface CursorLine {
  id?: string;
  date?: string;
}

const MAX_IDS = 1000;

export function emptyCursor(): StreamCursor {
  return { idsAtLastDate: [], received: 0 };
}

/**
 * True when the line is new (and moves the cursor), false when it was already received. Lines are expected in
 * date order; one without a date or id is always new (nothing to compare).
 */
export function acceptLine(cursor: StreamCursor, line: CursorLine): boolean {
  const ms = line.date ? Date.parse(line.date) : Number.NaN;
  if (Number.isNaN(ms)) {
    cursor.received += 1;
    return true;
  }
  const lastMs = cursor.lastDate ? Date.parse(cursor.lastDate) : Number.NaN;
  if (!Number.isNaN(lastMs)) {
    if (ms < lastMs) return false;
    if (ms === lastMs && line.id !== undefined && cursor.idsAtLastDate.includes(line.id)) return false;
  }
  if (Number.isNaN(lastMs) || ms > lastMs) {
    cursor.lastDate = line.date;
    cursor.idsAtLastDate = [];
  }
  if (line.id !== undefined && cursor.idsAtLastDate.length < MAX_IDS) cursor.idsAtLastDate.push(line.id);
  cursor.received += 1;
  return true;
}

/**
 * The query for the next connection: `since` from the last line (when there is one), `limit` lowered by the lines
 * received. `undefined` when the limit is already reached: nothing is left to ask for.
 */
export function resumeQuery(query: readonly [string, string][], cursor: StreamCursor): [string, string][] | undefined {
  const limitText = query.find(([name]) => name === 'limit')?.[1];
  const limit = limitText === undefined || limitText === '' ? undefined : Number(limitText);
  const left = limit !== undefined && Number.isFinite(limit) ? Math.max(limit - cursor.received, 0) : undefined;
  if (left === 0 && cursor.received > 0) return undefined;
  const next = query.filter(([name]) => (cursor.lastDate ? name !== 'since' : true) && name !== 'limit');
  if (cursor.lastDate) next.push(['since', cursor.lastDate]);
  if (left !== undefined) next.push(['limit', String(left)]);
  return next;
}

/** Delay before reconnection attempt `attempt` (1, 2, …): 1 s growing by 1.25 up to 15 s, like the client. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 1.25 ** Math.max(attempt - 1, 0), 15_000);
}
