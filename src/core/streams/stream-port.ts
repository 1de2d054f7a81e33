/**
 * The contract of the stream port (`runtime.connect({name: STREAM_PORT_NAME})`), apart from the one-shot message
 * protocol because a stream is a conversation: the panel opens it, keeps it alive and closes it; the worker, which
 * holds the connection and signs it, sends what arrives. Everything the worker receives is checked here (any
 * extension page may connect, and a page may be hostile); nothing it sends carries a secret.
 */
import { KeyholeError, type KeyholeErrorData } from '../errors.ts';
import { describeValue, isRecord, validateSendRequest } from '../http/send-request-validation.ts';
import type { SendRequest } from '../protocol.ts';
import type { StreamCursor } from './stream-cursor.ts';
import type { StreamKind } from './stream-endpoints.ts';

export { STREAM_PORT_NAME } from './stream-endpoints.ts';
/** The panel sends `ping` this often: each port message resets the worker's idle timer (Chrome 110+). */
export const STREAM_PING_MS = 20_000;

/** What a stream delivers, one per SSE event or socket event: the raw data, with what the cursor needs. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
  date?: string;
}

export type StreamCommand =
  | { type: 'open'; kind: StreamKind; request: SendRequest; cursor?: StreamCursor }
  | { type: 'ping' }
  | { type: 'close' };

export type StreamReport =
  | { type: 'opened'; url: string; auth: 'oauth' | 'bearer'; contentType: string; status: number }
  | { type: 'events'; events: StreamEvent[]; cursor: StreamCursor }
  | { type: 'heartbeat' }
  | { type: 'reconnecting'; attempt: number; inMs: number; reason: string }
  | { type: 'ended'; reason: string }
  | { type: 'failed'; error: KeyholeErrorData; status?: number; body?: string };

function invalid(message: string): KeyholeError {
  return new KeyholeError('invalid-input', `Invalid stream message: ${message}`);
}

function validateCursor(value: unknown): StreamCursor {
  if (!isRecord(value)) throw invalid(`“cursor” must be an object (got ${describeValue(value)}).`);
  const { lastDate, idsAtLastDate, received } = value;
  if (lastDate !== undefined && (typeof lastDate !== 'string' || Number.isNaN(Date.parse(lastDate))))
    throw invalid(`“cursor.lastDate” must be a date (got ${describeValue(lastDate)}).`);
  if (
    !Array.isArray(idsAtLastDate) ||
    idsAtLastDate.length > 1000 ||
    // Array.from: a structured clone keeps a list's holes, which `every` would skip.
    !Array.from(idsAtLastDate).every((id) => typeof id === 'string')
  )
    throw invalid('“cursor.idsAtLastDate” must be a list of at most 1000 ids.');
  if (typeof received !== 'number' || !Number.isInteger(received) || received < 0)
    throw invalid(`“cursor.received” must be a whole number (got ${describeValue(received)}).`);
  return { ...(lastDate !== undefined ? { lastDate } : {}), idsAtLastDate: [...idsAtLastDate], received };
}

/** A command from a page, checked field by field; throws `invalid-input` naming what is wrong. */
export function validateStreamCommand(value: unknown): StreamCommand {
  if (!isRecord(value)) throw invalid(`expected an object, got ${describeValue(value)}.`);
  if (value.type === 'ping' || value.type === 'close') return { type: value.type };
  if (value.type !== 'open') throw invalid(`unknown type ${describeValue(value.type)}.`);
  if (value.kind !== 'sse' && value.kind !== 'events') throw invalid('“kind” must be "sse" or "events".');
  const request = validateSendRequest(value.request);
  if (request.method !== 'GET') throw invalid('a stream is opened with GET.');
  if (request.body && request.body.kind !== 'none') throw invalid('a stream request has no body.');
  if (value.kind === 'events' && request.target !== 'api')
    throw invalid('the events socket is on the API, not the bridge.');
  return {
    type: 'open',
    kind: value.kind,
    request,
    ...(value.cursor !== undefined ? { cursor: validateCursor(value.cursor) } : {}),
  };
}
