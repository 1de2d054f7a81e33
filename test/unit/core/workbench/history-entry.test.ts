import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../src/core/http/hide-reusable.ts';
import type { SendRequest, SendResponse } from '../../../../src/core/protocol.ts';
import { buildHar } from '../../../../src/core/workbench/har.ts';
import {
  createHistoryId,
  createHistoryRecord,
  DEFAULT_HISTORY_CAPS,
  holdsMaskedValue,
  sanitizeRequest,
} from '../../../../src/core/workbench/history-entry.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';

const ORIGINS = { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };

const request: SendRequest = {
  target: 'bridge',
  method: 'POST',
  path: '/api-tokens',
  query: [['password', 'in-query']],
  headers: [
    ['Authorization', 'Bearer tok_live'],
    ['Cookie', 'sid=1'],
    ['X-Trace', 't1'],
  ],
  body: {
    kind: 'json',
    text: JSON.stringify({ email: 'ada@sandbox.keyhole.test', password: 'lovelace-1815', name: 'ci' }),
  },
  requestId: 'r1',
  timeoutMs: 5000,
  bridgeAuth: 'oauth-plaintext',
};

const response: SendResponse = {
  url: 'http://127.0.0.1:8781/api-tokens?password=in-query',
  method: 'POST',
  status: 200,
  statusText: 'OK',
  headers: [
    ['Content-Type', 'application/json'],
    ['Set-Cookie', 'sid=2'],
  ],
  contentType: 'application/json',
  size: 80,
  durationMs: 42,
  body: { kind: 'text', text: JSON.stringify({ apiToken: 'tok_once', apiTokenId: 'id_1' }), truncated: false },
  auth: 'oauth',
};

