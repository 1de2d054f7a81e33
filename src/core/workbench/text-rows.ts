/**
 * Cuts a text into display rows for a virtualised view: one row per line, and lines longer than `maxChars`
 * (a 5 MB minified JSON is one line) cut into pieces. Only offsets are stored; the view slices the rows it shows.
 */
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

export function indexTextRows(text: string, maxChars = ROW_CHARS): TextRows {
  let starts = new Uint32Array(Math.max(16, Math.ceil(text.length / 64)));
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
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    for (let at = lineStart; at < lineEnd || at === lineStart; at += maxChars) push(at);
    lineStart = lineEnd + 1;
    line += 1;
  }
  return { starts: starts.subarray(0, count), lines: lines.subarray(0, count), count };
}

/** The text of row `index`, without its line break. */
export function textRow(text: string, rows: TextRows, index: number, maxChars = ROW_CHARS): string {
  const start = rows.starts[index] ?? 0;
  const next = index + 1 < rows.count ? (rows.starts[index + 1] as number) : text.length;
  const end = Math.min(next, start + maxChars);
  const slice = text.slice(start, end);
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
export function createTextSearch(text: string, query: string, limit = 1000) {
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
      const slice = text.slice(position, Math.min(text.length, end + needle.length - 1)).toLowerCase();
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
export function findInText(text: string, query: string, limit = 1000): number[] {
  const search = createTextSearch(text, query, limit);
  search.step(Number.POSITIVE_INFINITY);
  return search.found;
}
