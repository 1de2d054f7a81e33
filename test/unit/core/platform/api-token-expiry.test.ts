import { describe, expect, it } from 'vitest';
import {
  checkExpirationDate,
  computeExpirationDate,
  describeExpiry,
  EXPIRY_PRESET_DAYS,
  expiryWarning,
} from '../../../../src/core/platform/api-token-expiry.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('computeExpirationDate', () => {
  it('adds each preset number of days', () => {
    expect(EXPIRY_PRESET_DAYS).toEqual([7, 30, 60, 90, 365]);
    expect(computeExpirationDate({ kind: 'days', days: 7 }, NOW)).toEqual({
      ok: true,
      expirationDate: '2026-03-08T12:00:00.000Z',
    });
    expect(computeExpirationDate({ kind: 'days', days: 365 }, NOW)).toEqual({
      ok: true,
      expirationDate: '2027-03-01T12:00:00.000Z',
    });
  });

  it('adds a number of hours given as text or number', () => {
    expect(computeExpirationDate({ kind: 'hours', hours: '12' }, NOW)).toEqual({
      ok: true,
      expirationDate: '2026-03-02T00:00:00.000Z',
    });
    expect(computeExpirationDate({ kind: 'hours', hours: 8760 }, NOW)).toEqual({
      ok: true,
      expirationDate: '2027-03-01T12:00:00.000Z',
    });
  });

  it.each([
    [{ kind: 'hours', hours: '' }, 'Enter a number of hours'],
    [{ kind: 'hours', hours: '1.5' }, 'whole number'],
    [{ kind: 'hours', hours: '-3' }, 'whole number'],
    [{ kind: 'hours', hours: '0' }, 'at least one hour'],
    [{ kind: 'hours', hours: '8761' }, 'at most one year (8760 hours)'],
    [{ kind: 'days', days: 366 }, 'at most one year'],
    [{ kind: 'days', days: 0 }, 'how many days'],
  ] as const)('refuses %o', (choice, message) => {
    const result = computeExpirationDate(choice, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('the stated expiry', () => {
  it('cuts the seconds, so the date sent is the minute stated', () => {
    const now = new Date('2026-03-01T12:00:42.123Z');
    expect(computeExpirationDate({ kind: 'days', days: 90 }, now)).toEqual({
      ok: true,
      expirationDate: '2026-05-30T12:00:00.000Z',
    });
    expect(computeExpirationDate({ kind: 'hours', hours: '1' }, now)).toEqual({
      ok: true,
      expirationDate: '2026-03-01T13:00:00.000Z',
    });
  });

  it('states the date, time and zone, and the lifetime as chosen', () => {
    expect(describeExpiry({ kind: 'days', days: 90 }, '2026-05-30T12:00:00.000Z', 'UTC')).toBe(
      'Expires on 2026-05-30 12:00 UTC (in 90 days)',
    );
    expect(describeExpiry({ kind: 'days', days: 365 }, '2027-03-01T23:30:00.000Z', 'Europe/Paris')).toBe(
      'Expires on 2027-03-02 00:30 GMT+1 (in 1 year)',
    );
    expect(describeExpiry({ kind: 'hours', hours: ' 1 ' }, '2026-03-01T13:00:00.000Z', 'UTC')).toBe(
      'Expires on 2026-03-01 13:00 UTC (in 1 hour)',
    );
    expect(describeExpiry({ kind: 'days', days: 1 }, '2026-03-02T12:00:00.000Z', 'UTC')).toContain('(in 1 day)');
  });
});

describe('checkExpirationDate', () => {
  it('accepts a future date within a year', () => {
    expect(checkExpirationDate('2026-06-01T00:00:00.000Z', NOW)).toBeUndefined();
    expect(checkExpirationDate('2027-03-01T12:00:00.000Z', NOW)).toBeUndefined();
  });
  it('refuses past, too far and malformed dates', () => {
    expect(checkExpirationDate('2026-02-01T00:00:00.000Z', NOW)).toContain('past');
    expect(checkExpirationDate('2027-03-05T00:00:00.000Z', NOW)).toContain('one year');
    expect(checkExpirationDate('next tuesday', NOW)).toContain('ISO 8601');
    expect(checkExpirationDate('2026-06-01', NOW)).toContain('ISO 8601');
  });
});

describe('expiryWarning', () => {
  it('says expired when the state says so, even with a future date', () => {
    expect(expiryWarning({ state: 'EXPIRED', expirationDate: '2027-01-01T00:00:00Z' }, NOW)?.level).toBe('expired');
  });
  it('says expired when the date has passed', () => {
    expect(expiryWarning({ state: 'ACTIVE', expirationDate: '2026-03-01T11:59:59Z' }, NOW)?.level).toBe('expired');
  });
  it('warns under 14 days, in days or hours', () => {
    expect(expiryWarning({ expirationDate: '2026-03-11T12:00:00Z' }, NOW)).toEqual({
      level: 'soon',
      message: 'Expires in 10 days.',
      daysLeft: 10,
    });
    expect(expiryWarning({ expirationDate: '2026-03-02T11:00:00Z' }, NOW)?.message).toBe('Expires in 23 hours.');
    expect(expiryWarning({ expirationDate: '2026-03-01T13:00:00Z' }, NOW)?.message).toBe('Expires in 1 hour.');
    expect(expiryWarning({ expirationDate: '2026-03-02T12:00:00Z' }, NOW)?.message).toBe('Expires in 1 day.');
    // A token made for 7 days, a moment later, still reads "7 days".
    expect(expiryWarning({ expirationDate: '2026-03-08T11:59:00Z' }, NOW)?.message).toBe('Expires in 7 days.');
  });
  it('warns for the bridge’s own [UTC] dates and epoch milliseconds', () => {
    // Before: '…Z[UTC]' was NaN, so a token expiring in 3 days or already expired raised no warning.
    expect(expiryWarning({ expirationDate: '2026-03-04T12:00:00Z[UTC]' }, NOW)?.message).toBe('Expires in 3 days.');
    expect(expiryWarning({ state: 'ACTIVE', expirationDate: '2026-02-28T00:00:00Z[UTC]' }, NOW)?.level).toBe('expired');
    expect(expiryWarning({ expirationDate: String(NOW.getTime() + 2 * 3_600_000) }, NOW)?.message).toBe(
      'Expires in 2 hours.',
    );
  });
  it('says nothing at 14 days or more, or when the date is unknown', () => {
    expect(expiryWarning({ expirationDate: '2026-03-15T12:00:00Z' }, NOW)).toBeUndefined();
    expect(expiryWarning({ state: 'ACTIVE' }, NOW)).toBeUndefined();
    expect(expiryWarning({ expirationDate: 'soon' }, NOW)).toBeUndefined();
  });
});
