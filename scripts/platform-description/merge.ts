/**
 * Merges the sources into one list of endpoints. Two facts describe the same endpoint when method, target and
 * path shape (placeholder names aside) agree. Precedence, per fact: Keyhole's curated overlay (summaries, rights,
 * bodies) over the OpenAPI description (parameters, schemas, summaries) over the client's commands and functions
 * (parameter names, queries, body fields, response fields); whatever no source says is derived from the path and
 * labelled `generated` or `keyhole-inferred`. Each endpoint lists every source that names it.
 */

import type {
  DescribedEndpoint,
  EndpointBody,
  EndpointOrigin,
  EndpointParam,
  EndpointResponse,
  EndpointRight,
  SourceId,
} from '../../src/core/platform/description-types.ts';
import { responseOverride } from '../../src/core/platform/schema-overrides.ts';
import type { HttpMethod, RequestTarget } from '../../src/core/protocol.ts';
import { canonicalisePath, pathShape } from './canonical-path.ts';
import { groupOf, humanise, summaryFromCommand, summaryFromPath } from './classify.ts';
import type { OverlayEntry } from './keyhole-overlay.ts';
import type { ClientApiEndpoint } from './read-client-api.ts';
import type { ClientCommandEndpoint } from './read-client-commands.ts';
import type { OpenApiOperation, OpenApiParam } from './read-openapi.ts';
import { inferRight } from './rights.ts';
import { exampleFromFields, exampleFromSchema } from './schema-example.ts';

export interface MergeInput {
  overlay: readonly OverlayEntry[];
  openapi: readonly OpenApiOperation[];
  clientApi: readonly ClientApiEndpoint[];
  commands: readonly ClientCommandEndpoint[];
  schemas: Record<string, unknown>;
  overlayFile: string;
}

interface Draft {
  method: HttpMethod;
  target: RequestTarget;
  overlay?: OverlayEntry;
  openapi: OpenApiOperation[];
  clientApi: ClientApiEndpoint[];
  commands: ClientCommandEndpoint[];
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE']);
const PLACEHOLDER = /\{([^}]*)\}/g;

const placeholders = (path: string) => [...path.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
const unique = <T>(items: Iterable<T>) => [...new Set(items)];

function draftsOf(input: MergeInput): Draft[] {
  const drafts = new Map<string, Draft>();
  const draft = (method: string, target: RequestTarget, path: string) => {
    const key = `${method} ${target} ${pathShape(path.replace(/\/+$/, '') || '/')}`;
    let found = drafts.get(key);
    if (!found) {
      found = { method: method as HttpMethod, target, openapi: [], clientApi: [], commands: [] };
      drafts.set(key, found);
    }
    return found;
  };
  for (const entry of input.overlay) draft(entry.method, entry.target, entry.path).overlay = entry;
  for (const operation of input.openapi) draft(operation.method, 'api', operation.path).openapi.push(operation);
  for (const endpoint of input.clientApi) draft(endpoint.method, 'api', endpoint.path).clientApi.push(endpoint);
  for (const endpoint of input.commands) draft(endpoint.method, 'api', endpoint.path).commands.push(endpoint);
  return [...drafts.values()];
}

/** The template whose placeholder names are the most telling: per position, the first source that names it. */
function combinedTemplate(draft: Draft): string {
  const templates = [
    draft.overlay?.path,
    ...draft.commands.map((item) => item.path),
    ...draft.clientApi.map((item) => item.path),
    ...draft.openapi.map((item) => item.path),
  ].filter((path): path is string => path !== undefined);
  const base = templates[0] as string;
  let index = 0;
  return base.replace(PLACEHOLDER, () => {
    const position = index++;
    const name = templates.map((template) => placeholders(template)[position]).find((found) => found);
    return `{${name ?? ''}}`;
  });
}

function sourcesNaming(draft: Draft): SourceId[] {
  const sources: SourceId[] = [];
  if (draft.overlay) sources.push(draft.overlay.attestedBy === 'spec-notes' ? 'spec-notes' : 'keyhole');
  if (draft.openapi.length > 0) sources.push('openapi');
  if (draft.clientApi.length > 0) sources.push('client-api');
  if (draft.commands.length > 0) sources.push('client-command');
  return sources;
}

function readParams(draft: Draft, canonical: ReturnType<typeof canonicalisePath>): EndpointParam[] {
  const sources = sourcesNaming(draft);
  const openapiPath = draft.openapi[0] ? placeholders(draft.openapi[0].path) : [];
  const pathParams = canonical.params.map((param, position): EndpointParam => {
    const documented = draft.openapi[0]?.params.find(
      (item) => item.in === 'path' && item.name === openapiPath[position],
    );
    return {
      name: param.name,
      in: 'path',
      ...(param.kind ? { kind: param.kind.id } : {}),
      required: true,
      ...(documented ? documentedFacts(documented) : {}),
      ...(param.sourceName !== '' && param.sourceName !== param.name ? { sourceName: param.sourceName } : {}),
      sources,
    };
  });
  const others = new Map<string, EndpointParam>();
  const add = (name: string, where: 'query' | 'header', source: SourceId, extra: Partial<EndpointParam> = {}) => {
    // Header names are case-insensitive: one entry per header whatever the spelling.
    const key = where === 'header' ? `header ${name.toLowerCase()}` : `query ${name}`;
    const existing = others.get(key);
    if (existing) {
      if (!existing.sources.includes(source)) existing.sources.push(source);
      return;
    }
    others.set(key, { name, in: where, ...extra, sources: [source] });
  };
  for (const operation of draft.openapi)
    for (const param of operation.params)
      if (param.in !== 'path')
        add(param.name, param.in, 'openapi', { required: param.required, ...documentedFacts(param) });
  for (const endpoint of draft.clientApi) for (const name of endpoint.query) add(name, 'query', 'client-api');
  for (const endpoint of draft.commands) for (const name of endpoint.query) add(name, 'query', 'client-command');
  // Path, then query, then header parameters; by name within each.
  const rest = [...others.values()].sort((a, b) => b.in.localeCompare(a.in) || a.name.localeCompare(b.name));
  return [...pathParams, ...rest];
}

/** What the OpenAPI description documents about a parameter beyond its name. */
function documentedFacts(param: OpenApiParam): Partial<EndpointParam> {
  return {
    ...(param.description ? { description: param.description } : {}),
    ...(param.type ? { type: param.type } : {}),
    ...(param.format ? { format: param.format } : {}),
    ...(param.enum ? { enum: param.enum } : {}),
    ...(param.default !== undefined ? { default: param.default } : {}),
  };
}

/**
 * The documented answers by status, each corrected where schema-overrides.ts proves the description wrong for
 * that operation (the component schemas are corrected once, in build-description.ts).
 */
function readResponses(draft: Draft): Record<string, EndpointResponse> | undefined {
  const responses: Record<string, EndpointResponse> = {};
  for (const operation of draft.openapi)
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status in responses) continue;
      const override = responseOverride(operation.method, operation.path, status);
      responses[status] = override ? { ...response, schema: override.schema } : response;
    }
  return Object.keys(responses).length > 0 ? responses : undefined;
}

