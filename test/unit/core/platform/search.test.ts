import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CatalogEntry,
  type CatalogSearch,
  indexCatalog,
  indexCatalogInSlices,
  searchCatalog,
  searchFieldsOf,
} from '../../../../src/core/platform/catalog.ts';
import { loadCatalog } from '../../../../src/core/platform/load-catalog.ts';
import {
  buildSearchIndex,
  buildSearchIndexInSlices,
  filterBySubstring,
  prefixDistance,
  scoreWord,
  searchIndex,
  wordsOf,
} from '../../../../src/core/platform/search.ts';
import { NATURAL_QUERIES } from './natural-queries.ts';

let entries: readonly CatalogEntry[];
let index: CatalogSearch;
const ids = (query: string) => searchCatalog(index, query).map((entry) => entry.id);

beforeAll(async () => {
  entries = (await loadCatalog()).entries;
  index = indexCatalog(entries);
});

describe('the index built in slices', () => {
  it('is the same index as the one built at once, and pauses between slices', async () => {
    const sliced = await indexCatalogInSlices(entries, () => Promise.resolve());
    expect(sliced.vocabulary).toEqual(index.vocabulary);
    expect(sliced.docs).toEqual(index.docs);
    for (const query of ['orgnisation membrs', 'invocie pdf', 'put env', 'get addon']) {
      expect(searchCatalog(sliced, query).map((entry) => entry.id)).toEqual(ids(query));
    }
    // A slice of no time at all: a pause before every entry, and still the same index.
    let pauses = 0;
    const finest = await buildSearchIndexInSlices(
      entries,
      searchFieldsOf,
      async () => {
        pauses += 1;
      },
      -1,
    );
    expect(pauses).toBe(entries.length);
    expect(finest.docs).toEqual(index.docs);
  });
});

describe('words and distances', () => {
  it('splits paths at slashes, braces and camelCase humps', () => {
    expect(wordsOf('/v2/organisations/{organisationId}/tcpRedirs')).toEqual([
      'v2',
      'organisations',
      'organisation',
      'id',
      'tcp',
      'redirs',
    ]);
  });

  it('measures typos against the closest prefix of a word, swaps counting once', () => {
    expect(prefixDistance('orgnisation', 'organisations', 2)).toBe(1);
    expect(prefixDistance('applciation', 'applications', 2)).toBe(1);
    expect(prefixDistance('invoice', 'invoices', 1)).toBe(0);
    expect(prefixDistance('zzzz', 'organisation', 1)).toBe(2);
  });

  it('scores exact over prefix over substring over typo, and refuses typos in short words', () => {
    const exact = scoreWord('env', 'env');
    const prefix = scoreWord('env', 'environment');
    const inside = scoreWord('voice', 'invoices');
    const typo = scoreWord('invoces', 'invoices');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(0);
    expect(inside).toBeGreaterThan(0);
    expect(scoreWord('pdg', 'pdf')).toBe(0);
  });
});

describe('searching the catalog', () => {
  it('returns every entry, in catalog order, for an empty query', () => {
    expect(searchCatalog(index, '  ')).toEqual([...entries]);
  });

  it('tolerates typos: "orgnisation" finds the organisations', () => {
    const found = searchCatalog(index, 'orgnisation');
    expect(found.length).toBeGreaterThan(50);
    expect(found[0]?.pathTemplate).toMatch(/organisations/);
    expect(
      searchCatalog(index, 'orgnisation members')
        .slice(0, 3)
        .map((entry) => entry.pathTemplate),
    ).toContain('/v2/organisations/{organisationId}/members');
  });

  it('finds with a swapped pair of letters and an American spelling', () => {
    expect(ids('invocies').slice(0, 10)).toContain('invoices');
    expect(searchCatalog(index, 'organization applications')[0]?.pathTemplate).toBe(
      '/v2/organisations/{organisationId}/applications',
    );
  });

  it('ranks the method word: "put env" finds the write endpoints first', () => {
    const found = searchCatalog(index, 'put env').slice(0, 8);
    expect(found.every((entry) => entry.method === 'PUT')).toBe(true);
    expect(found.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(['application-env-replace', 'application-env-set']),
    );
  });

  it('finds both invoice PDF paths of the spec and the console among the PDFs', () => {
    const found = searchCatalog(index, 'invoice pdf').slice(0, 4);
    expect(found.every((entry) => entry.pathTemplate.endsWith('.pdf'))).toBe(true);
    expect(found.map((entry) => entry.id)).toEqual(expect.arrayContaining(['invoice-pdf', 'invoice-pdf-console']));
  });

  it('puts reads first when no verb is typed, the collection before its items', () => {
    expect(ids('orgnisation').slice(0, 3)).toEqual(['organisations', 'organisation', 'post-v2-organisations']);
  });

  it('searches tags, summaries, rights and query parameter names', () => {
    expect(ids('access_organisations_bills')).toContain('invoices');
    expect(ids('network groups peers').length).toBeGreaterThan(0);
    expect(searchCatalog(index, 'since invoices').some((entry) => entry.id === 'invoices')).toBe(true);
  });

  it('finds the template of a pasted concrete path first', () => {
    expect(ids('/v2/organisations/orga_1/applications/app_9/env')[0]).toBe('application-env');
    expect(ids('/v2/self/consumers get')[0]).toBe('self-consumers');
  });

  it('finds nothing for nonsense', () => {
    expect(ids('qwxzv')).toEqual([]);
  });
});

