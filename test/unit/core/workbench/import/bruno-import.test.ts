import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importPickedFiles } from '../../../../../src/core/workbench/collection-import.ts';
import { parseBru } from '../../../../../src/core/workbench/import/bru-file.ts';

const ENTRIES = [
  {
    method: 'GET' as const,
    target: 'api' as const,
    pathTemplate: '/v2/organisations/{organisationId}/applications/{applicationId}',
  },
];

/** A Bruno collection as Bruno writes it to disk (written here by hand, in Bruno's syntax). */
const COLLECTION: Record<string, string> = {
  'Platform/bruno.json': JSON.stringify({ version: '1', name: 'Clever Platform', type: 'collection' }),
  'Platform/collection.bru': 'headers {\n  X-Team: core\n}\n',
  'Platform/environments/Sandbox.bru':
    "vars {\n  baseUrl: https://api.clever-cloud.com/v2\n  orgId: orga_1\n  apiKey: k-secret-1\n  note: '''\n    line one\n    line two\n  '''\n}\nvars:secret [\n  token,\n  password\n]\n",
  'Platform/Apps/Get app.bru': `meta {
  name: Get app
  type: http
  seq: 2
}

get {
  url: {{baseUrl}}/organisations/{{orgId}}/applications/:app?fields=all
  body: none
  auth: bearer
}

params:query {
  fields: all
  ~debug: true
}

params:path {
  app: app_7
}

headers {
  Accept: application/json
  Authorization: Bearer {{token}}
  "x-quoted \\"key\\"": yes
  ~X-Off: 1
}

auth:bearer {
  token: b-secret-2
}

script:pre-request {
  bru.setVar("x", 1);
}

tests {
  test("ok", function() {});
}
`,
  'Platform/Apps/Create.bru': `meta {
  name: Create
  type: http
  seq: 1
}

post {
  url: {{baseUrl}}/organisations/{{orgId}}/applications
  body: json
  auth: none
}

body:json {
  {
    "name": "{{appName}}",
    "nested": { "a": [1, 2] }
  }
}
`,
  'Platform/Form.bru': `meta {
  name: Form
  seq: 1
}

put {
  url: https://api.clever-cloud.com/v2/self
  body: multipartForm
}

body:multipart-form {
  a: 1
  file: @file(/etc/passwd)
}
`,
  'Platform/Socket.bru': 'meta {\n  name: Socket\n  type: ws\n}\n\nws {\n  url: wss://x\n}\n',
};

const picked = (files: Record<string, string>) =>
  Object.entries(files).map(([path, text]) => ({ path, bytes: new TextEncoder().encode(text) }));

