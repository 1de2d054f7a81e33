/** Remembers nonces per consumer for the timestamp window, so a replayed request is refused. */
import { TIMESTAMP_WINDOW_SECONDS } from '../defaults.ts';

const MAX_PER_CONSUMER = 50_000;
/** A nonce older than twice the window cannot come back with an acceptable timestamp. */
const KEEP_MS = 2 * TIMESTAMP_WINDOW_SECONDS * 1000;
/**
 * How often the forgotten nonces are swept out. Sweeping on every request walked every nonce of the window per
 * signed call (O(n): at a few thousand calls it was most of the sandbox's time per call, which the benches' signed
 * rows paid and unsigned ones did not). What is refused must not change (the sandbox's clock moves back and forth),
 * so between sweeps a nonce counts as forgotten once any request since the last sweep would have swept it: it was
 * used more than KEEP_MS before the latest of them, or is more than KEEP_MS from now.
 */
const SWEEP_EVERY_MS = 1000;

interface ConsumerNonces {
  /** Nonce → when it was used, in insertion order. */
  used: Map<string, number>;
  sweptAt: number;
  /** The latest request time since the last sweep (every one is in [sweptAt, sweptAt + SWEEP_EVERY_MS)). */
  latest: number;
  /** When the last nonce was added; `ordered` turns false once one was added at an earlier time than another. */
  lastAddedAt: number;
  /** Whether insertion order is time order: then the forgotten nonces come first and the cap can drop from the front. */
  ordered: boolean;
}

function forgotten(nonces: ConsumerNonces, at: number, nowMs: number): boolean {
  return at < nonces.latest - KEEP_MS || Math.abs(nowMs - at) > KEEP_MS;
}

export class NonceStore {
  private readonly seen = new Map<string, ConsumerNonces>();

  /** Records the nonce; returns false when this consumer already used it within the window. */
  use(consumerKey: string, nonce: string, nowMs: number): boolean {
    let nonces = this.seen.get(consumerKey);
    if (!nonces) {
      nonces = { used: new Map(), sweptAt: nowMs, latest: nowMs, lastAddedAt: nowMs, ordered: true };
      this.seen.set(consumerKey, nonces);
    }
    // A clock set back (the sandbox's clock can be moved) sweeps at once: entries from "the future" may be stale.
    if (nowMs - nonces.sweptAt >= SWEEP_EVERY_MS || nowMs < nonces.sweptAt) sweep(nonces, nowMs);
    nonces.latest = Math.max(nonces.latest, nowMs);
    const { used } = nonces;
    const at = used.get(nonce);
    if (at !== undefined) {
      if (!forgotten(nonces, at, nowMs)) return false;
      used.delete(nonce);
    }
    if (used.size >= MAX_PER_CONSUMER) makeRoom(nonces, nowMs);
    if (nowMs < nonces.lastAddedAt) nonces.ordered = false;
    nonces.lastAddedAt = nowMs;
    used.set(nonce, nowMs);
    return true;
  }

  /** How many nonces are remembered as of `nowMs` (counting only: a count does not forget anything). */
  size(nowMs = Date.now()): number {
    let total = 0;
    for (const nonces of this.seen.values()) {
      for (const at of nonces.used.values()) if (!forgotten(nonces, at, nowMs)) total += 1;
    }
    return total;
  }
}

/**
 * At the cap, the oldest remembered nonce goes, as when every request swept: forgotten ones still held do not count.
 * In time order they come first; after the clock was set back they may sit behind remembered ones, so all are swept.
 */
function makeRoom(nonces: ConsumerNonces, nowMs: number): void {
  const { used } = nonces;
  if (!nonces.ordered) sweep(nonces, nowMs);
  for (const [value, at] of used) {
    if (used.size < MAX_PER_CONSUMER) return;
    used.delete(value);
    if (!forgotten(nonces, at, nowMs)) return;
  }
}

function sweep(nonces: ConsumerNonces, nowMs: number): void {
  for (const [value, at] of nonces.used) {
    if (forgotten(nonces, at, nowMs)) nonces.used.delete(value);
  }
  nonces.sweptAt = nowMs;
  nonces.latest = nowMs;
}
