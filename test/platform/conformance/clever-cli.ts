/**
 * Runs the official `clever` CLI (clever-tools, a devDependency) unchanged, as a child process, against the sandbox:
 * every base URL it uses points at 127.0.0.1, its configuration lives in a throw-away HOME, update checks are off,
 * and the loopback guard (loopback-guard.mjs) refuses and reports any other connection. System `curl` (which
 * `clever curl` starts) is sent through a proxy address that refuses, except for loopback.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The CLI as published; `CleverTarget.bin` may name its bundle instead (clever-bundle.ts). */
export const CLEVER_BIN = join(dirname(require.resolve('clever-tools/package.json')), 'bin', 'clever.js');
const GUARD = join(dirname(fileURLToPath(import.meta.url)), 'loopback-guard.mjs');
/** A loopback port nothing listens on: a proxy there refuses every connection at once. */
const REFUSING_PROXY = 'http://127.0.0.1:9';

export interface CleverResult {
  args: string[];
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A command that keeps running (`clever activity -f`): read what it printed so far, then stop it. */
export interface RunningClever {
  /** Resolves once stdout matches, with stdout so far; rejects when the command ends or `timeoutMs` passes first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Interrupts it (SIGINT, as Ctrl+C) and resolves with everything it printed. */
  stop(): Promise<CleverResult>;
}

export interface CleverSandbox {
  run(args: string[], options?: { input?: string; timeoutMs?: number }): Promise<CleverResult>;
  start(args: string[]): RunningClever;
  /** What the guard refused so far (empty when the CLI only talked to loopback). */
  refusedConnections(): string[];
  dispose(): void;
  /** The throw-away HOME (and working directory) of the CLI: files a command reads go there. */
  home: string;
}

export interface CleverTarget {
  /** `https://…` when the sandbox serves TLS: then `caPath` is the CA the CLI must trust (NODE_EXTRA_CA_CERTS). */
  api: string;
  caPath?: string;
  bridge: string;
  consumerKey: string;
  consumerSecret: string;
  token: string;
  secret: string;
  /** The CLI's entry to run: clever-tools' bin/clever.js unless given (its bundle: clever-bundle.ts). */
  bin?: string;
}

export function createCleverSandbox(target: CleverTarget): CleverSandbox {
  const home = mkdtempSync(join(tmpdir(), 'keyhole-clever-'));
  const guardLog = join(home, 'refused-connections.log');
  writeFileSync(guardLog, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    TMPDIR: home,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    NO_COLOR: '1',
    NO_UPDATE_NOTIFIER: '1',
    // Node 20 has the WebSocket the official events client uses (`globalThis.WebSocket`, esm/streams/events.js:54)
    // behind a flag; Node ≥ 22 (what the CLI declares) has it on.
    NODE_OPTIONS: `--import=${GUARD}${Number(process.versions.node.split('.')[0]) < 22 ? ' --experimental-websocket' : ''}`,
    ...(target.caPath ? { NODE_EXTRA_CA_CERTS: target.caPath } : {}),
    CONFORMANCE_GUARD_LOG: guardLog,
    // Every address the CLI knows, at the sandbox (CONSOLE_URL is only printed, never fetched).
    API_HOST: target.api,
    AUTH_BRIDGE_HOST: target.bridge,
    CONSOLE_URL: `${target.api}/console`,
    SSH_GATEWAY: 'ssh@127.0.0.1',
    OAUTH_CONSUMER_KEY: target.consumerKey,
    OAUTH_CONSUMER_SECRET: target.consumerSecret,
    CLEVER_TOKEN: target.token,
    CLEVER_SECRET: target.secret,
    // For `curl` started by `clever curl`, and anything else that honours proxies: only loopback goes direct.
    ALL_PROXY: REFUSING_PROXY,
    HTTP_PROXY: REFUSING_PROXY,
    HTTPS_PROXY: REFUSING_PROXY,
    http_proxy: REFUSING_PROXY,
    https_proxy: REFUSING_PROXY,
    NO_PROXY: '127.0.0.1,localhost,::1',
    no_proxy: '127.0.0.1,localhost,::1',
  };
  const spawnClever = (args: string[], timeoutMs: number) =>
    // Asynchronous on purpose: the sandbox answers from this same process.
    spawn(process.execPath, [target.bin ?? CLEVER_BIN, ...args], {
      cwd: home,
      env,
      timeout: timeoutMs,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  return {
    start(args) {
      const started = Date.now();
      const child = spawnClever(args, 60_000);
      let stdout = '';
      let stderr = '';
      const closed = new Promise<CleverResult>((resolve) =>
        child.on('close', (status) => resolve({ args, status, stdout, stderr, ms: Date.now() - started })),
      );
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      child.stdin.end();
      return {
        waitFor: (pattern, timeoutMs = 20_000) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => finish(new Error(`no ${pattern} within ${timeoutMs} ms: ${stdout}${stderr}`)),
              timeoutMs,
            );
            const check = () => {
              if (pattern.test(stdout)) finish();
            };
            const finish = (error?: Error) => {
              clearTimeout(timer);
              child.stdout.off('data', check);
              if (error) reject(error);
              else resolve(stdout);
            };
            child.stdout.on('data', check);
            closed.then((result) =>
              finish(new Error(`ended (exit ${result.status}) before ${pattern}: ${stdout}${stderr}`)),
            );
            check();
          }),
        stop: () => {
          child.kill('SIGINT');
          return closed;
        },
      };
    },
    run(args, options = {}) {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const child = spawnClever(args, options.timeoutMs ?? 30_000);
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
        });
        child.on('error', reject);
        child.on('close', (status) => resolve({ args, status, stdout, stderr, ms: Date.now() - started }));
        child.stdin.end(options.input ?? '');
      });
    },
    refusedConnections: () => readFileSync(guardLog, 'utf8').split('\n').filter(Boolean),
    dispose: () => rmSync(home, { recursive: true, force: true }),
    home,
  };
}
