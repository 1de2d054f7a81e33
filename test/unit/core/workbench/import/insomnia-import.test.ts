import { describe, expect, it } from 'vitest';
import { importCollectionText } from '../../../../../src/core/workbench/collection-import.ts';

const ENTRIES = [
  { method: 'GET' as const, target: 'api' as const, pathTemplate: '/v2/organisations/{organisationId}/applications' },
  { method: 'POST' as const, target: 'api' as const, pathTemplate: '/v2/organisations/{organisationId}/members' },
];

/** An Insomnia v4 export as Insomnia writes it: resources linked by parentId, a base environment and a sub one. */
const EXPORT = {
  _type: 'export',
  __export_format: 4,
  __export_date: '2026-11-01T10:00:00.000Z',
  __export_source: 'insomnia.desktop.app:v2023.5.8',
  resources: [
    { _id: 'wrk_1', _type: 'workspace', parentId: null, name: 'Platform', scope: 'collection' },
    {
      _id: 'env_base',
      _type: 'environment',
      parentId: 'wrk_1',
      name: 'Base Environment',
      data: { baseUrl: 'https://api.clever-cloud.com/v2', orgId: 'orga_1', token: 'tok-secret-123' },
    },
    {
      _id: 'env_dev',
      _type: 'environment',
      parentId: 'env_base',
      name: 'Dev',
      data: { orgId: 'orga_dev', nested: { a: 1 } },
    },
    { _id: 'fld_1', _type: 'request_group', parentId: 'wrk_1', name: 'Orgs' },
    { _id: 'fld_2', _type: 'request_group', parentId: 'fld_1', name: 'Apps' },
    {
      _id: 'req_1',
      _type: 'request',
      parentId: 'fld_2',
      name: 'List apps',
      method: 'GET',
      url: '{{ _.baseUrl }}/organisations/{{ _.orgId }}/applications?limit=5',
      parameters: [
        { name: 'offset', value: '0' },
        { name: 'x', value: '1', disabled: true },
      ],
      headers: [
        { name: 'Authorization', value: 'Bearer {{ _.token }}' },
        { name: 'X-Trace', value: '{{ _.trace }}' },
      ],
      authentication: { type: 'bearer', token: 'auth-secret' },
      metaSortKey: -1,
    },
    {
      _id: 'req_2',
      _type: 'request',
      parentId: 'fld_1',
      name: 'Add member',
      method: 'POST',
      url: '{{ _.baseUrl }}/organisations/:id/members',
      pathParameters: [{ name: 'id', value: 'orga_2' }],
      body: { mimeType: 'application/json', text: '{"email": "{{ _.email }}"}' },
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      authentication: {},
    },
    {
      _id: 'req_3',
      _type: 'request',
      parentId: 'wrk_1',
      name: 'Form',
      method: 'PUT',
      url: 'https://api.clever-cloud.com/v2/self',
      body: {
        mimeType: 'multipart/form-data',
        params: [
          { name: 'a', value: '1' },
          { name: 'f', type: 'file', fileName: '/etc/passwd' },
        ],
      },
    },
    {
      _id: 'req_4',
      _type: 'request',
      parentId: 'wrk_1',
      name: 'Chained',
      method: 'GET',
      url: "{{ _.baseUrl }}/self/{% response 'body', 'req_1', 'b64::JC5pZA==::46b', 'never', 60 %}",
    },
    { _id: 'req_5', _type: 'request', parentId: 'wrk_1', name: 'Odd', method: 'PROPFIND', url: '/v2/self' },
  ],
};

