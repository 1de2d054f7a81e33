import { describe, expect, it } from 'vitest';
import { placeOnCatalog } from '../../../../../src/core/workbench/import/catalog-placement.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';

const entry = (method: 'GET' | 'POST', pathTemplate: string) => ({ method, target: 'api' as const, pathTemplate });
const ENTRIES = [
  entry('GET', '/v2/self/keys'),
  entry('GET', '/v2/self/{x}'),
  entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}'),
  entry('GET', '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}.pdf'),
  entry('GET', '/v4/networkgroups/organisations/{ownerId}/networkgroups'),
  entry('POST', '/v2/organisations/{organisationId}/applications'),
];
const request = (path: string, params: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') => ({
  name: path,
  folder: 'f',
  draft: createDraft({ method, path, params }),
});

describe('placing imported requests on the catalog', () => {
  it('renames placeholders to the catalog’s names and moves their values', () => {
    const placed = placeOnCatalog(
      [request('/v2/organisations/{id}/applications/{appId}', { id: 'orga_1', appId: '' })],
      ENTRIES,
    );
    expect(placed.requests[0]?.draft.path).toBe('/v2/organisations/{organisationId}/applications/{applicationId}');
    expect({ ...placed.requests[0]?.draft.params }).toEqual({ organisationId: 'orga_1', applicationId: '' });
    expect(placed.renamed).toEqual([
      ['id', 'organisationId'],
      ['appId', 'applicationId'],
    ]);
    expect(placed.recognised).toBe(1);
  });

  it('prefers literal segments, keeps concrete ids, reads partial segments', () => {
    const placed = placeOnCatalog(
      [
        request('/v2/self/keys'),
        request('/v2/self/{thing}'),
        request('/v2/organisations/orga_1/applications/{app}'),
        request('/v4/billing/organisations/{org}/invoices/{number}.pdf'),
      ],
      ENTRIES,
    );
    expect(placed.requests.map((item) => item.draft.path)).toEqual([
      '/v2/self/keys',
      '/v2/self/{x}',
      '/v2/organisations/orga_1/applications/{applicationId}',
      '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}.pdf',
    ]);
  });

  it('puts /v2 or /v4 in front only when exactly one makes it a catalog endpoint; the method must match', () => {
    const placed = placeOnCatalog(
      [
        request('/networkgroups/organisations/{id}/networkgroups'),
        request('/organisations/{id}/applications', {}, 'POST'),
        request('/nowhere'),
        request('/organisations/{id}/applications/{a}/x'),
      ],
      ENTRIES,
    );
    expect(placed.requests.map((item) => item.draft.path)).toEqual([
      '/v4/networkgroups/organisations/{ownerId}/networkgroups',
      '/v2/organisations/{organisationId}/applications',
      '/nowhere',
      '/organisations/{id}/applications/{a}/x',
    ]);
    expect(placed.prefixed).toBe(2);
    expect(placed.recognised).toBe(2);
  });

  it('keeps names as data', () => {
    const placed = placeOnCatalog([request('/v2/self/{__proto__}', { ['__proto__']: 'v' })], ENTRIES);
    expect(placed.requests[0]?.draft.path).toBe('/v2/self/{x}');
    expect(Object.hasOwn(placed.requests[0]!.draft.params, 'x')).toBe(true);
    expect(({} as Record<string, unknown>).v).toBeUndefined();
  });
});
