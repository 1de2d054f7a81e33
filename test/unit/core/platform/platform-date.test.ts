import { describe, expect, it } from 'vitest';
import {
  isIso8601DateTime,
  readPlatformDate,
  readPlatformDateIso,
} from '../../../../src/core/platform/platform-date.ts';

describe('readPlatformDate', () => {
  it('reads the real platform’s ISO dates with a [UTC] suffix, which Date.parse cannot', () => {
    expect(Number.isNaN(Date.parse('2026-01-01T00:00:00Z[UTC]'))).toBe(true);
    expect(readPlatformDateIso('2026-01-01T00:00:00Z[UTC]')).toBe('2026-01-01T00:00:00.000Z');
    expect(readPlatformDateIso('2025-11-23T14:05:09.123Z[UTC]')).toBe('2025-11-23T14:05:09.123Z');
    // Java prints nanoseconds; milliseconds are kept.
    expect(readPlatformDateIso('2025-11-23T14:05:09.123456789Z[UTC]')).toBe('2025-11-23T14:05:09.123Z');
    // The official client's own example (normalizeDate): a bare date with the suffix.
    expect(readPlatformDateIso('2023-01-01[UTC]')).toBe('2023-01-01T00:00:00.000Z');
  });

  it('uses the offset before a named zone, and a UTC suffix when the offset is missing', () => {
    expect(readPlatformDateIso('2026-07-01T12:00:00+02:00[Europe/Paris]')).toBe('2026-07-01T10:00:00.000Z');
    expect(readPlatformDateIso('2026-07-01T12:00:00Z[Etc/UTC]')).toBe('2026-07-01T12:00:00.000Z');
    expect(readPlatformDateIso('2026-07-01T12:00[UTC]')).toBe('2026-07-01T12:00:00.000Z');
    expect(readPlatformDateIso('2026-07-01T12:00:00Z[!UTC][u-ca=gregory]')).toBe('2026-07-01T12:00:00.000Z');
    // Without an offset, a named zone would need a zone database: not guessed.
    expect(readPlatformDate('2026-07-01T12:00:00[Europe/Paris]')).toBeUndefined();
  });

  it('reads plain ISO 8601 strings, zone-less ones as UTC', () => {
    expect(readPlatformDateIso('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(readPlatformDateIso('2026-01-01T01:30:00+0130')).toBe('2026-01-01T00:00:00.000Z');
    expect(readPlatformDateIso('2026-01-01T00:00:00-05')).toBe('2026-01-01T05:00:00.000Z');
    expect(readPlatformDateIso('2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
    expect(readPlatformDateIso('2026-01-01T08:00:00')).toBe('2026-01-01T08:00:00.000Z');
    expect(readPlatformDateIso(' 2026-01-01T00:00:00Z ')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads epoch milliseconds as numbers and digit strings (/v2/self creationDate)', () => {
    expect(readPlatformDateIso(1_489_652_476_000)).toBe('2017-03-16T08:21:16.000Z');
    expect(readPlatformDateIso('1489652476000')).toBe('2017-03-16T08:21:16.000Z');
    expect(readPlatformDate(1_767_225_600_000)?.getTime()).toBe(Date.UTC(2026, 0, 1));
  });

  it('refuses garbage instead of guessing', () => {
    for (const bad of [
      undefined,
      null,
      true,
      {},
      [],
      '',
      '   ',
      'tomorrow',
      'Invalid Date',
      '01/08/2024',
      '2024-02-30',
      '2023-02-29T00:00:00Z[UTC]',
      '2024-13-01',
      '2024-08-01T25:00Z',
      '2024-08-01T12:00:00+24:00',
      '2026-01-01T00:00:00Z[UTC',
      '2026-01-01T00:00:00Z[]',
      '[UTC]',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      // Epoch seconds (or a count), not milliseconds: read as ms it would be a day in 1970.
      1_722_513_600,
      '1722513600',
      0,
      -1_000_000_000_000,
      '-1489652476000',
      1e17,
      new Date(Number.NaN),
    ])
      expect(readPlatformDate(bad), String(bad)).toBeUndefined();
  });

  it('returns a copy of a Date, never the caller’s object', () => {
    const original = new Date('2026-01-01T00:00:00Z');
    const read = readPlatformDate(original);
    expect(read?.getTime()).toBe(original.getTime());
    expect(read).not.toBe(original);
  });
});

describe('isIso8601DateTime', () => {
  it('checks the calendar that Date.parse does not', () => {
    expect(Number.isNaN(Date.parse('2024-02-30'))).toBe(false);
    expect(isIso8601DateTime('2024-02-30')).toBe(false);
    expect(isIso8601DateTime('2024-02-29T00:00:00Z')).toBe(true);
  });

  it('is about the ISO text only: a zone suffix is for readPlatformDate', () => {
    expect(isIso8601DateTime('2026-01-01T00:00:00Z[UTC]')).toBe(false);
  });
});
