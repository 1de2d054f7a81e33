/**
 * The ten slowest test files of a run, printed at its end (a Vitest reporter, named in vitest.config.ts), so a CI
 * that grows slower shows which files took its minutes. A file's time is what it cost the run: importing it, its
 * setup, and its tests and hooks (a file's browser starts in its hooks). The ranking is pure and unit-tested.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  /** Milliseconds: import, setup, tests and hooks. */
  ms: number;
  tests: number;
  /** Failed or skipped files are marked, so a fast failure is not read as a fast file. */
  state: string;
}

/** The `count` slowest files, slowest first, as lines to print (the share is of the files' summed time). */
export function formatSlowest(files: readonly FileTime[], count = 10): string[] {
  const total = files.reduce((sum, file) => sum + file.ms, 0);
  const slowest = [...files].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
  if (slowest.length === 0) return [];
  const width = Math.max(...slowest.map((file) => file.file.length));
  return [
    `${slowest.length} slowest of ${files.length} files (${(total / 1000).toFixed(1)} s summed):`,
    ...slowest.map((file) => {
      const seconds = `${(file.ms / 1000).toFixed(1)} s`.padStart(8);
      const share = total > 0 ? `${((100 * file.ms) / total).toFixed(0)}%`.padStart(4) : '';
      const state = file.state === 'passed' ? '' : `  [${file.state}]`;
      return `  ${seconds} ${share}  ${file.file.padEnd(width)}  ${file.tests} test${file.tests === 1 ? '' : 's'}${state}`;
    }),
  ];
}

export function fileTimeOf(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  return {
    file: relative(root, module.moduleId),
    ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
    tests: [...module.children.allTests()].length,
    state: module.state(),
  };
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines = formatSlowest(modules.map((module) => fileTimeOf(module, process.cwd())));
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
