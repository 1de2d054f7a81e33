import { describe, expect, it } from 'vitest';
import { summarizeErrorBody } from '../../../src/core/error-body.ts';

describe('summarizeErrorBody', () => {
  it('reads the platform, bridge and SFTPGo error shapes', () => {
    expect(summarizeErrorBody('{"id":4001,"message":"Organisation not found","type":"error"}')).toEqual({
      message: 'Organisation not found',
      code: '4001',
    });
    expect(summarizeErrorBody('{"code":"invalid-mfa-code","message":"Wrong code"}')).toEqual({
      message: 'Wrong code',
      code: 'invalid-mfa-code',
    });
    expect(summarizeErrorBody('{"error":"user exists","message":"Conflict"}')).toEqual({
      message: 'Conflict',
      detail: 'user exists',
    });
    expect(summarizeErrorBody('{"error":"only this"}')).toEqual({ message: 'only this' });
  });

  it('ignores bodies that are not error objects', () => {
    for (const text of ['', 'Not Found', '[1]', '{"id":1}', '{bad', 'null'])
      expect(summarizeErrorBody(text), text).toBeUndefined();
  });
});
