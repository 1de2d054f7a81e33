import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  clockOffsetFromDateHeader,
  isTextContentType,
  readPlatformError,
} from '../../../../src/core/http/response-body.ts';

describe('isTextContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/vnd.api+json', true],
    ['text/html', true],
    ['application/x-www-form-urlencoded', true],
    ['', true],
    ['application/pdf', false],
    ['image/png', false],
    ['application/octet-stream', false],
  ])('%s → %s', (type, text) => {
    expect(isTextContentType(type)).toBe(text);
  });
});

describe('base64', () => {
  it('round-trips bytes larger than one chunk', () => {
    const bytes = new Uint8Array(200_000).map((_, index) => (index * 31) % 256);
    const encoded = bytesToBase64(bytes);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(encoded)).toEqual(bytes);
  });
});

describe('readPlatformError', () => {
  it('reads the platform shape; its id is the platform’s code, whether a number or a string', () => {
    expect(readPlatformError('{"id":4001,"message":"Nonce already used","type":"error"}')).toEqual({
      code: '4001',
      message: 'Nonce already used',
    });
    // Before: a string id (as the real platform sends: '101', '550') was dropped.
    expect(readPlatformError('{"id":"101","message":"Unknown consumer","type":"error"}')).toEqual({
      code: '101',
      message: 'Unknown consumer',
    });
  });
  it('reads the error/code shape', () => {
    expect(readPlatformError('{"error":"Bad credentials","code":"invalid-credential"}')).toEqual({
      message: 'Bad credentials',
      code: 'invalid-credential',
    });
  });
  it('ignores other bodies', () => {
    expect(readPlatformError('<html>')).toBeUndefined();
    expect(readPlatformError('[1,2]')).toBeUndefined();
    expect(readPlatformError('{"ok":true}')).toBeUndefined();
  });
});

describe('clockOffsetFromDateHeader', () => {
  it('gives server minus local, in seconds', () => {
    const local = Date.parse('2026-11-21T12:00:00Z');
    expect(clockOffsetFromDateHeader('Sat, 21 Nov 2026 12:10:00 GMT', local)).toBe(600);
    expect(clockOffsetFromDateHeader('Sat, 21 Nov 2026 11:59:30 GMT', local)).toBe(-30);
  });
  it('ignores a missing or invalid header', () => {
    expect(clockOffsetFromDateHeader(null, 0)).toBeUndefined();
    expect(clockOffsetFromDateHeader('yesterday', 0)).toBeUndefined();
  });
});
