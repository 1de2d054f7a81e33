import { describe, expect, it } from 'vitest';
import { buildHar } from '../../../../src/core/workbench/har.ts';
import { createHistoryRecord, DEFAULT_HISTORY_CAPS } from '../../../../src/core/workbench/history-entry.ts';

const options = { creatorVersion: '0.1.0', apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };

describe('buildHar', () => {
  const ok = createHistoryRecord(
    {
      startedAt: Date.UTC(2030, 0, 1),
      request: {
        target: 'api',
        method: 'POST',
        path: '/v2/x',
        query: [['a', 'b c']],
        headers: [
          ['Authorization', 'OAuth secret-sig'],
          ['X-A', '1'],
        ],
        body: { kind: 'form', fields: [['name', 'v w']] },
      },
      response: {
        url: 'http://127.0.0.1:8780/v2/x?a=b%20c',
        method: 'POST',
        status: 201,
        statusText: 'Created',
        headers: [
          ['Content-Type', 'application/json'],
          ['Set-Cookie', 's=1'],
        ],
        contentType: 'application/json',
        size: 9,
        durationMs: 12,
        body: { kind: 'text', text: '{"id":"x"}', truncated: false },
        auth: 'oauth',
      },
    },
    DEFAULT_HISTORY_CAPS,
    'h1',
  );
  const failed = createHistoryRecord(
    {
      startedAt: Date.UTC(2029, 0, 1),
      request: { target: 'bridge', method: 'GET', path: '/api-tokens' },
      error: { code: 'network', message: 'Unreachable.' },
    },
    DEFAULT_HISTORY_CAPS,
    'h0',
  );
  const har = buildHar([ok, failed], options);

  it('has the HAR 1.2 shape, oldest entry first', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Keyhole', version: '0.1.0' });
    expect(har.log.entries.map((item) => item.startedDateTime)).toEqual([
      '2029-01-01T00:00:00.000Z',
      '2030-01-01T00:00:00.000Z',
    ]);
    const entry = har.log.entries[1];
    expect(entry).toMatchObject({
      time: 12,
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:8780/v2/x?a=b%20c',
        httpVersion: 'HTTP/1.1',
        queryString: [{ name: 'a', value: 'b c' }],
        postData: {
          mimeType: 'application/x-www-form-urlencoded',
          text: 'name=v%20w',
          params: [{ name: 'name', value: 'v w' }],
        },
        headersSize: -1,
        bodySize: 10,
      },
      response: {
        status: 201,
        statusText: 'Created',
        content: { size: 9, mimeType: 'application/json', text: '{"id":"x"}' },
      },
      cache: {},
      timings: { send: 0, wait: 12, receive: 0 },
    });
  });

  it('contains no credential, only a placeholder for the signed header', () => {
    const text = JSON.stringify(har);
    expect(text).not.toContain('secret-sig');
    expect(text).not.toContain('s=1');
    expect(har.log.entries[1]?.request.headers[0]?.value).toMatch(/^OAuth \[redacted/);
  });

  it('rebuilds the URL of a call that failed before reaching the platform and keeps its error', () => {
    const entry = har.log.entries[0];
    expect(entry?.request.url).toBe('http://127.0.0.1:8781/api-tokens');
    expect(entry?.response.status).toBe(0);
    expect(entry?.response._error).toBe('network: Unreachable.');
    expect(entry?.comment).toBe('Failed before any response: Unreachable.');
  });

  it('gives a request with a body its Content-Type, unless the Headers table set one', () => {
    const headers = har.log.entries[1]?.request.headers ?? [];
    expect(headers.filter((header) => header.name === 'Content-Type')).toEqual([
      { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
    ]);
    expect(har.log.entries[0]?.request.headers.some((header) => header.name === 'Content-Type')).toBe(false);
    const typed = createHistoryRecord(
      {
        startedAt: 2,
        request: {
          target: 'api',
          method: 'PUT',
          path: '/v2/x',
          headers: [['content-type', 'application/merge-patch+json']],
          body: { kind: 'json', text: '{}' },
        },
        error: { code: 'timeout', message: 'No answer.' },
      },
      DEFAULT_HISTORY_CAPS,
      'h2',
    );
    const [entry] = buildHar([typed], options).log.entries;
    expect(entry?.request.headers.filter((header) => header.name.toLowerCase() === 'content-type')).toEqual([
      { name: 'content-type', value: 'application/merge-patch+json' },
    ]);
  });

  it('exports byte bodies as base64 and notes truncation', () => {
    const pdf = createHistoryRecord(
      {
        startedAt: 1,
        request: { target: 'api', method: 'GET', path: '/v4/billing/organisations/o/1.pdf' },
        response: {
          url: 'http://127.0.0.1:8780/v4/billing/organisations/o/1.pdf',
          method: 'GET',
          status: 200,
          statusText: 'OK',
          headers: [],
          contentType: 'application/pdf',
          size: 300,
          durationMs: 1,
          body: { kind: 'bytes', base64: btoa('%PDF'.repeat(75)), truncated: false },
          auth: 'oauth',
        },
      },
      { maxBodyBytes: 30, maxEntries: 1 },
    );
    const content = buildHar([pdf], options).log.entries[0]?.response.content;
    expect(content).toMatchObject({
      encoding: 'base64',
      mimeType: 'application/pdf',
      comment: expect.stringMatching(/cut/),
    });
    expect(atob(content?.text ?? '')).toHaveLength(30);
  });
});
