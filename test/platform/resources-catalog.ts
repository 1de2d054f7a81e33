/**
 * Every catalogued endpoint without a hand-written route (catalog-routes.ts), answered from data: the right of the
 * row, the ids of the path checked (catalog-records.ts), bodies shaped from the platform's OpenAPI response schema,
 * and one consistent state. A collection (`…/vhosts`, `…/drains`, `/v2/self/keys`, network groups, webhooks…) lists
 * its records; POST creates one, PUT on `…/:id` updates it (or creates it, as the platform's PUT of a domain or an
 * SSH key does), DELETE removes it, and DELETE on the collection empties it (stopping all instances). A single
 * resource (`…/payments/recurring`, `/v4/console/settings/:name`…) keeps what PUT wrote until DELETE. A few routes
 * answer from the sandbox's own records: invoices under `/v2/…/payments/billings`, the OpenAPI description, PDFs.
 */

import { applyEffects } from './catalog-effects.ts';
import { CLIENT_FIELDS } from './catalog-fields.ts';
import {
  type CatalogRoute,
  catalogRoutes,
  checkPathIds,
  collectionAt,
  createId,
  exampleRecord,
  idFieldOf,
  isCollection,
  itemParamOf,
  storeKey,
} from './catalog-records.ts';
import { SINGLE_RECORDS } from './catalog-singles.ts';
import { HttpError, mediaType, parseJsonBody } from './http-util.ts';
import { invoiceView } from './invoice-view.ts';
import { completeFields, exampleOf, openApiDocument, responseSchema } from './openapi-examples.ts';
import { recordOf } from './owned-collection.ts';
import { invoicePdf } from './pdf.ts';
import { jsonObject, orgAndSelf, organisationOf, success } from './resource-helpers.ts';
import { applicationKind, applicationView } from './resources-apps.ts';
import { selfView } from './resources-self.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import { runtimes } from './seed-products.ts';

/** Routes that stream on the real platform (SSE, websockets): a short `text/event-stream` here. */
const STREAMS = /\/(sse|logs-socket|event-socket|stream|logs-chunked)(\/|$)|^\/v4\/logs\/.*\/logs$/;

const EXTERNAL_PEERS = /\/external-peers(?=\/|$)/;

/** A 1×1 transparent PNG (the pay button image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The JSON object of the body, when there is one (the platform's writes send JSON; some send nothing). */
function bodyObject(request: ResourceRequest): Record<string, unknown> {
  if (request.body.length === 0 || !mediaType(request.req).includes('json')) return {};
  const value = parseJsonBody(request.req, request.body);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  // A bare JSON value (a string id, a number): kept under `value` so a later read shows it.
  return { value };
}

/** The path's ids, with the personal organisation's id on `/v2/self/…` (an example's `ownerId`). */
export function paramsOf(request: ResourceRequest): Record<string, string> {
  return { orgId: request.caller.user.id, userId: request.caller.user.id, ...request.params };
}

function exampleFor(request: ResourceRequest, method: string, pattern: string): unknown {
  const schema = responseSchema(method, pattern);
  const context = { params: paramsOf(request), seed: storeKey(request, request.pathname), nowMs: request.clock.now() };
  // The fields the official client reads, where the description has no schema or a thinner one.
  const fields = method === 'GET' ? CLIENT_FIELDS[pattern] : undefined;
  if (!schema && !fields) return undefined;
  return completeFields(schema ? exampleOf(schema, context) : {}, fields, context);
}

