/**
 * Reading a date the platform sent. One reader for every record, because the real platform mixes formats
 * (platform-notes.md "Dates"): ISO 8601 strings with a Java zone suffix (`2026-01-01T00:00:00Z[UTC]`, which
 * `Date.parse` turns into NaN), plain ISO strings, and epoch milliseconds (`/v2/self` `creationDate`), as JSON
 * numbers or as digit strings. Anything else is refused rather than guessed, so a view shows "unknown" instead of
 * a wrong date.
 */

/**
 * ISO 8601 calendar date, optionally with a time and a zone (`Z`, `±hh`, `±hhmm`, `±hh:mm`), fractions of a
 * second up to nanoseconds (Java sends them).
 */
const ISO_8601_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * A bracketed zone after the date, as Java's `ZonedDateTime` prints it and RFC 9557 allows: `[UTC]`,
 * `[Europe/Paris]`, `[!UTC]`, `[u-ca=gregory]`, possibly several.
 */
const ZONE_SUFFIX = /(?:\[!?[A-Za-z0-9_+\-./=]{1,64}\])+$/;

/** Zone names that mean UTC, so a suffix alone may say in which zone an offset-less time is. */
const UTC_NAMES = new Set(['UTC', 'Z', 'GMT', 'UT', 'Etc/UTC', 'Etc/GMT', 'Etc/Universal', 'Etc/Zulu']);

/**
 * Below this, a number is not epoch milliseconds of any platform record (it would be before March 1973): it is
 * epoch seconds or a count, and reading it as milliseconds would show a date in 1970.
 */
const MIN_EPOCH_MS = 1e11;
/** The largest time a JavaScript Date can hold. */
const MAX_EPOCH_MS = 8.64e15;

interface IsoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC; undefined when the text gives no zone. */
  offsetMinutes: number | undefined;
}

function readIsoParts(value: string): IsoParts | undefined {
  const match = ISO_8601_PATTERN.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone, sign, zoneHour, zoneMinute] = match;
  const parts: IsoParts = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0,
    offsetMinutes: undefined,
  };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month))
    return undefined;
  // 60 allows a leap second.
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 60) return undefined;
  if (zone === 'Z') parts.offsetMinutes = 0;
  else if (zone !== undefined) {
    const hours = Number(zoneHour);
    const minutes = Number(zoneMinute ?? 0);
    if (hours > 23 || minutes > 59) return undefined;
    parts.offsetMinutes = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return parts;
}

/**
 * ISO 8601 calendar date, optionally with a time and a zone. Each field's range is checked by hand because
 * `Date.parse` happily accepts 2024-02-30.
 */
export function isIso8601DateTime(value: string): boolean {
  return readIsoParts(value) !== undefined;
}

// Computed by hand: Date.UTC maps years 0-99 to 1900-1999, which would get year 0100 wrong.
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function fromEpochMs(ms: number): Date | undefined {
  if (!Number.isFinite(ms) || ms < MIN_EPOCH_MS || ms > MAX_EPOCH_MS) return undefined;
  return new Date(ms);
}

function fromIsoText(text: string): Date | undefined {
  const suffix = ZONE_SUFFIX.exec(text);
  const core = suffix ? text.slice(0, suffix.index) : text;
  const parts = readIsoParts(core);
  if (!parts) return undefined;
  let offset = parts.offsetMinutes;
  if (offset === undefined && suffix) {
    // `…T10:00[UTC]`: the suffix says the zone. A named zone without an offset would need a zone database.
    const names = suffix[0].slice(1, -1).split('][');
    if (!names.some((name) => UTC_NAMES.has(name.replace(/^!/, '')))) return undefined;
    offset = 0;
  }
  // No zone at all: the platform's servers speak UTC, and reading the time as the browser's local time would
  // shift it by the user's offset.
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  date.setUTCHours(parts.hour, parts.minute, Math.min(parts.second, 59), parts.millisecond);
  const ms = date.getTime() - (offset ?? 0) * 60_000;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

/**
 * A date from a platform record: an ISO 8601 string with or without a `[Zone]` suffix, or epoch milliseconds (a
 * number or a string of digits). Undefined for anything else, including impossible dates such as 2024-02-30.
 */
export function readPlatformDate(value: unknown): Date | undefined {
  if (typeof value === 'number') return fromEpochMs(value);
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? new Date(value.getTime()) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length === 0 || text.length > 100) return undefined;
  if (/^\d+$/.test(text)) return fromEpochMs(Number(text));
  return fromIsoText(text);
}

/**
 * The same date as a canonical ISO string (`2026-01-01T00:00:00.000Z`), for records that cross the message
 * boundary as JSON and are compared or sorted as text.
 */
export function readPlatformDateIso(value: unknown): string | undefined {
  return readPlatformDate(value)?.toISOString();
}
