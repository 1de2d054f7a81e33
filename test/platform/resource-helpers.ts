/** Shared pieces of the resource handlers: organisation access, bodies, the /v2/self alias. */
import type { Right } from './defaults.ts';
import { ERROR_IDS } from './error-ids.ts';
import { HttpError, mediaType, parseJsonBody } from './http-util.ts';
import { parseFormPairs } from './oauth/encoding.ts';
import { documentedSuccesses } from './openapi-examples.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { Organisation } from './state.ts';

/** The organisation named by `:orgId`, or the caller's personal one on `/v2/self/…`. */
export function organisationOf(request: ResourceRequest): Organisation {
  const id = request.params.orgId ?? request.caller.user.id;
  const org = request.state.organisations.get(id);
  if (!org) throw new HttpError(404, `Organisation ${id} not found`);
  if (!org.members.some((member) => member.userId === request.caller.user.id)) {
    throw new HttpError(403, `You do not belong to organisation ${id} so you cannot access it`, {
      id: ERROR_IDS.notMember,
    });
  }
  return org;
}

export function jsonObject(request: ResourceRequest): Record<string, unknown> {
  const value = parseJsonBody(request.req, request.body);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Expected a JSON object in the request body');
  }
  return value as Record<string, unknown>;
}

export function formPairs(request: ResourceRequest): [string, string][] {
  const type = mediaType(request.req);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, `Expected Content-Type: application/x-www-form-urlencoded, got ${type || 'none'}`);
  }
  return parseFormPairs(request.body.toString('utf8'), 'the form body');
}

/** Reads an optional string field, refusing other types with a message naming the field. */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `Field "${field}" must be a string`);
  return value;
}

export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = optionalString(body, field);
  if (value === undefined || value.trim() === '') throw new HttpError(400, `Field "${field}" is required`);
  return value;
}

export function success(message: string): { status: number; json: unknown } {
  return { status: 200, json: { id: 200, message, type: 'success' } };
}

/**
 * The answer to a write with nothing to return: 204 where the platform documents it (or documents nothing), its
 * success message with 200 where its description documents 200 (the official tools are held to it:
 * conformance/documented-status.ts). `pattern` is the route's `/v2/organisations/:orgId/…` form.
 */
export function emptySuccess(method: string, pattern: string, message: string): Reply {
  const documented = documentedSuccesses(method, pattern);
  return documented.length > 0 && !documented.includes(204) ? success(message) : { status: 204 };
}

/**
 * Registers a route both under `/v2/organisations/:orgId` and under `/v2/self` (the personal organisation),
 * each with its own right.
 */
export function orgAndSelf(
  suffix: string,
  method: Route['method'],
  rights: { org?: Right; self?: Right },
  handle: Route['handle'],
): Route[] {
  return [
    { method, pattern: `/v2/organisations/:orgId${suffix}`, right: rights.org, handle },
    { method, pattern: `/v2/self${suffix}`, right: rights.self, handle },
  ];
}
