/**
 * A large text kept as the pieces it arrived in, never joined into one string: joining a 100 MB body was one
 * task of 70–120 ms on a quiet machine (a second at 256 MB under load), and V8 flattens a `+`-built string on
 * its first slice, which costs the same. Readers take what they need by offset: a view slices the rows it shows,
 * a search a few hundred thousand characters per step. Offsets are those of the whole text.
 */
export interface ChunkedText {
  readonly chunks: readonly string[];
  /** Offset of each chunk's first character in the whole text. */
  readonly starts: readonly number[];
  readonly length: number;
}

/** A body's text: one string, or pieces for a body that was streamed in. */
export type BodyText = string | ChunkedText;

export function chunkedText(chunks: readonly string[]): ChunkedText {
  const kept = chunks.filter((chunk) => chunk !== '');
  const starts: number[] = [];
  let length = 0;
  for (const chunk of kept) {
    starts.push(length);
    length += chunk.length;
  }
  return { chunks: kept, starts, length };
}

/** The chunk holding offset `at` (binary search); the last chunk for `at` at or past the end. */
function chunkAt(text: ChunkedText, at: number): number {
  let low = 0;
  let high = text.chunks.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((text.starts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The characters from `from` to `to` (String.prototype.slice for offsets within the text, non-negative). */
export function sliceText(text: BodyText, from: number, to = text.length): string {
  if (typeof text === 'string') return text.slice(from, to);
  const start = Math.max(0, Math.min(from, text.length));
  const end = Math.max(start, Math.min(to, text.length));
  if (start === end) return '';
  let index = chunkAt(text, start);
  let out = '';
  for (let at = start; at < end; index += 1) {
    const chunk = text.chunks[index] as string;
    const offset = text.starts[index] as number;
    const piece = chunk.slice(at - offset, end - offset);
    out += piece;
    at += piece.length;
  }
  return out;
}

/**
 * Looks for the next `char` (one character) from `from`, within one chunk at most, so a caller can pace a scan of
 * a 100 MB text: `found` is its offset or -1, and then the text holds no `char` in [from, `searchedTo`).
 */
export function searchChar(text: BodyText, char: string, from: number): { found: number; searchedTo: number } {
  if (from >= text.length) return { found: -1, searchedTo: text.length };
  if (typeof text === 'string') {
    const found = text.indexOf(char, from);
    return { found, searchedTo: found >= 0 ? found : text.length };
  }
  const index = chunkAt(text, from);
  const offset = text.starts[index] as number;
  const chunk = text.chunks[index] as string;
  const found = chunk.indexOf(char, from - offset);
  return found >= 0
    ? { found: offset + found, searchedTo: offset + found }
    : { found: -1, searchedTo: offset + chunk.length };
}

/** The whole text as one string: one long task for a large body, so only for what cannot read pieces. */
export function joinText(text: BodyText): string {
  return typeof text === 'string' ? text : text.chunks.join('');
}

/** The bytes of the text as a Blob (Copy and Save of a large body), without joining it. */
export function textBlob(text: BodyText, type: string): Blob {
  return new Blob(typeof text === 'string' ? [text] : [...text.chunks], { type });
}
