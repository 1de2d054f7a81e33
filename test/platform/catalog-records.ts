/**
 * The records behind the catalog responder: which catalogued routes are collections (a GET list with items under
 * `/:id`), the field that identifies a record of each, the platform's id forms, seeding (one example record per
 * collection, the first time it is touched, derived from the path so it is the same on every run), and the checks
 * that every id of a path names something that exists: 404 otherwise, like the real API.
 */

import { CLIENT_FIELDS } from './catalog-fields.ts';
import { CATALOG_ROUTES } from './catalog-routes.ts';
import type { Right } from './defaults.ts';
import { isRight } from './defaults.ts';
import { HttpError } from './http-util.ts';
import {
  completeFields,
  exampleOf,
  resolveSchema,
  responseSchema,
  stableUuid,
  templateKey,
} from './openapi-examples.ts';
import { organisationOf } from './resource-helpers.ts';
import type { ResourceRequest } from './router.ts';

export interface CatalogRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  pattern: string;
  right?: Right;
}

export const catalogRoutes: CatalogRoute[] = CATALOG_ROUTES.map((row) => {
  const [method, pattern, right] = row.split(' ');
  if (right !== undefined && !isRight(right)) throw new Error(`Unknown right ${right} in catalog row ${row}`);
  return { method: method as CatalogRoute['method'], pattern: pattern!, right: right as Right | undefined };
});

const keys = new Set(catalogRoutes.map((r) => templateKey(r.method, r.pattern)));

/**
 * A catalogued pattern is a collection when it has a GET list documented (if at all) as an array, and records under
 * `/:id` or a POST that creates them (`/vhosts`, `/drains`, `/networkgroups`…); `…/favourite` is one domain.
 */
export function isCollection(pattern: string): boolean {
  if (pattern.endsWith('/favourite') || !keys.has(templateKey('GET', pattern))) return false;
  const schema = resolveSchema(responseSchema('GET', pattern));
  if (schema && schema.type !== 'array') return false;
  return itemParamOf(pattern) !== undefined || keys.has(templateKey('POST', pattern));
}

/** The field naming a record of a collection whose items are `…/:param`. */
export function idFieldOf(param: string): string {
  const fields: Record<string, string> = { domain: 'fqdn', keyName: 'name', name: 'name', sourcePort: 'sourcePort' };
  return fields[param] ?? 'id';
}

/** Id forms the platform uses where the sandbox knows them; a UUID otherwise. */
function newId(param: string, seed: string): string {
  const uuid = stableUuid(seed);
  const prefixes: Record<string, string> = {
    networkGroupId: 'ng_',
    // A network group's members are applications (`app_…`), add-ons (their real id) or external peers' parents.
    networkGroupMemberId: 'app_',
    deploymentId: 'deployment_',
    instanceId: '',
    providerId: 'provider-',
    planId: 'plan_',
    paymentMethodId: 'pm_',
    functionId: 'function_',
    sourcePort: '',
  };
  if (param === 'sourcePort') return String(4000 + (Number.parseInt(uuid.slice(0, 4), 16) % 1000));
  if (param === 'domain') return `www-${uuid.slice(0, 6)}.example.sandbox.keyhole.test`;
  if (param === 'keyName') return `laptop-${uuid.slice(0, 4)}`;
  return `${prefixes[param] ?? ''}${uuid}`;
}

/** `/v2/self/…` and `/v2/organisations/{user id}/…` are one store. */
export function storeKey(request: ResourceRequest, path: string): string {
  return path.startsWith('/v2/self/') ? `/v2/organisations/${request.caller.user.id}/${path.slice(9)}` : path;
}

/**
 * Schemas of the description that the official client reads a collection's records as, where the description's
 * list schema is another one: `clever activity` reads a deployment's `uuid`, `action`, `state`, `commit`, `date`.
 */
const COMPLETIONS: Record<string, string> = { deployments: 'DeploymentView' };

/** A network group member's kind, from its id's prefix, as clever-tools derives it (`NG_MEMBER_PREFIXES`). */
function memberKind(id: string): string {
  if (id.startsWith('app_')) return 'APPLICATION';
  if (id.startsWith('external_')) return 'EXTERNAL';
  return 'ADDON';
}

/**
 * Records the description documents with another record's schema (a network group member as an organisation
 * member, `schema1`): shaped as the official CLI builds, sends and reads them (clever-tools `src/models/ng.js`,
 * `constructMembers`), not from the schema.
 */
const RECORD_SHAPES: Record<string, (id: string, params: Record<string, string>) => Record<string, unknown>> = {
  '/v4/networkgroups/organisations/:orgId/networkgroups/:networkGroupId/members': (id, params) => ({
    id,
    label: `Member ${id.slice(0, 12)}`,
    domainName: `${id}.m.${params.networkGroupId}.cc-ng.cloud`,
    kind: memberKind(id),
  }),
};

