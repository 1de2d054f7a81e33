import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../../src/core/format/format-date.ts';

describe('formatDate / formatDateTime', () => {
  it('formats in the given locale and zone', () => {
    expect(formatDate('2025-12-01T06:00:00.000Z', 'en-GB', 'UTC')).toBe('1 Dec 2025');
    expect(formatDateTime('2025-12-01T06:00:00.000Z', 'en-GB', 'UTC')).toBe('1 Dec 2025, 06:00');
  });
  it('formats the platform’s own forms: a [UTC] suffix and epoch milliseconds', () => {
    // Before: '…Z[UTC]' was shown raw (Date.parse gives NaN), and a number could not be passed at all.
    expect(formatDateTime('2025-12-01T06:00:00Z[UTC]', 'en-GB', 'UTC')).toBe('1 Dec 2025, 06:00');
    expect(formatDate('2025-12-01T06:00:00.000Z[UTC]', 'en-GB', 'UTC')).toBe('1 Dec 2025');
    expect(formatDateTime(1_764_568_800_000, 'en-GB', 'UTC')).toBe('1 Dec 2025, 06:00');
  });
  it('shows an impossible date as sent, not as another day', () => {
    // Date.parse reads 2025-02-30 as 2 March.
    expect(formatDate('2025-02-30', 'en-GB', 'UTC')).toBe('2025-02-30');
  });
  it('shows a dash for nothing and the raw text for an unreadable date', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
