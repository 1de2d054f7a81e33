import { KeyholeError } from '../core/errors.ts';
import { readSocketFrame, type SocketFrame } from '../core/streams/event-socket-frames.ts';
import { createBackoff, describeGivingUp } from '../core/streams/reconnect-backoff.ts';
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
 * has no `since`), waiting longer each time until a connection has lived a while (reconnect-backoff.ts). An
 * authentication error, a message over 1 MB or too many short-lived connections end it, with the reason.
 */

type OpenCommand = Extract<StreamCommand, { type: 'open' }>;
type Post = (report: StreamReport) => void;

export async function runEventSocket(open: OpenCommand, post: Post, stopped: AbortSignal): Promise<void> {
  const profile = await requireActiveProfile();
  const backoff = createBackoff();
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
    const outcome = await new Promise<string | KeyholeError>((resolve) => {
      const ws = new WebSocket(socketUrl);
      const batch = createBatcher(post, { idsAtLastDate: [], received: 0 });
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const finish = (reason: string | KeyholeError) => {
        if (done) return;
        done = true;
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
        let frame: SocketFrame;
        try {
          frame = readSocketFrame(message.data);
        } catch (error) {
          return finish(error as KeyholeError);
        }
        if (frame.kind === 'ready') {
          backoff.opened();
          post({ type: 'opened', url: socketUrl.href, auth: 'oauth', contentType: 'websocket', status: 101 });
        } else if (frame.kind === 'ping') {
          ws.send(JSON.stringify({ type: 'heartbeat', heartbeat_msg: 'pong' }));
          clearTimeout(watchdog);
          watchdog = setTimeout(() => finish('No ping arrived in time.'), frame.watchdogMs);
        } else if (frame.kind === 'auth-error') {
          finish(new KeyholeError('signature-refused', 'The events socket refused the authorisation (error 2001).'));
        } else if (frame.kind === 'event') {
          // The socket got the Authorization as its first message: an echo of it must not reach the page.
          const hide = (text: string) => hideReusable(text, prepared.reusable);
          const { event, data, id, date } = frame.event;
          batch.push({
            event: hide(event),
            data: hide(data),
            ...(id !== undefined ? { id: hide(id) } : {}),
            ...(date !== undefined ? { date: hide(date) } : {}),
          });
        }
      };
    });
    if (stopped.aborted) return;
    if (outcome instanceof KeyholeError) throw outcome;
    const next = backoff.dropped();
    if (!next) throw new KeyholeError('network', describeGivingUp('The events socket'));
    post({ type: 'reconnecting', ...next, reason: outcome });
    await pause(next.inMs, stopped);
  }
}

function pick(request: OpenCommand['request']) {
  return request.signatureMethod ? { signatureMethod: request.signatureMethod } : {};
}
