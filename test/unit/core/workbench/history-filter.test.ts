import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../../src/core/protocol.ts';
import type { HistoryEntry } from '../../../../src/core/workbench/history-entry.ts';
import {
  EMPTY_FILTER,
  filterHistory,
  parseSearch,
  planEviction,
} from '../../../../src/core/workbench/history-filter.ts';

function entry(
  id: string,
  startedAt: number,
  method: HttpMethod,
  path: string,
  status?: number,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    id,
    startedAt,
    request: { target: 'api', method, path, query: [], headers: [], body: { kind: 'none' } },
    hasBody: false,
    ...(status === undefined ? {} : { status }),
    ...extra,
  };
}

const entries = [
  entry('a', 1, 'GET', '/v2/self', 200),
  entry('b', 2, 'POST', '/v2/self/consumers', 201, {
    request: {
      target: 'api',
      method: 'POST',
      path: '/v2/self/consumers',
      body: { kind: 'json', text: '{"name":"Billing bot"}' },
    },
  }),
  entry('c', 3, 'GET', '/v2/organisations/orga_1/applications', 404),
  entry('d', 4, 'DELETE', '/v2/self/keys/laptop', 500),
  entry('e', 5, 'GET', '/v4/products/zones', undefined, {
    error: { code: 'network', message: 'The platform could not be reached.' },
  }),
  entry('f', 6, 'GET', '/v2/summary', 200, {
    request: { target: 'api', method: 'GET', path: '/v2/summary', query: [['limit', '10']] },
  }),
];

const ids = (list: HistoryEntry[]) => list.map((item) => item.id);

describe('filterHistory', () => {
  it('returns everything newest first without a filter', () => {
    expect(ids(filterHistory(entries, EMPTY_FILTER))).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
  });

  it('filters by method and status class', () => {
    expect(ids(filterHistory(entries, { ...EMPTY_FILTER, method: 'GET' }))).toEqual(['f', 'e', 'c', 'a']);
    expect(ids(filterHistory(entries, { ...EMPTY_FILTER, status: '2xx' }))).toEqual(['f', 'b', 'a']);
    expect(ids(filterHistory(entries, { ...EMPTY_FILTER, status: '4xx' }))).toEqual(['c']);
    expect(ids(filterHistory(entries, { ...EMPTY_FILTER, status: 'error' }))).toEqual(['e']);
  });

  it('searches words in path, query, status, errors and request bodies', () => {
    const search = (text: string) => ids(filterHistory(entries, { ...EMPTY_FILTER, text }));
    expect(search('self')).toEqual(['d', 'b', 'a']);
    expect(search('SELF keys')).toEqual(['d']);
    expect(search('404')).toEqual(['c']);
    expect(search('billing bot')).toEqual(['b']);
    expect(search('limit=10')).toEqual(['f']);
    expect(search('reached')).toEqual(['e']);
    expect(search('method:post')).toEqual(['b']);
    expect(search('status:5xx self')).toEqual(['d']);
    expect(search('status:200')).toEqual(['f', 'a']);
  });

  it('parses filters out of the search text', () => {
    expect(parseSearch(' Method:delete  status:4xx /v2 ')).toEqual({ words: ['/v2'], method: 'DELETE', status: '4xx' });
  });
});

describe('planEviction', () => {
  it('drops the oldest beyond the limit', () => {
    expect(planEviction(entries, 10)).toEqual([]);
    expect(planEviction(entries, 4).sort()).toEqual(['a', 'b']);
    expect(planEviction(entries, 0)).toHaveLength(6);
  });

  it('keeps exactly the limit when 500 entries meet a limit of 500 and one more arrives', () => {
    const many = Array.from({ length: 501 }, (_, index) => entry(`e${index}`, index, 'GET', '/v2/self', 200));
    expect(planEviction(many, 500)).toEqual(['e0']);
  });
});
