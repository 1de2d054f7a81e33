/**
 * The platform's events over WebSocket (`wss://<api>/v2/events/event-socket`), as the official client speaks it:
 * the client signs `GET <api>/v2/events/` and sends `{"message_type": "oauth", "authorization": "<header>"}` first;
 * the server answers `{"message_type": "socket_ready"}`, pings `{"type": "heartbeat", "heartbeat_msg": "ping",
 * "heartbeat_delay_ms": n}`, and sends events whose `data` is a JSON string. A refused signature gets
 * `{"type": "error", "id": 2001}` and a close. Events reach the members of the event's organisation only.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { authenticateSigned } from '../auth.ts';
import type { PlatformContext } from '../context.ts';
import { isSecure } from '../oauth/verify.ts';
import type { Caller } from '../router.ts';
import type { PlatformEvent } from './stream-hub.ts';

export const EVENT_SOCKET_PATH = '/v2/events/event-socket';
/** What the client signs: the socket's path without `event-socket`. */
const SIGNED_PATH = '/v2/events/';
const AUTH_TIMEOUT_MS = 10_000;
const AUTH_ERROR_ID = 2001;

export function acceptEventSockets(server: Server, context: PlatformContext): void {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
    if (pathname !== EVENT_SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serveEventSocket(context, req, ws));
  });
  server.on('close', () => sockets.close());
}

function refuse(ws: WebSocket, message: string): void {
  ws.send(JSON.stringify({ type: 'error', id: AUTH_ERROR_ID, message }));
  ws.close(4001, 'Authentication failure');
}

function authenticateMessage(context: PlatformContext, req: IncomingMessage, raw: string): Caller {
  let message: { message_type?: unknown; authorization?: unknown };
  try {
    message = JSON.parse(raw);
  } catch {
    throw new Error('The first message must be JSON: {"message_type": "oauth", "authorization": "OAuth …"}');
  }
  if (message?.message_type !== 'oauth' || typeof message.authorization !== 'string')
    throw new Error('The first message must be {"message_type": "oauth", "authorization": "OAuth …"}');
  return authenticateSigned(context, {
    method: 'GET',
    host: req.headers.host,
    secure: isSecure(req),
    rawPath: SIGNED_PATH,
    rawQuery: '',
    authorization: message.authorization,
    contentType: '',
    body: Buffer.alloc(0),
  });
}

function serveEventSocket(context: PlatformContext, req: IncomingMessage, ws: WebSocket): void {
  let stopEvents: (() => void) | undefined;
  let pinger: NodeJS.Timeout | undefined;
  const authTimer = setTimeout(() => refuse(ws, 'No authorisation message was sent'), AUTH_TIMEOUT_MS);
  const stop = () => {
    clearTimeout(authTimer);
    clearInterval(pinger);
    stopEvents?.();
    untrack();
  };
  const untrack = context.streams.track(() => {
    stop();
    ws.terminate();
  });
  ws.on('close', stop);
  ws.on('error', stop);
  ws.once('message', (data) => {
    clearTimeout(authTimer);
    let caller: Caller;
    try {
      caller = authenticateMessage(context, req, String(data));
    } catch (error) {
      return refuse(ws, error instanceof Error ? error.message : String(error));
    }
    const delay = context.streams.heartbeatMs;
    ws.send(JSON.stringify({ message_type: 'socket_ready' }));
    pinger = setInterval(
      () => ws.send(JSON.stringify({ type: 'heartbeat', heartbeat_msg: 'ping', heartbeat_delay_ms: delay })),
      delay,
    );
    stopEvents = context.streams.subscribe((event) => {
      if (canSee(context, caller, event)) ws.send(eventMessage(event, context.clock.now()));
    });
  });
}

function canSee(context: PlatformContext, caller: Caller, event: PlatformEvent): boolean {
  const ownerId = event.data.ownerId;
  const org = typeof ownerId === 'string' ? context.state.organisations.get(ownerId) : undefined;
  return Boolean(org?.members.some((member) => member.userId === caller.user.id));
}

function eventMessage(event: PlatformEvent, now: number): string {
  return JSON.stringify({
    id: crypto.randomUUID(),
    type: 'event',
    event: event.event,
    // Epoch ms: `clever activity -f` formats it with Intl.DateTimeFormat#formatToParts (activity.command.js:26,
    // 112-118), which throws "Invalid time value" on a string.
    date: now,
    data: JSON.stringify(event.data),
  });
}