describe('createHistoryRecord', () => {
  it('keeps the call without any secret', () => {
    const { entry, body } = createHistoryRecord(
      { request, response, startedAt: 1_700_000_000_000 },
      DEFAULT_HISTORY_CAPS,
      'id1',
    );
    const stored = JSON.stringify({ entry, body });
    for (const secret of ['tok_live', 'sid=1', 'sid=2', 'lovelace-1815', 'tok_once', 'in-query'])
      expect(stored, secret).not.toContain(secret);
    expect(entry).toMatchObject({
      id: 'id1',
      status: 200,
      durationMs: 42,
      hasBody: true,
      request: {
        target: 'bridge',
        method: 'POST',
        path: '/api-tokens',
        headers: [['X-Trace', 't1']],
        bridgeAuth: 'oauth-plaintext',
      },
    });
    expect(entry.request.requestId).toBeUndefined();
    expect(entry.request.timeoutMs).toBeUndefined();
    expect(JSON.parse(body?.body.kind === 'text' ? body.body.text : '')).toMatchObject({ apiTokenId: 'id_1' });
  });

  it('keeps a credential header Keyhole sends masked, not dropped: a Re-send of the kept call is refused', () => {
    const typed: SendRequest = {
      ...request,
      headers: [
        ['X-Api-Key', 'key-in-header'],
        ['X-Trace', 't1'],
      ],
    };
    const { entry } = createHistoryRecord({ request: typed, response, startedAt: 1 }, DEFAULT_HISTORY_CAPS, 'id3');
    expect(entry.request.headers).toEqual([
      ['X-Api-Key', REDACTED],
      ['X-Trace', 't1'],
    ]);
    expect(holdsMaskedValue(entry.request)).toBe(true);
  });

  it('masks a header the user named as a secret (the draft masks it too), keeping its name', () => {
    const typed: SendRequest = {
      ...request,
      headers: [
        ['X-Db-Password', 'pw-in-header'],
        ['X-Client-Secret', 'cs-in-header'],
        ['X-Trace', 't1'],
        ['X-Token-Id', 'tok-id-1'],
      ],
    };
    const { entry } = createHistoryRecord({ request: typed, response, startedAt: 1 }, DEFAULT_HISTORY_CAPS, 'id2');
    expect(entry.request.headers).toEqual([
      ['X-Db-Password', REDACTED],
      ['X-Client-Secret', REDACTED],
      ['X-Trace', 't1'],
      ['X-Token-Id', 'tok-id-1'],
    ]);
  });

  it('masks a header carrying its own credential scheme under any name (the draft masks it too)', () => {
    const typed: SendRequest = {
      ...request,
      headers: [
        ['X-Upstream', 'Bearer upstream-token-1'],
        ['X-Forwarded', 'Basic dXNlcjpwYXNz'],
        ['X-Trace', 't1'],
      ],
    };
    const { entry } = createHistoryRecord({ request: typed, response, startedAt: 1 }, DEFAULT_HISTORY_CAPS, 'id4');
    expect(entry.request.headers).toEqual([
      ['X-Upstream', REDACTED],
      ['X-Forwarded', REDACTED],
      ['X-Trace', 't1'],
    ]);
    expect(JSON.stringify(entry)).not.toContain('upstream-token-1');
  });

  it('masks a value under a name the draft holds as secret wherever the request carries it (path, query, body, URL)', () => {
    const typed: SendRequest = {
      target: 'api',
      method: 'POST',
      path: '/v2/self;api_key=seg-secret-1',
      query: [
        ['db_password', 'query-secret-2'],
        ['X-Trace', 't1'],
      ],
      headers: [['X-Db-Password', 'header-secret-3']],
      body: { kind: 'json', text: JSON.stringify({ apiKey: 'body-secret-4', name: 'ci' }) },
    };
    const form: SendRequest = { ...typed, body: { kind: 'form', fields: [['clientSecret', 'form-secret-5']] } };
    const sent = {
      ...response,
      url: 'http://127.0.0.1:8780/v2/self;api_key=seg-secret-1?db_password=query-secret-2&X-Trace=t1',
    };
    const records = [typed, form].map(
      (request, index) =>
        createHistoryRecord({ request, response: sent, startedAt: 1 }, DEFAULT_HISTORY_CAPS, `m${index}`).entry,
    );
    expect(JSON.stringify(records)).not.toMatch(/secret-\d/);
    expect(records[0]?.request.query).toEqual([
      ['db_password', REDACTED],
      ['X-Trace', 't1'],
    ]);
    expect(records[0]?.request.path).toBe(`/v2/self;api_key=${encodeURIComponent(REDACTED)}`);
    expect(
      JSON.stringify(
        buildHar(
          records.map((entry) => ({ entry })),
          { creatorVersion: '0', ...ORIGINS },
        ),
      ),
    ).not.toMatch(/secret-\d/);
  });

  it('caps text and byte bodies at the configured size', () => {
    const big: SendResponse = {
      ...response,
      body: { kind: 'text', text: 'é'.repeat(1000), truncated: false },
      contentType: 'text/plain',
    };
    const { entry, body } = createHistoryRecord(
      { request, response: big, startedAt: 1 },
      { maxBodyBytes: 101, maxEntries: 10 },
    );
    expect(entry.bodyTruncated).toBe(true);
    expect(body?.body).toEqual({ kind: 'text', text: 'é'.repeat(50), truncated: true });

    const pdf: SendResponse = {
      ...response,
      contentType: 'application/pdf',
      body: { kind: 'bytes', base64: btoa('x'.repeat(300)), truncated: false },
    };
    const bytes = createHistoryRecord({ request, response: pdf, startedAt: 1 }, { maxBodyBytes: 100, maxEntries: 10 })
      .body?.body;
    expect(bytes?.kind === 'bytes' && atob(bytes.base64).length).toBe(99);
  });

  it('keeps no body when the cap is 0, and records errors without a response', () => {
    expect(
      createHistoryRecord({ request, response, startedAt: 1 }, { maxBodyBytes: 0, maxEntries: 1 }).body,
    ).toBeUndefined();
    const failed = createHistoryRecord(
      {
        request,
        startedAt: 5,
        elapsedMs: 30_000,
        error: { code: 'timeout', message: 'The platform did not answer in 30 s.' },
      },
      DEFAULT_HISTORY_CAPS,
    );
    expect(failed.entry).toMatchObject({ durationMs: 30_000, error: { code: 'timeout' }, hasBody: false });
    expect(failed.body).toBeUndefined();
  });

  it('masks a path segment’s secret parameters as it masks the query’s, in the request and the URL called', () => {
    const mask = encodeURIComponent(REDACTED);
    const path = '/v2/x;oauth_token=t1;oauth_token_secret=s3cr3t-a/y%3BPassword%3Ds3cr3t-b;token=kept;access_token=';
    const called = createHistoryRecord(
      {
        request: { ...request, target: 'api', path },
        response: { ...response, url: `http://127.0.0.1:8780${path}?password=in-query` },
        startedAt: 1,
      },
      DEFAULT_HISTORY_CAPS,
    );
    // The draft's names, as history's query: `oauth_token` stays (useless without its secret), a bare `token` is
    // masked as the draft masks it; empty stays empty.
    const expected = `/v2/x;oauth_token=t1;oauth_token_secret=${mask}/y%3BPassword%3D${mask};token=${mask};access_token=`;
    expect(called.entry.request.path).toBe(expected);
    expect(called.entry.url).toBe(`http://127.0.0.1:8780${expected}?password=${mask}`);
    // A call that failed before any answer keeps its path masked too, and so does the HAR built from it.
    const failed = createHistoryRecord(
      { request: { ...request, target: 'api', path }, startedAt: 2, error: { code: 'network', message: 'Down.' } },
      DEFAULT_HISTORY_CAPS,
    );
    expect(failed.entry.request.path).toBe(expected);
    const har = JSON.stringify(buildHar([called, failed], { creatorVersion: '0', ...ORIGINS }));
    expect(har).not.toContain('s3cr3t');
    expect(har).toContain('oauth_token=t1');
  });

  it('masks what the server echoed of a secret the request sent: in the body, a response header, the error', () => {
    const path = '/v2/self;access_token=seg-s3cr3t%2Fv';
    const sent: SendRequest = {
      ...request,
      target: 'api',
      path,
      headers: [
        ['X-Db-Password', 'header-s3cr3t'],
        ['X-Upstream', 'Bearer upstream-s3cr3t'],
      ],
    };
    const echoing: SendResponse = {
      ...response,
      url: `http://127.0.0.1:8780${path}`,
      status: 404,
      headers: [['Location', `${path}?password=in-query`]],
      // As sent (encoded), as the server read it (decoded), and a credential without its scheme.
      body: {
        kind: 'text',
        text: JSON.stringify({ message: `No endpoint GET ${path} (seg-s3cr3t/v, header-s3cr3t, upstream-s3cr3t)` }),
        truncated: false,
      },
    };
    const { entry, body } = createHistoryRecord(
      { request: sent, response: echoing, startedAt: 1 },
      DEFAULT_HISTORY_CAPS,
    );
    const kept = JSON.stringify({ entry, body });
    for (const secret of ['seg-s3cr3t', 'header-s3cr3t', 'upstream-s3cr3t', 'in-query'])
      expect(kept).not.toContain(secret);
    expect(JSON.parse((body!.body as { text: string }).text).message).toBe(
      `No endpoint GET /v2/self;access_token=${MASK} (${MASK}, ${MASK}, ${MASK})`,
    );
    expect(entry.responseHeaders).toEqual([['Location', `/v2/self;access_token=${MASK}?password=${MASK}`]]);
    const failed = createHistoryRecord(
      {
        request: sent,
        startedAt: 2,
        error: { code: 'network', message: `Could not reach ${path}`, detail: 'seg-s3cr3t/v' },
      },
      DEFAULT_HISTORY_CAPS,
    );
    expect(failed.entry.error).toEqual({
      code: 'network',
      message: `Could not reach /v2/self;access_token=${MASK}`,
      detail: MASK,
    });
    // A short value is not looked for (it would mask ordinary words), nor is anything in an ordinary request.
    const plain = createHistoryRecord(
      { request: { ...sent, path: '/v2/self;pw=ab', headers: [] }, response: echoing, startedAt: 3 },
      DEFAULT_HISTORY_CAPS,
    );
    expect((plain.body!.body as { text: string }).text).toBe((echoing.body as { text: string }).text);
  });

  it('masks a secret variable’s value wherever it was filled (a plain header name, a path segment, a body), and its echo', () => {
    const secret = 'db-pa55word-value';
    const sent: SendRequest = {
      target: 'api',
      method: 'POST',
      path: `/v2/keys/${secret}/x`,
      query: [['note', `for ${secret}`]],
      headers: [['X-Db', secret]],
      body: { kind: 'json', text: JSON.stringify({ connection: `postgres://u:${secret}@db` }) },
    };
    const echoing: SendResponse = {
      ...response,
      url: `http://127.0.0.1:8780/v2/keys/${secret}/x`,
      body: { kind: 'text', text: JSON.stringify({ message: `no key ${secret}` }), truncated: false },
    };
    const { entry, body } = createHistoryRecord(
      { request: sent, response: echoing, startedAt: 1, secretValues: [secret, 'ab'] },
      DEFAULT_HISTORY_CAPS,
    );
    expect(JSON.stringify({ entry, body })).not.toContain(secret);
    expect(entry.request.path).toBe(`/v2/keys/${encodeURIComponent(REDACTED)}/x`);
    expect(entry.request.headers).toEqual([['X-Db', REDACTED]]);
    expect(entry.request.query).toEqual([['note', `for ${REDACTED}`]]);
    // Refused at Re-send, as a value masked by its name is.
    expect(holdsMaskedValue(entry.request)).toBe(true);
    // A short one is masked where it is the whole value only: 'ab' stays inside 'about'.
    const short = createHistoryRecord(
      { request: { ...sent, path: '/v2/about', headers: [['X-Pin', 'ab']] }, startedAt: 2, secretValues: ['ab'] },
      DEFAULT_HISTORY_CAPS,
    );
    expect(short.entry.request.path).toBe('/v2/about');
    expect(short.entry.request.headers).toEqual([['X-Pin', REDACTED]]);
  });

  it('makes sortable unique ids', () => {
    const a = createHistoryId(999, () => 0.1);
    const b = createHistoryId(1000, () => 0.1);
    expect(a < b).toBe(true);
    expect(createHistoryId(1000, () => 0.2)).not.toBe(b);
  });
});

describe('holdsMaskedValue', () => {
  it('finds a value history masked wherever a stored request holds it, and nothing in an ordinary request', () => {
    const request: SendRequest = {
      target: 'api',
      method: 'POST',
      path: '/v2/self;v=2',
      query: [['a', '1']],
      headers: [['X-Trace', 't']],
      body: { kind: 'json', text: '{"name":"x"}' },
    };
    expect(holdsMaskedValue(request)).toBe(false);
    expect(holdsMaskedValue(sanitizeRequest({ ...request, path: '/v2/self;access_token=s3cr3t' }))).toBe(true);
    expect(holdsMaskedValue(sanitizeRequest({ ...request, query: [['password', 'p']] }))).toBe(true);
    expect(holdsMaskedValue(sanitizeRequest({ ...request, body: { kind: 'json', text: '{"password":"p"}' } }))).toBe(
      true,
    );
    expect(holdsMaskedValue(sanitizeRequest({ ...request, body: { kind: 'form', fields: [['otp', '1']] } }))).toBe(
      true,
    );
    expect(holdsMaskedValue({ ...request, headers: [['X-Note', REDACTED]] })).toBe(true);
  });
});
