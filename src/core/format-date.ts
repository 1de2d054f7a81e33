/** Dates as people read them, in their locale; an unreadable date is shown as sent rather than as "Invalid Date". */

export function formatDateTime(iso: string | undefined, locale?: string, timeZone?: string): string {
  return format(iso, { dateStyle: 'medium', timeStyle: 'short' }, locale, timeZone);
}

export function formatDate(iso: string | undefined, locale?: string, timeZone?: string): string {
  return format(iso, { dateStyle: 'medium' }, locale, timeZone);
}

function format(
  iso: string | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: string | undefined,
  timeZone: string | undefined,
): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options).format(at);
}