/** The example record of a collection, shaped from its item or list schema. */
export function exampleRecord(
  request: ResourceRequest,
  collectionPattern: string,
  param: string,
  id: string,
  seed: string,
): Record<string, unknown> {
  const itemPattern = `${collectionPattern}/:${param}`;
  const params = { orgId: request.caller.user.id, userId: request.caller.user.id, ...request.params };
  const shape = RECORD_SHAPES[collectionPattern];
  if (shape) return { ...shape(id, params), [idFieldOf(param)]: id };
  const context = { params, seed, nowMs: request.clock.now() };
  // The description documents some lists and their items with different schemas (a deployment's `Deployment` in
  // the list, `DeploymentView` alone): a record has the fields of both, so it reads right either way.
  const completion = COMPLETIONS[collectionPattern.split('/').at(-1)!];
  const shapes = [
    resolveSchema(responseSchema('GET', collectionPattern))?.items,
    responseSchema('GET', itemPattern),
    completion ? { $ref: `#/components/schemas/${completion}` } : undefined,
  ];
  const record: Record<string, unknown> = {};
  for (const shape of shapes) {
    const example = exampleOf(shape, context);
    if (typeof example === 'object' && example !== null && !Array.isArray(example)) Object.assign(record, example);
  }
  const completed = completeFields(
    completeFields(record, CLIENT_FIELDS[collectionPattern], context),
    CLIENT_FIELDS[itemPattern],
    context,
  ) as Record<string, unknown>;
  return { ...completed, [idFieldOf(param)]: id };
}

/**
 * The store of the collection at `path` (resolved), seeded with one example record the first time: lists are never
 * empty in a fresh sandbox, and what is then created or deleted shows in them.
 */
export function collectionAt(
  request: ResourceRequest,
  collectionPattern: string,
  path: string,
  param: string,
): Map<string, Record<string, unknown>> {
  const key = storeKey(request, path);
  let store = request.state.catalogCollections.get(key);
  if (!store) {
    store = new Map();
    const id = newId(param, key);
    store.set(id, exampleRecord(request, collectionPattern, param, id, key));
    request.state.catalogCollections.set(key, store);
  }
  return store;
}

export function createId(request: ResourceRequest, param: string, path: string): string {
  return newId(param, `${storeKey(request, path)}/${request.clock.now()}/${Math.random()}`);
}

/** The item parameter of a collection pattern's items, if the table has `collection/:param` routes. */
export function itemParamOf(collectionPattern: string): string | undefined {
  const prefix = `${collectionPattern}/:`;
  for (const route of catalogRoutes) {
    if (!route.pattern.startsWith(prefix)) continue;
    const rest = route.pattern.slice(prefix.length);
    if (!rest.includes('/')) return rest;
  }
  return undefined;
}

function findAddon(request: ResourceRequest, id: string) {
  const addon = [...request.state.addons.values()].find((a) => a.view.id === id || a.view.realId === id);
  if (!addon) throw new HttpError(404, `Add-on ${id} not found`);
  return addon;
}

function checkOwnerAccess(request: ResourceRequest, ownerId: string): void {
  organisationOf({ ...request, params: { ...request.params, orgId: ownerId } });
}

/** Ids the sandbox keeps elsewhere: organisations, applications, add-ons, invoices, users, consumers, providers. */
function checkKnown(request: ResourceRequest, name: string, value: string): void {
  const { state, params } = request;
  const scoped = params.orgId !== undefined || request.pathname.startsWith('/v2/self/');
  switch (name) {
    case 'orgId':
      organisationOf(request);
      return;
    case 'appId':
    case 'targetApplicationId': {
      const app = state.applications.get(value);
      if (!app || (scoped && app.ownerId !== organisationOf(request).id)) {
        throw new HttpError(404, `Application ${value} not found`);
      }
      checkOwnerAccess(request, app.ownerId);
      return;
    }
    case 'addonId':
    case 'addonRealId': {
      const addon = findAddon(request, value);
      if (scoped && addon.ownerId !== organisationOf(request).id) throw new HttpError(404, `Add-on ${value} not found`);
      checkOwnerAccess(request, addon.ownerId);
      return;
    }
    case 'invoiceNumber': {
      const org = organisationOf(request);
      if (!state.invoices.some((i) => i.ownerId === org.id && i.invoice_number === value)) {
        throw new HttpError(404, `Invoice ${value} not found`);
      }
      return;
    }
    case 'userId':
      if (!state.users.has(value)) throw new HttpError(404, `User ${value} not found`);
      return;
    case 'consumerKey':
      if (!state.consumers.has(value)) throw new HttpError(404, `Consumer ${value} not found`);
      return;
    case 'providerId':
      if (!state.addonProviders.some((p) => p.view.id === value)) {
        throw new HttpError(404, `Add-on provider ${value} not found`);
      }
      return;
    case 'mfaKind':
      if (!['TOTP', 'EMAIL'].includes(value.toUpperCase())) throw new HttpError(404, `Unknown MFA kind ${value}`);
      return;
  }
}

/**
 * Checks every id of the path, left to right: an id under a catalogued collection must be one of its records; a
 * known kind (organisation, application…) must exist and be the caller's. Anything else is taken as given. With
 * `upsert` (a PUT on an item), the last id may be new: the PUT creates it.
 */
export function checkPathIds(request: ResourceRequest, pattern: string, upsert = false): void {
  const segments = pattern.split('/');
  const actual = request.pathname.split('/');
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (!segment.startsWith(':') || segment.includes('.')) continue;
    const name = segment.slice(1);
    const value = request.params[name] ?? '';
    const collectionPattern = segments.slice(0, index).join('/');
    if (name !== 'invoiceNumber' && isCollection(collectionPattern)) {
      const store = collectionAt(request, collectionPattern, actual.slice(0, index).join('/'), name);
      const creates = upsert && index === segments.length - 1;
      if (!store.has(value) && !creates) throw new HttpError(404, `No ${name.replace(/Id$/, '')} ${value} here`);
    } else {
      checkKnown(request, name, value);
    }
  }
}
