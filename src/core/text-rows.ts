/**
 * Cuts a text into display rows for a virtualised view: one row per line, and lines longer than `maxChars`
 * (a 5 MB minified JSON is one line) cut into pieces. Only offsets are stored; the view slices the rows it shows.
 */
export interface TextRows {
  /** Start offset of each row; row i ends where row i + 1 starts (minus its line break). */
  starts: Uint32Array;
  count: number;
}

export function indexTextRows(text: string, maxChars = 2000): TextRows {
  let starts = new Uint32Array(Math.max(16, Math.ceil(text.length / 64)));
  let count = 0;
  const push = (offset: number) => {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count] = offset;
    count += 1;
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    for (let at = lineStart; at < lineEnd || at === lineStart; at += maxChars) push(at);
    lineStart = lineEnd + 1;
  }
  return { starts: starts.subarray(0, count), count };
}

/** The text of row `index`, without its line break. */
export function textRow(text: string, rows: TextRows, index: number, maxChars = 2000): string {
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

/** Offsets of every occurrence of `query` (case-insensitive), at most `limit`. */
export function findInText(text: string, query: string, limit = 1000): number[] {
  if (query === '') return [];
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  const found: number[] = [];
  let at = haystack.indexOf(needle);
  while (at >= 0 && found.length < limit) {
    found.push(at);
    at = haystack.indexOf(needle, at + needle.length);
  }
  return found;
}
