import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../../../src/core/protocol.ts';
import {
  createHistoryRecord,
  DEFAULT_HISTORY_CAPS,
  holdsMaskedValue,
} from '../../../../src/core/workbench/history-entry.ts';
import { redactParams, redactUrl } from '../../../../src/core/workbench/redact-secrets.ts';

/**
 * Cases from a second outside review of the echo masking (request-echoes.ts), the credential path segment and a
 * path parameter's name as a secret: each failed on c2a45b1.
 */

function record(request: Partial<SendRequest>, text: string, contentType = 'application/json') {
  return createHistoryRecord(
    {
      request: {
        target: 'api',
        method: 'GET',
        path: '/v2/self',
        query: [],
        headers: [],
        body: { kind: 'none' },
        ...request,
      },
      startedAt: 1,
      response: {
        url: 'https://api.example/v2/self',
        status: 200,
        statusText: 'OK',
        headers: [['content-type', contentType]],
        contentType,
        size: text.length,
        durationMs: 1,
        body: { kind: 'text', text, truncated: false },
      } as never,
    },
    DEFAULT_HISTORY_CAPS,
  );
}
const bodyOf = (result: ReturnType<typeof record>) => (result.body!.body as { text: string }).text;

describe('echoes masked', () => {
  it('in a text answer that starts with "[" (a log line), outside quotes too', () => {
    const secret = 'sk_live_abcDEF1234567890';
    const text = `[2026-11-28 17:00] GET /v2/self?api_key=${secret} 401`;
    expect(bodyOf(record({ query: [['api_key', secret]] }, text, 'text/plain'))).not.toContain(secret);
  });

  it('in JSON with escaped slashes (PHP json_encode): a base64 key', () => {
    const secret = 'aB3/dE5+fG7/hI9=';
    const text = JSON.stringify({ echo: secret }).replace(/\//g, '\\/');
    const kept = bodyOf(record({ headers: [['X-Api-Key', secret]] }, text));
    expect(JSON.parse(kept).echo).not.toBe(secret);
  });

  it('in JSON with non-ASCII escaped (Python json.dumps): a password', () => {
    const secret = 'pässwörd-1234';
    const text = JSON.stringify({ echo: secret }).replace(
      /[^ -~]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const kept = bodyOf(record({ query: [['password', secret]] }, text));
    expect(JSON.parse(kept).echo).not.toBe(secret);
  });

  it('in JSON with HTML characters escaped (Go encoding/json): a key', () => {
    const secret = 'a&b<c>d&efgh';
    const text = JSON.stringify({ echo: secret }).replace(
      /[&<>]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const kept = bodyOf(record({ query: [['api_key', secret]] }, text));
    expect(JSON.parse(kept).echo).not.toBe(secret);
  });
});

describe('JSON kept valid', () => {
  it('a secret holding a quote whose head ends a string: the closing quote stays', () => {
    const kept = bodyOf(record({ query: [['api_key', 'abcdefgh"xyz123']] }, '{"a":"zzabcdefgh","b":1}'));
    expect(() => JSON.parse(kept)).not.toThrow();
  });
});

describe('ordinary values kept', () => {
  it('oauth_signature_method=HMAC-SHA512 in the query: the HMAC-SHA512 the server answers', () => {
    const result = record(
      { method: 'POST', path: '/v2/oauth/request_token', query: [['oauth_signature_method', 'HMAC-SHA512']] },
      '{"supported":["HMAC-SHA512","PLAINTEXT"]}',
    );
    expect(JSON.parse(bodyOf(result)).supported).toEqual(['HMAC-SHA512', 'PLAINTEXT']);
  });

  it('a logs filter "Token application": the word "application" in every log line', () => {
    const result = record(
      { path: '/v2/logs/app_x', query: [['filter', 'Token application']] },
      '[{"message":"application started"}]',
    );
    expect(bodyOf(result)).toBe('[{"message":"application started"}]');
  });

  it('a tag path segment "basic tier": history keeps it (Re-send allowed) and the tag in the answer', () => {
    const path = '/v2/self/applications/app_x/tags/basic%20tier';
    const result = record({ method: 'PUT', path }, '["basic tier","prod"]');
    expect(result.entry.request.path).toBe(path);
    expect(holdsMaskedValue(result.entry.request)).toBe(false);
    expect(bodyOf(result)).toBe('["basic tier","prod"]');
  });

  it('the public pay-button {token} path parameter, in the saved draft (Send then works)', () => {
    const path = '/v2/payments/assets/pay_button/{token}/button.png';
    expect(redactParams({ token: 'pb_0123456789' }, path)).toEqual({ token: 'pb_0123456789' });
  });

  it('the typed tag path "basic tier", in the stored draft (restored, Send works)', () => {
    const path = '/v2/self/applications/app_x/tags/basic%20tier';
    expect(redactUrl(path, true)).toBe(path);
  });
});
