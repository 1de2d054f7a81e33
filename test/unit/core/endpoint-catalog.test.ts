import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_CATALOG,
  findCatalogEntry,
  groupCatalogByRight,
  searchCatalog,
} from '../../../src/core/endpoint-catalog.ts';
import { listPlaceholders } from '../../../src/core/path-template.ts';
import { checkPath } from '../../../src/core/request-draft.ts';

describe('the endpoint catalog', () => {
  it('has unique ids and well-formed entries', () => {
    const ids = ENDPOINT_CATALOG.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of ENDPOINT_CATALOG) {
      const sample = entry.pathTemplate.replace(/\{[^}]+\}/g, 'x');
      expect(checkPath(sample, entry.target), entry.id).toBeUndefined();
      expect(entry.description.length, entry.id).toBeGreaterThan(10);
      if (entry.bodyExample) expect(() => JSON.parse(entry.bodyExample as string), entry.id).not.toThrow();
    }
  });

  it("covers the spec's endpoints and the bridge's API tokens", () => {
    const keys = ENDPOINT_CATALOG.map((entry) => `${entry.method} ${entry.target} ${entry.pathTemplate}`);
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
        'POST api /v2/self/consumers',
        'POST bridge /api-tokens',
        'DELETE bridge /api-tokens/{apiTokenId}',
      ]),
    );
  });

  it('searches by words across method, path, description and right', () => {
    expect(searchCatalog('').length).toBe(ENDPOINT_CATALOG.length);
    expect(searchCatalog('invoice pdf').map((entry) => entry.id)).toEqual(['invoice-pdf', 'invoice-pdf-console']);
    expect(searchCatalog('delete token').map((entry) => entry.id)).toEqual(['api-token-revoke']);
    expect(searchCatalog('bills').every((entry) => entry.right === 'access_organisations_bills')).toBe(true);
    expect(searchCatalog('nothing-like-this')).toEqual([]);
  });

  it('ranks the method word first: "put env" finds the write endpoints', () => {
    const found = searchCatalog('put env').map((entry) => entry.id);
    expect(found.slice(0, 2).sort()).toEqual(['application-env-replace', 'application-env-set']);
  });

  it('finds the template of a pasted concrete path first', () => {
    expect(searchCatalog('/v2/organisations/orga_1/applications/app_9/env')[0]?.id).toBe('application-env');
    expect(searchCatalog('/v2/self/consumers get')[0]?.id).toBe('self-consumers');
  });

  it('finds the entry of a request, preferring literal templates', () => {
    expect(findCatalogEntry('GET', 'api', '/v2/self/keys')?.id).toBe('self-keys');
    expect(findCatalogEntry('GET', 'bridge', '/v2/self')?.id).toBe('bridge-self');
    expect(findCatalogEntry('PATCH', 'api', '/v2/self')).toBeUndefined();
  });

  it('groups by right for a rights browser', () => {
    const groups = groupCatalogByRight();
    expect(groups.get('access_organisations_bills')?.map((entry) => entry.id)).toContain('invoices');
    expect(groups.get(undefined)?.map((entry) => entry.id)).toContain('zones');
    const total = [...groups.values()].reduce((sum, list) => sum + list.length, 0);
    expect(total).toBe(ENDPOINT_CATALOG.length);
  });

  it('uses placeholder names the composer has pickers for, or plain ones', () => {
    const names = new Set(ENDPOINT_CATALOG.flatMap((entry) => listPlaceholders(entry.pathTemplate)));
    expect([...names].sort()).toEqual(
      ['apiTokenId', 'applicationId', 'consumerKey', 'envName', 'invoiceNumber', 'keyName', 'organisationId'].sort(),
    );
  });
});
