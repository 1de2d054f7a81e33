/**
 * `npm run test:side-by-side`: the unit run and the e2e run side by side, the unit run at a lower CPU priority.
 * Not `npm test`: at load 11–13 on two cores, two of four full runs each had one e2e test time out.
 *
 * Why: run one after the other on CI's two cores, the unit run (CPU-bound: 145 s) was followed by the e2e run,
 * which mostly waits on its browsers, so a core sat idle for much of its ~420 s. Side by side, the unit files use
 * that idle time; `nice` keeps them from taking CPU the browsers ask for (the e2e flows hold under a busy core:
 * scripts/e2e-with-cpu-hog.sh). The e2e run's output streams as it goes; the unit run's is printed whole when it
 * ends, so the two never interleave line by line. The exit status fails if either run failed.
 *
 * With arguments (`npm run test:side-by-side -- test/unit/core`), it is one plain `vitest run` with them instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';

const VITEST = resolve('node_modules/.bin/vitest');
/** Unit files yield to the browsers: nice 10 gets about a tenth of a core's share against nice 0. */
const UNIT_NICENESS = '10';
/** The unit run's output as it arrives: what it printed is there even if the whole job is killed (CI's limit). */
const UNIT_LOG = resolve('test-output/unit-run.log');

const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

/** `collect`: the output is kept for the caller (and copied to `log` as it arrives); `stream`: it goes to ours. */
function run(
  command: string,
  args: string[],
  output: 'stream' | 'collect',
  log?: WriteStream,
): Promise<{ code: number; text: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: output === 'stream' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const pieces: Buffer[] = [];
    const keep = (piece: Buffer) => {
      pieces.push(piece);
      log?.write(piece);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error) => {
      children.delete(child);
      done({ code: 1, text: `could not start ${command}: ${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      done({ code: code ?? (signal ? 1 : 0), text: Buffer.concat(pieces).toString('utf8') });
    });
  });
}

const extra = process.argv.slice(2);
if (extra.length > 0) process.exitCode = (await run(VITEST, ['run', ...extra], 'stream')).code;
else await bothRuns();

async function bothRuns() {
  const started = Date.now();
  mkdirSync(dirname(UNIT_LOG), { recursive: true });
  const log = createWriteStream(UNIT_LOG);
  console.log(`The unit run goes on beside this one; its output: ${UNIT_LOG} (printed here when both end).`);
  const unit = run('nice', ['-n', UNIT_NICENESS, VITEST, 'run', '--project', 'unit'], 'collect', log).then(
    (result) => ({
      ...result,
      seconds: Math.round((Date.now() - started) / 1000),
    }),
  );
  const e2e = await run(VITEST, ['run', '--project', 'e2e'], 'stream');
  const e2eSeconds = Math.round((Date.now() - started) / 1000);
  const unitResult = await unit;
  log.end();
  process.stdout.write(`\n──── unit run (beside the e2e run, at nice ${UNIT_NICENESS}) ────\n${unitResult.text}\n`);
  console.log(
    `npm test: e2e ${e2e.code === 0 ? 'passed' : 'FAILED'} in ${e2eSeconds} s, unit ${
      unitResult.code === 0 ? 'passed' : 'FAILED'
    } in ${unitResult.seconds} s, side by side; all done in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  // Not process.exit(): written to a pipe (CI's log), stdout may be non-blocking (a node process that shared it and
  // died by a signal, such as an e2e run killed for its memory, leaves it so), and an exit right after the write
  // kept its first 64 KB only: the unit run's failures and this summary were lost. Ending on its own, the process
  // writes all of it first.
  process.exitCode = e2e.code !== 0 ? e2e.code : unitResult.code;
}
