import type { RequestRunResult, RunSummary } from './run-collection.ts';

/**
 * A finished run as files: JUnit XML (what CI systems read: one test case per request, one suite per folder) and
 * JSON (every assertion and capture, for tools). The panel's export and the Node runner's `--junit`/`--json` both
 * write these, so a run reads the same wherever it ran. Captured values appear only as "captured" (names, not
 * values): a capture may hold an id that is fine to print, but a report is a file that travels.
 */

export interface RunReportMeta {
  /** The collection (file name or "Saved requests"). */
  name: string;
  environment: string;
  startedAt: Date;
}

export const RUN_REPORT_FORMAT = 'keyhole-run-report';

// XML 1.0 cannot carry most control characters nor a lone surrogate half: they are dropped, the rest escaped.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML cannot carry
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escaped for XML; in an attribute a line break is written as a reference, or a parser would read a space. */
export function xmlEscape(text: string, where: 'attribute' | 'text' = 'attribute'): string {
  const escaped = text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return where === 'attribute' ? escaped.replace(/\r/g, '&#13;').replace(/\n/g, '&#10;') : escaped;
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

export function caseName(result: RequestRunResult): string {
  return `${result.name} (${result.method} ${result.path})`;
}

function failureLines(result: RequestRunResult): string[] {
  return [
    ...result.assertions.filter((item) => !item.pass).map((item) => `${item.label}: ${item.message}`),
    ...result.captures.filter((item) => !item.pass).map((item) => `${item.label}: ${item.message}`),
  ];
}

/** What each request showed, line by line: the text of the summary and of JUnit's system-out. */
export function resultLines(result: RequestRunResult): string[] {
  return [
    ...(result.status !== undefined ? [`status ${result.status} in ${Math.round(result.durationMs ?? 0)} ms`] : []),
    ...result.assertions.map((item) => `${item.pass ? 'pass' : 'FAIL'} ${item.label}: ${item.message}`),
    ...result.captures.map(
      (item) => `${item.pass ? 'captured' : 'FAIL'} ${item.label}${item.pass ? '' : `: ${item.message}`}`,
    ),
    ...(result.error ? [`error: ${result.error}`] : []),
  ];
}

function testCase(result: RequestRunResult): string {
  const open = `    <testcase classname="${xmlEscape(result.folder || 'collection')}" name="${xmlEscape(caseName(result))}" time="${seconds(result.durationMs)}"`;
  const out = `      <system-out>${xmlEscape(resultLines(result).join('\n'), 'text')}</system-out>`;
  switch (result.outcome) {
    case 'passed':
      return `${open}>\n${out}\n    </testcase>`;
    case 'skipped':
      return `${open}>\n      <skipped/>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error message="${xmlEscape(result.error ?? 'error')}" type="error"/>\n${out}\n    </testcase>`;
    case 'failed': {
      const lines = failureLines(result);
      return `${open}>\n      <failure message="${xmlEscape(lines[0] ?? 'failed')}" type="assertion">${xmlEscape(lines.join('\n'), 'text')}</failure>\n${out}\n    </testcase>`;
    }
  }
}

const count = (results: readonly RequestRunResult[], outcome: RequestRunResult['outcome']) =>
  results.filter((item) => item.outcome === outcome).length;

function counts(results: readonly RequestRunResult[]): string {
  return `tests="${results.length}" failures="${count(results, 'failed')}" errors="${count(results, 'error')}" skipped="${count(results, 'skipped')}"`;
}

export function toJUnitXml(summary: RunSummary, meta: RunReportMeta): string {
  const folders = [...new Set(summary.results.map((result) => result.folder))];
  const suites = folders.map((folder) => {
    const results = summary.results.filter((result) => result.folder === folder);
    const time = results.reduce((total, result) => total + (result.durationMs ?? 0), 0);
    const name = folder ? `${meta.name} / ${folder}` : meta.name;
    return [
      `  <testsuite name="${xmlEscape(name)}" ${counts(results)} time="${seconds(time)}" timestamp="${meta.startedAt.toISOString().slice(0, 19)}">`,
      `    <properties><property name="environment" value="${xmlEscape(meta.environment)}"/></properties>`,
      ...results.map(testCase),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(meta.name)}" ${counts(summary.results)} time="${seconds(summary.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export function toJsonReport(summary: RunSummary, meta: RunReportMeta): string {
  const report = {
    format: RUN_REPORT_FORMAT,
    version: 1,
    collection: meta.name,
    environment: meta.environment,
    startedAt: meta.startedAt.toISOString(),
    durationMs: summary.durationMs,
    stopped: summary.stopped,
    totals: {
      requests: summary.results.length,
      passed: count(summary.results, 'passed'),
      failed: count(summary.results, 'failed'),
      errors: count(summary.results, 'error'),
      skipped: count(summary.results, 'skipped'),
    },
    results: summary.results.map((result) => ({
      ...result,
      captures: result.captures.map(({ value: _value, message, ...capture }) => ({
        ...capture,
        message: capture.pass ? 'captured' : message,
      })),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** One line for the end of a run: what a terminal and the Runner's status line say. */
export function summaryLine(summary: RunSummary): string {
  const { results } = summary;
  const parts = [`${count(results, 'passed')} passed`, `${count(results, 'failed')} failed`];
  if (count(results, 'error') > 0) parts.push(`${count(results, 'error')} errors`);
  if (count(results, 'skipped') > 0) parts.push(`${count(results, 'skipped')} skipped`);
  return `${results.length} requests: ${parts.join(', ')}${summary.stopped ? ' (stopped early)' : ''}`;
}
