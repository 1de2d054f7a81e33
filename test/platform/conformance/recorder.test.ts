/** The conformance recorder's HTTP checks: named exchanges, unnamed errors, statuses the description documents. */
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../index.ts';
import { documentedCodes, undocumentedSuccess } from './documented-status.ts';
import { httpProblems } from './recorder.ts';

const entry = (method: string, url: string, status: number): RequestLogEntry => ({
  server: 'api',
  method,
  url,
  status,
});

describe('the statuses the platform documents', () => {
  it('reads them from its OpenAPI description, /v2 written without its prefix, the most literal path winning', () => {
    expect(documentedCodes('DELETE', '/v2/organisations/orga_1/consumers/key')).toEqual([200]);
    expect(documentedCodes('GET', '/v2/organisations/orga_1/applications/app_1/vhosts/favourite?x=1')).toEqual([200]);
    expect(documentedCodes('GET', '/v4/drains/organisations/orga_1/resources/app_1/drains')).toBeUndefined();
  });

  it('holds successes to them and says nothing of errors or undocumented operations', () => {
    expect(undocumentedSuccess('DELETE', '/v2/self/keys/laptop', 204)).toBe(
      'DELETE /v2/self/keys/laptop answered 204, the platform documents 200',
    );
    expect(undocumentedSuccess('DELETE', '/v2/self/keys/laptop', 200)).toBeUndefined();
    expect(undocumentedSuccess('DELETE', '/v2/self/keys/laptop', 404)).toBeUndefined();
    expect(undocumentedSuccess('GET', '/v4/drains/organisations/o/resources/r/drains', 201)).toBeUndefined();
  });
});

describe('a step’s exchanges', () => {
  it('must include every named one (`*` is one segment, the query ignored) and no unnamed error', () => {
    const log = [entry('GET', '/v2/summary', 200), entry('PUT', '/v2/self/emails/a%40b.test?x=1', 400)];
    expect(httpProblems(['PUT /v2/self/emails/* 400'], log)).toEqual([]);
    expect(httpProblems(['GET /v2/summary 200'], log)).toEqual(['unexpected PUT /v2/self/emails/a%40b.test 400']);
    expect(httpProblems(['GET /v2/self 200', 'PUT /v2/self/emails/* 400'], log)).toEqual(['expected GET /v2/self 200']);
    expect(httpProblems(['GET /v2/*/summary 200'], [entry('GET', '/v2/summary', 200)])).toEqual([
      'expected GET /v2/*/summary 200',
    ]);
    expect(httpProblems([], log)).toEqual(['the step names no expected exchange']);
  });
});