describe('Insomnia v4 exports', () => {
  const imported = importCollectionText(JSON.stringify(EXPORT), 'Insomnia_2026-11-01.json', undefined, ENTRIES);

  it('reads folders, the base URL’s path, {{ _.name }} variables and path parameters', () => {
    expect(imported.format).toBe('insomnia');
    expect(imported.requests.map((item) => [item.folder, item.name, item.draft.method, item.draft.path])).toEqual([
      ['Platform/Orgs/Apps', 'List apps', 'GET', '/v2/organisations/{organisationId}/applications'],
      ['Platform/Orgs', 'Add member', 'POST', '/v2/organisations/{organisationId}/members'],
      ['Platform', 'Form', 'PUT', '/v2/self'],
      ['Platform', 'Chained', 'GET', "/v2/self/{% response 'body', 'req_1', 'b64::JC5pZA==::46b', 'never', 60 %}"],
    ]);
    const [list, add, form] = imported.requests;
    expect(list?.draft.query).toEqual([
      { name: 'limit', value: '5', enabled: true },
      { name: 'offset', value: '0', enabled: true },
      { name: 'x', value: '1', enabled: false },
    ]);
    expect(list?.draft.headers).toEqual([{ name: 'X-Trace', value: '{trace}', enabled: true }]);
    expect(add?.draft.params).toEqual({ organisationId: 'orga_2' });
    expect(add?.draft).toMatchObject({ bodyMode: 'json', json: '{"email": "{email}"}' });
    expect(form?.draft).toMatchObject({ bodyMode: 'form', form: [{ name: 'a', value: '1', enabled: true }] });
  });

  it('brings the environments without secrets, the renamed id under the catalog’s name too', () => {
    expect(imported.environments).toEqual([
      {
        name: 'Platform',
        variables: [
          { name: 'baseUrl', value: 'https://api.clever-cloud.com/v2', enabled: true },
          { name: 'orgId', value: 'orga_1', enabled: true },
          { name: 'organisationId', value: 'orga_1', enabled: true },
        ],
      },
      {
        name: 'Platform Dev',
        variables: [
          { name: 'orgId', value: 'orga_dev', enabled: true },
          { name: 'organisationId', value: 'orga_dev', enabled: true },
        ],
      },
    ]);
    const all = JSON.stringify(imported);
    for (const secret of ['tok-secret-123', 'auth-secret', '/etc/passwd']) expect(all).not.toContain(secret);
  });

  it('says what it left out, each thing once', () => {
    expect(imported.notices).toEqual(
      expect.arrayContaining([
        'List apps: dropped the Authorization header; Keyhole signs with your session.',
        'List apps: dropped its auth settings; Keyhole signs with your session.',
        'Form: its multipart form is imported as an urlencoded form, without its 1 file field.',
        'Chained: uses Insomnia template tags ({% … %}), which Keyhole sends as typed.',
        'Odd: the method PROPFIND is not one Keyhole sends; the request was left out.',
        "Dev: left out the nested variable nested (Keyhole's variables are flat).",
        'Left out the variable token: it looks like a secret, and Keyhole signs with your session.',
        "Requests go to your profile's API; the host the file named (https://api.clever-cloud.com) was left out.",
        "2 of 4 requests are catalog endpoints; their path variables now have the catalog's names, which the id pickers fill (orgId → organisationId, id → organisationId).",
      ]),
    );
  });

  it('refuses other formats with what to do', () => {
    expect(() => importCollectionText(JSON.stringify({ ...EXPORT, __export_format: 5 }), 'x.json')).toThrow(
      /format 5; Keyhole reads format 4/,
    );
    expect(() => importCollectionText('type: collection.insomnia.rest/5.0\nname: x\n', 'x.yaml')).toThrow(
      /Insomnia v5 \(YAML\).*v4 \(JSON\)/,
    );
  });

  it('takes resource names as data and survives a parent cycle', () => {
    const hostile = {
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: '__proto__', _type: 'request_group', parentId: 'constructor', name: '__proto__' },
        { _id: 'constructor', _type: 'request_group', parentId: '__proto__', name: 'toString' },
        { _id: 'r', _type: 'request', parentId: '__proto__', name: 'constructor', method: 'GET', url: '/v2/self' },
        {
          _id: 'e',
          _type: 'environment',
          parentId: 'w',
          name: 'E',
          data: JSON.parse('{"__proto__": "x", "hasOwnProperty": "y"}'),
        },
      ],
    };
    const result = importCollectionText(JSON.stringify(hostile), 'h.json');
    expect(result.requests[0]).toMatchObject({ name: 'constructor', folder: 'Insomnia/toString/__proto__' });
    expect(result.environments[0]?.variables.map((row) => row.name)).toEqual(['__proto__', 'hasOwnProperty']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
