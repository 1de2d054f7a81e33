import { describe, expect, it } from 'vitest';
import {
  continuesLine,
  findInText,
  indexTextRows,
  rowAtOffset,
  textRow,
} from '../../../../src/core/workbench/text-rows.ts';

describe('text rows', () => {
  it('has one row per line, CRLF included', () => {
    const text = 'a\r\nbb\n\nccc';
    const rows = indexTextRows(text);
    expect(rows.count).toBe(4);
    expect(Array.from({ length: rows.count }, (_, index) => textRow(text, rows, index))).toEqual([
      'a',
      'bb',
      '',
      'ccc',
    ]);
  });

  it('cuts a single 5 MB line into fixed-size rows', () => {
    const text = 'x'.repeat(5_000_000);
    const rows = indexTextRows(text, 1000);
    expect(rows.count).toBe(5000);
    expect(textRow(text, rows, 4999, 1000)).toHaveLength(1000);
    expect(rowAtOffset(rows, 2_500_500)).toBe(2500);
  });

  it('finds every occurrence and maps it to its row', () => {
    const text = 'Alpha\nbeta alpha\ngamma';
    const rows = indexTextRows(text);
    const hits = findInText(text, 'ALPHA');
    expect(hits).toEqual([0, 11]);
    expect(hits.map((offset) => rowAtOffset(rows, offset))).toEqual([0, 1]);
    expect(findInText(text, 'a', 2)).toHaveLength(2);
  });

  it('handles the empty text', () => {
    const rows = indexTextRows('');
    expect(rows.count).toBe(1);
    expect(textRow('', rows, 0)).toBe('');
  });
});

describe('createTextSearch', () => {
  it('finds the same matches whatever the step size, across step boundaries', async () => {
    const { createTextSearch } = await import('../../../../src/core/workbench/text-rows.ts');
    const text = 'xxABxxabAbxxaBxx'.repeat(50);
    const whole = findInText(text, 'ab');
    expect(whole).toHaveLength(200);
    for (const budget of [1, 2, 3, 7, 100]) {
      const search = createTextSearch(text, 'AB');
      let steps = 0;
      while (!search.step(budget)) steps += 1;
      expect(search.found, `budget ${budget}`).toEqual(whole);
      expect(steps).toBeGreaterThan(0);
    }
    const limited = createTextSearch(text, 'ab', 5);
    while (!limited.step(3));
    expect(limited.found).toEqual(whole.slice(0, 5));
  });

  it('does not count overlapping matches twice', () => {
    expect(findInText('aaaa', 'aa')).toEqual([0, 2]);
  });
});

describe('line numbers of rows', () => {
  it('numbers the text lines, not the display rows: a long line cut in pieces keeps one number', () => {
    const text = `short\n${'x'.repeat(2500)}\nlast`;
    const rows = indexTextRows(text, 1000);
    expect(rows.count).toBe(5);
    expect(Array.from(rows.lines)).toEqual([1, 2, 2, 2, 3]);
    expect([0, 1, 2, 3, 4].map((index) => continuesLine(rows, index))).toEqual([false, false, true, true, false]);
  });

  it('keeps counting lines past its first buffer', () => {
    const text = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n');
    const rows = indexTextRows(text);
    expect(rows.lines[99]).toBe(100);
    expect(textRow(text, rows, 99)).toBe('line 100');
  });
});
