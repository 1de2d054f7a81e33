/**
 * E-mail notifications and webhooks of an owner (`/v2/notifications/emailhooks/{ownerId}`,
 * `/v2/notifications/webhooks/{ownerId}`), as `clever notify-email` and `clever webhooks` send and read them:
 * - an e-mail hook's `notified` is an array of `{type: "email"|"userid"|"organisation", target?}`
 *   (notify-email.add.command.js:11-30 builds it, notify-email.command.js:41 maps over it);
 * - a webhook's `urls` is an array of `{format, url}` (webhooks.add.command.js:45, webhooks.command.js:60);
 * - `events` and `scope` are arrays of strings or absent (both commands fall back to "ALL" and the owner).
 * Like every collection of the sandbox, an owner's lists start with one example each (a hook telling the whole
 * organisation of deployment results, a Slack webhook). The records live in the catalog responder's store for the same path, so its item routes
 * (PUT `…/{id}`) change the same records.
 */
import { randomUUID } from 'node:crypto';
import { HttpError } from './http-util.ts';
import { stableUuid } from './openapi-examples.ts';
import { emptySuccess, jsonObject, organisationOf } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';

const TARGET_TYPES = ['email', 'userid', 'organisation'];
const FORMATS = ['raw', 'slack', 'gitter', 'flowdock'];

type Kind = 'emailhooks' | 'webhooks';

function storeOf(request: ResourceRequest, kind: Kind): Map<string, Record<string, unknown>> {
  const owner = organisationOf(request);
  const key = `/v2/notifications/${kind}/${owner.id}`;
  let store = request.state.catalogCollections.get(key);
  if (!store) {
    const id = stableUuid(key);
    const common = {
      id,
      ownerId: owner.id,
      events: ['META_DEPLOYMENT_RESULT'],
      scope: [owner.id],
      createdAt: request.clock.now(),
    };
    const example =
      kind === 'emailhooks'
        ? { ...common, name: 'Deployment results', notified: [{ type: 'organisation' }] }
        : {
            ...common,
            name: 'Team chat',
            urls: [{ format: 'slack', url: `https://hooks.sandbox.keyhole.test/${id}` }],
          };
    store = new Map([[id, example]]);
    request.state.catalogCollections.set(key, store);
  }
  return store;
}

function strings(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new HttpError(400, `Field "${field}" must be an array of strings`);
  }
  return value as string[];
}

function objects(body: Record<string, unknown>, field: string): Record<string, unknown>[] {
  const value = body[field] ?? [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'object' || item === null)) {
    throw new HttpError(400, `Field "${field}" must be an array of objects`);
  }
  return value as Record<string, unknown>[];
}

function notifiedOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return objects(body, 'notified').map((target) => {
    if (!TARGET_TYPES.includes(String(target.type))) {
      throw new HttpError(400, `A notified target's "type" must be one of ${TARGET_TYPES.join(', ')}`);
    }
    if (target.type === 'email' && (typeof target.target !== 'string' || !target.target.includes('@'))) {
      throw new HttpError(400, 'An "email" target needs e-mail addresses in "target"');
    }
    return target.target === undefined ? { type: target.type } : { type: target.type, target: target.target };
  });
}

function urlsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const urls = objects(body, 'urls').map((entry) => {
    if (!FORMATS.includes(String(entry.format))) {
      throw new HttpError(400, `A webhook's "format" must be one of ${FORMATS.join(', ')}`);
    }
    if (typeof entry.url !== 'string' || !URL.canParse(entry.url)) throw new HttpError(400, 'A webhook needs a "url"');
    return { format: entry.format, url: entry.url };
  });
  if (urls.length === 0) throw new HttpError(400, 'Field "urls" must list at least one {format, url}');
  return urls;
}

function create(kind: Kind) {
  return (request: ResourceRequest): Reply => {
    const store = storeOf(request, kind);
    const body = jsonObject(request);
    const name = body.name;
    if (name !== undefined && name !== null && typeof name !== 'string') {
      throw new HttpError(400, 'Field "name" must be a string');
    }
    const events = strings(body, 'events');
    const scope = strings(body, 'scope');
    const hook = {
      id: randomUUID(),
      ownerId: request.params.orgId!,
      ...(typeof name === 'string' ? { name } : {}),
      ...(kind === 'emailhooks' ? { notified: notifiedOf(body) } : { urls: urlsOf(body) }),
      ...(events ? { events } : {}),
      ...(scope ? { scope } : {}),
      createdAt: request.clock.now(),
    };
    store.set(hook.id, hook);
    return { status: 200, json: hook };
  };
}

function routes(kind: Kind): Route[] {
  // No right beyond membership, as the catalog's rows for these routes (catalog-routes.ts).
  const base = `/v2/notifications/${kind}/:orgId`;
  return [
    {
      method: 'GET',
      pattern: base,
      handle: (request) => ({ status: 200, json: [...storeOf(request, kind).values()] }),
    },
    { method: 'POST', pattern: base, handle: create(kind) },
    {
      method: 'DELETE',
      pattern: `${base}/:id`,
      handle: (request) => {
        if (!storeOf(request, kind).delete(request.params.id!)) {
          throw new HttpError(404, `Notification ${request.params.id} not found`);
        }
        return emptySuccess('DELETE', `${base}/:id`, `Notification ${request.params.id} deleted`);
      },
    },
  ];
}

export const notificationRoutes: Route[] = [...routes('emailhooks'), ...routes('webhooks')];
