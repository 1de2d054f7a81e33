import { describe, expect, it } from 'vitest';
import { chunkedText, joinText, searchChar, sliceText, textBlob } from '../../../../src/core/workbench/chunked-text.ts';
import { cutInPieces } from './cut-in-pieces.ts';

describe('chunked text', () => {
  const text = 'line one\nline two\n\nünïcode ✓ and more\r\nend';

  it('slices like the joined string, across chunk boundaries', () => {
    for (let seed = 1; seed < 20; seed += 1) {
      const pieces = cutInPieces(text, seed);
      expect(pieces.join('')).toBe(text);
      const chunked = chunkedText(pieces);
      expect(chunked.length).toBe(text.length);
      expect(joinText(chunked)).toBe(text);
      for (let from = 0; from <= text.length; from += 3)
        for (let to = from; to <= text.length + 2; to += 5)
          expect(sliceText(chunked, from, to)).toBe(text.slice(from, to));
      expect(sliceText(chunked, 4)).toBe(text.slice(4));
    }
  });

  it('finds a character one chunk at a time, saying how far it looked', () => {
    const chunked = chunkedText(['abc', 'def\nxy', 'z\n']);
    expect(searchChar(chunked, '\n', 0)).toEqual({ found: -1, searchedTo: 3 });
    expect(searchChar(chunked, '\n', 3)).toEqual({ found: 6, searchedTo: 6 });
    expect(searchChar(chunked, '\n', 7)).toEqual({ found: -1, searchedTo: 9 });
    expect(searchChar(chunked, '\n', 9)).toEqual({ found: 10, searchedTo: 10 });
    expect(searchChar(chunked, '\n', 11)).toEqual({ found: -1, searchedTo: 11 });
    expect(searchChar('ab\ncd', '\n', 0)).toEqual({ found: 2, searchedTo: 2 });
    expect(searchChar('ab\ncd', '\n', 3)).toEqual({ found: -1, searchedTo: 5 });
  });

  it('an empty text has no chunks and slices to nothing', () => {
    const empty = chunkedText(['', '']);
    expect(empty).toEqual({ chunks: [], starts: [], length: 0 });
    expect(sliceText(empty, 0, 10)).toBe('');
    expect(searchChar(empty, '\n', 0)).toEqual({ found: -1, searchedTo: 0 });
  });

  it('makes a Blob of the same bytes without joining', async () => {
    const blob = textBlob(chunkedText(cutInPieces(text, 5)), 'application/json');
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(text);
  });
});
