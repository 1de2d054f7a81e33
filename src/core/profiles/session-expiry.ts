/**
 * How close a session is to its end, for the popup's "expires in 12 days" line.
 * Two weeks of warning leaves time to sign in again before scripts and pages start failing.
 */
import { formatRelativeTime } from '../format/format-relative-time.ts';

export const EXPIRY_WARNING_MS = 14 * 24 * 60 * 60 * 1000;

export type ExpiryTone = 'ok' | 'warn' | 'expired' | 'unknown';

export interface SessionExpiry {
  tone: ExpiryTone;
  /** A sentence fragment: "Expires in 12 days", "Expired 2 hours ago". */
  text: string;
  /** The parsed end of the session, when known. */
  at?: Date;
}

/**
 * `expiresAt` is the session's stored expiry, which the worker writes in canonical ISO (parseAccessTokenResponse
 * reads the platform's `…Z[UTC]` and epoch forms through platform-date.ts). So a plain Date.parse reads it, and
 * the popup, whose bundle is at its budget, does not carry the platform date reader.
 */
export function describeSessionExpiry(expiresAt: string | undefined, now: number): SessionExpiry {
  const time = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(time)) return { tone: 'unknown', text: 'Expiry date unknown' };
  const at = new Date(time);
  if (time <= now) return { tone: 'expired', text: `Expired ${formatRelativeTime(time, now)}`, at };
  const tone: ExpiryTone = time - now < EXPIRY_WARNING_MS ? 'warn' : 'ok';
  return { tone, text: `Expires ${formatRelativeTime(time, now)}`, at };
}
