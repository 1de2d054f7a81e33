import { describe, expect, it } from 'vitest';
import { describeErrorSummary, summarizeErrorBody } from '../../../../src/core/http/error-body.ts';

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

  it('reads the real platform’s internal codes, as numbers or strings', () => {
    expect(summarizeErrorBody('{"id":"550","message":"Your application is not reachable","type":"error"}')).toEqual({
      message: 'Your application is not reachable',
      code: '550',
    });
    expect(summarizeErrorBody('{"id":1004,"message":"The organisation does not exist","type":"error"}')?.code).toBe(
      '1004',
    );
  });

  it('prefers `code` over `id`, like the official client', () => {
    // Before: the id won, so a bridge refusal read as "1004" instead of its named code.
    expect(summarizeErrorBody('{"id":1004,"code":"invalid-credential","error":"Bad credentials"}')).toEqual({
      message: 'Bad credentials',
      code: 'invalid-credential',
    });
  });

  it('reads SFTPGo’s real conflict body, whose message is empty', () => {
    // Before: the empty message hid the error, so the body was not recognised at all.
    expect(
      summarizeErrorBody(
        '{"error":"duplicate key value violates unique constraint \\"users_username_key\\"","message":""}',
      ),
    ).toEqual({ message: 'duplicate key value violates unique constraint "users_username_key"' });
  });

  it('ignores bodies that are not error objects', () => {
    for (const text of ['', 'Not Found', '[1]', '{"id":1}', '{"message":"","error":" "}', '{bad', 'null'])
      expect(summarizeErrorBody(text), text).toBeUndefined();
  });
});

describe('describeErrorSummary', () => {
  it('names the platform’s code as such, never as an HTTP status', () => {
    expect(describeErrorSummary({ message: 'Organisation not found', code: '4001' })).toBe(
      'Organisation not found (platform code 4001)',
    );
    expect(describeErrorSummary({ message: 'Nothing more' })).toBe('Nothing more');
  });
});
