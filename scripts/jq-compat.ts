/**
 * `npx tsx scripts/jq-compat.ts DIR`: runs Keyhole's jq (src/core/workbench/jq-filter.ts) on jq's own test files
 * (`jq.test` and `man.test` from a checkout of jq's repository, in DIR/tests or DIR) and prints how many cases agree.
 * A case agrees when every expected output is produced, in order, and nothing else; a `%%FAIL` case when the
 * program is refused. Not part of `npm test` (jq's tests are not in this repository); README quotes its figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { equalValues } from '../src/core/workbench/jq/values.ts';
import { runJqFilter } from '../src/core/workbench/jq-filter.ts';

interface Case {
  file: string;
  line: number;
  program: string;
  input?: string;
  expected: string[];
  fails: boolean;
}

export function readJqTests(text: string, file: string): Case[] {
  const lines = text.split('\n');
  const cases: Case[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at]!;
    if (line.trim() === '' || line.startsWith('#')) {
      at += 1;
      continue;
    }
    if (line.startsWith('%%FAIL')) {
      const program = lines[at + 1] ?? '';
      const start = at;
      at += 2;
      while (at < lines.length && lines[at]!.trim() !== '') at += 1;
      cases.push({ file, line: start + 1, program, expected: [], fails: true });
      continue;
    }
    const start = at;
    const program = line;
    const input = lines[at + 1] ?? 'null';
    at += 2;
    const expected: string[] = [];
    while (at < lines.length && lines[at]!.trim() !== '') {
      expected.push(lines[at]!);
      at += 1;
    }
    cases.push({ file, line: start + 1, program, input, expected, fails: false });
  }
  return cases;
}

/** Inputs and outputs in jq's extended JSON (nan, multiple values on a line) cannot be compared here. */
function comparable(test: Case): boolean {
  try {
    if (!test.fails) JSON.parse(test.input!.replace(/^\uFEFF/, ''));
    for (const text of test.expected) JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function agrees(test: Case): boolean {
  const result = runJqFilter(test.program, test.fails ? null : JSON.parse(test.input!.replace(/^\uFEFF/, '')));
  if (test.fails) return !result.ok;
  if (!result.ok) return false;
  const expected = test.expected.map((text) => JSON.parse(text));
  return result.values.length === expected.length && result.values.every((value, k) => equalValues(value, expected[k]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npx tsx scripts/jq-compat.ts PATH-TO-JQ-CHECKOUT (its tests/jq.test and tests/man.test)');
    process.exit(2);
  }
  const testsDir = existsSync(join(dir, 'tests')) ? join(dir, 'tests') : dir;
  const verbose = process.argv.includes('--verbose');
  for (const name of ['jq.test', 'man.test']) {
    const path = join(testsDir, name);
    if (!existsSync(path)) {
      console.error(`No ${path}`);
      process.exit(2);
    }
    const all = readJqTests(readFileSync(path, 'utf8'), name);
    const cases = all.filter(comparable);
    let passed = 0;
    for (const test of cases) {
      let ok = false;
      try {
        ok = agrees(test);
      } catch {
        ok = false;
      }
      if (ok) passed += 1;
      else if (verbose) console.log(`${name}:${test.line}: ${test.program}`);
    }
    const percent = ((100 * passed) / cases.length).toFixed(1);
    console.log(
      `${name}: ${passed} of ${cases.length} comparable cases agree (${percent} %); ${all.length - cases.length} not comparable`,
    );
  }
}
