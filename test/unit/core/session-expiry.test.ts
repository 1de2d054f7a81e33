import { describe, expect, it } from 'vitest';
import { describeSessionExpiry, EXPIRY_WARNING_MS } from '../../../src/core/session-expiry.ts';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('describeSessionExpiry', () => {
  it('is calm when more than two weeks are left', () => {
    const expiry = describeSessionExpiry(iso(NOW + 80 * DAY), NOW);
    expect(expiry).toMatchObject({ tone: 'ok', text: 'Expires in 2 months' });
    expect(expiry.at?.getTime()).toBe(NOW + 80 * DAY);
  });

  it('warns under 14 days, and not at exactly 14', () => {
    expect(describeSessionExpiry(iso(NOW + 12 * DAY), NOW)).toMatchObject({ tone: 'warn', text: 'Expires in 12 days' });
    expect(describeSessionExpiry(iso(NOW + EXPIRY_WARNING_MS - 1), NOW).tone).toBe('warn');
    expect(describeSessionExpiry(iso(NOW + EXPIRY_WARNING_MS), NOW).tone).toBe('ok');
  });

  it('says when it has already expired', () => {
    expect(describeSessionExpiry(iso(NOW - 2 * 60 * 60 * 1000), NOW)).toMatchObject({
      tone: 'expired',
      text: 'Expired 2 hours ago',
    });
  });

  it('reads the real platform’s [UTC] dates (the popup said "Expiry date unknown")', () => {
    expect(describeSessionExpiry('2025-03-13T12:00:00Z[UTC]', NOW)).toMatchObject({
      tone: 'warn',
      text: 'Expires in 12 days',
    });
    expect(describeSessionExpiry('2025-03-13T12:00:00Z[UTC]', NOW).at?.getTime()).toBe(NOW + 12 * DAY);
  });

  it('admits an unknown or unreadable date', () => {
    expect(describeSessionExpiry(undefined, NOW)).toEqual({ tone: 'unknown', text: 'Expiry date unknown' });
    expect(describeSessionExpiry('not a date', NOW).tone).toBe('unknown');
  });
});
