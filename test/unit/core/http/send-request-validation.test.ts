import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { validateSendRequest } from '../../../../src/core/http/send-request-validation.ts';

function refusal(value: unknown): KeyholeError {
  try {
    validateSendRequest(value);
  } catch (error) {
    if (error instanceof KeyholeError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validateSendRequest', () => {
  it('copies a valid request, uppercasing the method and dropping unknown fields', () => {
    expect(
      validateSendRequest({
        target: 'bridge',
        method: 'get',
        path: '/v2/self',
        query: [['a', '1']],
        headers: [['X-A', 'b']],
        body: { kind: 'none' },
        bridgeAuth: 'oauth-plaintext',
        requestId: 'r1',
        timeoutMs: 5000,
        maxBodyBytes: 1024,
        extra: 'dropped',
      }),
    ).toEqual({
      target: 'bridge',
      method: 'GET',
      path: '/v2/self',
      query: [['a', '1']],
      headers: [['X-A', 'b']],
      body: { kind: 'none' },
      bridgeAuth: 'oauth-plaintext',
      requestId: 'r1',
      timeoutMs: 5000,
      maxBodyBytes: 1024,
    });
  });

  it.each([
    [null, /request must be an object \(got null\)/],
    ['GET /v2/self', /request must be an object/],
    [{ method: 'GET', path: '/v2/self' }, /Unknown target undefined undefined: use “api” or “bridge”/],
    [{ target: 'admin', method: 'GET', path: '/v2/self' }, /Unknown target “admin”/],
    [{ target: 'API', method: 'GET', path: '/v2/self' }, /Unknown target “API”/],
    [{ target: 'api', method: 42, path: '/v2/self' }, /method must be a word such as GET or POST \(got number 42\)/],
    [{ target: 'api', method: 'TRACE', path: '/v2/self' }, /never send TRACE/],
    [{ target: 'api', method: 'connect', path: '/v2/self' }, /never send CONNECT/],
    [{ target: 'api', method: 'TRACK', path: '/v2/self' }, /never send TRACK/],
    [{ target: 'api', method: 'PROPFIND', path: '/v2/self' }, /“PROPFIND” is not one Keyhole sends/],
    [{ target: 'api', method: 'GET', path: 7 }, /path must be a string/],
    [{ target: 'api', method: 'GET', path: '/v2/self', headers: [['X-A']] }, /header row 1/],
    [{ target: 'api', method: 'GET', path: '/v2/self', headers: 'X-A: b' }, /header must be a list/],
    [{ target: 'api', method: 'GET', path: '/v2/self', query: [['a', 1]] }, /query parameter row 1/],
    [{ target: 'api', method: 'POST', path: '/v2/self', body: null }, /body must be an object/],
    [{ target: 'api', method: 'POST', path: '/v2/self', body: { kind: 'xml' } }, /Unknown body kind “xml”/],
    [{ target: 'api', method: 'POST', path: '/v2/self', body: { kind: 'json' } }, /JSON body needs its text/],
    [
      { target: 'api', method: 'POST', path: '/v2/self', body: { kind: 'text', text: 'a', contentType: 'x\r\nX: 1' } },
      /content type is not valid.*line break/,
    ],
    [
      { target: 'api', method: 'POST', path: '/v2/self', body: { kind: 'text', text: 'a', contentType: 'text/☃' } },
      /content type is not valid.*Latin-1/,
    ],
    [{ target: 'api', method: 'GET', path: '/v2/self', signatureMethod: 'RSA-SHA1' }, /Unknown signature method/],
    [{ target: 'bridge', method: 'GET', path: '/v2/self', bridgeAuth: 'cookie' }, /Unknown bridge authentication/],
    [{ target: 'api', method: 'GET', path: '/v2/self', timeoutMs: -1 }, /timeout/],
    [{ target: 'api', method: 'GET', path: '/v2/self', maxBodyBytes: 1.5 }, /size limit/],
    // No upper bound let a page lift the 256 MB cap that stops a body that never ends before it takes the tab down.
    [
      { target: 'api', method: 'GET', path: '/v2/self', maxBodyBytes: 256 * 1024 * 1024 + 1 },
      /size limit must be at most 268435456 bytes \(256 MB\)/,
    ],
    [{ target: 'api', method: 'GET', path: '/v2/self', maxBodyBytes: Number.MAX_SAFE_INTEGER + 2 }, /at most/],
  ])('refuses %j with a specific message', (value, why) => {
    const error = refusal(value);
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(why);
  });
});

describe('a list with holes (a structured clone keeps them: Firefox messages, the panel’s channel)', () => {
  it('is refused at its first hole, with the row, never passed on with the hole in it', () => {
    const base = { target: 'api', method: 'GET', path: '/v2/self' };
    // [ <5 empty>, ['X-A', 'b'] ]: JSON would have made the holes null; a structured clone keeps them.
    const headers = Object.assign([], { 5: ['X-A', 'b'] });
    expect(refusal({ ...base, headers }).message).toBe('The header row 1 must be a [name, value] pair of strings.');
    const query = Object.assign([['a', '1']], { 3: ['b', '2'] });
    expect(refusal({ ...base, query }).message).toBe(
      'The query parameter row 2 must be a [name, value] pair of strings.',
    );
  });
});

describe('a file body at the message contract', () => {
  const MB = 1024 * 1024;
  const file = (bytes: number) => ({
    target: 'api',
    method: 'PUT',
    path: '/v2/self/avatar',
    body: { kind: 'bytes', contentType: 'image/png', base64: Buffer.alloc(bytes, 7).toString('base64') },
  });

  it('takes a file of exactly 20 MB, the size the panel lets a user pick', () => {
    const request = validateSendRequest(file(20 * MB));
    expect(request.body?.kind === 'bytes' && request.body.base64.length).toBe(Math.ceil((20 * MB) / 3) * 4);
  });

  it('refuses one byte more with a message that gives both sizes, before decoding or scanning it', () => {
    expect(refusal(file(20 * MB + 1))).toMatchObject({
      code: 'invalid-input',
      message:
        'The file body is 20971521 bytes; Keyhole sends files up to 20971520 bytes (20 MB). Pick a smaller file.',
    });
    // A 30 MB one that is not even base64: the size is what is said, from the length alone.
    const huge = { ...file(0), body: { kind: 'bytes', contentType: 'image/png', base64: '*'.repeat(40 * MB) } };
    expect(refusal(huge).message).toMatch(/^The file body is 31457280 bytes; Keyhole sends files up to 20971520/);
  });
});
