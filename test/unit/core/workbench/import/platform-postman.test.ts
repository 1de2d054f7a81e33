/**
 * The 798-request collection Postman's own converter makes of the platform's OpenAPI (test/unit/support/
 * platform-postman.ts), imported as a user imports it: every request must be sendable as imported and, where the
 * catalog has its endpoint, be that endpoint with the catalog's variable names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalogEntryOfDraft,
  catalogFromDescription,
  isSendable,
} from '../../../../../src/core/platform/catalog.ts';
import description from '../../../../../src/core/platform/description.json' with { type: 'json' };
import type { PlatformDescription } from '../../../../../src/core/platform/description-types.ts';
import { type CollectionImport, importCollectionText } from '../../../../../src/core/workbench/collection-import.ts';
import { listPlaceholders } from '../../../../../src/core/workbench/path-template.ts';
import { checkPath } from '../../../../../src/core/workbench/request-draft.ts';
import { platformPostmanCollection } from '../../../support/platform-postman.ts';

const ORIGINS = { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };
let catalog: Catalog;
let text: string;
let imported: CollectionImport;

beforeAll(async () => {
  catalog = catalogFromDescription(description as unknown as PlatformDescription);
  text = await platformPostmanCollection();
  imported = importCollectionText(text, 'clever-cloud.postman_collection.json', ORIGINS, catalog.entries);
}, 60_000);

describe('the platform OpenAPI as a Postman collection (openapi-to-postmanv2)', () => {
  it('imports all 798 requests, each a catalog endpoint with the catalog’s variable names', () => {
    expect(imported.format).toBe('postman');
    expect(imported.requests).toHaveLength(798);
    const unknown: string[] = [];
    for (const { draft } of imported.requests) {
      const entry = catalogEntryOfDraft(catalog.entries, draft);
      if (!entry) {
        unknown.push(`${draft.method} ${draft.path}`);
        continue;
      }
      // The endpoint's own template, so its path fields, context and id pickers are the catalog's.
      expect(draft.path).toBe(entry.pathTemplate);
      for (const name of listPlaceholders(draft.path))
        expect(entry.endpoint.params.some((param) => param.in === 'path' && param.name === name)).toBe(true);
    }
    expect(unknown).toEqual([]);
    expect(imported.notices.join('\n')).toContain('798 of 798 requests are catalog endpoints');
  });

  it('keeps the base URL’s /v2 (or the path’s own version): Send accepts every path Keyhole can sign', () => {
    const refused = imported.requests.filter(({ draft }) => {
      const entry = catalogEntryOfDraft(catalog.entries, draft);
      return (!entry || isSendable(entry)) && checkPath(draft.path, draft.target) !== undefined;
    });
    expect(refused.map(({ draft }) => `${draft.method} ${draft.path}`)).toEqual([]);
    const versions = new Set(imported.requests.map(({ draft }) => /^\/(v\d+)\//.exec(draft.path)?.[1]));
    expect([...versions].sort()).toEqual(['v2', 'v3', 'v4']);
    // v3 is in the platform's OpenAPI and the catalog, and Keyhole does not sign it: said beside the endpoint.
    const unsigned = imported.requests.filter(({ draft }) => draft.path.startsWith('/v3/'));
    expect(unsigned.length).toBeGreaterThan(0);
    expect(unsigned.every(({ draft }) => !isSendable(catalogEntryOfDraft(catalog.entries, draft)!))).toBe(true);
  });

  it('says where requests go instead of the collection’s host, once', () => {
    const lines = imported.notices.filter((line) => line.includes('https://api.clever-cloud.com'));
    expect(lines).toEqual([
      "Requests go to your profile's API; the host the file named (https://api.clever-cloud.com) was left out.",
    ]);
  });
});

describe('hostile Postman shapes', () => {
  it('reads what it can of broken item, header, url and variable shapes, with no exception of its own', () => {
    const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
    const broken = {
      info: { name: 'Broken', schema },
      variable: { key: 'not-a-list' },
      item: [
        null,
        7,
        {
          name: 'nulls',
          request: {
            method: 'GET',
            url: { path: [null, 'v2', { value: 'self' }], variable: [null] },
            header: [null, 3],
          },
        },
        { name: 'deep', item: Array.from({ length: 1 }, () => ({ item: 'not-a-list' })) },
        { name: 'body', request: { method: 'POST', url: '/v2/self', body: { mode: 'formdata', formdata: [null] } } },
      ],
    };
    const imported = importCollectionText(JSON.stringify(broken), 'broken.json');
    expect(imported.requests.map((item) => item.draft.path)).toEqual(['/v2/self', '/v2/self']);
  });

  it('walks folders nested deeper than the stack', () => {
    // Written as text: JSON.stringify itself recurses, JSON.parse does not.
    const depth = 20_000;
    const text = `{"info":{"schema":"https://schema.getpostman.com/json/collection/v2.1.0/"},"item":[${'{"name":"f","item":['.repeat(depth)}{"name":"leaf","request":"/v2/self"}${']}'.repeat(depth)}]}`;
    const imported = importCollectionText(text, 'deep.json');
    expect(imported.requests).toHaveLength(1);
  });
});
