/**
 * An endpoint's request body, merged from the sources: Keyhole's overlay (a JSON or form body to start from), the
 * OpenAPI description (content type, schema) and the official client (the content type it sends, the fields its
 * commands put in the body). Where the client sends something else than JSON, its content type wins.
 */
import type { EndpointBody } from '../../src/core/platform/description-types.ts';
import type { Draft } from './merge.ts';
import type { ClientApiEndpoint } from './read-client-api.ts';
import type { OpenApiOperation } from './read-openapi.ts';
import { exampleFromFields, exampleFromSchema } from './schema-example.ts';

const WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE']);
const unique = <T>(items: Iterable<T>) => [...new Set(items)];

export function readBody(draft: Draft, schemas: Record<string, unknown>): EndpointBody | undefined {
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
function bodyContentType(draft: {
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