function readBody(draft: Draft, schemas: Record<string, unknown>): EndpointBody | undefined {
  if (WITHOUT_BODY.has(draft.method)) return undefined;
  const overlay = draft.overlay;
  const documented = draft.openapi.find((operation) => operation.body)?.body;
  const fields = unique(draft.commands.flatMap((command) => command.bodyFields ?? []));
  const clientSends = [...draft.clientApi, ...draft.commands].some((endpoint) => endpoint.hasBody);
  if (!overlay?.bodyExample && !overlay?.formExample && !documented && fields.length === 0 && !clientSends)
    return undefined;
  if (overlay?.formExample)
    return { contentType: 'application/x-www-form-urlencoded', form: overlay.formExample, exampleSource: 'keyhole' };
  const contentType = bodyContentType(draft);
  const body: EndpointBody = { contentType };
  // The schema describes the JSON or form fields; an upload's bytes have none (the avatar's JSON "from a source"
  // variant is not what the official client sends).
  const describesFields = contentType.includes('json') || contentType === FORM;
  if (documented?.schema !== undefined && describesFields) body.schema = documented.schema;
  if (fields.length > 0) body.fields = fields;
  const format = (value: unknown) => JSON.stringify(value, null, 2);
  if (overlay?.bodyExample !== undefined) {
    body.example = format(overlay.bodyExample);
    body.exampleSource = 'keyhole';
  } else if (documented?.schema !== undefined && body.contentType.includes('json')) {
    body.example = format(exampleFromSchema(documented.schema, schemas));
    body.exampleSource = 'openapi';
  } else if (documented?.schema !== undefined && contentType === FORM) {
    body.form = formFromExample(exampleFromSchema(documented.schema, schemas));
    body.exampleSource = 'openapi';
  } else if (fields.length > 0) {
    body.example = format(exampleFromFields(fields));
    body.exampleSource = 'client-command';
  }
  return body;
}

const FORM = 'application/x-www-form-urlencoded';
const isJson = (type: string) => /[/+]json\b/.test(type);

/**
 * The content type the official client sends wins over the OpenAPI description's when it is not JSON: the
 * description writes `application/json` for bodies the client (and so the platform) takes as an image upload
 * (`PUT /v2/self/avatar`, `image/bmp`) or a form (`POST /v2/users`); a JSON content type from the client adds
 * nothing the description does not say.
 */
export function bodyContentType(draft: {
  openapi: readonly Pick<OpenApiOperation, 'body'>[];
  clientApi: readonly Pick<ClientApiEndpoint, 'contentType'>[];
}): string {
  const documented = draft.openapi.find((operation) => operation.body)?.body?.contentType;
  const sent = draft.clientApi.find((item) => item.contentType)?.contentType;
  if (sent && !isJson(sent)) return sent;
  return documented ?? sent ?? 'application/json';
}

