import { describe, expect, it } from 'vitest';
import { chunkedText } from '../../../../src/core/workbench/chunked-text.ts';
import {
  continuesLine,
  createTextRowIndexer,
  createTextSearch,
  findInText,
  indexTextRows,
  rowAtOffset,
  textRow,
} from '../../../../src/core/workbench/text-rows.ts';
import { cutInPieces } from './cut-in-pieces.ts';

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

/** The one-pass indexing the stepped indexer replaced: one row per line, long lines cut every maxChars. */
function referenceRows(text: string, maxChars: number): { starts: number[]; lines: number[] } {
  const starts: number[] = [];
  const lines: number[] = [];
  let line = 1;
  for (let lineStart = 0; lineStart <= text.length; line += 1) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    for (let at = lineStart; at < lineEnd || at === lineStart; at += maxChars) {
      starts.push(at);
      lines.push(line);
    }
    lineStart = lineEnd + 1;
  }
  return { starts, lines };
}

describe('text rows of a chunked text, in steps', () => {
  const texts = [
    '',
    '\n',
    '\n\n',
    'abc',
    'abcdefghij\n\nklm\nnopqrstuvwxyz0123\n',
    `${'x'.repeat(23)}\n${'y'.repeat(4)}\r\n\n${'z'.repeat(9)}`,
  ];

  it('gives the rows of the one-pass indexing, whatever the pieces and the budget', () => {
    for (const text of texts)
      for (let seed = 1; seed < 12; seed += 1)
        for (const budget of [1, 3, 10, 1000]) {
          const chunked = chunkedText(cutInPieces(text, seed));
          const indexer = createTextRowIndexer(chunked, 4);
          let steps = 0;
          while (!indexer.step(budget)) steps += 1;
          const rows = indexer.rows();
          const expected = referenceRows(text, 4);
          expect([...rows.starts]).toEqual(expected.starts);
          expect([...rows.lines]).toEqual(expected.lines);
          expect(rows.count).toBe(expected.starts.length);
          expect(steps).toBeLessThanOrEqual(text.length + 1);
          expect(indexTextRows(text, 4).count).toBe(rows.count);
          for (let index = 0; index < rows.count; index += 1)
            expect(textRow(chunked, rows, index, 4)).toBe(textRow(text, indexTextRows(text, 4), index, 4));
        }
  });

  it('spreads a long line over steps of about the budget', () => {
    const chunked = chunkedText(Array.from({ length: 10 }, () => 'x'.repeat(1000)));
    const indexer = createTextRowIndexer(chunked, 100);
    expect(indexer.step(1000)).toBe(false);
    expect(indexer.rows().count).toBe(10);
    while (!indexer.step(1000));
    expect(indexer.rows().count).toBe(100);
  });

  it('searches a chunked text across its pieces', () => {
    const text = 'Alpha beta ALPHA gamma alpha';
    for (let seed = 1; seed < 10; seed += 1) {
      const chunked = chunkedText(cutInPieces(text, seed, 3));
      expect(findInText(chunked, 'alpha')).toEqual(findInText(text, 'alpha'));
      const search = createTextSearch(chunked, 'alpha');
      while (!search.step(2));
      expect(search.found).toEqual([0, 11, 23]);
    }
  });
});
