import { KeyholeError } from '../errors.ts';
import { MAX_EVENT_CHARS } from './sse-parser.ts';
import type { StreamEvent } from './stream-port.ts';

/**
 * What one message of the platform's events socket means, read as hostile input: the server chooses the watchdog's
 * delay and the size of every message. A delay is clamped to what a heartbeat can sensibly promise (a timer given
 * more than 2^31-1 ms fires at once, which made the socket reconnect every second); a message over the SSE
 * parser's limit (1 MB) ends the stream, as an SSE event does, before it is parsed, batched or posted to the page
 * (a port refuses a message over 64 MB, and the stream stopped without a word).
 */
export type SocketFrame =
  | { kind: 'ready' }
  | { kind: 'ping'; watchdogMs: number }
  | { kind: 'auth-error' }
  | { kind: 'event'; event: StreamEvent }
  | { kind: 'ignored' };

const AUTH_ERROR_ID = 2001;
/** The platform promises a ping every 30 s or so (its `heartbeat_delay_ms`); anything else is clamped. */
export const DEFAULT_HEARTBEAT_MS = 30_000;
export const MIN_HEARTBEAT_MS = 1_000;
export const MAX_HEARTBEAT_MS = 5 * 60_000;

/** How long to wait for the next ping: the promised delay (clamped) with the official client's 1.25 margin. */
export function watchdogDelayMs(promised: unknown): number {
  const delay =
    typeof promised === 'number' && !Number.isNaN(promised)
      ? Math.min(Math.max(promised, MIN_HEARTBEAT_MS), MAX_HEARTBEAT_MS)
      : DEFAULT_HEARTBEAT_MS;
  return delay * 1.25 + 1000;
}

export function tooLargeMessage(): KeyholeError {
  return new KeyholeError(
    'too-large',
    `The events socket sent a message longer than ${MAX_EVENT_CHARS / 1024 / 1024} MB; Keyhole stopped reading it.`,
  );
}

/** Reads one message; throws `too-large` for one over the limit. Binary messages are not the platform's: ignored. */
export function readSocketFrame(data: unknown): SocketFrame {
  if (typeof data !== 'string') return { kind: 'ignored' };
  if (data.length > MAX_EVENT_CHARS) throw tooLargeMessage();
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'ignored' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { kind: 'ignored' };
  const record = parsed as Record<string, unknown>;
  if (record.message_type === 'socket_ready') return { kind: 'ready' };
  if (record.type === 'heartbeat' && record.heartbeat_msg === 'ping')
    return { kind: 'ping', watchdogMs: watchdogDelayMs(record.heartbeat_delay_ms) };
  if (record.type === 'error' && record.id === AUTH_ERROR_ID) return { kind: 'auth-error' };
  return {
    kind: 'event',
    event: {
      event: String(record.event ?? record.type ?? 'event'),
      data: typeof record.data === 'string' ? record.data : JSON.stringify(record.data ?? null),
      ...(typeof record.id === 'string' ? { id: record.id } : {}),
      ...(typeof record.date === 'string' ? { date: record.date } : {}),
    },
  };
}
