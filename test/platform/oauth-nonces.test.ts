import { describe, expect, it } from 'vitest';
import { TIMESTAMP_WINDOW_SECONDS } from './defaults.ts';
import { NonceStore } from './oauth/nonces.ts';

const KEEP_MS = 2 * TIMESTAMP_WINDOW_SECONDS * 1000;
const T0 = 1_800_000_000_000;

describe('the sandbox remembers nonces per consumer', () => {
  it('refuses a nonce used again within twice the timestamp window, for that consumer only', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer-a', 'n1', T0)).toBe(true);
    expect(nonces.use('consumer-a', 'n1', T0 + 5_000)).toBe(false);
    expect(nonces.use('consumer-a', 'n1', T0 + KEEP_MS)).toBe(false);
    expect(nonces.use('consumer-b', 'n1', T0 + 5_000)).toBe(true);
  });

  it('accepts a forgotten nonce again, even between two sweeps', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer', 'old', T0)).toBe(true);
    // This use sweeps (a second has passed); 'old' is exactly at the limit, so it stays.
    expect(nonces.use('consumer', 'other', T0 + KEEP_MS)).toBe(true);
    // Half a second later no sweep runs, but 'old' is past the limit: its own age is checked.
    expect(nonces.use('consumer', 'old', T0 + KEEP_MS + 500)).toBe(true);
    expect(nonces.use('consumer', 'old', T0 + KEEP_MS + 600)).toBe(false);
  });

  it('forgets nonces from "the future" when the clock is set back by more than the limit', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer', 'n', T0)).toBe(true);
    expect(nonces.use('consumer', 'n', T0 - 1_000)).toBe(false);
    expect(nonces.use('consumer', 'n', T0 - KEEP_MS - 1_001)).toBe(true);
  });

  it('counts only the nonces it still remembers', () => {
    const nonces = new NonceStore();
    for (let index = 0; index < 10; index += 1) nonces.use('consumer', `early-${index}`, T0 + index);
    nonces.use('consumer', 'late', T0 + KEEP_MS / 2);
    expect(nonces.size(T0 + KEEP_MS / 2)).toBe(11);
    expect(nonces.size(T0 + KEEP_MS + 100)).toBe(1);
  });

  it('keeps at most 50,000 per consumer, forgetting the oldest first', () => {
    const nonces = new NonceStore();
    for (let index = 0; index < 50_001; index += 1) nonces.use('consumer', `n-${index}`, T0);
    expect(nonces.size(T0)).toBe(50_000);
    expect(nonces.use('consumer', 'n-0', T0)).toBe(true);
    expect(nonces.use('consumer', 'n-50000', T0)).toBe(false);
  });
});
