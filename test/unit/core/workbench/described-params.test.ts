import { describe, expect, it } from 'vitest';
import description from '../../../../src/core/platform/description.json';
import type {
  DescribedEndpoint,
  EndpointParam,
  PlatformDescription,
} from '../../../../src/core/platform/description-types.ts';
import {
  describedRows,
  describeParamFacts,
  docsByRow,
  paramDocs,
} from '../../../../src/core/workbench/described-params.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { warnAboutParams, warningsByRow } from '../../../../src/core/workbench/request-warnings.ts';

const platform = description as unknown as PlatformDescription;
const consumptions = platform.endpoints.find(
  (endpoint) => endpoint.path === '/v2/organisations/{organisationId}/consumptions' && endpoint.method === 'GET',
) as DescribedEndpoint;

function endpointWith(params: (Omit<EndpointParam, 'in' | 'sources'> & { in: string; [key: string]: unknown })[]) {
  return { ...consumptions, params: params.map((param) => ({ sources: ['openapi'], ...param })) } as DescribedEndpoint;
}

describe('paramDocs and describedRows', () => {
  it('lists the query parameters the description gives GET …/consumptions, optional ones off', () => {
    const docs = paramDocs(consumptions, 'query');
    expect(docs.map((doc) => doc.name)).toEqual(['appId', 'for', 'from', 'to']);
    const rows = describedRows(docs, []);
    expect(rows).toEqual(docs.map((doc) => ({ name: doc.name, value: '', enabled: false })));
  });

  it('turns required ones on, fills defaults and keeps what was typed in a field of the same name', () => {
    const endpoint = endpointWith([
      { name: 'limit', in: 'query', type: 'integer', default: 10 },
      { name: 'order', in: 'query', required: true, enum: ['asc', 'desc'] },
      { name: 'X-Trace', in: 'header', description: 'A trace id.' },
    ]);
    const rows = describedRows(paramDocs(endpoint, 'query'), [
      { name: 'order', value: 'desc', enabled: false },
      { name: 'other', value: 'dropped', enabled: true },
    ]);
    expect(rows).toEqual([
      { name: 'limit', value: '10', enabled: false },
      { name: 'order', value: 'desc', enabled: true },
    ]);
    // Header names match whatever their case.
    const headers = describedRows(paramDocs(endpoint, 'header'), [{ name: 'x-trace', value: 't1', enabled: true }]);
    expect(headers).toEqual([{ name: 'X-Trace', value: 't1', enabled: true }]);
    const docs = docsByRow(paramDocs(endpoint, 'query'), rows);
    expect(describeParamFacts(docs.get(0) as never)).toBe('integer · optional · default 10');
    expect(describeParamFacts(docs.get(1) as never)).toBe('required · one of asc, desc');
  });
});

describe('warnAboutParams', () => {
  const endpoint = endpointWith([
    { name: 'organisationId', in: 'path', required: true, type: 'string' },
    { name: 'limit', in: 'query', type: 'integer' },
    { name: 'order', in: 'query', required: true, enum: ['asc', 'desc'] },
    { name: 'flag', in: 'query', type: 'boolean' },
  ]);

  it('warns about a required parameter left empty or off, a wrong type and a value outside the enum', () => {
    const draft = createDraft({
      path: consumptions.path,
      params: { organisationId: 'orga_1' },
      query: [
        { name: 'limit', value: 'ten', enabled: true },
        { name: 'order', value: 'up', enabled: true },
        { name: 'flag', value: 'yes', enabled: false },
      ],
    });
    const warnings = warnAboutParams(draft, endpoint);
    expect(warningsByRow(warnings, 'query')).toEqual(
      new Map([
        [0, 'limit is an integer in the description.'],
        [1, 'order is one of asc, desc in the description (got “up”).'],
      ]),
    );
    const off = warnAboutParams({ ...draft, query: [{ name: 'order', value: 'asc', enabled: false }] }, endpoint);
    expect(off).toEqual([{ place: 'query', name: 'order', row: 0, message: 'order is required by the description.' }]);
  });

  it('says nothing about a request that fits, or about a path the description does not know', () => {
    const draft = createDraft({ query: [{ name: 'order', value: 'asc', enabled: true }] });
    expect(warnAboutParams(draft, endpoint)).toEqual([]);
    expect(warnAboutParams(draft, undefined)).toEqual([]);
  });
});
