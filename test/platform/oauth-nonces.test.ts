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
  // Sequences where a store sweeping once a second answered otherwise than one sweeping on every request (found by
  // a randomized comparison of the two, clock moved both ways): what is refused must not depend on when it sweeps.
  it('forgets a nonce once a later request was past its limit, even when the clock then goes back', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer', 'n', T0)).toBe(true);
    expect(nonces.use('consumer', 'a', T0 + KEEP_MS - 300)).toBe(true);
    // 'n' is past the limit for this request, which forgets it (no sweep runs: the last was 344 ms ago).
    expect(nonces.use('consumer', 'b', T0 + KEEP_MS + 44)).toBe(true);
    // The clock set back: 'n' would be within the limit again, but it was forgotten.
    expect(nonces.use('consumer', 'n', T0 + KEEP_MS - 400)).toBe(true);
  });

  it('forgets nothing when only counted (the state read at a later clock)', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer', 'n', T0)).toBe(true);
    expect(nonces.size(T0 + KEEP_MS + 1_250)).toBe(0);
    expect(nonces.use('consumer', 'n', T0 + 9)).toBe(false);
  });

  it('at the cap, forgets the oldest remembered nonce, not one behind a forgotten one (clock set back)', () => {
    const nonces = new NonceStore();
    expect(nonces.use('consumer', 'victim', T0)).toBe(true);
    expect(nonces.use('consumer', 'early', T0 - 200_000)).toBe(true);
    // A sweep: 'early' is still within the limit here, and is past it 300 ms later, without a sweep.
    expect(nonces.use('consumer', 'x', T0 + KEEP_MS - 200_100)).toBe(true);
    for (let index = 0; index < 49_998; index += 1) nonces.use('consumer', `f-${index}`, T0 + KEEP_MS - 199_800);
    expect(nonces.use('consumer', 'victim', T0 + KEEP_MS - 199_700)).toBe(false);
  });
});
