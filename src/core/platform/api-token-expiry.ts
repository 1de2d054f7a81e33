/**
 * When an API token expires: the choices offered when creating one (presets in days, or a number of hours like the
 * CLI's option), the ISO date sent to the bridge, and the warnings shown for tokens that expired or soon will.
 * The CLI refuses lifetimes over one year; so do we, before the bridge has to.
 */
import { readPlatformDate } from './platform-date.ts';

export const EXPIRY_PRESET_DAYS = [7, 30, 60, 90, 365] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const MAX_LIFETIME_DAYS = 365;
export const MAX_LIFETIME_HOURS = MAX_LIFETIME_DAYS * 24;
/** Below this, a token's expiry is worth a warning. */
export const EXPIRY_WARNING_DAYS = 14;

export type ExpiryChoice = { kind: 'days'; days: number } | { kind: 'hours'; hours: string | number };

export type ExpiryResult = { ok: true; expirationDate: string } | { ok: false; error: string };

const MINUTE_MS = 60_000;

/**
 * The form states the expiry to the minute before Create; cutting the seconds makes the token's date exactly
 * the one stated (down, so a year stays within a year).
 */
function toMinute(at: number): string {
  return new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS).toISOString();
}

/** Turns a choice into the ISO 8601 date-time the bridge expects, or says why it cannot. */
export function computeExpirationDate(choice: ExpiryChoice, now: Date): ExpiryResult {
  if (choice.kind === 'days') {
    if (!Number.isInteger(choice.days) || choice.days < 1)
      return { ok: false, error: 'Choose how many days the token lasts.' };
    if (choice.days > MAX_LIFETIME_DAYS) return { ok: false, error: 'A token lasts at most one year (365 days).' };
    return { ok: true, expirationDate: toMinute(now.getTime() + choice.days * DAY_MS) };
  }
  const text = String(choice.hours).trim();
  if (text === '') return { ok: false, error: 'Enter a number of hours, e.g. 12.' };
  if (!/^\d+$/.test(text)) return { ok: false, error: 'Hours must be a whole number, e.g. 12.' };
  const hours = Number(text);
  if (hours < 1) return { ok: false, error: 'A token lasts at least one hour.' };
  if (hours > MAX_LIFETIME_HOURS)
    return { ok: false, error: `A token lasts at most one year (${MAX_LIFETIME_HOURS} hours).` };
  return { ok: true, expirationDate: toMinute(now.getTime() + hours * HOUR_MS) };
}

/** `2027-02-22 14:03 UTC`: the local date and time, unambiguous (year first, 24-hour clock, zone named). */
export function formatExpiryMoment(expirationDate: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(Date.parse(expirationDate));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/**
 * What the form says before Create: "Expires on 2027-02-22 14:03 UTC (in 90 days)". The lifetime is the one
 * chosen, not one computed back from the date, so it reads exactly as the choice was made.
 */
export function describeExpiry(choice: ExpiryChoice, expirationDate: string, timeZone?: string): string {
  const count = choice.kind === 'days' ? choice.days : Number(String(choice.hours).trim());
  const unit = choice.kind === 'days' ? 'day' : 'hour';
  const lifetime = choice.kind === 'days' && count === 365 ? '1 year' : `${count} ${unit}${count === 1 ? '' : 's'}`;
  return `Expires on ${formatExpiryMoment(expirationDate, timeZone)} (in ${lifetime})`;
}

/** Whether a date the page is about to send is a valid future date at most a year ahead (the worker re-checks). */
export function checkExpirationDate(expirationDate: string, now: Date): string | undefined {
  const at = Date.parse(expirationDate);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}T/.test(expirationDate))
    return 'The expiration date is not an ISO 8601 date-time.';
  if (at <= now.getTime()) return 'The expiration date is in the past.';
  // One day of slack: "365 days" chosen just before midnight must not be refused by rounding.
  if (at - now.getTime() > (MAX_LIFETIME_DAYS + 1) * DAY_MS) return 'A token lasts at most one year.';
  return undefined;
}

export type ExpiryWarning =
  | { level: 'expired'; message: string }
  | { level: 'soon'; message: string; daysLeft: number }
  | undefined;

/**
 * "Expired" when the platform says so or the date has passed; "soon" under 14 days. Unknown dates give no warning:
 * we would rather say nothing than something wrong.
 */
export function expiryWarning(token: { expirationDate?: string; state?: string }, now: Date): ExpiryWarning {
  const at = readPlatformDate(token.expirationDate)?.getTime() ?? Number.NaN;
  if (token.state?.toUpperCase() === 'EXPIRED' || (!Number.isNaN(at) && at <= now.getTime()))
    return { level: 'expired', message: 'Expired: calls with this token are refused.' };
  if (Number.isNaN(at)) return undefined;
  const left = at - now.getTime();
  if (left >= EXPIRY_WARNING_DAYS * DAY_MS) return undefined;
  const hoursLeft = Math.ceil(left / HOUR_MS);
  // Rounded up, like the hours: a token created for 7 days reads "in 7 days", not "in 6".
  const daysLeft = Math.ceil(left / DAY_MS);
  const when =
    hoursLeft < 24
      ? `in ${hoursLeft} hour${hoursLeft === 1 ? '' : 's'}`
      : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  return { level: 'soon', message: `Expires ${when}.`, daysLeft };
}
