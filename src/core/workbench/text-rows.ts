/**
 * Cuts a text into display rows for a virtualised view: one row per line, and lines longer than `maxChars`
 * (a 5 MB minified JSON is one line) cut into pieces. Only offsets are stored; the view slices the rows it shows.
 */
import { type BodyText, searchChar, sliceText } from './chunked-text.ts';

/** Characters per row when a line is longer: wide enough to read, short enough to render fast. */
export const ROW_CHARS = 1000;

export interface TextRows {
  /** Start offset of each row; row i ends where row i + 1 starts (minus its line break). */
  starts: Uint32Array;
  /**
   * The line (1-based) each row belongs to: a long line cut into several rows keeps one number, so the numbers a
   * reader sees are the text's real lines.
   */
  lines: Uint32Array;
  count: number;
}

/** Whether row `index` continues the line of the row before (a long line cut at `maxChars`). */
export function continuesLine(rows: TextRows, index: number): boolean {
  return index > 0 && rows.lines[index] === rows.lines[index - 1];
}

/** Row offsets built in steps: a page indexes a 100 MB text over many short tasks, showing the rows so far. */
export interface TextRowIndexer {
  readonly done: boolean;
  /** Scans about `budget` more characters; returns `done`. */
  step(budget: number): boolean;
  /** The rows found so far (views of the indexer's arrays: take a new snapshot after each step). */
  rows(): TextRows;
}

/**
 * indexTextRows, about `budget` characters at a time: a step looks for line breaks one chunk of a ChunkedText at
 * most (4 MB) per search, so a 100 MB body on one line is cut into rows bit by bit too.
 */
export function createTextRowIndexer(text: BodyText, maxChars = ROW_CHARS): TextRowIndexer {
  const length = text.length;
  let starts = new Uint32Array(Math.max(16, Math.min(Math.ceil(length / 64), 1 << 20)));
  let lines = new Uint32Array(starts.length);
  let count = 0;
  let line = 1;
  const push = (offset: number) => {
    if (count === starts.length) {
      const grownStarts = new Uint32Array(starts.length * 2);
      grownStarts.set(starts);
      starts = grownStarts;
      const grownLines = new Uint32Array(lines.length * 2);
      grownLines.set(lines);
      lines = grownLines;
    }
    starts[count] = offset;
    lines[count] = line;
    count += 1;
  };
  /** Where the current line starts and the next row of it to emit. */
  let lineStart = 0;
  let nextRow = 0;
  /** The next line break once found (from lineStart on), else -1 and no break in [lineStart, clearTo). */
  let breakAt = -1;
  let clearTo = 0;
  const done = () => lineStart > length;
  return {
    get done() {
      return done();
    },
    step(budget) {
      let left = Math.max(1, budget);
      while (!done() && left > 0) {
        if (breakAt < lineStart) {
          const from = clearTo;
          const { found, searchedTo } = searchChar(text, '\n', from);
          if (found >= 0) breakAt = found;
          clearTo = searchedTo;
          left -= searchedTo - from;
        }
        const lineEnd = breakAt >= lineStart ? breakAt : clearTo >= length ? length : -1;
        const boundary = lineEnd >= 0 ? lineEnd : clearTo;
        // An empty line still gets its one row.
        if (nextRow === lineStart && boundary === lineStart && lineEnd >= 0) push(nextRow);
        for (; nextRow < boundary; nextRow += maxChars) push(nextRow);
        left -= 1;
        if (lineEnd >= 0) {
          lineStart = lineEnd + 1;
          nextRow = lineStart;
          clearTo = lineStart;
          line += 1;
        }
      }
      return done();
    },
    rows: () => ({ starts: starts.subarray(0, count), lines: lines.subarray(0, count), count }),
  };
}

export function indexTextRows(text: BodyText, maxChars = ROW_CHARS): TextRows {
  const indexer = createTextRowIndexer(text, maxChars);
  indexer.step(Number.POSITIVE_INFINITY);
  return indexer.rows();
}

/** The text of row `index`, without its line break. */
export function textRow(text: BodyText, rows: TextRows, index: number, maxChars = ROW_CHARS): string {
  const start = rows.starts[index] ?? 0;
  const next = index + 1 < rows.count ? (rows.starts[index + 1] as number) : text.length;
  const end = Math.min(next, start + maxChars);
  const slice = sliceText(text, start, end);
  return slice.endsWith('\n') ? slice.slice(0, -1).replace(/\r$/, '') : slice.replace(/\r$/, '');
}

/** Row index holding the character at `offset` (binary search). */
export function rowAtOffset(rows: TextRows, offset: number): number {
  let low = 0;
  let high = rows.count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((rows.starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Finds `query` (case-insensitive) in steps of about `budget` characters, lowercasing one slice at a time
 * instead of a copy of the whole (possibly 10 MB) text. Offsets in order, at most `limit`.
 */
export function createTextSearch(text: BodyText, query: string, limit = 1000) {
  const needle = query.toLowerCase();
  const found: number[] = [];
  let position = 0;
  let done = needle === '';
  return {
    found,
    get done() {
      return done;
    },
    step(budget: number): boolean {
      if (done) return true;
      const end = Math.min(text.length, position + Math.max(budget, needle.length));
      // The slice overlaps the next one by needle.length - 1 so a match across the boundary is found once.
      const slice = sliceText(text, position, Math.min(text.length, end + needle.length - 1)).toLowerCase();
      let at = slice.indexOf(needle);
      while (at >= 0 && position + at < end && found.length < limit) {
        found.push(position + at);
        at = slice.indexOf(needle, at + needle.length);
      }
      if (found.length > 0 && found.length < limit) {
        // A match may end inside the overlap; the next step must start after it.
        const last = found[found.length - 1] as number;
        position = Math.max(end, last + needle.length);
      } else {
        position = end;
      }
      if (position >= text.length || found.length >= limit) done = true;
      return done;
    },
  };
}

/** Offsets of every occurrence of `query` (case-insensitive), at most `limit`. */
export function findInText(text: BodyText, query: string, limit = 1000): number[] {
  const search = createTextSearch(text, query, limit);
  search.step(Number.POSITIVE_INFINITY);
  return search.found;
}
