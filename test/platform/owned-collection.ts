/**
 * The generic part of every organisation-owned kind of record (applications, add-ons…): one store per kind, the
 * lookup that checks the owner, and the routes every such kind has under both `/v2/organisations/{id}` and
 * `/v2/self`: list, read and, when the kind allows it, create, update, delete, and tags. Adding a kind of record, or
 * an endpoint of an existing kind, is a spec here rather than new routing code.
 */
import type { Right } from './defaults.ts';
import { HttpError, parseJsonBody } from './http-util.ts';
import { orgAndSelf, organisationOf, success } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { PlatformState } from './state.ts';

export interface OwnedRecord {
  ownerId: string;
  view: { id: string; name: string } & Record<string, unknown>;
}

export interface OwnedKind<T extends OwnedRecord> {
  /** Names the kind in messages: "Application app_… not found". */
  label: string;
  /** Path under the owner, e.g. `/applications`. */
  path: string;
  /** Route parameter naming one record, e.g. `appId`. */
  param: string;
  rights: { read: Right; write: Right };
  store(state: PlatformState): Map<string, T>;
  view(record: T, state: PlatformState): unknown;
  /** Other ids a record answers to (an add-on's `realId`). */
  aliases?(record: T): string[];
  create?(request: ResourceRequest, ownerId: string): T;
  update?(request: ResourceRequest, record: T): void;
  /** When present, DELETE removes the record and this drops what referred to it. */
  onDelete?(state: PlatformState, record: T): void;
}

export function recordsOf<T extends OwnedRecord>(kind: OwnedKind<T>, state: PlatformState, ownerId: string): T[] {
  return [...kind.store(state).values()].filter((record) => record.ownerId === ownerId);
}

/** The record named by the kind's route parameter, owned by the organisation of the path (404 otherwise). */
export function recordOf<T extends OwnedRecord>(kind: OwnedKind<T>, request: ResourceRequest): T {
  const org = organisationOf(request);
  const id = request.params[kind.param] ?? '';
  const store = kind.store(request.state);
  const record = store.get(id) ?? [...store.values()].find((candidate) => kind.aliases?.(candidate).includes(id));
  if (!record || record.ownerId !== org.id) {
    throw new HttpError(404, `${kind.label} ${id} not found in organisation ${org.id}`);
  }
  return record;
}

export function ownedRoutes<T extends OwnedRecord>(kind: OwnedKind<T>): Route[] {
  const one = `${kind.path}/:${kind.param}`;
  const read = { org: kind.rights.read, self: kind.rights.read };
  const write = { org: kind.rights.write, self: kind.rights.write };
  const view = (record: T, request: ResourceRequest): Reply => ({
    status: 200,
    json: kind.view(record, request.state),
  });
  const routes: Route[] = [
    ...orgAndSelf(kind.path, 'GET', read, (request) => {
      const records = recordsOf(kind, request.state, organisationOf(request).id);
      return { status: 200, json: records.map((record) => kind.view(record, request.state)) };
    }),
    ...orgAndSelf(one, 'GET', read, (request) => view(recordOf(kind, request), request)),
  ];
  const { create, update, onDelete } = kind;
  if (create) {
    routes.push(
      ...orgAndSelf(kind.path, 'POST', write, (request) => {
        const record = create(request, organisationOf(request).id);
        kind.store(request.state).set(record.view.id, record);
        return view(record, request);
      }),
    );
  }
  if (update) {
    routes.push(
      ...orgAndSelf(one, 'PUT', write, (request) => {
        const record = recordOf(kind, request);
        update(request, record);
        return view(record, request);
      }),
    );
  }
  if (onDelete) {
    routes.push(
      ...orgAndSelf(one, 'DELETE', write, (request) => {
        const record = recordOf(kind, request);
        kind.store(request.state).delete(record.view.id);
        onDelete(request.state, record);
        return success(`The ${kind.label.toLowerCase()} ${record.view.name} has been deleted`);
      }),
    );
  }
  return routes;
}

const TAG = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

function checkTag(tag: unknown): string {
  if (typeof tag !== 'string' || !TAG.test(tag)) {
    throw new HttpError(400, `Invalid tag ${JSON.stringify(tag)}: 1 to 64 letters, digits, "_", ".", ":" or "-"`);
  }
  return tag;
}

/**
 * `…/tags`: GET lists, PUT replaces with a JSON array, PUT `…/tags/{tag}` adds one (no body), DELETE `…/tags/{tag}`
 * removes one. Every write answers with the tags as they now are, like the real API.
 */
export function tagRoutes<T extends OwnedRecord & { tags: string[] }>(kind: OwnedKind<T>): Route[] {
  const base = `${kind.path}/:${kind.param}/tags`;
  const read = { org: kind.rights.read, self: kind.rights.read };
  const write = { org: kind.rights.write, self: kind.rights.write };
  const tagsOf = (record: T): Reply => ({ status: 200, json: [...record.tags] });
  return [
    ...orgAndSelf(base, 'GET', read, (request) => tagsOf(recordOf(kind, request))),
    ...orgAndSelf(base, 'PUT', write, (request) => {
      const record = recordOf(kind, request);
      const value = parseJsonBody(request.req, request.body);
      if (!Array.isArray(value)) throw new HttpError(400, 'Expected a JSON array of tags');
      record.tags = [...new Set(value.map(checkTag))];
      return tagsOf(record);
    }),
    ...orgAndSelf(`${base}/:tag`, 'PUT', write, (request) => {
      const record = recordOf(kind, request);
      const tag = checkTag(request.params.tag);
      if (!record.tags.includes(tag)) record.tags.push(tag);
      return tagsOf(record);
    }),
    ...orgAndSelf(`${base}/:tag`, 'DELETE', write, (request) => {
      const record = recordOf(kind, request);
      if (!record.tags.includes(request.params.tag!)) throw new HttpError(404, `Tag ${request.params.tag} not found`);
      record.tags = record.tags.filter((tag) => tag !== request.params.tag);
      return tagsOf(record);
    }),
  ];
}
