/**
 * How close a session is to its end, for the popup's "expires in 12 days" line.
 * Two weeks of warning leaves time to sign in again before scripts and pages start failing.
 */
import { formatRelativeTime } from './format-relative-time.ts';
import { readPlatformDate } from './platform-date.ts';

export const EXPIRY_WARNING_MS = 14 * 24 * 60 * 60 * 1000;

export type ExpiryTone = 'ok' | 'warn' | 'expired' | 'unknown';

export interface SessionExpiry {
  tone: ExpiryTone;
  /** A sentence fragment: "Expires in 12 days", "Expired 2 hours ago". */
  text: string;
  /** The parsed end of the session, when known. */
  at?: Date;
}

export function describeSessionExpiry(expiresAt: string | undefined, now: number): SessionExpiry {
  const at = readPlatformDate(expiresAt);
  if (!at) return { tone: 'unknown', text: 'Expiry date unknown' };
  const time = at.getTime();
  if (time <= now) return { tone: 'expired', text: `Expired ${formatRelativeTime(time, now)}`, at };
  const tone: ExpiryTone = time - now < EXPIRY_WARNING_MS ? 'warn' : 'ok';
  return { tone, text: `Expires ${formatRelativeTime(time, now)}`, at };
}
