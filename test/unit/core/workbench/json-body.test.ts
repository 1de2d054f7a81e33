import { describe, expect, it } from 'vitest';
import { isJsonContentType, readJsonBody } from '../../../../src/core/workbench/json-body.ts';

describe('readJsonBody', () => {
  it('parses JSON announced or looking like JSON', () => {
    expect(readJsonBody('application/json; charset=utf-8', '{"a":1}')).toEqual({ kind: 'json', value: { a: 1 } });
    expect(readJsonBody('text/plain', ' [1]')).toEqual({ kind: 'json', value: [1] });
    expect(readJsonBody('application/problem+json', '"x"')).toEqual({ kind: 'json', value: 'x' });
  });

  it('says where announced JSON breaks', () => {
    expect(readJsonBody('application/json; charset=utf-8', '{"id": 1, "name": "truncat')).toEqual({
      kind: 'malformed',
      problem: { offset: 26, line: 1, column: 27, message: 'A string is not closed (missing ").' },
    });
    expect(readJsonBody('application/json', '{\n  "a": 1,\n}')).toMatchObject({
      kind: 'malformed',
      problem: { line: 3, column: 1, message: 'Trailing comma before }.' },
    });
  });

  it('leaves other bodies as text, and an empty body is not malformed', () => {
    expect(readJsonBody('text/html', '<p>{</p>')).toEqual({ kind: 'text' });
    expect(readJsonBody('text/plain', '{not json')).toEqual({ kind: 'text' });
    expect(readJsonBody('application/json', '')).toEqual({ kind: 'text' });
  });

  it('recognises JSON content types only', () => {
    expect(isJsonContentType('application/vnd.api+json')).toBe(true);
    expect(isJsonContentType('application/jsonlines')).toBe(false);
    expect(isJsonContentType('')).toBe(false);
  });
});
