/**
 * Dates as people read them, in their locale; an unreadable date is shown as sent rather than as "Invalid Date".
 * Takes the platform's own forms too (`…Z[UTC]`, epoch milliseconds), through the one platform date reader.
 */
import { readPlatformDate } from '../platform/platform-date.ts';

export function formatDateTime(value: string | number | undefined, locale?: string, timeZone?: string): string {
  return format(value, { dateStyle: 'medium', timeStyle: 'short' }, locale, timeZone);
}

export function formatDate(value: string | number | undefined, locale?: string, timeZone?: string): string {
  return format(value, { dateStyle: 'medium' }, locale, timeZone);
}

function format(
  value: string | number | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: string | undefined,
  timeZone: string | undefined,
): string {
  if (value === undefined || value === '') return '—';
  const at = readPlatformDate(value);
  if (!at) return String(value);
  return new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options).format(at);
}
