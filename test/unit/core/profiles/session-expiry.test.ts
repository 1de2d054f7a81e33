import { describe, expect, it } from 'vitest';
import { parseAccessTokenResponse } from '../../../../src/core/oauth1/token-response.ts';
import { describeSessionExpiry, EXPIRY_WARNING_MS } from '../../../../src/core/profiles/session-expiry.ts';

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

  it('reads the expiry the worker stores from the real platform’s [UTC] expiration_date', () => {
    // Before: the access token step refused '…Z[UTC]', so there was no session to describe.
    const { expirationDate } = parseAccessTokenResponse(
      `oauth_token=t&oauth_token_secret=s&expiration_date=${encodeURIComponent('2025-03-13T12:00:00Z[UTC]')}`,
    );
    const expiry = describeSessionExpiry(expirationDate, NOW);
    expect(expiry).toMatchObject({ tone: 'warn', text: 'Expires in 12 days' });
    expect(expiry.at?.getTime()).toBe(NOW + 12 * DAY);
  });

  it('admits an unknown or unreadable date', () => {
    expect(describeSessionExpiry(undefined, NOW)).toEqual({ tone: 'unknown', text: 'Expiry date unknown' });
    expect(describeSessionExpiry('not a date', NOW).tone).toBe('unknown');
  });
});
