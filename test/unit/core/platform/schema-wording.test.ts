import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show } from '../../../../src/core/platform/schema-wording.ts';

/** What a difference quoted before: the whole value stringified, then cut. */
const reference = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

describe('show', () => {
  it('quotes a value as JSON.stringify then a cut at 80 would, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(show(value)).toBe(reference(value));
      }),
      { numRuns: 2000 },
    );
    const long = 'x'.repeat(200);
    for (const value of [
      long,
      [long],
      { [long]: 1 },
      { a: long },
      [1, [2, [3, long]]],
      '😀'.repeat(60),
      '\ud800'.repeat(50),
      -0,
      [],
      {},
    ])
      expect(show(value)).toBe(reference(value));
  });

  it('quotes the start of a large value as JSON.stringify would', () => {
    const big = Array.from({ length: 200_000 }, (_, index) => ({ id: index, name: `app ${index}` }));
    expect(show(big)).toBe(reference(big));
  });
});
