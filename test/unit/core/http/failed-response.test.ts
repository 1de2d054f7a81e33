import { describe, expect, it } from 'vitest';
import { errorFromResponse, isSuccess, readJsonBody } from '../../../../src/core/http/failed-response.ts';

const response = (status: number, text: string, auth: 'oauth' | 'bearer' = 'oauth') => ({
  status,
  statusText: '',
  auth,
  body: { kind: 'text' as const, text, truncated: false },
});

describe('errorFromResponse', () => {
  it('words a refused API token apart from a refused signature', () => {
    const bearer = errorFromResponse(response(401, '{"id":1,"message":"Invalid API token","type":"error"}', 'bearer'), {
      action: 'list your API tokens',
    });
    expect(bearer.code).toBe('invalid-credential');
    expect(bearer.message).toContain('refused the API token in use');
    expect(bearer.detail).toBe('HTTP 401: Invalid API token (platform code 1)');
    expect(errorFromResponse(response(401, ''), { action: 'x' }).code).toBe('signature-refused');
  });

  it('keeps the real platform’s internal code apart from the HTTP status', () => {
    const error = errorFromResponse(
      { ...response(404, '{"id":"550","message":"Application not found","type":"error"}'), statusText: 'Not Found' },
      { action: 'read the application' },
    );
    expect(error).toMatchObject({ code: 'not-found', status: 404 });
    expect(error.detail).toBe('HTTP 404 Not Found: Application not found (platform code 550)');
  });

  it('uses a view’s own wording for a status when given', () => {
    const error = errorFromResponse(response(403, '{"message":"requires right access_organisations_bills"}'), {
      action: 'list invoices',
      byStatus: { 403: { code: 'permission-missing', message: 'Missing the bills right.' } },
    });
    expect(error).toMatchObject({ code: 'permission-missing', message: 'Missing the bills right.', status: 403 });
    expect(error.detail).toContain('access_organisations_bills');
  });

  it('maps the common statuses', () => {
    expect(errorFromResponse(response(403, ''), { action: 'a' }).code).toBe('forbidden');
    expect(errorFromResponse(response(404, ''), { action: 'a' }).code).toBe('not-found');
    expect(errorFromResponse(response(503, ''), { action: 'a' }).message).toContain('HTTP 503');
    expect(errorFromResponse(response(418, ''), { action: 'brew' }).message).toBe('Could not brew (HTTP 418).');
  });
});

describe('readJsonBody and isSuccess', () => {
  it('reads JSON and refuses the rest', () => {
    expect(readJsonBody(response(200, '[1]'), 'x')).toEqual([1]);
    expect(() => readJsonBody(response(200, '<html>'), 'list things')).toThrow(/could not list things/);
    expect(isSuccess({ status: 204 })).toBe(true);
    expect(isSuccess({ status: 302 })).toBe(false);
  });
});
