import { describe, expect, it } from 'vitest';
import { type FileTime, formatSlowest } from '../../../scripts/slowest-files.ts';

const file = (name: string, ms: number, state = 'passed', tests = 2): FileTime => ({ file: name, ms, tests, state });

describe('formatSlowest', () => {
  it('lists the slowest files first, with their share of the summed time, ten at most', () => {
    const files = Array.from({ length: 12 }, (_, index) => file(`test/e2e/f${index}.test.ts`, (index + 1) * 1000));
    const lines = formatSlowest(files);
    expect(lines[0]).toBe('10 slowest of 12 files (78.0 s summed):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^\s+12\.0 s\s+15%\s+test\/e2e\/f11\.test\.ts\s+2 tests$/);
    expect(lines[10]).toMatch(/^\s+3\.0 s\s+4%\s+test\/e2e\/f2\.test\.ts/);
    expect(lines.join('\n')).not.toContain('f1.test.ts');
  });

  it('marks files that did not pass, so a fast failure is not read as a fast file', () => {
    const lines = formatSlowest([file('a.test.ts', 500, 'failed', 1), file('b.test.ts', 400)], 5);
    expect(lines[1]).toMatch(/a\.test\.ts\s+1 test\s+\[failed\]$/);
    expect(lines[2]).not.toContain('[');
  });

  it('prints nothing for a run without files, and orders ties by name', () => {
    expect(formatSlowest([])).toEqual([]);
    const lines = formatSlowest([file('b.test.ts', 100), file('a.test.ts', 100)]);
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/)[3])).toEqual(['a.test.ts', 'b.test.ts']);
  });
});
