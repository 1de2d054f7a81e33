#!/usr/bin/env node
import { runCommand } from './run-command.ts';

/**
 * `keyhole-run` (`npm run collection --`, and the package's bin): the process around run-command.ts. npm runs
 * scripts in the repository's root, so relative paths are read from where the user typed the command (INIT_CWD).
 */
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  signal: stop.signal,
});
