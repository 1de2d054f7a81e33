import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/core/format-date.ts';

describe('formatDate / formatDateTime', () => {
  it('formats in the given locale and zone', () => {
    expect(formatDate('2025-12-01T06:00:00.000Z', 'en-GB', 'UTC')).toBe('1 Dec 2025');
    expect(formatDateTime('2025-12-01T06:00:00.000Z', 'en-GB', 'UTC')).toBe('1 Dec 2025, 06:00');
  });
  it('shows a dash for nothing and the raw text for an unreadable date', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
