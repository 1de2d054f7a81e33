import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../src/core/workbench/request-draft.ts';
import { draftForStorage, reviveDraft } from '../../../src/core/workbench/stored-draft.ts';
import { toCapturedRequest } from '../../../src/devtools/panel/capture/captured-request.ts';
import { describeMaskedParts } from '../../../src/devtools/panel/composer/draft-storage.ts';
import { viewIdFromHash, views } from '../../../src/devtools/panel/views.ts';
import { responseFromHistory } from '../../../src/devtools/panel/workbench.ts';

const origins = { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };

describe('views', () => {
  it('have unique ids and read their id from the hash', () => {
    expect(new Set(views.map((view) => view.id)).size).toBe(views.length);
    expect(views.map((view) => view.id)).toEqual([
      'catalog',
      'saved',
      'history',
      'capture',
      'runner',
      'rights',
      'tokens',
      'invoices',
    ]);
    expect(viewIdFromHash('#invoices?org=orga_1')).toBe('invoices');
    expect(viewIdFromHash('')).toBe('');
  });

  it('hide Capture outside DevTools', () => {
    const capture = views.find((view) => view.id === 'capture');
    expect(capture?.available?.({} as never)).toBe(false);
    expect(capture?.available?.({ devtools: { network: {} } } as never)).toBe(true);
  });
});

describe('draft storage', () => {
  it('drops credentials and masks secrets, and revives only well-formed drafts', () => {
    const stored = draftForStorage(
      createDraft({
        headers: [
          { name: 'authorization', value: 'Bearer x', enabled: true },
          { name: 'X-A', value: '1', enabled: false },
        ],
        form: [{ name: 'password', value: 'pw', enabled: true }],
      }),
    );
    // The header is kept, its credential value masked: the user sees what to retype.
    expect(stored.headers).toEqual([
      { name: 'authorization', value: REDACTED, enabled: true },
      { name: 'X-A', value: '1', enabled: false },
    ]);
    expect(stored.form[0]?.value).not.toBe('pw');
    expect(reviveDraft(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(reviveDraft({ method: 'BREW', path: '/v2/self' })).toBeUndefined();
    expect(reviveDraft(null)).toBeUndefined();
    expect(
      reviveDraft({ method: 'GET', path: '/v2/x', target: 'evil', bodyMode: 'zip', query: [{ name: 1 }] }),
    ).toMatchObject({
      target: 'api',
      bodyMode: 'none',
      query: [],
    });
  });

  it('masks a secret typed as a query in the path (refused at Send, but kept as typed), and says so', () => {
    const stored = draftForStorage(createDraft({ path: '/v2/self?access_token=s3cr3t-value&limit=2#x' }));
    expect(stored.path).toBe(`/v2/self?access_token=${encodeURIComponent(REDACTED)}&limit=2#x`);
    expect(describeMaskedParts(stored)).toEqual(['Path']);
    expect(draftForStorage(createDraft({ path: '/v2/self?limit=2' })).path).toBe('/v2/self?limit=2');
  });

  it('masks a credential pasted as a path parameter, as a saved request does', () => {
    const stored = draftForStorage(createDraft({ params: { id: 'Bearer s3cr3t-value', app: 'app_1' } }));
    expect(stored.params).toEqual({ id: REDACTED, app: 'app_1' });
    expect(describeMaskedParts(stored)).toEqual(['Path parameter: id']);
  });

  it('masks a secret typed as a fragment in the path (an implicit-grant redirect pasted whole), query or not', () => {
    const masked = encodeURIComponent(REDACTED);
    expect(draftForStorage(createDraft({ path: '/callback#access_token=s3cr3t-value&token_type=bearer' })).path).toBe(
      `/callback#access_token=${masked}&token_type=bearer`,
    );
    const both = draftForStorage(createDraft({ path: '/v2/self?limit=2#access_token=s3cr3t-value' }));
    expect(both.path).toBe(`/v2/self?limit=2#access_token=${masked}`);
    expect(describeMaskedParts(both)).toEqual(['Path']);
    expect(draftForStorage(createDraft({ path: '/v2/self#section' })).path).toBe('/v2/self#section');
  });
});

describe('captured requests', () => {
  const entry = (url: string, method = 'GET') => ({
    startedDateTime: '2030-01-01T00:00:00.000Z',
    time: 42,
    request: {
      method,
      url,
      headers: [{ name: 'Authorization', value: 'OAuth x' }],
      postData: { mimeType: 'application/json', text: '{"a":1}' },
    },
    response: { status: 200, statusText: 'OK' },
  });

  it("keeps only calls to the profile's API or bridge, not preflights", () => {
    expect(toCapturedRequest(entry('http://127.0.0.1:8780/v2/self'), origins, 1)).toMatchObject({
      target: 'api',
      status: 200,
    });
    expect(toCapturedRequest(entry('http://127.0.0.1:8781/v2/self'), origins, 2)?.target).toBe('bridge');
    expect(toCapturedRequest(entry('http://127.0.0.1:9999/v2/self'), origins, 3)).toBeUndefined();
    expect(toCapturedRequest(entry('http://127.0.0.1:8780/v2/self', 'OPTIONS'), origins, 4)).toBeUndefined();
    expect(toCapturedRequest(entry('not a url'), origins, 5)).toBeUndefined();
  });
});

describe('responseFromHistory', () => {
  it('rebuilds what the viewer needs from a stored entry', () => {
    const response = responseFromHistory(
      {
        id: 'h',
        startedAt: 1,
        request: { target: 'api', method: 'GET', path: '/v2/self' },
        url: 'http://127.0.0.1:8780/v2/self',
        status: 200,
        statusText: 'OK',
        hasBody: true,
        contentType: 'application/json',
      },
      { id: 'h', body: { kind: 'text', text: '{}', truncated: false } },
    );
    expect(response).toMatchObject({ status: 200, body: { kind: 'text', text: '{}' }, method: 'GET' });
  });
});
