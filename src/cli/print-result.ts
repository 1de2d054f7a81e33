import type { RequestRunResult } from '../core/workbench/run/run-collection.ts';
import { caseName, resultLines } from '../core/workbench/run/run-report.ts';

const MARKS: Record<RequestRunResult['outcome'], string> = { passed: '✓', failed: '✗', error: '!', skipped: '-' };

/** One request's result for a terminal: a mark and its name, then what it showed, indented. */
export function formatResult(result: RequestRunResult): string {
  const lines = resultLines(result).map((line) => `    ${line}`);
  return `${MARKS[result.outcome]} ${caseName(result)}\n${lines.join('\n')}\n`;
}
