/** The sandbox's shiftable clock: everything time-dependent (timestamps, expiry, TOTP, Date headers) reads it. */
export interface Clock {
  /** Milliseconds since the epoch, shifted. */
  now(): number;
  /** Whole seconds since the epoch, shifted. */
  nowSeconds(): number;
  /** Moves the clock by `seconds` (may be negative) relative to its current offset. */
  shift(seconds: number): void;
  /** Sets the offset from the real time, in seconds. */
  set(offsetSeconds: number): void;
  offsetSeconds(): number;
}

export function createClock(offsetSeconds = 0): Clock {
  let offsetMs = toMs(offsetSeconds);
  return {
    now: () => Date.now() + offsetMs,
    nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
    shift(seconds) {
      offsetMs += toMs(seconds);
    },
    set(seconds) {
      offsetMs = toMs(seconds);
    },
    offsetSeconds: () => offsetMs / 1000,
  };
}

function toMs(seconds: number): number {
  if (!Number.isFinite(seconds)) throw new TypeError(`Clock offset must be a finite number of seconds, got ${seconds}`);
  return Math.round(seconds * 1000);
}
