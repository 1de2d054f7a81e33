/**
 * Stand-ins for the programs a shown command starts (sftp, git, unzip, clever…): each records the exact argv
 * bash hands it and exits 0, so a test runs a command the way a user pastes it and asserts what each program
 * would have received, without connecting anywhere.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ArgvShims {
  /** PATH with the shims first (the real programs behind them are never reached for these names). */
  path: string;
  /** Every recorded invocation so far, in order: the program name, then its arguments. */
  calls(): string[][];
  dispose(): void;
}

export function createArgvShims(programs: readonly string[]): ArgvShims {
  const dir = mkdtempSync(join(tmpdir(), 'keyhole-shims-'));
  const log = join(dir, 'calls.log');
  writeFileSync(log, '');
  for (const program of programs) {
    const file = join(dir, program);
    // NUL-separated arguments (they cannot contain NUL), one record per call ended by an ASCII record separator.
    writeFileSync(file, `#!/bin/bash\n{ printf '%s\\0' ${program} "$@"; printf '\\x1e'; } >> '${log}'\n`);
    chmodSync(file, 0o755);
  }
  return {
    path: `${dir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\x1e')
        .filter((record) => record !== '')
        .map((record) => record.split('\0').slice(0, -1)),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
