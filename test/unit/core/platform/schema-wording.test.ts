import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show } from '../../../../src/core/platform/schema-wording.ts';

/** The whole value stringified, then cut at 77 characters, or 76 where 77 would split a surrogate pair. */
const reference = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 80) return text;
  return `${text.slice(0, /[\ud800-\udbff]/.test(text.charAt(76)) ? 76 : 77)}…`;
};
const LONE_HALF = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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

  it('never cuts an emoji in half (a lone surrogate, or its escape, in the message)', () => {
    for (const value of [
      `a${'😀'.repeat(60)}`,
      [`${'😀'.repeat(60)}`],
      { k: `${'a'.repeat(75)}😀` },
      { k: `${'a'.repeat(74)}😀😀` },
      `${'x'.repeat(79)}😀`,
    ]) {
      const shown = show(value);
      expect(shown).toBe(reference(value));
      expect(shown, shown).not.toMatch(LONE_HALF);
      expect(shown).not.toContain('\\ud8');
    }
  });

  it('quotes the start of a large value as JSON.stringify would', () => {
    const big = Array.from({ length: 200_000 }, (_, index) => ({ id: index, name: `app ${index}` }));
    expect(show(big)).toBe(reference(big));
  });
});
