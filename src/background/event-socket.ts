import { KeyholeError } from '../core/errors.ts';
import { retryDelayMs } from '../core/streams/stream-cursor.ts';
import { EVENTS_SIGNED_PATH } from '../core/streams/stream-endpoints.ts';
import type { StreamCommand, StreamReport } from '../core/streams/stream-port.ts';
import { requireActiveProfile } from './send-request.ts';
import { getClockOffset } from './session.ts';
import { hideReusable, prepareRequest } from './signed-request.ts';
import { createBatcher, pause } from './stream-batch.ts';

/**
 * The platform's events socket, as the official client opens it: sign `GET <api>/v2/events/` (every guard of
 * prepareRequest applies), open `ws(s)://<api host>/v2/events/event-socket` and send the Authorization header as the
 * first message. The header never reaches the page; the socket goes only to the profile's own API origin. Answers
 * pings with pongs; reconnects after a close or a missed ping (events sent meanwhile are not replayed: the socket
 * has no `since`). An authentication error ends it.
 */

type OpenCommand = Extract<StreamCommand, { type: 'open' }>;
type Post = (report: StreamReport) => void;

const AUTH_ERROR_ID = 2001;

export async function runEventSocket(open: OpenCommand, post: Post, stopped: AbortSignal): Promise<void> {
  const profile = await requireActiveProfile();
  let attempt = 0;
  while (!stopped.aborted) {
    const prepared = await prepareRequest(
      profile,
      { target: 'api', method: 'GET', path: EVENTS_SIGNED_PATH, ...pick(open.request) },
      await getClockOffset(profile.id),
    );
    const socketUrl = new URL(prepared.url);
    socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';
    socketUrl.pathname += 'event-socket';
    socketUrl.search = '';
    const outcome = await new Promise<string>((resolve) => {
      const ws = new WebSocket(socketUrl);
      const batch = createBatcher(post, { idsAtLastDate: [], received: 0 });
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const finish = (reason: string) => {
        clearTimeout(watchdog);
        stopped.removeEventListener('abort', onStop);
        batch.flush();
        ws.close();
        resolve(reason);
      };
      const onStop = () => finish('stopped');
      stopped.addEventListener('abort', onStop, { once: true });
      ws.onopen = () => ws.send(JSON.stringify({ message_type: 'oauth', authorization: prepared.authorization }));
      ws.onclose = (event) => finish(`The socket closed (code ${event.code}).`);
      ws.onmessage = (message) => {
        const data = parse(message.data);
        if (data?.message_type === 'socket_ready') {
          attempt = 0;
          post({ type: 'opened', url: socketUrl.href, auth: 'oauth', contentType: 'websocket', status: 101 });
        } else if (data?.type === 'heartbeat' && data.heartbeat_msg === 'ping') {
          ws.send(JSON.stringify({ type: 'heartbeat', heartbeat_msg: 'pong' }));
          const delay = typeof data.heartbeat_delay_ms === 'number' ? data.heartbeat_delay_ms : 30_000;
          clearTimeout(watchdog);
          watchdog = setTimeout(() => finish('No ping arrived in time.'), delay * 1.25 + 1000);
        } else if (data?.type === 'error' && data.id === AUTH_ERROR_ID) {
          finish('auth');
        } else if (data) {
          const event = {
            event: String(data.event ?? data.type ?? 'event'),
            // The socket got the Authorization as its first message: an echo of it must not reach the page.
            data: hideReusable(
              typeof data.data === 'string' ? data.data : JSON.stringify(data.data ?? null),
              prepared.reusable,
            ),
            ...(typeof data.id === 'string' ? { id: data.id } : {}),
            ...(typeof data.date === 'string' ? { date: data.date } : {}),
          };
          batch.push(event);
        }
      };
    });
    if (stopped.aborted) return;
    if (outcome === 'auth')
      throw new KeyholeError('signature-refused', 'The events socket refused the authorisation (error 2001).');
    attempt += 1;
    const inMs = retryDelayMs(attempt);
    post({ type: 'reconnecting', attempt, inMs, reason: outcome });
    await pause(inMs, stopped);
  }
}

function pick(request: OpenCommand['request']) {
  return request.signatureMethod ? { signatureMethod: request.signatureMethod } : {};
}

function parse(value: unknown): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(String(value));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
