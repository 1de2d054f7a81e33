import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import {
  describeCheckCount,
  formatCheckReport,
  placeDifferences,
  type ResponseCheck,
  sanitizeCheck,
} from '../../../../src/core/workbench/response-differences.ts';

const check: ResponseCheck = {
  documentedStatus: '200',
  total: 3,
  differences: [
    { pointer: '/0/name', kind: 'missing-required', message: 'Required field "name" is missing', expected: 'name' },
    {
      pointer: '/1/zone',
      kind: 'wrong-type',
      message: 'Expected string, got number 4',
      expected: 'string',
      actual: 'number',
    },
    { pointer: '/1/token', kind: 'wrong-type', message: 'Expected integer, got string "s3cr3t"', actual: 'string' },
  ],
};

describe('response differences', () => {
  it('counts them in words beside the status', () => {
    expect(describeCheckCount(check)).toBe('3 differences from the description');
    expect(describeCheckCount({ ...check, total: 1 })).toBe('1 difference from the description');
    expect(describeCheckCount({ ...check, total: 0, differences: [] })).toBe('matches the description');
  });

  it('places each on its row, a missing field on its object, and counts them under every ancestor', () => {
    const { at, within } = placeDifferences(check.differences);
    expect([...at.keys()]).toEqual(['/0', '/1/zone', '/1/token']);
    expect(within.get('')).toBe(3);
    expect(within.get('/1')).toBe(2);
    expect(within.get('/0')).toBeUndefined();
  });

  it('writes a report naming the call, the documented status and each difference', () => {
    const report = formatCheckReport(
      { method: 'GET', path: '/v2/self/applications', status: 200 },
      check,
      'GET /v2/self/applications',
    );
    expect(report.split('\n')).toEqual([
      "GET /v2/self/applications → 200, compared with the description's 200 schema of GET /v2/self/applications:",
      '3 differences from the description.',
      '- /0/name [missing-required] Required field "name" is missing (expected name)',
      '- /1/zone [wrong-type] Expected string, got number 4 (expected string; got number)',
      '- /1/token [wrong-type] Expected integer, got string "s3cr3t" (got string)',
    ]);
    expect(formatCheckReport({ method: 'GET', path: '/x', status: 200 }, { ...check, total: 5 }, 'x')).toMatch(
      /Only the first 3 are listed and marked in the tree; the other 2 are counted, not listed\.$/,
    );
  });

  it('keeps no value of a secret-named field for history', () => {
    const kept = sanitizeCheck(check);
    expect(kept.differences[0]).toEqual(check.differences[0]);
    expect(kept.differences[1]).toEqual(check.differences[1]);
    expect(kept.differences[2]).toEqual({
      pointer: '/1/token',
      kind: 'wrong-type',
      message: `wrong type (value ${REDACTED})`,
    });
    expect(JSON.stringify(kept)).not.toContain('s3cr3t');
  });
});
