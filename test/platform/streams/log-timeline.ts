/**
 * The sandbox's log lines are not stored: line n of every application exists at a computed instant, so a stream
 * that reconnects with `since` finds exactly the lines it missed, and a test can count sequence numbers across
 * drops. Changing the rate starts a new segment at the current line; earlier lines keep their instants.
 */

interface Segment {
  fromMs: number;
  fromSeq: number;
  periodMs: number;
}

export const MAX_LINES_PER_SECOND = 1000;
export const DEFAULT_LINES_PER_SECOND = 5;

export class LogTimeline {
  private readonly segments: Segment[];

  /** Lines start `historyMs` before `nowMs`, so `since` in the recent past finds some. */
  constructor(nowMs: number, linesPerSecond = DEFAULT_LINES_PER_SECOND, historyMs = 60 * 60 * 1000) {
    this.segments = [{ fromMs: nowMs - historyMs, fromSeq: 0, periodMs: periodOf(linesPerSecond) }];
  }

  linesPerSecond(): number {
    return 1000 / this.last().periodMs;
  }

  /** From the next line after `nowMs` on, lines come at the new rate. */
  setRate(linesPerSecond: number, nowMs: number): void {
    const periodMs = periodOf(linesPerSecond);
    const fromSeq = this.firstAtOrAfter(nowMs);
    this.segments.push({ fromMs: this.timeOf(fromSeq), fromSeq, periodMs });
  }

  /** The instant (integer ms, strictly increasing since every period is ≥ 1 ms) of line `seq`. */
  timeOf(seq: number): number {
    const segment = this.segmentOfSeq(seq);
    return Math.floor(segment.fromMs + (seq - segment.fromSeq) * segment.periodMs);
  }

  /** The first line whose instant is at or after `ms`. */
  firstAtOrAfter(ms: number): number {
    let segment = this.segments[0]!;
    for (const candidate of this.segments) if (candidate.fromMs <= ms) segment = candidate;
    let seq = Math.max(segment.fromSeq, segment.fromSeq + Math.ceil((ms - segment.fromMs) / segment.periodMs) - 1);
    while (this.timeOf(seq) < ms) seq += 1;
    while (seq > 0 && this.timeOf(seq - 1) >= ms) seq -= 1;
    return seq;
  }

  private segmentOfSeq(seq: number): Segment {
    let found = this.segments[0]!;
    for (const segment of this.segments) if (segment.fromSeq <= seq) found = segment;
    return found;
  }

  private last(): Segment {
    return this.segments[this.segments.length - 1]!;
  }
}

function periodOf(linesPerSecond: number): number {
  if (!(Number.isFinite(linesPerSecond) && linesPerSecond > 0 && linesPerSecond <= MAX_LINES_PER_SECOND))
    throw new RangeError(`linesPerSecond must be in (0, ${MAX_LINES_PER_SECOND}]`);
  return 1000 / linesPerSecond;
}