describe('natural phrasing', () => {
  const top3 = (query: string) =>
    searchCatalog(index, query)
      .slice(0, 3)
      .map((entry) => `${entry.method} ${entry.pathTemplate}`);

  it('finds the endpoint meant in the top three for at least 95 % of the natural queries', () => {
    const misses = NATURAL_QUERIES.filter(([query, ...expected]) => !top3(query).some((hit) => expected.includes(hit)));
    const rate = 1 - misses.length / NATURAL_QUERIES.length;
    expect(NATURAL_QUERIES.length).toBeGreaterThanOrEqual(60);
    // The misses are printed so a change that loses one says which.
    expect({ rate: rate >= 0.95, misses: misses.map(([query]) => query) }).toMatchObject({ rate: true });
  });

  it('reads "list", "of", stop words and plurals: the issue\'s two phrasings find an organisation\'s applications', () => {
    for (const query of ['list applications organisation', 'applications of an organisation']) {
      expect(top3(query)[0]).toBe('GET /v2/organisations/{organisationId}/applications');
    }
  });

  it('ranks the current, supported log stream before sockets, v3, drains and SSE', () => {
    const found = searchCatalog(index, 'application logs');
    expect(`${found[0]?.method} ${found[0]?.pathTemplate}`).toBe(
      'GET /v4/logs/organisations/{organisationId}/applications/{applicationId}/logs',
    );
    const firstTransport = found.findIndex((entry) => /logs-socket|\/sse|^\/v3\//.test(entry.pathTemplate));
    expect(firstTransport).toBeGreaterThan(2);
  });

  it('finds a live transport when the query asks for one', () => {
    expect(top3('application logs websocket').some((hit) => hit.includes('logs-socket'))).toBe(true);
    expect(top3('live events')[0]).toBe('GET /v2/events/event-socket');
  });

  it('reads verbs as methods and "my" as the personal space', () => {
    expect(top3('remove env var')[0]).toMatch(/^DELETE .*\/env\/\{envName\}$/);
    expect(top3('create application')[0]).toBe('POST /v2/organisations/{organisationId}/applications');
    expect(top3('my addons')[0]).toBe('GET /v2/self/addons');
    expect(top3('addons of my organisation')[0]).toBe('GET /v2/organisations/{organisationId}/addons');
  });
});

describe('the substring anchor', () => {
  it('needs every word as typed', () => {
    const fields = (entry: CatalogEntry) => searchFieldsOf(entry);
    expect(filterBySubstring(entries, fields, 'orgnisation')).toEqual([]);
    expect(filterBySubstring(entries, fields, 'invoices pdf').map((entry) => entry.id)).toContain(
      'invoice-pdf-console',
    );
  });
});

describe('a small index', () => {
  it('works on any entries with the fields it needs', () => {
    const small = [
      { id: 'a', method: 'GET', pathTemplate: '/v2/self', description: 'Profile', tags: [], group: 'account' },
      { id: 'b', method: 'DELETE', pathTemplate: '/v2/self/keys/{keyName}', description: 'SSH', tags: [], group: 'x' },
    ];
    const built = buildSearchIndex(small, (entry) => entry);
    expect(searchIndex(built, 'delete').map((entry) => entry.id)).toEqual(['b']);
    expect(searchIndex(built, 'profle').map((entry) => entry.id)).toEqual(['a']);
  });
});
