import { describe, expect, it } from 'vitest';
import {
  exportableDraft,
  exportCollection,
  parseCollectionEnvironments,
  parseCollectionFile,
} from '../../../../src/core/workbench/collection-file.ts';
import { importCollectionText } from '../../../../src/core/workbench/collection-import.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { duplicate, groupByFolder, reorder, type SavedRequest } from '../../../../src/core/workbench/saved-requests.ts';

const saved = (id: string, folder: string, order: number, name = id): SavedRequest => ({
  id,
  name,
  folder,
  order,
  draft: createDraft({ path: `/v2/${id}` }),
  updatedAt: 0,
});

const ORIGINS = { apiBaseUrl: 'https://api.example.test', bridgeUrl: 'https://bridge.example.test' };

describe('saved requests', () => {
  it('groups by folder (no folder first) and keeps each folder’s order', () => {
    const groups = groupByFolder([saved('b', 'Z', 1), saved('a', 'Z', 0), saved('c', '', 0), saved('d', 'A', 0)]);
    expect(groups.map((group) => [group.folder, group.requests.map((item) => item.id)])).toEqual([
      ['', ['c']],
      ['A', ['d']],
      ['Z', ['a', 'b']],
    ]);
  });

  it('reorders within the folder, even when imports gave equal orders', () => {
    const list = [saved('a', 'F', 0), saved('b', 'F', 0), saved('c', 'F', 0)];
    const changed = reorder(list, 'c', -1);
    expect(groupByFolder(changed)[0]?.requests.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(reorder(list, 'a', -1)).toEqual([]);
  });

  it('duplicates right after the original, as “… copy”', () => {
    const changed = duplicate([saved('a', '', 0), saved('b', '', 1)], 'a', 'a2', 5);
    expect(changed.map((item) => [item.id, item.name, item.order])).toEqual([
      ['a', 'a', 0],
      ['a2', 'a copy', 1],
      ['b', 'b', 2],
    ]);
  });
});

describe('the collection file', () => {
  it('keeps a file body’s type and file name, never its bytes; imported, the file is asked for again', () => {
    const item: SavedRequest = {
      ...saved('avatar', '', 0),
      draft: createDraft({
        method: 'PUT',
        path: '/v2/self/avatar',
        bodyMode: 'file',
        fileContentType: 'image/bmp',
        file: { name: 'me.bmp', size: 3, base64: 'QUJD' },
      }),
    };
    const text = exportCollection([item]);
    expect(text).not.toContain('QUJD');
    expect(parseCollectionFile(JSON.parse(text))[0]?.draft).toMatchObject({
      bodyMode: 'file',
      fileContentType: 'image/bmp',
      fileLost: 'me.bmp',
      file: undefined,
    });
  });

  it('round-trips requests with names and folders, and holds no credential', () => {
    const item: SavedRequest = {
      ...saved('x', 'Apps/Deploy', 0, 'Deploy app'),
      draft: createDraft({
        method: 'POST',
        path: '/v2/organisations/{organisationId}/applications',
        params: { organisationId: 'orga_1' },
        headers: [
          { name: 'Authorization', value: 'OAuth oauth_signature="sig-secret"', enabled: true },
          { name: 'X-Api-Key', value: 'key-secret', enabled: true },
          { name: 'X-Trace', value: 'Bearer tok-secret-123456', enabled: true },
          { name: 'Accept', value: 'application/json', enabled: false },
        ],
        bodyMode: 'json',
        json: '{"name": "app", "password": "pw-secret"}',
      }),
    };
    const text = exportCollection([item], new Date('2026-01-01T00:00:00Z'));
    for (const secret of ['sig-secret', 'key-secret', 'tok-secret', 'pw-secret', 'Authorization'])
      expect(text).not.toContain(secret);
    const [back] = parseCollectionFile(JSON.parse(text));
    expect(back?.name).toBe('Deploy app');
    expect(back?.folder).toBe('Apps/Deploy');
    expect(back?.draft.params).toEqual({ organisationId: 'orga_1' });
    // Credential headers are left out entirely, a Bearer value under another name is masked.
    expect(back?.draft.headers.map((row) => [row.name, row.enabled])).toEqual([
      ['X-Trace', true],
      ['Accept', false],
    ]);
  });

  it('refuses a file from a newer Keyhole with a specific message', () => {
    expect(() => parseCollectionFile({ format: 'keyhole-collection', version: 9, requests: [] })).toThrow(
      /version 9; this Keyhole reads version 1/,
    );
  });
});

describe('a path typed with a secret in it', () => {
  it('is masked in what is saved and exported, as the stored draft masks it', () => {
    const masked = encodeURIComponent(REDACTED);
    const draft = createDraft({ path: '/v2/self?access_token=s3cr3t-value&limit=2#id_token=s3cr3t-too' });
    expect(exportableDraft(draft).path).toBe(`/v2/self?access_token=${masked}&limit=2#id_token=${masked}`);
    const file = exportCollection([{ ...saved('x', '', 0), draft }]);
    expect(file).not.toContain('s3cr3t');
    // A request with no name in an imported file is named after its path: the masked one.
    const imported = parseCollectionFile({
      format: 'keyhole-collection',
      version: 1,
      requests: [{ method: 'GET', path: '/v2/self?access_token=s3cr3t-value' }],
    });
    expect(imported[0]?.name).toBe(`GET /v2/self?access_token=${masked}`);
  });

  it('is masked as a path segment’s parameter too, in what is saved, exported and named, and its {placeholder}’s value (the placeholder kept)', () => {
    const masked = encodeURIComponent(REDACTED);
    const path = '/v2/self;access_token=s3cr3t-a;v=2/x%3Bclient%5Fsecret%3Ds3cr3t-b/y;Password={pw}';
    const draft = createDraft({ path, params: { pw: 's3cr3t-c' } });
    const stored = exportableDraft(draft);
    const maskedPath = `/v2/self;access_token=${masked};v=2/x%3Bclient%5Fsecret%3D${masked}/y;Password={pw}`;
    expect(stored.path).toBe(maskedPath);
    expect(stored.params).toEqual({ pw: REDACTED });
    expect(exportCollection([{ ...saved('x', '', 0), draft }])).not.toContain('s3cr3t');
    const imported = parseCollectionFile({
      format: 'keyhole-collection',
      version: 1,
      requests: [{ method: 'GET', path, params: { pw: 's3cr3t-c' } }],
    });
    expect(imported[0]?.name).toBe(`GET ${maskedPath}`);
    expect(JSON.stringify(imported)).not.toContain('s3cr3t');
    // An ordinary path with `;` is saved as typed.
    expect(exportableDraft(createDraft({ path: '/v2/a;v=1;lang=en/b;token_type=bearer' })).path).toBe(
      '/v2/a;v=1;lang=en/b;token_type=bearer',
    );
  });
});

describe('environments in the collection file', () => {
  const environments = [
    {
      name: 'dev',
      variables: [
        { name: 'orgId', value: 'orga_dev', enabled: true },
        { name: 'apiToken', value: 'env-token-secret', enabled: true },
        { name: 'auth', value: 'Bearer env-bearer-secret', enabled: false },
      ],
    },
  ];

  it('exports the environments with secret-looking values masked, and reads them back', () => {
    const text = exportCollection([saved('a', '', 0)], new Date(0), environments);
    expect(text).not.toContain('env-token-secret');
    expect(text).not.toContain('env-bearer-secret');
    const imported = importCollectionText(text, 'keyhole-collection.json');
    expect(imported.environments).toEqual([
      {
        name: 'dev',
        variables: [
          { name: 'orgId', value: 'orga_dev', enabled: true },
          { name: 'apiToken', value: REDACTED, enabled: true },
          { name: 'auth', value: REDACTED, enabled: false },
        ],
      },
    ]);
  });

  it('masks on import too (a hand-written file), and a file without environments has none', () => {
    const file = JSON.parse(exportCollection([saved('a', '', 0)], new Date(0)));
    expect(file.environments).toBeUndefined();
    expect(parseCollectionEnvironments(file)).toEqual([]);
    file.environments = [
      {
        name: ' prod ',
        variables: [
          ['password', 'hunter2', true],
          ['appId', 'app_1'],
        ],
      },
      { name: '' },
    ];
    expect(parseCollectionEnvironments(file)).toEqual([
      {
        name: 'prod',
        variables: [
          { name: 'password', value: REDACTED, enabled: true },
          { name: 'appId', value: 'app_1', enabled: true },
        ],
      },
    ]);
  });
});

describe('importing', () => {
  const postman = {
    info: { name: 'Platform', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: 'pm-collection-secret' }] },
    variable: [
      { key: 'orgId', value: 'orga_pm' },
      { key: 'apiToken', value: 'pm-var-secret' },
    ],
    item: [
      {
        name: 'Apps',
        item: [
          {
            name: 'List apps',
            request: {
              method: 'GET',
              url: {
                raw: '{{baseUrl}}/v2/organisations/{{orgId}}/applications?limit=10',
                host: ['{{baseUrl}}'],
                path: ['v2', 'organisations', '{{orgId}}', 'applications'],
                query: [{ key: 'limit', value: '10' }],
              },
              header: [
                { key: 'Authorization', value: 'Bearer pm-header-secret' },
                { key: 'X-Trace', value: '{{trace}}' },
              ],
              auth: { type: 'oauth1', oauth1: [{ key: 'consumerSecret', value: 'pm-auth-secret' }] },
            },
          },
          {
            name: 'Create app',
            request: {
              method: 'POST',
              url: 'https://api.clever-cloud.com/v2/organisations/:orgId/applications',
              body: { mode: 'raw', raw: '{"name": "{{appName}}"}', options: { raw: { language: 'json' } } },
            },
          },
        ],
      },
    ],
  };

  it('reads Postman v2.1: folders, {{variables}} as {name}, no auth or credential, with notices', () => {
    const result = importCollectionText(JSON.stringify(postman), 'platform.postman_collection.json');
    expect(result.format).toBe('postman');
    expect(result.requests.map((item) => [item.folder, item.name, item.draft.method, item.draft.path])).toEqual([
      ['Platform/Apps', 'List apps', 'GET', '/v2/organisations/{orgId}/applications'],
      ['Platform/Apps', 'Create app', 'POST', '/v2/organisations/{orgId}/applications'],
    ]);
    expect(result.requests[0]?.draft.query).toEqual([{ name: 'limit', value: '10', enabled: true }]);
    expect(result.requests[0]?.draft.headers).toEqual([{ name: 'X-Trace', value: '{trace}', enabled: true }]);
    expect(result.requests[1]?.draft.json).toBe('{"name": "{appName}"}');
    expect(result.environments).toEqual([
      { name: 'Platform', variables: [{ name: 'orgId', value: 'orga_pm', enabled: true }] },
    ]);
    const all = JSON.stringify(result);
    for (const secret of ['pm-collection-secret', 'pm-var-secret', 'pm-header-secret', 'pm-auth-secret'])
      expect(all).not.toContain(secret);
    expect(result.notices).toEqual(
      expect.arrayContaining([
        'Dropped the collection’s auth settings; Keyhole signs with your session.',
        'List apps: dropped its auth settings; Keyhole signs with your session.',
        'List apps: dropped the Authorization header; Keyhole signs with your session.',
        'Left out the variable apiToken: it looks like a secret, and Keyhole signs with your session.',
      ]),
    );
  });

  it('reads Postman v2.0 (headers as one string too), and refuses other formats with a specific message', () => {
    const old = {
      ...postman,
      info: { ...postman.info, schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
      item: [
        {
          name: 'One',
          request: { method: 'GET', url: '{{baseUrl}}/v2/self', header: 'X-One: 1\n//X-Off: 2\nAuthorization: x' },
          event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => {});'] } }],
        },
      ],
    };
    const read = importCollectionText(JSON.stringify(old), 'old.json');
    expect(read.requests[0]?.draft.path).toBe('/v2/self');
    expect(read.notices).toContain('One: its pre-request and test scripts are not imported.');
    expect(read.requests[0]?.draft.headers).toEqual([
      { name: 'X-One', value: '1', enabled: true },
      { name: 'X-Off', value: '2', enabled: false },
    ]);
    const future = {
      ...postman,
      info: { ...postman.info, schema: 'https://schema.getpostman.com/json/collection/v3.0.0/' },
    };
    expect(() => importCollectionText(JSON.stringify(future), 'new.json')).toThrow(
      /v3\.0\.0.*export it again as v2\.1/,
    );
    const v1 = { id: 'x', name: 'Old', order: [], folders: [], requests: [{ url: 'https://h/v2/self' }] };
    expect(() => importCollectionText(JSON.stringify(v1), 'v1.json')).toThrow(/Postman collection v1/);
  });

  it('reads a HAR file without its credentials', () => {
    const har = {
      log: {
        entries: [
          {
            request: {
              method: 'GET',
              url: 'https://api.example.test/v2/self?x=1',
              headers: [
                { name: 'Authorization', value: 'OAuth oauth_signature="har-secret"' },
                { name: 'Accept', value: 'application/json' },
              ],
            },
          },
        ],
      },
    };
    const result = importCollectionText(JSON.stringify(har), 'calls.har', ORIGINS);
    expect(result.format).toBe('har');
    expect(result.requests[0]).toMatchObject({ name: 'GET /v2/self', folder: 'calls' });
    expect(JSON.stringify(result.requests)).not.toContain('har-secret');
  });

  it('names a curl command or HAR entry after its masked path when a segment’s parameter holds a secret', () => {
    const mask = encodeURIComponent(REDACTED);
    const url = 'https://api.example.test/v2/self;access_token=s3cr3t-a;v=2/x%3BPassword%3Ds3cr3t-b';
    const har = { log: { entries: [{ request: { method: 'GET', url, headers: [], bodySize: 5 } }] } };
    const curl = importCollectionText(`curl '${url}'`, 'cmd.sh', ORIGINS);
    const fromHar = importCollectionText(JSON.stringify(har), 'calls.har', ORIGINS);
    for (const result of [curl, fromHar]) {
      expect(result.requests[0]?.name).toBe(`GET /v2/self;access_token=${mask};v=2/x%3BPassword%3D${mask}`);
      expect(JSON.stringify(result)).not.toContain('s3cr3t');
    }
  });

  it('reads a curl command, and says what a file that is neither is', () => {
    const result = importCollectionText(
      "curl -H 'Authorization: Bearer c-secret' https://api.example.test/v2/self",
      'cmd.sh',
      ORIGINS,
    );
    expect(result.requests[0]?.draft.path).toBe('/v2/self');
    expect(JSON.stringify(result.requests)).not.toContain('c-secret');
    expect(() => importCollectionText('hello', 'x.txt')).toThrow(/neither JSON/);
  });
});
