import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import {
  checkHeader,
  checkJson,
  checkPath,
  createDraft,
  draftFromRequest,
  validateDraft,
} from '../../../../src/core/workbench/request-draft.ts';

describe('checkPath', () => {
  it('accepts API and bridge paths', () => {
    expect(checkPath('/v2/self', 'api')).toBeUndefined();
    expect(checkPath('/v4/products/zones', 'api')).toBeUndefined();
    expect(checkPath('/api-tokens/abc', 'bridge')).toBeUndefined();
    expect(checkPath('/v2/organisations/a%20b/applications', 'api')).toBeUndefined();
  });

  it.each([
    ['', /Enter a path/],
    ['/v3/self', /start with \/v2\/ or \/v4\//],
    ['/api-tokens', /start with \/v2\/ or \/v4\//],
    ['v2/self', /starts with \//],
    ['https://evil.test/v2/self', /not a full URL/],
    ['/v2/self?x=1', /Query table/],
    ['/v2/self\r\nX-Injected: 1', /line break/],
    ['/v2/../admin', /\.\. segment/],
    ['/v2/%2e%2e/admin', /\.\. segment/],
    ['/v2/%252e%252e/admin', /\.\. segment/],
    ['/v2/a%2Fb', /encoded slash/],
    ['//evil.test/v2', /another host/],
    ['/v2/self#x', /Fragments/],
    ['/v2/a b', /space/],
    ['/v2/%zz', /percent-escape/],
  ])('refuses %j', (path, message) => {
    expect(checkPath(path, 'api')).toMatch(message);
  });
});

describe('checkHeader', () => {
  it('flags bad names, CR/LF and reserved headers, and ignores blank rows', () => {
    expect(checkHeader('X-Trace', 'a')).toBeUndefined();
    expect(checkHeader('', '')).toBeUndefined();
    expect(checkHeader('', 'v')).toMatch(/name/);
    expect(checkHeader('Bad Name', 'v')).toMatch(/letters/);
    expect(checkHeader('X-A', 'v\r\nInjected: 1')).toMatch(/line break/);
    expect(checkHeader('authorization', 'OAuth x')).toMatch(/signs/);
    expect(checkHeader('Host', 'x')).toMatch(/browser sets/);
  });
});

describe('checkJson', () => {
  it('gives the line and column of a syntax error', () => {
    expect(checkJson('{"a": 1}')).toBeUndefined();
    expect(checkJson('  ')).toMatchObject({ message: expect.stringMatching(/empty/) });
    const problem = checkJson('{\n  "a": 1,\n  "b": }');
    expect(problem).toMatchObject({ line: 3, column: 8 });
  });
});

describe('validateDraft', () => {
  it('turns a valid draft into a request with only enabled, named rows', () => {
    const check = validateDraft(
      createDraft({
        method: 'POST',
        path: '/v2/organisations/{organisationId}/consumers',
        params: { organisationId: 'orga_1' },
        query: [
          { name: 'a', value: '1', enabled: true },
          { name: 'b', value: '2', enabled: false },
          { name: '', value: '', enabled: true },
        ],
        headers: [{ name: 'X-Trace', value: 't', enabled: true }],
        bodyMode: 'json',
        json: '{"name":"x"}',
        signatureMethod: 'HMAC-SHA1',
      }),
    );
    expect(check).toEqual({
      ok: true,
      request: {
        target: 'api',
        method: 'POST',
        path: '/v2/organisations/orga_1/consumers',
        query: [['a', '1']],
        headers: [['X-Trace', 't']],
        body: { kind: 'json', text: '{"name":"x"}' },
        signatureMethod: 'HMAC-SHA1',
      },
    });
  });

  it('collects every issue with its field and row, and builds no request', () => {
    const check = validateDraft(
      createDraft({
        method: 'GET',
        target: 'bridge',
        path: '/v2/organisations/{organisationId}/applications',
        query: [{ name: '', value: 'orphan', enabled: true }],
        headers: [
          { name: 'ok', value: 'fine', enabled: true },
          { name: 'X-Bad', value: 'a\nb', enabled: true },
        ],
        bodyMode: 'json',
        json: '{',
      }),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.issues.map(({ field, row, key }) => ({ field, row, key }))).toEqual([
      { field: 'param', row: undefined, key: 'organisationId' },
      { field: 'query', row: 0, key: undefined },
      { field: 'headers', row: 1, key: undefined },
      { field: 'body', row: undefined, key: undefined },
    ]);
  });

  it('refuses a placeholder value that would add segments', () => {
    const check = validateDraft(
      createDraft({ path: '/v2/organisations/{organisationId}', params: { organisationId: '../self' } }),
    );
    expect(check.ok).toBe(false);
  });

  it('refuses PATCH on the bridge and a form row without a name', () => {
    const patch = validateDraft(createDraft({ method: 'PATCH', target: 'bridge', path: '/v2/self' }));
    expect(patch.ok ? [] : patch.issues.map((issue) => issue.field)).toEqual(['method']);
    const form = validateDraft(
      createDraft({ method: 'POST', path: '/v2/x', bodyMode: 'form', form: [{ name: '', value: 'v', enabled: true }] }),
    );
    expect(form.ok ? [] : form.issues.map((issue) => [issue.field, issue.row])).toEqual([['form', 0]]);
  });

  it('sends bridge auth for the bridge and never a signature override there', () => {
    const check = validateDraft(
      createDraft({
        target: 'bridge',
        path: '/api-tokens',
        signatureMethod: 'PLAINTEXT',
        bridgeAuth: 'oauth-plaintext',
      }),
    );
    expect(check.ok && check.request).toMatchObject({ bridgeAuth: 'oauth-plaintext' });
    // By default the worker chooses (the API token if one is chosen, else PLAINTEXT): nothing is sent.
    const automatic = validateDraft(createDraft({ target: 'bridge', path: '/v2/self' }));
    expect(automatic.ok && 'bridgeAuth' in automatic.request).toBe(false);
    expect(check.ok && check.request.signatureMethod).toBeUndefined();
  });

  it('refuses to send a value masked when it was saved, until it is retyped', () => {
    const masked = createDraft({
      method: 'POST',
      query: [{ name: 'token', value: REDACTED, enabled: true }],
      headers: [{ name: 'X-Api-Key', value: REDACTED, enabled: true }],
      bodyMode: 'form',
      form: [{ name: 'password', value: encodeURIComponent(REDACTED), enabled: true }],
    });
    const check = validateDraft(masked);
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.issues.map((issue) => `${issue.field}:${issue.row}`)).toEqual(['query:0', 'headers:0', 'form:0']);
    const body = validateDraft(createDraft({ method: 'PUT', bodyMode: 'text', text: `password=${REDACTED}` }));
    expect(body.ok ? [] : body.issues.map((issue) => issue.field)).toEqual(['body']);
    // A disabled row and an unsent body mode do not block.
    expect(
      validateDraft(
        createDraft({
          method: 'POST',
          headers: [{ name: 'X-Api-Key', value: REDACTED, enabled: false }],
          bodyMode: 'none',
          json: `{"password":"${REDACTED}"}`,
        }),
      ).ok,
    ).toBe(true);
  });

  it('refuses to send a path or path parameter masked when it was saved, until it is retyped', () => {
    const mask = encodeURIComponent(REDACTED);
    const check = validateDraft(
      createDraft({ path: `/v2/self;access_token=${mask};v=2/{app}/{id}`, params: { app: REDACTED, id: 'x' } }),
    );
    expect(check.ok ? [] : check.issues.map((issue) => `${issue.field}:${issue.key ?? ''}`)).toEqual([
      'param:app',
      'path:',
    ]);
    if (!check.ok) expect(check.issues[1]?.message).toMatch(/path holds a value masked when it was saved/);
    // Retyped, it is sent as typed.
    const retyped = validateDraft(
      createDraft({ path: '/v2/self;access_token=s3cr3t;v=2/{app}', params: { app: 'a' } }),
    );
    expect(retyped.ok && retyped.request.path).toBe('/v2/self;access_token=s3cr3t;v=2/a');
  });

  it('round-trips through draftFromRequest', () => {
    const draft = createDraft({
      method: 'PUT',
      path: '/v2/x',
      bodyMode: 'form',
      form: [{ name: 'a', value: 'b', enabled: true }],
      query: [{ name: 'q', value: '1', enabled: true }],
    });
    const check = validateDraft(draft);
    if (!check.ok) throw new Error('expected valid');
    expect(draftFromRequest(check.request)).toEqual(draft);
  });
});

describe('the composer agrees with the worker’s guards', () => {
  it('accepts and refuses the same paths and headers as src/core/http/request-guard.ts', async () => {
    const { guardHeaders, guardPath } = await import('../../../../src/core/http/request-guard.ts');
    const paths = [
      '/v2/self',
      '/v4/products/zones',
      '/v2/organisations/a%20b/applications',
      '/v3/self',
      'v2/self',
      '//evil.test/v2',
      'https://evil.test/v2/self',
      '/v2/../admin',
      '/v2/%2e%2e/admin',
      '/v2/%252e%252e/admin',
      '/v2/a%2Fb',
      '/v2/a\\b',
      '/v2/self#x',
      '/v2/a\r\nb',
      '/v2/%zz',
      '/v2//x',
      '/api-tokens',
      '/api-tokens/t1',
      '/api-tokensx',
      '/v2/..;/admin',
      '/v2/%2e%2e;/admin',
      '/v2/．．/admin',
      '/v2/%ef%bc%8e%ef%bc%8e/admin',
      '/v2/%2525252e%2525252e/admin',
      '/v2/%25252525252525252e/admin',
      '/v2/%c0%ae/admin',
      '/v2/self/tags/100%25',
      '/v2/self%252fadmin',
    ];
    for (const target of ['api', 'bridge'] as const) {
      for (const path of paths) {
        let workerAccepts = true;
        try {
          guardPath(path, target);
        } catch {
          workerAccepts = false;
        }
        expect(checkPath(path, target) === undefined, `${target} ${JSON.stringify(path)}`).toBe(workerAccepts);
      }
    }
    const headers: [string, string][] = [
      ['X-Trace', 'a'],
      ['Bad Name', 'v'],
      ['X-A', 'v\r\nInjected: 1'],
      ['Authorization', 'OAuth x'],
      ['host', 'x'],
      ['Cookie', 'a=b'],
      ['Content-Length', '3'],
      ['Proxy-Authorization', 'x'],
      ['X-HTTP-Method-Override', 'DELETE'],
      ['X-Original-URL', '/admin'],
      ['X-Name', 'Zoë'],
      ['X-Name', '日本'],
    ];
    for (const header of headers) {
      let workerAccepts = true;
      try {
        guardHeaders([header]);
      } catch {
        workerAccepts = false;
      }
      expect(checkHeader(...header) === undefined, header[0]).toBe(workerAccepts);
    }
  });
});

describe('a file body in the draft', () => {
  const file = { name: 'avatar.bmp', size: 2, base64: 'Qk0=' };

  it('becomes a bytes body with the draft’s content type', () => {
    const check = validateDraft(
      createDraft({ method: 'PUT', path: '/v2/self/avatar', bodyMode: 'file', file, fileContentType: 'image/bmp' }),
    );
    expect(check.ok && check.request.body).toEqual({
      kind: 'bytes',
      contentType: 'image/bmp',
      base64: 'Qk0=',
      fileName: 'avatar.bmp',
    });
  });

  it('asks for the file by name when a saved draft or history entry lost it, and refuses a form type', () => {
    const reopened = draftFromRequest({
      target: 'api',
      method: 'PUT',
      path: '/v2/self/avatar',
      body: { kind: 'bytes', contentType: 'image/bmp', base64: '', fileName: 'avatar.bmp' },
    });
    expect(reopened).toMatchObject({ bodyMode: 'file', fileContentType: 'image/bmp', fileLost: 'avatar.bmp' });
    const check = validateDraft(reopened);
    expect(!check.ok && check.issues.map((issue) => issue.message)).toEqual([
      'Pick “avatar.bmp” again: a saved draft or history entry keeps no file, only its name.',
    ]);
    const asForm = validateDraft({ ...reopened, file, fileContentType: 'application/x-www-form-urlencoded' });
    expect(!asForm.ok && asForm.issues[0]?.message).toMatch(/not sent as a form/);
  });
});
