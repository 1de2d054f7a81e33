import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  formatBytes,
  formatDuration,
  truncateBase64,
  truncateUtf8,
  utf8Length,
} from '../../../../src/core/format/byte-format.ts';

describe('byte formatting', () => {
  it('formats sizes and durations', () => {
    expect([0, 1023, 1024, 1536, 5_000_000, 3 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.0 KB',
      '1.5 KB',
      '4.8 MB',
      '3.0 GB',
    ]);
    expect([12.4, 999, 1234, 65_000].map(formatDuration)).toEqual(['12 ms', '999 ms', '1.23 s', '65.0 s']);
  });

  it('counts UTF-8 bytes like TextEncoder', () => {
    for (const text of ['', 'abc', 'été', '€', '😀x', 'a\u0800b']) {
      expect(utf8Length(text), text).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('cuts UTF-8 text without splitting a character', () => {
    expect(truncateUtf8('abc', 10)).toEqual({ text: 'abc', truncated: false });
    expect(truncateUtf8('ééé', 5)).toEqual({ text: 'éé', truncated: true });
    expect(truncateUtf8('😀😀', 5)).toEqual({ text: '😀', truncated: true });
  });

  it('cuts base64 on whole bytes', () => {
    const base64 = btoa('0123456789');
    expect(base64ByteLength(base64)).toBe(10);
    const cut = truncateBase64(base64, 4);
    expect(cut.truncated).toBe(true);
    expect(atob(cut.base64)).toBe('012');
    expect(truncateBase64(base64, 10)).toEqual({ base64, truncated: false });
  });
});
