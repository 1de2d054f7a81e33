import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../../../src/core/format/format-relative-time.ts';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says "just now" for the last 45 seconds and "in under a minute" for the next', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('just now');
    expect(formatRelativeTime(NOW - 44 * SECOND, NOW)).toBe('just now');
    expect(formatRelativeTime(NOW + 30 * SECOND, NOW)).toBe('in under a minute');
  });

  it('counts minutes without overstating them', () => {
    expect(formatRelativeTime(NOW - 45 * SECOND, NOW)).toBe('1 min ago');
    expect(formatRelativeTime(NOW - 3 * MINUTE, NOW)).toBe('3 min ago');
    expect(formatRelativeTime(NOW - (3 * MINUTE + 59 * SECOND), NOW)).toBe('3 min ago');
    expect(formatRelativeTime(NOW + 10 * MINUTE, NOW)).toBe('in 10 min');
  });

  it('switches to hours, days, months and years', () => {
    expect(formatRelativeTime(NOW - 45 * MINUTE, NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(NOW - 2 * HOUR, NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(NOW + 22 * HOUR, NOW)).toBe('in 1 day');
    expect(formatRelativeTime(NOW + 12 * DAY + 5 * HOUR, NOW)).toBe('in 12 days');
    expect(formatRelativeTime(NOW + 13.9 * DAY, NOW)).toBe('in 13 days');
    expect(formatRelativeTime(NOW + 90 * DAY, NOW)).toBe('in 2 months');
    expect(formatRelativeTime(NOW - 400 * DAY, NOW)).toBe('1 year ago');
    expect(formatRelativeTime(NOW + 3 * 365.25 * DAY, NOW)).toBe('in 3 years');
  });

  it('uses the singular for one of a unit', () => {
    expect(formatRelativeTime(NOW - DAY, NOW)).toBe('1 day ago');
    expect(formatRelativeTime(NOW + 50 * DAY, NOW)).toBe('in 1 month');
  });
});
