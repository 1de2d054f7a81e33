/**
 * Keeps an unlocked vault's worker alive, and locks the vault after the idle time the user picked.
 *
 * The passphrase key lives only in the worker's memory, and MV3 stops an idle service worker after about 30 s,
 * which would lock the vault long before the user's auto-lock time. A light extension API call every 20 s
 * resets that idle timer (Chrome 110+). Both the keep-alive and the deadline stop when the vault locks, so a
 * locked vault costs nothing and the worker may stop as usual.
 */

export interface IdleTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const globalTimers: IdleTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export const KEEP_ALIVE_MS = 20_000;

export class IdleLock {
  private lastUse = 0;
  private idleMs = 0;
  private deadline: unknown;
  private keepAliveTimer: unknown;
  private onIdle: (() => void) | undefined;

  constructor(
    private readonly keepAlive: () => unknown,
    private readonly timers: IdleTimers = globalTimers,
  ) {}

  get running(): boolean {
    return this.onIdle !== undefined;
  }

  /** Starts (or restarts) the countdown from now; `onIdle` runs once when `minutes` pass without `touch()`. */
  start(minutes: number, onIdle: () => void): void {
    this.stop();
    this.onIdle = onIdle;
    this.idleMs = minutes * 60_000;
    this.lastUse = this.timers.now();
    this.schedule(this.idleMs);
    this.keepAliveTimer = this.timers.setInterval(() => this.ping(), KEEP_ALIVE_MS);
  }

  /** A secret was used: the idle time counts from now. */
  touch(): void {
    if (this.running) this.lastUse = this.timers.now();
  }

  stop(): void {
    this.onIdle = undefined;
    this.timers.clearTimeout(this.deadline);
    this.timers.clearInterval(this.keepAliveTimer);
    this.deadline = undefined;
    this.keepAliveTimer = undefined;
  }

  private ping(): void {
    try {
      // A refused call only means this browser does not need or allow it; the deadline still holds.
      Promise.resolve(this.keepAlive()).catch(() => undefined);
    } catch {
      // Same as above, for an API that throws instead of rejecting.
    }
  }

  // One timer for the deadline, moved on only when it fires: touching on every secret read stays cheap.
  private schedule(ms: number): void {
    this.deadline = this.timers.setTimeout(() => this.expireIfIdle(), ms);
  }

  private expireIfIdle(): void {
    const left = this.lastUse + this.idleMs - this.timers.now();
    if (left > 0) {
      this.schedule(left);
      return;
    }
    const onIdle = this.onIdle;
    this.stop();
    onIdle?.();
  }
}
