import { describe, expect, it } from 'vitest';
import { importCurlCommand } from '../../../../src/core/workbench/curl.ts';
import { importForeignRequest } from '../../../../src/core/workbench/request-import.ts';

const sandbox = { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };

describe('importForeignRequest', () => {
  it("maps the profile's API and bridge origins to targets", () => {
    expect(
      importForeignRequest({ method: 'get', url: 'http://127.0.0.1:8780/v2/self', headers: [] }, sandbox).draft,
    ).toMatchObject({
      method: 'GET',
      target: 'api',
      path: '/v2/self',
    });
    expect(
      importForeignRequest({ method: 'DELETE', url: 'http://127.0.0.1:8781/api-tokens/t1', headers: [] }, sandbox)
        .draft,
    ).toMatchObject({
      target: 'bridge',
      path: '/api-tokens/t1',
    });
  });

  it('recognises the real platform hosts even with a sandbox profile', () => {
    const { draft, notices } = importForeignRequest(
      { method: 'GET', url: 'https://api-bridge.clever-cloud.com/v2/self', headers: [] },
      sandbox,
    );
    expect(draft.target).toBe('bridge');
    // Recognised, and retargeted to the profile's bridge: said, not silent (issue 16 item 9).
    expect(notices).toEqual([
      expect.stringMatching(
        /^The command was for https:\/\/api-bridge\.clever-cloud\.com; it will go to your profile's bridge/,
      ),
    ]);
  });

  it('keeps the path of an unknown host and says so', () => {
    const { draft, notices } = importForeignRequest(
      { method: 'GET', url: 'https://example.test/v2/self', headers: [] },
      sandbox,
    );
    expect(draft).toMatchObject({ target: 'api', path: '/v2/self' });
    expect(notices[0]).toMatch(/example\.test/);
  });

  it('drops oauth_* query parameters and form fields', () => {
    const { draft, notices } = importForeignRequest(
      {
        method: 'POST',
        url: 'http://127.0.0.1:8780/v2/oauth/request_token_query?oauth_nonce=n&keep=1',
        headers: [],
        body: { text: 'oauth_signature=x&name=a+b', contentType: 'application/x-www-form-urlencoded' },
      },
      sandbox,
    );
    expect(draft.query).toEqual([{ name: 'keep', value: '1', enabled: true }]);
    expect(draft.form).toEqual([{ name: 'name', value: 'a b', enabled: true }]);
    expect(notices.some((notice) => notice.includes('oauth_'))).toBe(true);
  });

  it('chooses the body mode from the content type', () => {
    const text = importForeignRequest(
      {
        method: 'POST',
        url: 'http://127.0.0.1:8780/v2/a',
        headers: [['Content-Type', 'text/csv']],
        body: { text: 'a,b', contentType: 'text/csv' },
      },
      sandbox,
    ).draft;
    expect(text).toMatchObject({ bodyMode: 'text', text: 'a,b', textContentType: 'text/csv', headers: [] });
    const vendorJson = importForeignRequest(
      {
        method: 'POST',
        url: 'http://127.0.0.1:8780/v2/a',
        headers: [],
        body: { text: '{}', contentType: 'application/merge-patch+json' },
      },
      sandbox,
    ).draft;
    expect(vendorJson.bodyMode).toBe('json');
    expect(vendorJson.headers).toEqual([
      { name: 'Content-Type', value: 'application/merge-patch+json', enabled: true },
    ]);
  });

  it('imports JSON sent by curl -d without a content type as JSON, with a notice', () => {
    const { draft, notices } = importCurlCommand(`curl http://127.0.0.1:8780/v2/a -d '{"a":1}'`, sandbox);
    expect(draft.bodyMode).toBe('json');
    expect(notices.join(' ')).toMatch(/JSON/);
  });

  it('refuses methods Keyhole cannot send', () => {
    expect(() =>
      importForeignRequest({ method: 'TRACE', url: 'http://127.0.0.1:8780/v2/a', headers: [] }, sandbox),
    ).toThrow(/TRACE/);
  });

  it('leaves out HTTP/2 pseudo headers from captured requests', () => {
    const { draft } = importForeignRequest(
      {
        method: 'GET',
        url: 'http://127.0.0.1:8780/v2/a',
        headers: [
          [':authority', 'x'],
          [':path', '/v2/a'],
          ['X-Keep', '1'],
        ],
      },
      sandbox,
    );
    expect(draft.headers).toEqual([{ name: 'X-Keep', value: '1', enabled: true }]);
  });
});

describe('a command for another platform', () => {
  it('says it goes to the profile instead of the host it names', () => {
    const imported = importCurlCommand("curl 'https://api-bridge.clever-cloud.com/v4/products/zones'", sandbox);
    expect(imported.draft).toMatchObject({ target: 'bridge', path: '/v4/products/zones' });
    expect(imported.notices).toContain(
      "The command was for https://api-bridge.clever-cloud.com; it will go to your profile's bridge, http://127.0.0.1:8781: Keyhole sends requests only to the active profile's addresses.",
    );
    expect(importCurlCommand("curl 'http://127.0.0.1:8780/v2/self'", sandbox).notices).toEqual([]);
  });
});