/** Form fields to start from: the example's top-level values as text. */
function formFromExample(example: unknown): [string, string][] {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return [];
  return Object.entries(example).map(([name, value]) => [
    name,
    typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value),
  ]);
}

function readRight(draft: Draft, path: string): EndpointRight | undefined {
  const curated = draft.overlay?.right;
  if (curated === null) return { source: 'keyhole-curated' };
  if (curated) return { name: curated, source: 'keyhole-curated' };
  if (draft.target !== 'api') return undefined;
  const inferred = inferRight(draft.method, path);
  return inferred ? { name: inferred.name, source: 'keyhole-inferred', rule: inferred.rule } : undefined;
}

function firstSentence(text: string): string {
  const sentence = text.split(/(?<=\.)\s/)[0]?.trim() ?? text;
  return sentence.length > 140 ? `${sentence.slice(0, 137)}…` : sentence;
}

function readSummary(draft: Draft, path: string): Pick<DescribedEndpoint, 'summary' | 'summarySource'> {
  if (draft.overlay) return { summary: draft.overlay.summary, summarySource: 'keyhole' };
  const documented = draft.openapi.find((operation) => operation.summary ?? operation.description);
  if (documented)
    return {
      summary: firstSentence((documented.summary ?? documented.description) as string),
      summarySource: 'openapi',
    };
  // Only a class that builds the request itself: a composite also names the calls of its inner commands.
  const command = draft.commands
    .filter((item) => item.direct)
    .map((item) => item.ref.split('#')[1] ?? '')
    .find((name) => name !== '');
  if (command) return { summary: summaryFromCommand(command), summarySource: 'client-command' };
  return { summary: summaryFromPath(draft.method, path), summarySource: 'generated' };
}

function readOrigins(draft: Draft, path: string, overlayFile: string): EndpointOrigin[] {
  const origins: EndpointOrigin[] = [];
  const withPath = (origin: EndpointOrigin, sourcePath: string) =>
    sourcePath === path ? origin : { ...origin, path: sourcePath };
  if (draft.overlay)
    origins.push({
      source: draft.overlay.attestedBy === 'spec-notes' ? 'spec-notes' : 'keyhole',
      ref: `${overlayFile}#${draft.overlay.id}`,
    });
  for (const operation of draft.openapi)
    origins.push(
      withPath(
        { source: 'openapi', ref: operation.operationId ?? `${operation.method} ${operation.rawPath}` },
        operation.rawPath,
      ),
    );
  for (const endpoint of draft.clientApi)
    origins.push(withPath({ source: 'client-api', ref: endpoint.ref }, endpoint.path));
  for (const endpoint of draft.commands)
    origins.push(withPath({ source: 'client-command', ref: endpoint.ref }, endpoint.path));
  // One line per distinct reference (a command and its inner command name the same endpoint).
  const seen = new Set<string>();
  return origins.filter((origin) => {
    const key = `${origin.source} ${origin.ref}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function idOf(draft: Draft, path: string): string {
  if (draft.overlay) return draft.overlay.id;
  const slug = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('-');
  return `${draft.target === 'bridge' ? 'bridge-' : ''}${draft.method.toLowerCase()}-${slug}`;
}

export function mergeEndpoints(input: MergeInput, groupOrder: readonly string[]): DescribedEndpoint[] {
  const endpoints = draftsOf(input).map((draft): DescribedEndpoint => {
    const canonical = canonicalisePath(combinedTemplate(draft));
    const path = canonical.path;
    const body = readBody(draft, input.schemas);
    const right = readRight(draft, path);
    const responseFields = unique(draft.commands.flatMap((command) => command.responseFields ?? []));
    const responses = readResponses(draft);
    const tags = unique([
      ...draft.openapi.flatMap((operation) => operation.tags),
      ...draft.commands.map((command) => (command.group ? humanise(command.group) : '')).filter(Boolean),
    ]).sort();
    return {
      id: idOf(draft, path),
      method: draft.method,
      target: draft.target,
      path,
      group: draft.overlay?.group ?? groupOf(path),
      ...readSummary(draft, path),
      tags,
      params: readParams(draft, canonical),
      ...(body ? { body } : {}),
      ...(responses ? { responses } : {}),
      ...(right ? { right } : {}),
      ...(responseFields.length > 0 ? { responseFields } : {}),
      origins: readOrigins(draft, path, input.overlayFile),
    };
  });
  const ids = new Set<string>();
  for (const endpoint of endpoints) {
    if (ids.has(endpoint.id)) throw new Error(`two endpoints would share the id ${endpoint.id}`);
    ids.add(endpoint.id);
  }
  const rank = (group: string) => {
    const at = groupOrder.indexOf(group);
    return at < 0 ? groupOrder.length : at;
  };
  return endpoints.sort(
    (a, b) =>
      rank(a.group) - rank(b.group) ||
      a.target.localeCompare(b.target) ||
      a.path.localeCompare(b.path) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}