describe('Bruno collections', () => {
  const imported = importPickedFiles(picked(COLLECTION), undefined, ENTRIES);

  it('reads a picked folder: folders, seq order, base URL path, path and query params, bodies', () => {
    expect(imported.format).toBe('bruno');
    expect(imported.requests.map((item) => [item.folder, item.name, item.draft.method, item.draft.path])).toEqual([
      ['Clever Platform', 'Form', 'PUT', '/v2/self'],
      ['Clever Platform/Apps', 'Create', 'POST', '/v2/organisations/{orgId}/applications'],
      ['Clever Platform/Apps', 'Get app', 'GET', '/v2/organisations/{organisationId}/applications/{applicationId}'],
    ]);
    const [form, create, get] = imported.requests;
    expect(get?.draft.params).toEqual({ applicationId: 'app_7' });
    expect(get?.draft.query).toEqual([
      { name: 'fields', value: 'all', enabled: true },
      { name: 'debug', value: 'true', enabled: false },
    ]);
    expect(get?.draft.headers).toEqual([
      { name: 'Accept', value: 'application/json', enabled: true },
      { name: 'x-quoted "key"', value: 'yes', enabled: true },
      { name: 'X-Off', value: '1', enabled: false },
    ]);
    expect(create?.draft.bodyMode).toBe('json');
    expect(JSON.parse(create?.draft.json.replace('{appName}', 'x') ?? '')).toEqual({
      name: 'x',
      nested: { a: [1, 2] },
    });
    expect(form?.draft).toMatchObject({ bodyMode: 'form', form: [{ name: 'a', value: '1', enabled: true }] });
  });

  it('brings environments without secrets and names what it left out', () => {
    expect(imported.environments).toEqual([
      {
        name: 'Clever Platform Sandbox',
        variables: [
          { name: 'baseUrl', value: 'https://api.clever-cloud.com/v2', enabled: true },
          { name: 'orgId', value: 'orga_1', enabled: true },
          { name: 'note', value: 'line one\nline two', enabled: true },
          { name: 'organisationId', value: 'orga_1', enabled: true },
        ],
      },
    ]);
    const all = JSON.stringify(imported);
    for (const secret of ['k-secret-1', 'b-secret-2', '/etc/passwd']) expect(all).not.toContain(secret);
    expect(imported.notices).toEqual(
      expect.arrayContaining([
        'Get app: dropped the Authorization header; Keyhole signs with your session.',
        'Get app: dropped its auth settings; Keyhole signs with your session.',
        'Get app: its scripts, tests are not imported.',
        'Form: its multipart form is imported as an urlencoded form, without its 1 file field.',
        'Socket: it is a ws request, which Keyhole does not send; it was left out.',
        'Sandbox: left out its secret variables (token, password); Bruno keeps their values on your machine.',
        'collection.bru: its folder-wide headers, auth, scripts and variables are not imported.',
        'Left out the variable apiKey: it looks like a secret, and Keyhole signs with your session.',
      ]),
    );
  });

  it('reads the same collection zipped, with or without its top folder', () => {
    const zipped = zipSync(Object.fromEntries(picked(COLLECTION).map((file) => [file.path, file.bytes])));
    const fromZip = importPickedFiles([{ path: 'Platform.zip', bytes: zipped }], undefined, ENTRIES);
    expect(fromZip.requests).toEqual(imported.requests);
    const flat = zipSync(
      Object.fromEntries(picked(COLLECTION).map((file) => [file.path.replace('Platform/', ''), file.bytes])),
    );
    expect(importPickedFiles([{ path: 'p.zip', bytes: flat }], undefined, ENTRIES).requests).toEqual(imported.requests);
  });

  it('refuses hostile or wrong input with a specific message, and keeps names as data', () => {
    const bomb = zipSync({ 'a.bru': new Uint8Array(9 * 1024 * 1024) });
    expect(() => importPickedFiles([{ path: 'bomb.zip', bytes: bomb }])).toThrow(/more than 8388608/);
    const noBruno = zipSync({ 'readme.txt': new TextEncoder().encode('hi') });
    expect(() => importPickedFiles([{ path: 'x.zip', bytes: noBruno }])).toThrow(/holds no Bruno collection/);
    expect(() => importPickedFiles([{ path: 'x.zip', bytes: noBruno.slice(0, 40) }])).toThrow(/cannot be read/);
    expect(() => importPickedFiles(picked({ 'a/readme.md': '#', 'a/b.txt': 'x' }))).toThrow(/not a Bruno collection/);
    const hostile = importPickedFiles(
      picked({
        '__proto__/constructor.bru':
          'meta {\n  name: __proto__\n}\nget {\n  url: /v2/self\n}\nheaders {\n  __proto__: x\n}\n',
      }),
    );
    expect(hostile.requests[0]).toMatchObject({ name: '__proto__', folder: '__proto__' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(hostile.requests[0]?.draft.headers).toEqual([{ name: '__proto__', value: 'x', enabled: true }]);
  });

  it('parses a megabyte of one line linearly', () => {
    const long = `headers {\n  a: ${'x'.repeat(1_000_000)}\n${' '.repeat(1_000_000)}\n}\n`;
    expect(parseBru(long)[0]).toMatchObject({ kind: 'dictionary', pairs: [{ name: 'a' }] });
  });
});
