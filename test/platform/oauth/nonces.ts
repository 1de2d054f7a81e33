/** Remembers nonces per consumer for the timestamp window, so a replayed request is refused. */
import { TIMESTAMP_WINDOW_SECONDS } from '../defaults.ts';

const MAX_PER_CONSUMER = 50_000;
/** A nonce older than twice the window cannot come back with an acceptable timestamp. */
const KEEP_MS = 2 * TIMESTAMP_WINDOW_SECONDS * 1000;
/**
 * How often the forgotten nonces are swept out. Sweeping on every request walked every nonce of the window per
 * signed call (O(n): at a few thousand calls it was most of the sandbox's time per call, which the benches' signed
 * rows paid and unsigned ones did not). Between sweeps a stale entry may linger, but a lookup checks its age, so
 * what is refused does not change.
 */
const SWEEP_EVERY_MS = 1000;

interface ConsumerNonces {
  /** Nonce → when it was used, in insertion order. */
  used: Map<string, number>;
  sweptAt: number;
}

function isStale(at: number, nowMs: number): boolean {
  return Math.abs(nowMs - at) > KEEP_MS;
}

export class NonceStore {
  private readonly seen = new Map<string, ConsumerNonces>();

  /** Records the nonce; returns false when this consumer already used it within the window. */
  use(consumerKey: string, nonce: string, nowMs: number): boolean {
    let nonces = this.seen.get(consumerKey);
    if (!nonces) {
      nonces = { used: new Map(), sweptAt: nowMs };
      this.seen.set(consumerKey, nonces);
    }
    // A clock set back (the sandbox's clock can be moved) sweeps at once: entries from "the future" may be stale.
    if (nowMs - nonces.sweptAt >= SWEEP_EVERY_MS || nowMs < nonces.sweptAt) sweep(nonces, nowMs);
    const { used } = nonces;
    const at = used.get(nonce);
    if (at !== undefined) {
      if (!isStale(at, nowMs)) return false;
      used.delete(nonce);
    }
    if (used.size >= MAX_PER_CONSUMER) {
      const oldest = used.keys().next().value;
      if (oldest !== undefined) used.delete(oldest);
    }
    used.set(nonce, nowMs);
    return true;
  }

  /** How many nonces are remembered (stale ones swept out first, as of `nowMs`). */
  size(nowMs = Date.now()): number {
    let total = 0;
    for (const nonces of this.seen.values()) {
      sweep(nonces, nowMs);
      total += nonces.used.size;
    }
    return total;
  }
}

function sweep(nonces: ConsumerNonces, nowMs: number): void {
  for (const [value, at] of nonces.used) {
    if (isStale(at, nowMs)) nonces.used.delete(value);
  }
  nonces.sweptAt = nowMs;
}
