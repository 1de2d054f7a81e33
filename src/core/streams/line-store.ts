/**
 * The lines a stream view holds: appended in batches, capped (oldest dropped in chunks, counted, so the view can
 * say so), filtered as the user types. Filtering keeps the matching lines in their own list, updated only with the
 * new lines on each batch: 1 000 lines/s cost 1 000 tests a second, not a pass over the 100 000 kept.
 */
import type { LogLine, Severity } from './log-line.ts';

export interface LineStoreLimits {
  maxLines: number;
  /** Characters of raw data kept at most (the lines' own memory). */
  maxChars: number;
}

export const DEFAULT_LIMITS: LineStoreLimits = { maxLines: 100_000, maxChars: 64 * 1024 * 1024 };

export interface LineFilter {
  text: string;
  /** Shown severities; all when absent. */
  severities?: ReadonlySet<Severity>;
}

export class LineStore {
  private lines: LogLine[] = [];
  private shown: LogLine[] = [];
  private chars = 0;
  private filter: LineFilter = { text: '' };
  private needle = '';
  /** A filter change being applied in steps (filterStep): the lines it goes through, and how far it is. */
  private pending: { source: readonly LogLine[]; at: number; tail: LogLine[] } | undefined;
  /** Lines dropped to stay within the limits. */
  dropped = 0;
  /** Lines received in all (kept or dropped). */
  received = 0;

  constructor(private readonly limits: LineStoreLimits = DEFAULT_LIMITS) {}

  append(batch: readonly LogLine[]): void {
    // While a filter is being applied, new lines wait in `tail` (they come after everything it goes through).
    const into = this.pending ? this.pending.tail : this.shown;
    for (const line of batch) {
      this.lines.push(line);
      this.chars += line.raw.length;
      if (this.matches(line)) into.push(line);
    }
    this.received += batch.length;
    if (this.lines.length > this.limits.maxLines || this.chars > this.limits.maxChars) this.trim();
  }

  /**
   * Starts applying a filter. Without a needle or severities it is immediate; otherwise call filterStep until it
   * says done (the view runs one step per task, so 100 000 lines never block the page). A filter that narrows the
   * previous one (the typed text grew) goes through the lines shown now instead of all of them.
   */
  setFilter(filter: LineFilter): void {
    const needle = filter.text.trim().toLowerCase();
    const narrowing =
      !this.pending &&
      this.needle !== '' &&
      needle.includes(this.needle) &&
      filter.severities === this.filter.severities;
    this.filter = filter;
    this.needle = needle;
    if (!needle && !filter.severities) {
      this.pending = undefined;
      this.shown = this.lines.slice();
      return;
    }
    const source = narrowing ? this.shown : this.lines.slice();
    this.shown = [];
    this.pending = source.length > 0 ? { source, at: 0, tail: [] } : undefined;
  }

  /** Applies up to `maxLines` more of a pending filter; true when it is complete. */
  filterStep(maxLines = 20_000): boolean {
    const pending = this.pending;
    if (!pending) return true;
    const end = Math.min(pending.source.length, pending.at + maxLines);
    const firstKept = this.lines[0]?.n ?? Number.POSITIVE_INFINITY;
    for (let index = pending.at; index < end; index += 1) {
      const line = pending.source[index]!;
      if (line.n >= firstKept && this.matches(line)) this.shown.push(line);
    }
    pending.at = end;
    if (end < pending.source.length) return false;
    for (const line of pending.tail) if (line.n >= firstKept) this.shown.push(line);
    this.pending = undefined;
    return true;
  }

  /** True while a filter is being applied (visible() is then partial). */
  filtering(): boolean {
    return this.pending !== undefined;
  }

  /** How far a pending filter is, from 0 to 1. */
  filterProgress(): number {
    return this.pending ? this.pending.at / Math.max(1, this.pending.source.length) : 1;
  }

  /** The lines that pass the filter, oldest first. */
  visible(): readonly LogLine[] {
    return this.shown;
  }

  all(): readonly LogLine[] {
    return this.lines;
  }

  /** How many visible lines are at or before stream position `n` (the view frozen by Pause). */
  visibleUpTo(n: number): number {
    let low = 0;
    let high = this.shown.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.shown[middle]!.n <= n) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  clear(): void {
    this.dropped += this.lines.length;
    this.lines = [];
    this.shown = [];
    this.chars = 0;
    if (this.pending) this.pending = { source: [], at: 0, tail: [] };
  }

  private matches(line: LogLine): boolean {
    if (this.filter.severities && !this.filter.severities.has(line.severity)) return false;
    // "error" or "warn" also finds the lines of that severity, whose text may not say it.
    return !this.needle || line.severity.startsWith(this.needle) || line.text.toLowerCase().includes(this.needle);
  }

  /** Drops a tenth more than needed, so trimming happens once per many batches rather than on every one. */
  private trim(): void {
    let drop = Math.max(0, this.lines.length - Math.floor(this.limits.maxLines * 0.9));
    let chars = 0;
    for (let index = 0; index < drop; index += 1) chars += this.lines[index]!.raw.length;
    while (drop < this.lines.length && this.chars - chars > this.limits.maxChars * 0.9) {
      chars += this.lines[drop]!.raw.length;
      drop += 1;
    }
    if (drop === 0) return;
    const firstKept = this.lines[drop]?.n ?? Number.POSITIVE_INFINITY;
    this.lines = this.lines.slice(drop);
    this.chars -= chars;
    this.dropped += drop;
    const cut = this.shown.findIndex((line) => line.n >= firstKept);
    this.shown = cut === -1 ? [] : this.shown.slice(cut);
  }
}

/** Lines per second over the last `windowMs`, from batch arrivals (times given, so it is testable). */
export class RateMeter {
  private samples: [number, number][] = [];

  constructor(private readonly windowMs = 2000) {}

  add(count: number, now: number): void {
    this.samples.push([now, count]);
    this.prune(now);
  }

  perSecond(now: number): number {
    this.prune(now);
    const total = this.samples.reduce((sum, [, count]) => sum + count, 0);
    return Math.round((total * 1000) / this.windowMs);
  }

  private prune(now: number): void {
    while (this.samples.length > 0 && this.samples[0]![0] <= now - this.windowMs) this.samples.shift();
  }
}