/** Answers one route of a collection or its items, or a single resource. */
function answer(route: CatalogRoute, given: ResourceRequest): Reply {
  // An external peer is one of the network group's peers: created, listed and deleted there.
  const request = { ...given, pathname: given.pathname.replace(EXTERNAL_PEERS, '/peers') };
  const { method } = route;
  const pattern = route.pattern.replace(EXTERNAL_PEERS, '/peers');
  const segments = pattern.split('/');
  const last = segments.at(-1)!;
  const parentPattern = segments.slice(0, -1).join('/');
  const isItem = last.startsWith(':') && isCollection(parentPattern);
  checkPathIds(request, pattern, isItem && method === 'PUT');
  const parentPath = request.pathname.split('/').slice(0, -1).join('/');

  if (isCollection(pattern)) {
    const param = itemParamOf(pattern) ?? 'id';
    const store = collectionAt(request, pattern, request.pathname, param);
    if (method === 'GET') return { status: 200, json: [...store.values()] };
    if (method === 'DELETE') {
      store.clear();
      return { status: 204 };
    }
    const id = createId(request, param, request.pathname);
    const body = bodyObject(request);
    const record = { ...exampleRecord(request, pattern, param, id, storeKey(request, request.pathname)), ...body };
    record[idFieldOf(param)] = body[idFieldOf(param)] ?? id;
    store.set(String(record[idFieldOf(param)]), record);
    return { status: 200, json: record };
  }
  if (isItem) {
    const param = last.slice(1);
    const store = collectionAt(request, parentPattern, parentPath, param);
    const id = request.params[param]!;
    // checkPathIds let an unknown id through only for PUT, which creates (a domain, an SSH key).
    const record = store.get(id);
    if (method === 'DELETE') {
      store.delete(id);
      return { status: 204 };
    }
    if (method === 'GET') return { status: 200, json: record };
    const updated = {
      ...(record ?? exampleRecord(request, parentPattern, param, id, storeKey(request, request.pathname))),
      ...bodyObject(request),
      [idFieldOf(param)]: record?.[idFieldOf(param)] ?? id,
    };
    store.set(id, updated);
    return { status: 200, json: updated };
  }
  return answerSingle(route, request);
}

/** A resource that is not a record of a collection: its own state, or an action. */
function answerSingle(route: CatalogRoute, request: ResourceRequest): Reply {
  const key = storeKey(request, request.pathname);
  const singles = request.state.catalogSingles;
  if (route.method === 'GET') {
    if (STREAMS.test(route.pattern)) {
      const event = JSON.stringify({ date: new Date(request.clock.now()).toISOString(), message: 'sandbox' });
      return {
        status: 200,
        raw: Buffer.from(`event: message\ndata: ${event}\n\n`),
        headers: { 'Content-Type': 'text/event-stream' },
      };
    }
    const stored = singles.get(key);
    if (stored) return { status: 200, json: stored };
    const known = SINGLE_RECORDS[route.pattern];
    if (known) return { status: 200, json: known(request) };
    const example = exampleFor(request, 'GET', route.pattern);
    return { status: 200, json: example ?? { id: key.split('/').at(-1), ...request.params } };
  }
  if (route.method === 'DELETE') {
    singles.delete(key);
    return { status: 204 };
  }
  const body = bodyObject(request);
  if (route.method === 'PUT' || route.method === 'PATCH') {
    const current = singles.get(key) ?? (exampleFor(request, 'GET', route.pattern) as Record<string, unknown>);
    const updated = { ...(typeof current === 'object' && current !== null ? current : {}), ...body };
    singles.set(key, updated);
    return { status: 200, json: exampleFor(request, route.method, route.pattern) ?? updated };
  }
  const example = exampleFor(request, 'POST', route.pattern);
  return example === undefined ? success(`${route.method} ${request.pathname} done`) : { status: 200, json: example };
}

