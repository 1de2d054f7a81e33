/**
 * Short English relative times ("in 12 days", "3 min ago") for the popup and other pages.
 *
 * Written by hand rather than with Intl.RelativeTimeFormat: its short style varies by ICU version
 * ("3 min. ago"), and tests and screenshots should read the same on every machine.
 * Amounts are floored so a time is never overstated: 13.9 days left reads "in 13 days".
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

interface Unit {
  /** Use this unit while the distance is below this many milliseconds. */
  below: number;
  size: number;
  one: string;
  many: string;
}

const UNITS: Unit[] = [
  { below: 45 * MINUTE, size: MINUTE, one: 'min', many: 'min' },
  { below: 22 * HOUR, size: HOUR, one: 'hour', many: 'hours' },
  { below: 45 * DAY, size: DAY, one: 'day', many: 'days' },
  { below: 320 * DAY, size: MONTH, one: 'month', many: 'months' },
  { below: Number.POSITIVE_INFINITY, size: YEAR, one: 'year', many: 'years' },
];

/** Describes `target` as seen from `now` (both epoch milliseconds). */
export function formatRelativeTime(target: number, now: number): string {
  const distance = target - now;
  const future = distance > 0;
  const magnitude = Math.abs(distance);
  if (magnitude < 45 * SECOND) return future ? 'in under a minute' : 'just now';
  const unit = UNITS.find((candidate) => magnitude < candidate.below) ?? UNITS[UNITS.length - 1]!;
  const amount = Math.max(1, Math.floor(magnitude / unit.size));
  const phrase = `${amount} ${amount === 1 ? unit.one : unit.many}`;
  return future ? `in ${phrase}` : `${phrase} ago`;
}
