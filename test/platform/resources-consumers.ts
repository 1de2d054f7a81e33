/** OAuth consumers of the user or of an organisation. A created consumer can start the OAuth dance at once. */
import { isRight, RIGHTS, type Right } from './defaults.ts';
import { HttpError } from './http-util.ts';
import { randomToken } from './random.ts';
import { jsonObject, optionalString, orgAndSelf, organisationOf, requiredString, success } from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import type { Consumer } from './state.ts';

const READ = { org: 'access_organisations', self: 'access_personal_information' } as const;
const WRITE = { org: 'manage_organisations', self: 'manage_personal_information' } as const;

export function consumerView(consumer: Consumer): Record<string, unknown> {
  return {
    key: consumer.key,
    name: consumer.name,
    description: consumer.description,
    url: consumer.url,
    picture: consumer.picture,
    baseUrl: consumer.baseUrl,
    rights: { almighty: false, ...consumer.rights },
  };
}

function consumerOf(request: ResourceRequest): Consumer {
  const org = organisationOf(request);
  const consumer = request.state.consumers.get(request.params.key!);
  if (!consumer || consumer.ownerId !== org.id) throw new HttpError(404, `Consumer ${request.params.key} not found`);
  return consumer;
}

function parseRights(value: unknown, previous?: Record<Right, boolean>): Record<Right, boolean> {
  if (value === undefined && previous) return previous;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Field "rights" must be an object of right name → boolean');
  }
  const rights = Object.fromEntries(RIGHTS.map((right) => [right, false])) as Record<Right, boolean>;
  for (const [name, granted] of Object.entries(value)) {
    if (typeof granted !== 'boolean') throw new HttpError(400, `Right ${name} must be true or false`);
    if (name === 'almighty') {
      if (granted) throw new HttpError(400, 'Right almighty is read-only and cannot be requested');
      continue;
    }
    if (!isRight(name)) throw new HttpError(400, `Unknown right ${name}; known rights: ${RIGHTS.join(', ')}`);
    rights[name] = granted;
  }
  return rights;
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpError(400, `Field "baseUrl" must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new HttpError(400, 'Field "baseUrl" must be an http or https URL');
  }
  return value;
}

export const consumerRoutes: Route[] = [
  ...orgAndSelf('/consumers', 'GET', READ, (request) => {
    const org = organisationOf(request);
    const consumers = [...request.state.consumers.values()].filter((consumer) => consumer.ownerId === org.id);
    return { status: 200, json: consumers.map(consumerView) };
  }),
  ...orgAndSelf('/consumers', 'POST', WRITE, (request) => {
    const org = organisationOf(request);
    const body = jsonObject(request);
    const consumer: Consumer = {
      key: randomToken(24),
      secret: randomToken(24),
      ownerId: org.id,
      name: requiredString(body, 'name'),
      description: optionalString(body, 'description') ?? '',
      url: optionalString(body, 'url') ?? '',
      picture: optionalString(body, 'picture') ?? '',
      baseUrl: parseBaseUrl(requiredString(body, 'baseUrl')),
      rights: parseRights(body.rights),
    };
    request.state.consumers.set(consumer.key, consumer);
    return { status: 200, json: consumerView(consumer) };
  }),
  ...orgAndSelf('/consumers/:key', 'GET', READ, (request) => ({
    status: 200,
    json: consumerView(consumerOf(request)),
  })),
  ...orgAndSelf('/consumers/:key', 'PUT', WRITE, (request) => {
    const consumer = consumerOf(request);
    const body = jsonObject(request);
    const name = optionalString(body, 'name');
    if (name !== undefined && name.trim() === '') throw new HttpError(400, 'Field "name" must not be empty');
    const baseUrl = optionalString(body, 'baseUrl');
    Object.assign(consumer, {
      name: name ?? consumer.name,
      description: optionalString(body, 'description') ?? consumer.description,
      url: optionalString(body, 'url') ?? consumer.url,
      picture: optionalString(body, 'picture') ?? consumer.picture,
      baseUrl: baseUrl === undefined ? consumer.baseUrl : parseBaseUrl(baseUrl),
      rights: parseRights(body.rights, consumer.rights),
    });
    return { status: 200, json: consumerView(consumer) };
  }),
  ...orgAndSelf('/consumers/:key', 'DELETE', WRITE, (request) => {
    const consumer = consumerOf(request);
    request.state.consumers.delete(consumer.key);
    // The description documents 200 for this DELETE (conformance/documented-status.ts holds the official tools to it).
    return success(`The OAuth consumer ${consumer.key} has been deleted`);
  }),
  ...orgAndSelf('/consumers/:key/secret', 'GET', WRITE, (request) => ({
    status: 200,
    // The description's `Secret` has `value` besides `secret` (both required); the official client reads `secret`.
    json: { secret: consumerOf(request).secret, value: consumerOf(request).secret },
  })),
];
