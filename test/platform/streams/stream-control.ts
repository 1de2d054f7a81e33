/**
 * `/__sandbox/streams` (test-only control surface): `GET` tells the log rate, heartbeat and open streams, `POST
 * {"linesPerSecond": n, "heartbeatMs": n}` changes them, `POST /__sandbox/streams/drop` breaks every open log stream
 * and events socket now (a drop on demand; `dropAfterEvents` in the fault API breaks one after n lines).
 */
import type { ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { HttpError, sendJson } from '../http-util.ts';
import { MAX_LINES_PER_SECOND } from './log-timeline.ts';

function settingsJson(context: PlatformContext) {
  return {
    linesPerSecond: context.streams.timeline.linesPerSecond(),
    heartbeatMs: context.streams.heartbeatMs,
    open: context.streams.openCount(),
  };
}

export function handleStreamControl(
  context: PlatformContext,
  route: string,
  json: () => Record<string, unknown>,
  res: ServerResponse,
) {
  if (route === 'GET /__sandbox/streams') return sendJson(res, 200, settingsJson(context));
  if (route === 'POST /__sandbox/streams/drop') return sendJson(res, 200, { dropped: context.streams.closeAll() });
  if (route === 'POST /__sandbox/streams') {
    const { linesPerSecond, heartbeatMs } = json();
    if (linesPerSecond !== undefined) {
      if (typeof linesPerSecond !== 'number' || !(linesPerSecond > 0 && linesPerSecond <= MAX_LINES_PER_SECOND))
        throw new HttpError(400, `"linesPerSecond" must be a number in (0, ${MAX_LINES_PER_SECOND}]`);
      context.streams.timeline.setRate(linesPerSecond, context.clock.now());
    }
    if (heartbeatMs !== undefined) {
      if (typeof heartbeatMs !== 'number' || !(heartbeatMs >= 100 && heartbeatMs <= 60_000))
        throw new HttpError(400, '"heartbeatMs" must be a number between 100 and 60000');
      context.streams.heartbeatMs = heartbeatMs;
    }
    return sendJson(res, 200, settingsJson(context));
  }
  throw new HttpError(404, `No such control endpoint: ${route}`);
}
