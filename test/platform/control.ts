/** `/__sandbox/*` on the API port: faults, clock and state for out-of-process tests and demos. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from './context.ts';
import { type Fault, faultFromJson } from './faults.ts';
import { simulateGitPush } from './git-push.ts';
import { HttpError, parseJsonBody, sendEmpty, sendJson } from './http-util.ts';
import { expireAccessTokens } from './state.ts';
import { handleStreamControl } from './streams/stream-control.ts';

export function faultToJson(fault: Fault): Record<string, unknown> {
  const path = fault.path instanceof RegExp ? { regex: fault.path.source, flags: fault.path.flags } : fault.path;
  const times = Number.isFinite(fault.times ?? 1) ? (fault.times ?? 1) : 'always';
  const remaining = Number.isFinite(fault.remaining) ? fault.remaining : 'always';
  return { ...fault, path, times, remaining };
}

function clockJson(context: PlatformContext) {
  return { offsetSeconds: context.clock.offsetSeconds(), now: new Date(context.clock.now()).toISOString() };
}

/** A view of the state without secrets: counts, ids and names. */
export function publicState(context: PlatformContext): Record<string, unknown> {
  const { state } = context;
  const now = context.clock.now();
  const countBy = <T>(items: Iterable<T>, key: (item: T) => string) => {
    const counts: Record<string, number> = {};
    for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
    return counts;
  };
  return {
    clock: clockJson(context),
    settings: { ...state.settings },
    users: [...state.users.values()].map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      mfa: Boolean(u.totpSecret),
    })),
    organisations: [...state.organisations.values()].map((o) => ({ id: o.id, name: o.name, personal: o.personal })),
    applications: state.applications.size,
    consumers: [...state.consumers.values()].map((c) => ({
      key: c.key,
      name: c.name,
      ownerId: c.ownerId,
      baseUrl: c.baseUrl,
    })),
    requestTokens: countBy(state.requestTokens.values(), (t) => t.state),
    accessTokens: countBy(state.accessTokens.values(), (t) =>
      t.revoked ? 'revoked' : now >= t.expiresAt ? 'expired' : 'active',
    ),
    apiTokens: countBy(state.apiTokens.values(), (t) =>
      t.revoked ? 'revoked' : now >= t.expirationDate ? 'expired' : 'active',
    ),
    sftpUsers: [...state.sftpUsers.keys()],
    nonces: state.nonces.size(now),
    faults: context.faults.list().map(faultToJson),
  };
}

export function handleControl(
  context: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  body: Buffer,
) {
  const route = `${req.method} ${pathname}`;
  const json = () => parseJsonBody(req, body) as Record<string, unknown>;
  if (route === 'GET /__sandbox/state') return sendJson(res, 200, publicState(context));
  if (pathname.startsWith('/__sandbox/streams')) return handleStreamControl(context, route, json, res);
  if (route === 'GET /__sandbox/faults') return sendJson(res, 200, context.faults.list().map(faultToJson));
  if (route === 'POST /__sandbox/faults')
    return sendJson(res, 201, faultToJson(context.faults.add(faultFromJson(json()))));
  if (route === 'DELETE /__sandbox/faults') {
    context.faults.clear();
    return sendEmpty(res, 204);
  }
  const faultId = /^DELETE \/__sandbox\/faults\/(\d+)$/.exec(route);
  if (faultId) {
    context.faults.remove(Number(faultId[1]));
    return sendEmpty(res, 204);
  }
  if (route === 'GET /__sandbox/clock') return sendJson(res, 200, clockJson(context));
  if (route === 'POST /__sandbox/clock') {
    const { offsetSeconds, shiftSeconds } = json();
    if (typeof offsetSeconds === 'number') context.clock.set(offsetSeconds);
    else if (typeof shiftSeconds === 'number') context.clock.shift(shiftSeconds);
    else throw new HttpError(400, 'Send {"offsetSeconds": n} to set the offset or {"shiftSeconds": n} to move it');
    return sendJson(res, 200, clockJson(context));
  }
  if (route === 'POST /__sandbox/expire-access-tokens') {
    expireAccessTokens(context.state, context.clock.now());
    return sendEmpty(res, 204);
  }
  if (route === 'POST /__sandbox/settings') {
    const { specPdfPath } = json();
    if (typeof specPdfPath !== 'boolean') throw new HttpError(400, 'Send {"specPdfPath": true|false}');
    context.state.settings.specPdfPath = specPdfPath;
    return sendJson(res, 200, { ...context.state.settings });
  }
  if (route === 'POST /__sandbox/git-push') {
    const { appId, commit, fail } = json();
    if (typeof appId !== 'string') throw new HttpError(400, 'Send {"appId": "app_…", "commit"?: "…", "fail"?: true}');
    const pushed = typeof commit === 'string' ? commit : undefined;
    return sendJson(res, 201, simulateGitPush(context, appId, pushed, fail === true ? 'FAIL' : 'OK'));
  }
  throw new HttpError(404, `Not Found: no control endpoint ${route}`);
}
