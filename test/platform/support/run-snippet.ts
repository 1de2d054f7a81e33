/**
 * Runs a generated snippet the way a user would (bash for HTTPie, Node as an ES module, Debian's Python), with
 * the credentials in environment variables and every proxy variable pointing at a refusing loopback port, so
 * nothing but the sandbox on 127.0.0.1 can be reached. Shared by the unit and end-to-end tests.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const GUARD = join(ROOT, 'test/platform/conformance/loopback-guard.mjs');
const REFUSING_PROXY = 'http://127.0.0.1:9';

/** Proxy variables that leave only loopback reachable for any tool that honours them. */
export const LOOPBACK_ONLY: Record<string, string> = {
  ALL_PROXY: REFUSING_PROXY,
  HTTP_PROXY: REFUSING_PROXY,
  HTTPS_PROXY: REFUSING_PROXY,
  http_proxy: REFUSING_PROXY,
  https_proxy: REFUSING_PROXY,
  NO_PROXY: '127.0.0.1,localhost',
  no_proxy: '127.0.0.1,localhost',
};

export type RunnableLanguage = 'curl' | 'httpie' | 'fetch' | 'node' | 'python';

export interface SnippetRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function runSnippet(
  language: RunnableLanguage,
  code: string,
  variables: Record<string, string>,
): Promise<SnippetRun> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C.UTF-8',
    ...LOOPBACK_ONLY,
    ...variables,
  };
  const [file, args] =
    language === 'httpie'
      ? ['bash', ['-c', code.replace(/^http /m, 'http --check-status ')]]
      : language === 'curl'
        ? // curl reads `-q` only as its first argument: the status check goes after it.
          ['bash', ['-c', code.replace(/^curl -q /m, 'curl -q --fail-with-body ')]]
        : language === 'python'
          ? ['/usr/bin/python3', ['-']]
          : [process.execPath, [`--import=${GUARD}`, '--input-type=module', '-']];
  return new Promise((resolve) => {
    const child = execFile(file, args, { cwd: ROOT, env, timeout: 30_000 }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ exitCode, stdout, stderr });
    });
    if (language !== 'httpie' && language !== 'curl') child.stdin?.end(code);
    else child.stdin?.end();
  });
}

/** The status and body a fetch or Python snippet prints (status on the first line). */
export function printedResponse(stdout: string): { status: number; body: string } {
  const cut = stdout.indexOf('\n');
  return { status: Number(stdout.slice(0, cut)), body: stdout.slice(cut + 1).trim() };
}
