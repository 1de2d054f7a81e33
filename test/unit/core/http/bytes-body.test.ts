import { describe, expect, it } from 'vitest';
import { encodeBody } from '../../../../src/core/http/encode-body.ts';
import { buildOutgoingRequest } from '../../../../src/core/http/outgoing-request.ts';
import { bytesToBase64 } from '../../../../src/core/http/response-body.ts';
import { validateSendRequest } from '../../../../src/core/http/send-request-validation.ts';
import { describeSnippetRequest } from '../../../../src/core/workbench/code-export/snippet-request.ts';

const BYTES = Uint8Array.from([0x42, 0x4d, 0x00, 0x0d, 0x0a, 0x26, 0x3d, 0x80, 0xff]);
const origins = { apiBaseUrl: 'http://127.0.0.1:8080', bridgeUrl: 'http://127.0.0.1:8081' };

describe('a file body (kind bytes)', () => {
  it('is sent as exactly its bytes with its content type, and OAuth signs none of it', () => {
    const body = { kind: 'bytes' as const, contentType: 'image/bmp', base64: bytesToBase64(BYTES), fileName: 'a.bmp' };
    expect(encodeBody(body)).toEqual({ bytes: BYTES, contentType: 'image/bmp' });
    const outgoing = buildOutgoingRequest({ target: 'api', method: 'PUT', path: '/v2/self/avatar', body }, origins);
    expect(outgoing.body).toEqual(BYTES);
    expect(outgoing.headers).toContainEqual(['Content-Type', 'image/bmp']);
    // `&` and `=` among the bytes are not form fields: nothing of the body is signed.
    expect(outgoing.formParams).toEqual([]);
  });

  it('is refused typed as a form, by itself or by the Headers table (fields nobody signed), and on a GET', () => {
    const body = { kind: 'bytes' as const, contentType: 'application/x-www-form-urlencoded', base64: 'YT1i' };
    const put = { target: 'api' as const, method: 'PUT' as const, path: '/v2/self/avatar' };
    expect(() => buildOutgoingRequest({ ...put, body }, origins)).toThrow(/not sent as a form/);
    const headers: [string, string][] = [['Content-Type', 'application/x-www-form-urlencoded; charset=utf-8']];
    expect(() =>
      buildOutgoingRequest({ ...put, headers, body: { ...body, contentType: 'image/png' } }, origins),
    ).toThrow(/not sent as a form/);
    expect(() =>
      buildOutgoingRequest(
        { target: 'api', method: 'GET', path: '/v2/self', body: { ...body, contentType: 'image/png' } },
        origins,
      ),
    ).toThrow(/cannot have a body/);
  });

  it('comes through the message contract only as base64 with a header-safe content type', () => {
    const request = { target: 'api', method: 'PUT', path: '/v2/self/avatar' };
    const ok = validateSendRequest({
      ...request,
      body: { kind: 'bytes', contentType: 'image/bmp', base64: 'Qk0=', fileName: 'a.bmp', extra: 1 },
    });
    // The file's name is the page's (its history); the worker takes bytes and type only.
    expect(ok.body).toEqual({ kind: 'bytes', contentType: 'image/bmp', base64: 'Qk0=' });
    expect(() =>
      validateSendRequest({ ...request, body: { kind: 'bytes', contentType: 'image/bmp', base64: 'Qk0' } }),
    ).toThrow(/not valid base64/);
    expect(() =>
      validateSendRequest({ ...request, body: { kind: 'bytes', contentType: 'image/bmp\r\nX: 1', base64: '' } }),
    ).toThrow(/content type/);
  });

  it('says when its base64 is not base64, at the message contract and wherever it is encoded', () => {
    const request = { target: 'api', method: 'PUT', path: '/v2/self/avatar' };
    // atob's own DOMException ('Invalid character') reached the page as an internal error before.
    for (const base64 of ['@@@@', 'Qk0', 'Q===', 'Qk 0', 'Qk0=Qk0=']) {
      const body = { kind: 'bytes' as const, contentType: 'image/bmp', base64 };
      expect(() => validateSendRequest({ ...request, body }), base64).toThrow(
        expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/is not valid base64/) }),
      );
      expect(() => encodeBody(body), base64).toThrow(
        expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/is not valid base64/) }),
      );
    }
  });

  it('is not exported as code: a snippet cannot carry the file', () => {
    const request = {
      target: 'api' as const,
      method: 'PUT' as const,
      path: '/v2/self/avatar',
      body: { kind: 'bytes' as const, contentType: 'image/bmp', base64: 'Qk0=' },
    };
    const context = { ...origins, signatureMethod: 'HMAC-SHA512' as const, credentials: 'api-token' as const };
    expect(() => describeSnippetRequest(request, context)).toThrow(/A file body is not exported/);
  });
});
