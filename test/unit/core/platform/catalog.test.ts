import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, describeOrigins, findCatalogEntry, isSendable } from '../../../../src/core/platform/catalog.ts';
import { ID_KINDS, idKindOfPlaceholder } from '../../../../src/core/platform/id-kinds.ts';
import { loadCatalog } from '../../../../src/core/platform/load-catalog.ts';
import { listPlaceholders } from '../../../../src/core/workbench/path-template.ts';
import { checkPath } from '../../../../src/core/workbench/request-draft.ts';

let catalog: Catalog;

beforeAll(async () => {
  catalog = await loadCatalog();
});

describe('the catalog built from the generated description', () => {
  it('lists at least 380 endpoints with unique ids, each in a known group', () => {
    const { entries, groups } = catalog;
    expect(entries.length).toBeGreaterThanOrEqual(380);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    const groupIds = new Set(groups.map((group) => group.id));
    for (const entry of entries) expect(groupIds.has(entry.group), entry.id).toBe(true);
  });

  it('gives every endpoint a path the composer accepts (or says it cannot send it), a summary and a source', () => {
    for (const entry of catalog.entries) {
      const sample = entry.pathTemplate.replace(/\{[^}]+\}/g, 'x');
      if (isSendable(entry)) expect(checkPath(sample, entry.target), entry.id).toBeUndefined();
      else expect(entry.pathTemplate, entry.id).toMatch(/^\/v3\//);
      expect(entry.description.length, entry.id).toBeGreaterThan(3);
      expect(entry.endpoint.origins.length, entry.id).toBeGreaterThan(0);
      if (entry.bodyExample) expect(() => JSON.parse(entry.bodyExample as string), entry.id).not.toThrow();
    }
  });

  it("covers the spec's endpoints, the bridge's API tokens and both invoice PDF paths", () => {
    const keys = catalog.entries.map((entry) => `${entry.method} ${entry.target} ${entry.pathTemplate}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST api /v2/oauth/request_token',
        'POST api /v2/oauth/access_token_query',
        'GET api /v2/oauth/rights',
        'GET api /v2/self',
        'GET api /v2/summary',
        'GET api /v4/products/zones',
        'GET api /v2/organisations/{organisationId}/applications',
        'GET api /v2/organisations/{organisationId}/applications/{applicationId}/env',
        'GET api /v4/billing/organisations/{organisationId}/invoices',
        'GET api /v4/billing/organisations/{organisationId}/{invoiceNumber}.pdf',
        'GET api /v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}.pdf',
        'GET api /v2/self/tokens/current',
        'POST api /v2/self/consumers',
        'GET bridge /api-tokens',
        'POST bridge /api-tokens',
        'DELETE bridge /api-tokens/{apiTokenId}',
      ]),
    );
  });

  it('names each recognised id with its kind’s canonical placeholder, so a value carries over', () => {
    for (const entry of catalog.entries) {
      for (const param of entry.endpoint.params.filter((item) => item.in === 'path')) {
        expect(listPlaceholders(entry.pathTemplate), entry.id).toContain(param.name);
        const canonical = ID_KINDS.find((kind) => kind.id === param.kind)?.placeholder;
        // A second id of the same kind in one path (an application's dependency) keeps its own name.
        if (canonical && param.name !== canonical)
          expect(listPlaceholders(entry.pathTemplate), entry.id).toContain(canonical);
      }
    }
    const kinds = new Set(
      catalog.entries.flatMap((entry) => entry.endpoint.params.map((param) => param.kind).filter(Boolean)),
    );
    for (const kind of ['organisation', 'application', 'addon', 'consumer', 'api-token', 'invoice', 'drain', 'webhook'])
      expect(kinds.has(kind), kind).toBe(true);
    expect(idKindOfPlaceholder('organisationId')?.id).toBe('organisation');
  });

  it('keeps Keyhole’s curated knowledge over the sources, and says where each fact comes from', () => {
    const invoices = catalog.entries.find((entry) => entry.id === 'invoices')!;
    expect(invoices.right).toBe('access_organisations_bills');
    expect(invoices.rightSource).toBe('keyhole-curated');
    expect(invoices.description).toMatch(/404 means none/);
    expect(invoices.endpoint.responseFields).toContain('invoice_number');
    expect(describeOrigins(invoices)).toBe('spec/notes · client');
    const zones = catalog.entries.find((entry) => entry.id === 'zones')!;
    expect(zones.rightSource).toBe('keyhole-curated');
    expect(zones.right).toBeUndefined();
    const created = catalog.entries.find(
      (entry) => entry.method === 'POST' && entry.pathTemplate === '/v2/organisations/{organisationId}/applications',
    )!;
    expect(created.rightSource).toBe('keyhole-inferred');
    expect(JSON.parse(created.bodyExample!)).toHaveProperty('zone');
    expect(created.endpoint.body?.exampleSource).toBe('openapi');
  });

  it('finds the entry of a request, preferring literal templates', () => {
    const { entries } = catalog;
    expect(findCatalogEntry(entries, 'GET', 'api', '/v2/self/keys')?.id).toBe('self-keys');
    expect(findCatalogEntry(entries, 'GET', 'api', '/v2/self/tokens/current')?.id).toBe('self-token-current');
    expect(findCatalogEntry(entries, 'GET', 'bridge', '/v2/self')?.id).toBe('bridge-self');
    expect(findCatalogEntry(entries, 'PATCH', 'api', '/v2/self')).toBeUndefined();
  });
});
