/**
 * Dates as the platform writes them. Its JVM prints a UTC `ZonedDateTime` as `2024-03-01T09:00Z[UTC]`: seconds only
 * when not zero, the fraction only when not zero, then the zone id in brackets. `Date.parse` cannot read that; the
 * official client strips the `[UTC]` suffix first (`normalizeDate`), and so must every client of the real API.
 */
export function platformDate(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2024-03-01T09:00:05.123Z
  const minutes = iso.slice(0, 16);
  const seconds = iso.slice(17, 19);
  const millis = iso.slice(20, 23);
  let text = minutes;
  if (seconds !== '00' || millis !== '000') text += `:${seconds}`;
  if (millis !== '000') text += `.${millis}`;
  return `${text}Z[UTC]`;
}

/** `platformDate`, or null when there is no date (an unpaid invoice's pay date). */
export function platformDateOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : platformDate(ms);
}
