/** Remembers nonces per consumer for the timestamp window, so a replayed request is refused. */
import { TIMESTAMP_WINDOW_SECONDS } from '../defaults.ts';

const MAX_PER_CONSUMER = 50_000;

export class NonceStore {
  private readonly seen = new Map<string, Map<string, number>>();

  /** Records the nonce; returns false when this consumer already used it within the window. */
  use(consumerKey: string, nonce: string, nowMs: number): boolean {
    let nonces = this.seen.get(consumerKey);
    if (!nonces) {
      nonces = new Map();
      this.seen.set(consumerKey, nonces);
    }
    // A nonce older than twice the window cannot come back with an acceptable timestamp.
    const keepMs = 2 * TIMESTAMP_WINDOW_SECONDS * 1000;
    for (const [value, at] of nonces) {
      if (Math.abs(nowMs - at) > keepMs) nonces.delete(value);
    }
    if (nonces.has(nonce)) return false;
    if (nonces.size >= MAX_PER_CONSUMER) {
      const oldest = nonces.keys().next().value;
      if (oldest !== undefined) nonces.delete(oldest);
    }
    nonces.set(nonce, nowMs);
    return true;
  }

  size(): number {
    let total = 0;
    for (const nonces of this.seen.values()) total += nonces.size;
    return total;
  }
}
