import { describe, expect, it } from 'vitest';
import { nextSliceSize, SLICE_TARGET_MS } from '../../../../../src/devtools/panel/catalog/use-progressive-count.ts';

describe('the catalog list’s slice size', () => {
  it('scales to the last slice’s measured time, so a slice stays near its target', () => {
    // 80 rows took 20 ms (a loaded machine): the next slice is cut to what fits the target.
    expect(nextSliceSize(80, 20)).toBe(Math.floor((80 * SLICE_TARGET_MS) / 20));
    // 40 rows took 2 ms: at most twice as many, not the 160 the time alone would allow.
    expect(nextSliceSize(40, 2)).toBe(80);
    // A timer with no measurable time (a coarse clock) doubles, within the cap.
    expect(nextSliceSize(40, 0)).toBe(80);
    expect(nextSliceSize(150, 0)).toBe(160);
  });

  it('never stops filling: a very slow slice still leaves a few rows for the next', () => {
    expect(nextSliceSize(40, 10_000)).toBe(20);
  });
});
