import { describe, expect, it } from 'vitest';
import type { Assertion } from '../../../../../src/core/workbench/run/checks.ts';
import {
  evaluateChecks,
  type ObservedResponse,
  type SchemaJudge,
} from '../../../../../src/core/workbench/run/evaluate-checks.ts';

const response = (overrides: Partial<ObservedResponse> = {}): ObservedResponse => ({
  status: 200,
  durationMs: 120,
  headers: [['Content-Type', 'application/json; charset=utf-8']],
  body: JSON.stringify([
    { id: 'app_1', name: 'web', instances: 2, tags: ['eu', 'prod'] },
    { id: 'app_2', name: 'worker', instances: 1, tags: [] },
  ]),
  ...overrides,
});
const endpoint = { method: 'GET', pathTemplate: '/v2/organisations/{organisationId}/applications' };

function judgeOne(assertion: Assertion, observed = response(), judge?: SchemaJudge) {
  const outcome = evaluateChecks({ assertions: [assertion], captures: [] }, observed, endpoint, judge).assertions[0];
  if (!outcome) throw new Error('no outcome');
  return outcome;
}

describe('assertions', () => {
  it('status is / is in', () => {
    expect(judgeOne({ kind: 'status', op: 'is', values: [200] }).pass).toBe(true);
    expect(judgeOne({ kind: 'status', op: 'is', values: [201] })).toMatchObject({
      pass: false,
      message: 'status was 200',
    });
    expect(judgeOne({ kind: 'status', op: 'in', values: [201, 200] }).pass).toBe(true);
  });

  it('jq equals compares JSON values, and text that is not JSON as a string', () => {
    expect(judgeOne({ kind: 'jq', expression: 'length', op: 'equals', expected: '2' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0].name', op: 'equals', expected: 'web' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0].name', op: 'equals', expected: '"web"' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0].tags', op: 'equals', expected: '["eu","prod"]' }).pass).toBe(true);
    const wrong = judgeOne({ kind: 'jq', expression: '.[1].instances', op: 'equals', expected: '2' });
    expect(wrong).toMatchObject({ pass: false, message: 'got 1', label: '.[1].instances equals 2' });
    // Several outputs are compared as their list.
    expect(judgeOne({ kind: 'jq', expression: '.[].id', op: 'equals', expected: '["app_1","app_2"]' }).pass).toBe(true);
  });

  it('jq contains: substrings, subsets, and an element of a list', () => {
    expect(judgeOne({ kind: 'jq', expression: '.[0].name', op: 'contains', expected: 'we' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0]', op: 'contains', expected: '{"name":"web"}' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[].name', op: 'contains', expected: 'worker' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[].name', op: 'contains', expected: 'db' }).pass).toBe(false);
  });

  it('jq matches a regular expression; a bad one fails with why', () => {
    expect(judgeOne({ kind: 'jq', expression: '.[0].id', op: 'matches', expected: '^app_\\d$' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0].instances', op: 'matches', expected: '2' }).pass).toBe(false);
    expect(judgeOne({ kind: 'jq', expression: '.[0].id', op: 'matches', expected: '(' }).message).toMatch(
      /Not a valid regular expression/,
    );
  });

  it('jq exists: some output that is not null', () => {
    expect(judgeOne({ kind: 'jq', expression: '.[0].id', op: 'exists', expected: '' }).pass).toBe(true);
    expect(judgeOne({ kind: 'jq', expression: '.[0].missing', op: 'exists', expected: '' }).pass).toBe(false);
    expect(
      judgeOne({ kind: 'jq', expression: '.[] | select(.instances > 5)', op: 'exists', expected: '' }),
    ).toMatchObject({
      pass: false,
      message: 'no output',
    });
  });

  it('a jq syntax error, a body that is not JSON or only partly received fails with its reason', () => {
    expect(judgeOne({ kind: 'jq', expression: '.[', op: 'exists', expected: '' }).message).toMatch(/^jq: /);
    expect(
      judgeOne({ kind: 'jq', expression: '.', op: 'exists', expected: '' }, response({ body: '<html>' })).message,
    ).toBe('The response body is not JSON.');
    expect(
      judgeOne({ kind: 'jq', expression: '.', op: 'exists', expected: '' }, response({ truncated: true })).message,
    ).toMatch(/Only part of the body/);
  });

  it('time under N ms and header matches', () => {
    expect(judgeOne({ kind: 'time', underMs: 500 }).pass).toBe(true);
    expect(judgeOne({ kind: 'time', underMs: 100 })).toMatchObject({ pass: false, message: 'took 120 ms' });
    expect(judgeOne({ kind: 'header', name: 'content-type', pattern: '^application/json' }).pass).toBe(true);
    expect(judgeOne({ kind: 'header', name: 'X-Request-Id', pattern: '.' })).toMatchObject({
      pass: false,
      message: 'no X-Request-Id header',
    });
  });

  it('schema validity asks the judge with the endpoint, the status and the parsed body', () => {
    const seen: unknown[] = [];
    const judge: SchemaJudge = (at, status, body) => {
      seen.push([at, status, body]);
      return Array.isArray(body) ? { ok: true } : { ok: false, message: '/: expected an array' };
    };
    expect(judgeOne({ kind: 'schema' }, response(), judge).pass).toBe(true);
    expect(seen[0]).toEqual([endpoint, 200, JSON.parse(response().body as string)]);
    expect(judgeOne({ kind: 'schema' }, response({ body: '{}' }), judge)).toMatchObject({
      pass: false,
      message: '/: expected an array',
    });
    expect(judgeOne({ kind: 'schema' }).message).toBe('No description is loaded to check against.');
  });
});

describe('captures', () => {
  it('takes strings as they are and other values as JSON; no value is a failure', () => {
    const { captures } = evaluateChecks(
      {
        assertions: [],
        captures: [
          { variable: 'applicationId', expression: '.[0].id', into: 'run' },
          { variable: 'count', expression: 'length', into: 'environment' },
          { variable: 'tags', expression: '.[0].tags', into: 'run' },
          { variable: 'nothing', expression: '.[0].missing', into: 'run' },
        ],
      },
      response(),
      endpoint,
    );
    expect(captures.map((item) => [item.variable, item.pass, item.value])).toEqual([
      ['applicationId', true, 'app_1'],
      ['count', true, '2'],
      ['tags', true, '["eu","prod"]'],
      ['nothing', false, undefined],
    ]);
    expect(captures[1]?.into).toBe('environment');
  });
});

describe('a hostile answer', () => {
  it('nested 100,000 deep: each check that writes it out fails as too deep, the others still judged', () => {
    const deep = response({ body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    const outcomes = evaluateChecks(
      {
        assertions: [
          { kind: 'status', op: 'is', values: [200] },
          { kind: 'jq', expression: '.', op: 'equals', expected: '1' },
          { kind: 'jq', expression: 'length', op: 'equals', expected: '1' },
        ],
        captures: [{ variable: 'whole', expression: '.', into: 'run' }],
      },
      deep,
      { method: 'GET', pathTemplate: '/v2/self' },
    );
    expect(outcomes.assertions.map((outcome) => [outcome.pass, outcome.message])).toEqual([
      [true, expect.any(String)],
      [false, 'The value is nested too deeply.'],
      [true, 'got 1'],
    ]);
    expect(outcomes.captures.map((capture) => [capture.pass, capture.message])).toEqual([
      [false, 'The value is nested too deeply.'],
    ]);
  });
});
