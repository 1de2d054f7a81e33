import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingReason } from '../../../../../scripts/system-packages.ts';
import type { RunSummary } from '../../../../../src/core/workbench/run/run-collection.ts';
import { summaryLine, toJsonReport, toJUnitXml, xmlEscape } from '../../../../../src/core/workbench/run/run-report.ts';

const summary: RunSummary = {
  durationMs: 300,
  stopped: false,
  captured: { organisationId: 'orga_1' },
  results: [
    {
      id: '1',
      name: 'List <organisations> & "more"',
      folder: 'Chain',
      method: 'GET',
      path: '/v2/organisations',
      outcome: 'passed',
      status: 200,
      durationMs: 100,
      assertions: [{ label: 'status is 200', pass: true, message: 'status 200' }],
      captures: [
        {
          label: 'set {organisationId} from .[0].id',
          variable: 'organisationId',
          into: 'run',
          pass: true,
          value: 'orga_1',
          message: '{organisationId} = "orga_1"',
        },
      ],
    },
    {
      id: '2',
      name: 'Applications',
      folder: 'Chain',
      method: 'GET',
      path: '/v2/organisations/orga_1/applications',
      outcome: 'failed',
      status: 200,
      durationMs: 50,
      assertions: [{ label: 'length equals 3', pass: false, message: 'got 2\u0001' }],
      captures: [],
    },
    {
      id: '3',
      name: 'Broken',
      folder: '',
      method: 'GET',
      path: '/v2/x',
      outcome: 'error',
      assertions: [],
      captures: [],
      error: 'Could not reach it',
    },
    {
      id: '4',
      name: 'Later',
      folder: '',
      method: 'GET',
      path: '/v2/y',
      outcome: 'skipped',
      assertions: [],
      captures: [],
    },
  ],
};
const meta = { name: 'chain.json', environment: 'sandbox', startedAt: new Date('2026-11-27T10:00:00Z') };

describe('run reports', () => {
  it('escapes what XML cannot carry as it is', () => {
    expect(xmlEscape('a<b>&"c"\n\u0000😀\ud800')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#10;😀');
    expect(xmlEscape('x\ny', 'text')).toBe('x\ny');
  });

  it('JUnit XML: a suite per folder, a case per request, failures, errors and skips counted', () => {
    const xml = toJUnitXml(summary, meta);
    expect(xml).toContain('<testsuites name="chain.json" tests="4" failures="1" errors="1" skipped="1" time="0.300">');
    expect(xml).toContain('<testsuite name="chain.json / Chain" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('name="List &lt;organisations&gt; &amp; &quot;more&quot; (GET /v2/organisations)"');
    expect(xml).toContain('<failure message="length equals 3: got 2" type="assertion">');
    expect(xml).toContain('<error message="Could not reach it" type="error"/>');
    expect(xml).toContain('<skipped/>');
    expect(xml).not.toContain('orga_1"');
  });

  // A real JUnit reader (Debian's python3-junitparser) reads what we write; skipped with the reason when absent.
  const noParser = missingReason('junitparser', existsSync);
  it.skipIf(noParser !== undefined)(
    'python3-junitparser reads the JUnit file with the same counts and outcomes',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'keyhole-junit-'));
      const file = join(dir, 'report.xml');
      writeFileSync(file, toJUnitXml(summary, meta));
      const read = execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          `import json, sys
from junitparser import JUnitXml, Failure, Error, Skipped
xml = JUnitXml.fromfile(sys.argv[1])
print(json.dumps([[s.name, s.tests, s.failures, s.errors, s.skipped, [[c.name, [type(r).__name__ for r in c.result]] for c in s]] for s in xml]))`,
          file,
        ],
        { encoding: 'utf8' },
      );
      expect(JSON.parse(read)).toEqual([
        [
          'chain.json / Chain',
          2,
          1,
          0,
          0,
          [
            ['List <organisations> & "more" (GET /v2/organisations)', []],
            ['Applications (GET /v2/organisations/orga_1/applications)', ['Failure']],
          ],
        ],
        [
          'chain.json',
          2,
          0,
          1,
          1,
          [
            ['Broken (GET /v2/x)', ['Error']],
            ['Later (GET /v2/y)', ['Skipped']],
          ],
        ],
      ]);
    },
  );

  it('JSON report: totals, every outcome, captured names but not their values', () => {
    const report = JSON.parse(toJsonReport(summary, meta));
    expect(report).toMatchObject({
      format: 'keyhole-run-report',
      environment: 'sandbox',
      totals: { requests: 4, passed: 1, failed: 1, errors: 1, skipped: 1 },
    });
    expect(report.results[0].captures[0]).toEqual({
      label: 'set {organisationId} from .[0].id',
      variable: 'organisationId',
      into: 'run',
      pass: true,
      message: 'captured',
    });
    expect(summaryLine(summary)).toBe('4 requests: 1 passed, 1 failed, 1 errors, 1 skipped');
  });
});
