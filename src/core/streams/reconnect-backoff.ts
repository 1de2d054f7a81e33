import { retryDelayMs } from './stream-cursor.ts';

/**
 * When to reconnect a stream after a drop. The wait grows (1 s × 1.25 per attempt, up to 15 s) and starts again
 * only once a connection has lived HEALTHY_MS: a server that answers, says it is ready and closes at once used
 * to reset the count on every connection, and was reconnected to about once a second forever. After
 * MAX_SHORT_LIVES connections in a row that did not live that long, the stream stops and says why.
 */
export const HEALTHY_MS = 30_000;
export const MAX_SHORT_LIVES = 20;

export interface Backoff {
  /** The connection is up (the server answered / said it is ready). */
  opened(): void;
  /** The connection dropped: the attempt's number and wait, or undefined to give up. */
  dropped(): { attempt: number; inMs: number } | undefined;
}

export function createBackoff(now: () => number = Date.now): Backoff {
  let attempt = 0;
  let openedAt: number | undefined;
  return {
    opened() {
      openedAt ??= now();
    },
    dropped() {
      if (openedAt !== undefined && now() - openedAt >= HEALTHY_MS) attempt = 0;
      openedAt = undefined;
      attempt += 1;
      return attempt > MAX_SHORT_LIVES ? undefined : { attempt, inMs: retryDelayMs(attempt) };
    },
  };
}

export function describeGivingUp(what: string): string {
  return `${what} dropped ${MAX_SHORT_LIVES} times in a row without staying open ${HEALTHY_MS / 1000} s; Keyhole stopped reconnecting. Reconnect to try again.`;
}
