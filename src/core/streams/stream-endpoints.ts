import { trimTrailingSlashes } from '../format/trim-run.ts';

/**
 * Which calls stream instead of answering once: the platform's log streams (Server-Sent Events) and its events
 * socket (WebSocket). The catalog lists them like any endpoint; these patterns say how to open them.
 */

export type StreamKind = 'sse' | 'events';

/** The name of the port a page opens to the worker for a stream (core/streams/stream-port.ts). */
export const STREAM_PORT_NAME = 'keyhole-stream';

const SSE_PATHS = [
  /^\/v4\/logs\/organisations\/[^/]+\/applications\/[^/]+\/(logs|accesslogs)$/,
  /^\/v4\/accesslogs\/organisations\/[^/]+\/applications\/[^/]+\/accesslogs$/,
  /^\/v4\/logs\/organisations\/[^/]+\/resources\/[^/]+\/logs$/,
  /^\/v2\/logs\/[^/]+\/sse$/,
];
export const EVENTS_SOCKET_PATH = '/v2/events/event-socket';
/** What the events socket's authorisation signs (the official client): the socket's path without its last part. */
export const EVENTS_SIGNED_PATH = '/v2/events/';

/** How a GET on this path (query excluded) streams, if it does. */
export function streamKindOf(method: string, path: string): StreamKind | undefined {
  if (method.toUpperCase() !== 'GET') return undefined;
  const bare = trimTrailingSlashes(path.split(/[?#]/)[0]!) || '/';
  if (bare === EVENTS_SOCKET_PATH || bare === '/v2/events') return 'events';
  return SSE_PATHS.some((pattern) => pattern.test(bare)) ? 'sse' : undefined;
}

/** A response that is an event stream, whatever the path said. */
export function isEventStreamType(contentType: string | null | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'text/event-stream';
}

export type LogsKind = 'logs' | 'accesslogs';

/** The path of an application's log stream (the composer's "Tail logs" and "Access logs" shortcuts). */
export function applicationLogsPath(ownerId: string, appId: string, kind: LogsKind): string {
  const owner = encodeURIComponent(ownerId);
  const app = encodeURIComponent(appId);
  return kind === 'logs'
    ? `/v4/logs/organisations/${owner}/applications/${app}/logs`
    : `/v4/accesslogs/organisations/${owner}/applications/${app}/accesslogs`;
}