/** Invoices under the v2 payment paths are the organisation's real invoices (the v4 routes' records). */
function invoiceRoutes(prefix: string): Route[] {
  const bills = 'access_organisations_bills' as const;
  const invoicesOf = (request: ResourceRequest) => {
    const org = organisationOf(request);
    return { org, invoices: request.state.invoices.filter((invoice) => invoice.ownerId === org.id) };
  };
  const one = (request: ResourceRequest) => {
    const { org, invoices } = invoicesOf(request);
    const invoice = invoices.find((candidate) => candidate.invoice_number === request.params.invoiceNumber);
    if (!invoice) throw new HttpError(404, `Invoice ${request.params.invoiceNumber} not found`);
    return { org, invoice };
  };
  return [
    {
      method: 'GET',
      pattern: `${prefix}/payments/billings`,
      right: bills,
      handle: (request) => {
        const { org, invoices } = invoicesOf(request);
        return { status: 200, json: invoices.map((invoice) => invoiceView(invoice, org)) };
      },
    },
    // Only organisations have `…/payments/billings/unpaid` on the platform: no such route under /v2/self.
    ...(prefix === '/v2/self'
      ? []
      : [
          {
            method: 'GET' as const,
            pattern: `${prefix}/payments/billings/unpaid`,
            right: bills,
            handle: (request: ResourceRequest) => {
              const { org, invoices } = invoicesOf(request);
              const unpaid = invoices.filter((invoice) => invoice.status === 'PENDING');
              return { status: 200, json: unpaid.map((invoice) => invoiceView(invoice, org)) };
            },
          },
        ]),
    {
      method: 'GET',
      pattern: `${prefix}/payments/billings/:invoiceNumber.pdf`,
      right: bills,
      handle: (request) => {
        const { org, invoice } = one(request);
        return { status: 200, raw: invoicePdf(invoice, org), headers: { 'Content-Type': 'application/pdf' } };
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/payments/billings/:invoiceNumber`,
      right: bills,
      handle: (request) => {
        const { org, invoice } = one(request);
        return { status: 200, json: invoiceView(invoice, org) };
      },
    },
  ];
}

/** The deployed branch of an application: listed by `…/branches`, changed by PUT `…/branch` `{branch}`. */
const branchRoutes: Route[] = [
  ...orgAndSelf(
    '/applications/:appId/branches',
    'GET',
    { org: 'access_organisations', self: 'access_organisations' },
    (request) => ({
      status: 200,
      json: [recordOf(applicationKind, request).view.branch],
    }),
  ),
  ...orgAndSelf(
    '/applications/:appId/branch',
    'PUT',
    { org: 'manage_organisations_applications', self: 'manage_organisations_applications' },
    (request) => {
      const app = recordOf(applicationKind, request);
      const branch = jsonObject(request).branch;
      if (typeof branch !== 'string' || !/^[\w./-]{1,100}$/.test(branch))
        throw new HttpError(400, 'Field "branch" must be a branch name');
      app.view.branch = branch;
      return { status: 200, json: applicationView(app) };
    },
  ),
];

/** Routes answered from the sandbox's own records rather than from examples. */
const ownRecordRoutes: Route[] = [
  ...branchRoutes,
  ...invoiceRoutes('/v2/organisations/:orgId'),
  ...invoiceRoutes('/v2/self'),
  { method: 'GET', pattern: '/v2/openapi', handle: () => ({ status: 200, json: openApiDocument() }) },
  {
    method: 'GET',
    pattern: '/v2/openapi.:type',
    handle: ({ params }) => {
      if (params.type !== 'json' && params.type !== 'yaml')
        throw new HttpError(404, `No description as ${params.type}`);
      // JSON is YAML too: the same text serves both.
      const type = params.type === 'json' ? 'application/json' : 'application/yaml';
      return { status: 200, raw: Buffer.from(JSON.stringify(openApiDocument())), headers: { 'Content-Type': type } };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/payments/assets/pay_button/:token/button.png',
    handle: () => ({ status: 200, raw: PNG, headers: { 'Content-Type': 'image/png' } }),
  },
  { method: 'GET', pattern: '/v2/self/id', handle: ({ caller }) => ({ status: 200, json: caller.user.id }) },
  {
    // Another user's profile: what the platform shows of a member of a shared organisation.
    method: 'GET',
    pattern: '/v2/users/:userId',
    right: 'access_organisations',
    handle: ({ state, params }) => {
      const user = state.users.get(params.userId!);
      if (!user) throw new HttpError(404, `User ${params.userId} not found`);
      return { status: 200, json: selfView(user) };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/products/instances/:type-:version',
    handle: ({ params }) => {
      const runtime = runtimes().find((r) => r.type === params.type && r.version === params.version);
      if (!runtime) throw new HttpError(404, `No runtime ${params.type}-${params.version}`);
      return { status: 200, json: runtime };
    },
  },
];

const own = new Set(ownRecordRoutes.map((route) => `${route.method} ${route.pattern}`));

/** More specific patterns first, so `…/vhosts/favourite` is not taken for a domain named "favourite". */
function specificity(pattern: string): number[] {
  return pattern.split('/').map((segment) => (segment.startsWith(':') ? 1 : 0));
}

function compareSpecificity(a: CatalogRoute, b: CatalogRoute): number {
  const left = specificity(a.pattern);
  const right = specificity(b.pattern);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return 0;
}

export const catalogResponderRoutes: Route[] = [
  ...ownRecordRoutes,
  ...[...catalogRoutes]
    .filter((route) => !own.has(`${route.method} ${route.pattern}`))
    .sort(compareSpecificity)
    .map((route) => ({
      ...route,
      handle: (request: ResourceRequest) => {
        const reply = answer(route, request);
        applyEffects(route.method, route.pattern, request);
        return reply;
      },
    })),
];
