/**
 * Log streams over Server-Sent Events, as the platform serves them (the official client's `esm/streams/` is the
 * reference): `GET /v4/logs/organisations/{ownerId}/applications/{appId}/logs` (APPLICATION_LOG events) and the
 * access logs (ACCESS_LOG), and an add-on's logs (`…/resources/{addonRealId or appId}/logs`, RESOURCE_LOG: the
 * official client's esm/streams/resource-logs.js, which `clever logs --addon` uses), authenticated like any call, with `since`, `until`, `limit` and `filter`; a HEARTBEAT
 * every 2 s; END_OF_STREAM {"endedBy": "LIMIT"|"UNTIL"} when a bound is reached. `since` is inclusive, so a client
 * that resumes from its last line's date must skip that line itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { ERROR_IDS } from '../error-ids.ts';
import { dropAfterEventsOf } from '../faults.ts';
import { HttpError, searchParamsOf } from '../http-util.ts';
import type { Caller } from '../router.ts';
import { accessLog, applicationLog, resourceLog } from './log-records.ts';

export type LogStreamKind = 'application' | 'access' | 'resource';

export interface LogStreamTarget {
  kind: LogStreamKind;
  ownerId: string;
  appId: string;
}

const ROUTES: [RegExp, LogStreamKind][] = [
  [/^\/v4\/logs\/organisations\/([^/]+)\/applications\/([^/]+)\/logs$/, 'application'],
  [/^\/v4\/accesslogs\/organisations\/([^/]+)\/applications\/([^/]+)\/accesslogs$/, 'access'],
  [/^\/v4\/logs\/organisations\/([^/]+)\/applications\/([^/]+)\/accesslogs$/, 'access'],
  [/^\/v4\/logs\/organisations\/([^/]+)\/resources\/([^/]+)\/logs$/, 'resource'],
];

const EVENT_NAMES: Record<LogStreamKind, string> = {
  application: 'APPLICATION_LOG',
  access: 'ACCESS_LOG',
  resource: 'RESOURCE_LOG',
};

/** Lines written per tick at most, so a `since` far back does not block the event loop. */
const MAX_LINES_PER_TICK = 2000;
const TICK_MS = 20;

export function matchLogStream(method: string, pathname: string): LogStreamTarget | undefined {
  if (method !== 'GET') return undefined;
  for (const [regex, kind] of ROUTES) {
    const found = regex.exec(pathname);
    if (found) return { kind, ownerId: decodeURIComponent(found[1]!), appId: decodeURIComponent(found[2]!) };
  }
  return undefined;
}

function dateParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new HttpError(400, `Query parameter "${name}" must be an ISO 8601 date, got "${value}"`);
  return ms;
}

function limitParam(query: URLSearchParams): number | undefined {
  const value = query.get('limit');
  if (value === null || value === '') return undefined;
  const limit = Number(value);
  if (!(Number.isInteger(limit) && limit >= 0))
    throw new HttpError(400, `Query parameter "limit" must be a whole number, got "${value}"`);
  return limit;
}

function authorise(context: PlatformContext, target: LogStreamTarget, caller: Caller): void {
  const org = context.state.organisations.get(target.ownerId);
  if (!org) throw new HttpError(404, `Organisation ${target.ownerId} not found`);
  if (!org.members.some((member) => member.userId === caller.user.id))
    throw new HttpError(403, `You do not belong to organisation ${target.ownerId} so you cannot access it`, {
      id: ERROR_IDS.notMember,
    });
  if (!caller.rights.has('access_organisations'))
    throw new HttpError(403, 'This token lacks the right access_organisations');
  const app = context.state.applications.get(target.appId);
  if (target.kind === 'resource') {
    const addon = [...context.state.addons.values()].find((candidate) => candidate.view.realId === target.appId);
    if ((addon?.ownerId ?? app?.ownerId) !== target.ownerId) {
      throw new HttpError(404, `Resource ${target.appId} not found`);
    }
    return;
  }
  if (!app || app.ownerId !== target.ownerId) throw new HttpError(404, `Application ${target.appId} not found`);
}

export function serveLogStream(
  context: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  target: LogStreamTarget,
  authenticate: () => Caller,
): void {
  authorise(context, target, authenticate());
  const query = searchParamsOf(req);
  const sinceMs = dateParam(query, 'since');
  const untilMs = dateParam(query, 'until');
  const limit = limitParam(query);
  const filter = query.get('filter') ?? '';
  const { timeline, heartbeatMs } = context.streams;
  const dropAfter = dropAfterEventsOf(res);
  const eventName = EVENT_NAMES[target.kind];

  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  let seq = timeline.firstAtOrAfter(sinceMs ?? context.clock.now() + 1);
  let sent = 0;

  const stop = () => {
    clearInterval(ticker);
    clearInterval(heart);
    untrack();
  };
  const end = (endedBy: string, chunks: string[]) => {
    chunks.push(`event: END_OF_STREAM\ndata: ${JSON.stringify({ endedBy })}\n\n`);
    res.end(chunks.join(''));
    stop();
  };
  const tick = () => {
    const now = context.clock.now();
    const chunks: string[] = [];
    for (let budget = MAX_LINES_PER_TICK; budget > 0; budget -= 1) {
      const ms = timeline.timeOf(seq);
      if (untilMs !== undefined && ms > untilMs) return end('UNTIL', chunks);
      if (ms > now) break;
      const record =
        target.kind === 'application'
          ? applicationLog(target.ownerId, target.appId, seq, ms)
          : target.kind === 'resource'
            ? resourceLog(target.ownerId, target.appId, seq, ms)
            : accessLog(target.appId, seq, ms);
      seq += 1;
      const data = JSON.stringify(record);
      if (filter && !data.includes(filter)) continue;
      chunks.push(`id: ${record.id}\nevent: ${eventName}\ndata: ${data}\n\n`);
      sent += 1;
      if (limit !== undefined && sent >= limit) return end('LIMIT', chunks);
      if (dropAfter !== undefined && sent >= dropAfter) {
        // A fault: the connection breaks mid-stream, after these lines reached the wire.
        stop();
        res.write(chunks.join(''), () => req.socket.destroy());
        return;
      }
    }
    if (chunks.length > 0) res.write(chunks.join(''));
  };
  const ticker = setInterval(tick, TICK_MS);
  const heart = setInterval(() => res.write('event: HEARTBEAT\ndata: {}\n\n'), heartbeatMs);
  const untrack = context.streams.track(() => {
    stop();
    req.socket.destroy();
  });
  // The response's close (the client went away, or the stream ended), not the request's (its body was read).
  res.on('close', stop);
  if (limit === 0) end('LIMIT', []);
  else tick();
}
