import { KeyholeError } from '../core/errors.ts';
import { readPlatformError } from '../core/http/response-body.ts';
import type { SendRequest } from '../core/protocol.ts';
import { createBackoff, describeGivingUp } from '../core/streams/reconnect-backoff.ts';
import { createSseParser } from '../core/streams/sse-parser.ts';
import { acceptLine, emptyCursor, resumeQuery, type StreamCursor } from '../core/streams/stream-cursor.ts';
import { isEventStreamType } from '../core/streams/stream-endpoints.ts';
import type { StreamCommand, StreamReport } from '../core/streams/stream-port.ts';
import { readCapped } from './fetch-with-limits.ts';
import { requireActiveProfile } from './send-request.ts';
import { getClockOffset } from './session.ts';
import { markExpiredIfSaid } from './session-expiry.ts';
import { hideReusable, prepareRequest } from './signed-request.ts';
import { createBatcher, pause } from './stream-batch.ts';

/**
 * A log stream (Server-Sent Events) held by the worker: signed like any call (prepareRequest runs every guard:
 * origin binding, PLAINTEXT and Bearer only over https or to loopback), read as a stream, parsed, deduplicated
 * and batched to the panel. After a drop (network error, the server closing without END_OF_STREAM, no byte for
 * STALL_MS although the platform sends a heartbeat every 2 s, a 5xx) it signs again and resumes from the last
 * line's date; a 4xx or a refusal of the guards ends it with the reason.
 */

const STALL_MS = 10_000;

type OpenCommand = Extract<StreamCommand, { type: 'open' }>;
type Post = (report: StreamReport) => void;

/** Thrown for what reconnecting would not fix. */
class Final extends Error {
  constructor(readonly report: StreamReport) {
    super('final');
  }
}

/** The path's own query joins the request's, so `since` and `limit` can be moved wherever they were written. */
function splitQuery(request: SendRequest): { path: string; query: [string, string][] } {
  const [path, search] = request.path.split('?', 2) as [string, string | undefined];
  return { path, query: [...new URLSearchParams(search ?? ''), ...(request.query ?? [])] };
}

export async function runLogStream(open: OpenCommand, post: Post, stopped: AbortSignal): Promise<void> {
  const profile = await requireActiveProfile();
  const cursor: StreamCursor = open.cursor ?? emptyCursor();
  const { path, query } = splitQuery(open.request);
  const backoff = createBackoff();
  while (!stopped.aborted) {
    const next = resumeQuery(query, cursor);
    if (!next) return post({ type: 'ended', reason: 'LIMIT' });
    let reason: string;
    try {
      const ended = await connect({ ...open.request, path, query: next }, profile, cursor, post, stopped, () =>
        backoff.opened(),
      );
      if (ended !== undefined) return post({ type: 'ended', reason: ended });
      reason = 'The server closed the stream.';
    } catch (error) {
      if (error instanceof Final) return post(error.report);
      if (error instanceof KeyholeError) throw error;
      reason = error instanceof Error ? error.message : String(error);
    }
    if (stopped.aborted) return;
    const wait = backoff.dropped();
    if (!wait) throw new KeyholeError('network', describeGivingUp('The log stream'));
    post({ type: 'reconnecting', ...wait, reason });
    await pause(wait.inMs, stopped);
  }
}

/** One connection. Resolves with END_OF_STREAM's reason, or undefined when the server closed without one. */
async function connect(
  request: SendRequest,
  profile: Awaited<ReturnType<typeof requireActiveProfile>>,
  cursor: StreamCursor,
  post: Post,
  stopped: AbortSignal,
  onOpen: () => void,
): Promise<string | undefined> {
  const headers: [string, string][] = [...(request.headers ?? []), ['Accept', 'text/event-stream']];
  const prepared = await prepareRequest(profile, { ...request, headers }, await getClockOffset(profile.id));
  const controller = new AbortController();
  const abort = () => controller.abort();
  stopped.addEventListener('abort', abort, { once: true });
  let stall: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => {
      stalled = true;
      abort();
    }, STALL_MS);
  };
  const batch = createBatcher(post, cursor);
  try {
    watch();
    const sent = new Headers(prepared.headers);
    sent.set('Authorization', prepared.authorization);
    const response = await fetch(prepared.url, {
      headers: sent,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
      // A redirect would carry the Authorization header elsewhere: refused, like every call (fetch-with-limits).
      redirect: 'manual',
    });
    // A server can echo the Authorization anywhere it writes: the content type and reason phrase are told, and kept.
    const contentType = hideReusable(response.headers.get('content-type') ?? '', prepared.reusable);
    const statusText = hideReusable(response.statusText, prepared.reusable);
    if (response.status >= 500) throw new Error(`The server answered HTTP ${response.status}.`);
    if (response.status !== 200 || !isEventStreamType(contentType)) {
      // Only what is reported is read: a refusal whose body never ends must not fill the worker's memory.
      const read = (await readCapped(response, 64 * 1024, { received: 0 })) as { bytes: Uint8Array };
      const body = hideReusable(new TextDecoder().decode(read.bytes), prepared.reusable);
      const expired =
        response.status === 401 && prepared.auth === 'oauth'
          ? await markExpiredIfSaid(profile.id, response.status, statusText, body)
          : undefined;
      if (expired) throw new Final({ type: 'failed', error: expired.toData(), status: response.status, body });
      const platform = readPlatformError(body);
      const message =
        response.status === 200
          ? `The server answered ${contentType || 'no content type'}, not an event stream.`
          : `The server refused the stream: HTTP ${response.status}${platform ? ` — ${platform.message}` : ''}.`;
      throw new Final({
        type: 'failed',
        error: new KeyholeError(response.status === 200 ? 'malformed-response' : 'http-error', message, {
          status: response.status,
        }).toData(),
        status: response.status,
        body,
      });
    }
    onOpen();
    post({ type: 'opened', url: prepared.url, auth: prepared.auth, contentType, status: response.status });
    let ended: string | undefined;
    const parser = createSseParser((event) => {
      if (event.event === 'HEARTBEAT') return;
      if (event.event === 'END_OF_STREAM') {
        ended = (safeJson(event.data) as { endedBy?: unknown })?.endedBy?.toString() ?? 'END_OF_STREAM';
        return;
      }
      const record = safeJson(event.data) as { id?: unknown; date?: unknown } | undefined;
      const id = typeof record?.id === 'string' ? record.id : event.id;
      const date = typeof record?.date === 'string' ? record.date : undefined;
      if (!acceptLine(cursor, { id, date })) return;
      // Every field the server wrote is masked, not only the data: an echo can sit in any of them.
      const hide = (text: string) => hideReusable(text, prepared.reusable);
      const data = hide(event.data);
      batch.push({
        event: hide(event.event),
        data,
        ...(id ? { id: hide(id) } : {}),
        ...(date ? { date: hide(date) } : {}),
      });
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    while (ended === undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      watch();
      parser.push(value);
    }
    batch.flush();
    if (ended !== undefined) await reader.cancel().catch(() => undefined);
    return ended;
  } catch (error) {
    if (stalled) throw new Error(`Nothing arrived for ${STALL_MS / 1000} s, not even a heartbeat.`);
    throw error;
  } finally {
    batch.flush();
    clearTimeout(stall);
    stopped.removeEventListener('abort', abort);
    controller.abort();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
