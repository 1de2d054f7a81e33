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
  /** Lines dropped to stay within the limits. */
  dropped = 0;
  /** Lines received in all (kept or dropped). */
  received = 0;

  constructor(private readonly limits: LineStoreLimits = DEFAULT_LIMITS) {}

  append(batch: readonly LogLine[]): void {
    for (const line of batch) {
      this.lines.push(line);
      this.chars += line.raw.length;
      if (this.matches(line)) this.shown.push(line);
    }
    this.received += batch.length;
    if (this.lines.length > this.limits.maxLines || this.chars > this.limits.maxChars) this.trim();
  }

  setFilter(filter: LineFilter): void {
    this.filter = filter;
    this.needle = filter.text.trim().toLowerCase();
    this.shown =
      this.needle || filter.severities ? this.lines.filter((line) => this.matches(line)) : this.lines.slice();
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
