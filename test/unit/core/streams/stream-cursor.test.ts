import { describe, expect, it } from 'vitest';
import { acceptLine, emptyCursor, resumeQuery, retryDelayMs } from '../../../../src/core/streams/stream-cursor.ts';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

describe('acceptLine', () => {
  it('accepts lines in order and moves the cursor to the last date', () => {
    const cursor = emptyCursor();
    expect(acceptLine(cursor, { id: 'a', date: at(1) })).toBe(true);
    expect(acceptLine(cursor, { id: 'b', date: at(2) })).toBe(true);
    expect(cursor).toEqual({ lastDate: at(2), idsAtLastDate: ['b'], received: 2 });
  });

  it('skips what an inclusive `since` sends again: the lines at the last date by id, and older ones', () => {
    const cursor = emptyCursor();
    acceptLine(cursor, { id: 'a', date: at(1) });
    acceptLine(cursor, { id: 'b', date: at(2) });
    acceptLine(cursor, { id: 'c', date: at(2) });
    // Resumed with since = at(2): the server repeats b and c, then sends d at the same instant.
    expect(acceptLine(cursor, { id: 'a', date: at(1) })).toBe(false);
    expect(acceptLine(cursor, { id: 'b', date: at(2) })).toBe(false);
    expect(acceptLine(cursor, { id: 'c', date: at(2) })).toBe(false);
    expect(acceptLine(cursor, { id: 'd', date: at(2) })).toBe(true);
    expect(acceptLine(cursor, { id: 'e', date: at(3) })).toBe(true);
    expect(cursor).toEqual({ lastDate: at(3), idsAtLastDate: ['e'], received: 5 });
  });

  it('accepts a line without a date (nothing to compare) and counts it', () => {
    const cursor = emptyCursor();
    expect(acceptLine(cursor, { id: 'x' })).toBe(true);
    expect(cursor.received).toBe(1);
    expect(cursor.lastDate).toBeUndefined();
  });
});

describe('resumeQuery', () => {
  it('moves `since` to the last line and lowers `limit` by what was received, keeping the filters', () => {
    const cursor = { lastDate: at(5), idsAtLastDate: ['x'], received: 30 };
    expect(
      resumeQuery(
        [
          ['since', at(0)],
          ['limit', '100'],
          ['filter', 'GET'],
        ],
        cursor,
      ),
    ).toEqual([
      ['filter', 'GET'],
      ['since', at(5)],
      ['limit', '70'],
    ]);
  });

  it('keeps the first query when nothing was received, and says there is nothing left once the limit is reached', () => {
    expect(resumeQuery([['limit', '10']], { idsAtLastDate: [], received: 0 })).toEqual([['limit', '10']]);
    expect(resumeQuery([['limit', '10']], { lastDate: at(1), idsAtLastDate: [], received: 10 })).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('starts at 1 s, grows by 1.25 and stops growing at 15 s', () => {
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(2)).toBe(1250);
    expect(retryDelayMs(40)).toBe(15_000);
  });
});
