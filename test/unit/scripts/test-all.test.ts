import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/test-all.ts (`npm test`) run for real, with a stand-in for vitest: the script runs the vitest of the
 * folder it is started in (node_modules/.bin/vitest), so a folder whose vitest is a small shell script says what
 * each run printed and how it ended. Its output is read through a pipe, as CI's log reads it.
 */
const TSX = resolve('node_modules/.bin/tsx');
const SCRIPT = resolve('scripts/test-all.ts');

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'keyhole-test-all-'));
  await mkdir(join(folder, 'node_modules/.bin'), { recursive: true });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Runs `npm test`'s script with a vitest whose unit and e2e runs do what the two shell snippets say. */
async function testAll(unit: string, e2e: string): Promise<{ code: number | null; output: string }> {
  const vitest = join(folder, 'node_modules/.bin/vitest');
  await writeFile(vitest, `#!/bin/sh\ncase "$*" in\n  *unit*) ${unit} ;;\n  *) ${e2e} ;;\nesac\n`);
  await chmod(vitest, 0o755);
  return new Promise((done, fail) => {
    const child = spawn(TSX, [SCRIPT], { cwd: folder, stdio: ['ignore', 'pipe', 'inherit'] });
    const pieces: Buffer[] = [];
    child.stdout.on('data', (piece: Buffer) => pieces.push(piece));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output: Buffer.concat(pieces).toString('utf8') }));
  });
}

describe('npm test (scripts/test-all.ts)', () => {
  it('prints the whole unit output through a pipe, then the summary, also after the e2e run was killed', async () => {
    // 400 KB of unit output, over a pipe's 64 KB. The e2e run is a node process killed by a signal (as the kernel
    // kills one out of memory): it leaves the shared pipe non-blocking, and an exit right after writing the unit
    // output kept only its first 64 KB.
    const { code, output } = await testAll(
      `i=0; while [ $i -lt 4000 ]; do printf '%099d\\n' $i; i=$((i+1)); done; echo 'unit: 1 test failed'; exit 1`,
      `exec node -e 'console.log("e2e: started"); process.kill(process.pid, "SIGKILL")'`,
    );
    expect(output).toContain('e2e: started');
    expect(output).toContain(`${'0'.repeat(95)}3999\n`);
    expect(output).toContain('unit: 1 test failed');
    expect(output).toMatch(/npm test: e2e FAILED in \d+ s, unit FAILED/);
    expect(code).toBe(1);
  });

  it("exits with the e2e run's code, and fails when a run was killed by a signal", async () => {
    expect((await testAll('exit 0', 'exit 3')).code).toBe(3);
    const killed = await testAll('kill -9 $$', 'exit 0');
    expect(killed.output).toMatch(/unit FAILED/);
    expect(killed.code).toBe(1);
    expect((await testAll('exit 0', 'exit 0')).code).toBe(0);
  });
});
