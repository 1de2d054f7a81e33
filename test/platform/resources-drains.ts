/**
 * Log drains of the v4 drains API, by resource, as clever-tools 4.11 calls it
 * (`/v4/drains/organisations/{ownerId}/resources/{resourceId}/drains…`, clever-tools src/clever-client/drains.js:16-89:
 * list, create, get, delete, `PUT …/disable`, `PUT …/enable`). A resource is an application id or an add-on's
 * real id (models/drain.js:10-15). The client's `…/applications/{appId}/drains` routes (`@clevercloud/client`
 * log-drain commands) name the same drains. Records have what `clever drain` prints (models/drain.js:42-62,
 * `formatDrain`) and the client reads (log-drain-transform.js): `recipient`, `status.{status,date,authorId}`,
 * `execution.status`, `backlog`. Nothing is ever sent to a recipient: `…/check` (a live probe) is not served.
 */
import { randomUUID } from 'node:crypto';
import { HttpError } from './http-util.ts';
import { stableUuid } from './openapi-examples.ts';
import { jsonObject, organisationOf } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';

const READ = 'access_organisations';
const WRITE = 'manage_organisations_applications';
const TYPES = [
  'BETTERSTACK',
  'DATADOG',
  'ELASTICSEARCH',
  'NEWRELIC',
  'OVH_TCP',
  'RAW_HTTP',
  'SYSLOG_TCP',
  'SYSLOG_UDP',
];
const KINDS = ['LOG', 'ACCESSLOG', 'AUDITLOG'];
/** Credentials a recipient may carry: kept, never listed back. */
const SECRETS = ['password', 'apiKey', 'sourceToken'];

function resourceOf(request: ResourceRequest): string {
  const org = organisationOf(request);
  const id = request.params.resourceId ?? request.params.appId ?? '';
  const app = request.state.applications.get(id);
  const addon = [...request.state.addons.values()].find((candidate) => candidate.view.realId === id);
  if ((app?.ownerId ?? addon?.ownerId) !== org.id) {
    throw new HttpError(404, `Resource ${id} not found in organisation ${org.id}`);
  }
  return id;
}

function drainsOf(request: ResourceRequest): Map<string, Record<string, unknown>> {
  const id = resourceOf(request);
  let drains = request.state.resourceDrains.get(id);
  if (!drains) {
    // Like every collection of the sandbox, a resource's drains start with one example (catalog-records.ts).
    const example = newDrain(
      request,
      id,
      'LOG',
      {
        type: 'RAW_HTTP',
        url: `https://logs.sandbox.keyhole.test/${id}`,
      },
      `drain_${stableUuid(`drains/${id}`)}`,
    );
    drains = new Map([[String(example.id), example]]);
    request.state.resourceDrains.set(id, drains);
  }
  return drains;
}

function newDrain(
  request: ResourceRequest,
  resourceId: string,
  kind: string,
  recipient: Record<string, unknown>,
  id = `drain_${randomUUID()}`,
): Record<string, unknown> {
  const now = new Date(request.clock.now()).toISOString();
  return {
    id,
    ownerId: organisationOf(request).id,
    resourceId,
    kind,
    recipient: { ...recipient },
    status: { status: 'ENABLED', date: now, authorId: request.caller.user.id },
    execution: { status: 'RUNNING' },
    backlog: { msgBacklog: 0, msgRateOut: 0, msgThroughputOut: 0 },
    createdAt: now,
    updatedAt: now,
  };
}

function view(drain: Record<string, unknown>): Record<string, unknown> {
  const recipient = { ...(drain.recipient as Record<string, unknown>) };
  for (const secret of SECRETS) delete recipient[secret];
  return { ...drain, recipient };
}

function drainOf(request: ResourceRequest): Record<string, unknown> {
  const drain = drainsOf(request).get(request.params.drainId ?? '');
  if (!drain) throw new HttpError(404, `Drain ${request.params.drainId} not found`);
  return drain;
}

function create(request: ResourceRequest): Reply {
  const drains = drainsOf(request);
  const body = jsonObject(request);
  const kind = body.kind ?? 'LOG';
  if (typeof kind !== 'string' || !KINDS.includes(kind))
    throw new HttpError(400, `Field "kind" must be one of ${KINDS}`);
  const recipient = body.recipient as Record<string, unknown> | undefined;
  if (typeof recipient !== 'object' || recipient === null || !TYPES.includes(String(recipient.type))) {
    throw new HttpError(400, `Field "recipient.type" must be one of ${TYPES.join(', ')}`);
  }
  if (typeof recipient.url !== 'string' || !URL.canParse(recipient.url)) {
    throw new HttpError(400, 'Field "recipient.url" must be a URL');
  }
  if (recipient.type === 'ELASTICSEARCH' && !recipient.url.endsWith('/_bulk')) {
    throw new HttpError(400, "An ELASTICSEARCH recipient's URL must end with /_bulk");
  }
  const drain = newDrain(request, resourceOf(request), kind, recipient);
  drains.set(String(drain.id), drain);
  return { status: 200, json: view(drain) };
}

function setStatus(status: 'ENABLED' | 'DISABLED') {
  return (request: ResourceRequest): Reply => {
    const drain = drainOf(request);
    const now = new Date(request.clock.now()).toISOString();
    drain.status = { status, date: now, authorId: request.caller.user.id };
    drain.updatedAt = now;
    return { status: 200, json: view(drain) };
  };
}

function list(request: ResourceRequest): Reply {
  // The CLI's filters (drains.js:4): `status`, `executionStatus`, `executionStatusNotIn` (comma-separated).
  const status = request.query.get('status');
  const execution = request.query.get('executionStatus');
  const notIn = request.query.get('executionStatusNotIn')?.split(',') ?? [];
  const drains = [...drainsOf(request).values()].filter((drain) => {
    const running = (drain.execution as { status: string }).status;
    return (
      (!status || (drain.status as { status: string }).status === status) &&
      (!execution || running === execution) &&
      !notIn.includes(running)
    );
  });
  return { status: 200, json: drains.map(view) };
}

function routesUnder(base: string): Route[] {
  return [
    { method: 'GET', pattern: base, right: READ, handle: list },
    { method: 'POST', pattern: base, right: WRITE, handle: create },
    {
      method: 'GET',
      pattern: `${base}/:drainId`,
      right: READ,
      handle: (request) => ({ status: 200, json: view(drainOf(request)) }),
    },
    {
      method: 'DELETE',
      pattern: `${base}/:drainId`,
      right: WRITE,
      handle: (request) => {
        const drain = drainOf(request);
        drainsOf(request).delete(String(drain.id));
        return { status: 200, json: view(drain) };
      },
    },
    { method: 'PUT', pattern: `${base}/:drainId/disable`, right: WRITE, handle: setStatus('DISABLED') },
    { method: 'PUT', pattern: `${base}/:drainId/enable`, right: WRITE, handle: setStatus('ENABLED') },
  ];
}

export const drainRoutes: Route[] = [
  ...routesUnder('/v4/drains/organisations/:orgId/resources/:resourceId/drains'),
  ...routesUnder('/v4/drains/organisations/:orgId/applications/:appId/drains'),
];
