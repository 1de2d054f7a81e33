/**
 * What a generated command or script really sent: an HTTP server on 127.0.0.1 that answers 200 `{}` to anything
 * (but a 307 for a path with REDIRECTING_SEGMENT) and keeps each request as it arrived (method, the raw request target, headers with their raw values, body
 * bytes). And a runner that executes a snippet in a fresh directory holding canary files (a private key, a JSON
 * file, a header file) with proxies pointed at a refusing loopback port, and reports whether any file appeared.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOOPBACK_ONLY } from './run-snippet.ts';

export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent (path and query bytes, read as Latin-1). */
  target: string;
  /** Lowercased names; raw values (Node reads header bytes as Latin-1). Repeated headers are kept apart. */
  headers: [string, string][];
  body: Buffer;
}

export interface RecordingServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A path with this segment is answered with a redirect to the same path under `/landed/`. */
export const REDIRECTING_SEGMENT = '/redirect-me/';

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: [string, string][] = [];
      for (let index = 0; index < request.rawHeaders.length; index += 2)
        headers.push([(request.rawHeaders[index] as string).toLowerCase(), request.rawHeaders[index + 1] as string]);
      const target = request.url ?? '';
      requests.push({ method: request.method ?? '', target, headers, body: Buffer.concat(chunks) });
      // A hostile answer: a 307 (method and body kept) to another path of this server, which Keyhole never follows.
      if (target.includes(REDIRECTING_SEGMENT))
        response.writeHead(307, { location: target.replace(REDIRECTING_SEGMENT, '/landed/') }).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The login and password of the canary `.netrc`: a client that reads it sends them as Basic auth (base64). */
const NETRC_LOGIN = 'CANARY-NETRC:CANARY-NETRC-7f3a';
export const NETRC_AUTHORIZATION = `Basic ${Buffer.from(NETRC_LOGIN).toString('base64')}`;

/**
 * Files a snippet must never send or touch; their contents are what the tests look for on the wire. The run's
 * HOME is this directory, so it also holds the per-user configuration files the tools read unless told not to:
 * a `.curlrc` that adds a header and sends the private key as the body, and a `.netrc` with credentials for the
 * recording server, which requests and HTTPie send as Basic auth in place of the Authorization header given;
 * and HTTPie's config.json with default options (HTTPIE_CONFIG).
 */
export const CANARY_FILES: Record<string, string> = {
  id_ed25519: '-----BEGIN OPENSSH PRIVATE KEY----- CANARY-KEY-7f3a -----END OPENSSH PRIVATE KEY-----\n',
  'f.json': '{"canary":"CANARY-JSON-7f3a"}\n',
  hdr: 'CANARY-HEADER-7f3a\n',
  '.curlrc': 'header = "X-Curlrc: CANARY-CURLRC-7f3a"\ndata-binary = "@id_ed25519"\n',
  '.netrc': `default login ${NETRC_LOGIN.split(':')[0]} password ${NETRC_LOGIN.split(':')[1]}\n`,
};

/** HTTPie's per-user config (under HOME): default options that would send other bytes, or follow a redirect. */
const HTTPIE_CONFIG = {
  default_options: ['--auth=CANARY-HTTPIE:CANARY-HTTPIE-7f3a', '--follow', '--session=canary', '--chunked'],
};
export const CANARY_MARK = 'CANARY-';

export interface CanaryRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Files in the directory after the run that were not put there. */
  newFiles: string[];
}

/**
 * Runs `program args` with `input` on stdin in a fresh directory holding the canary files; `env` adds variables
 * (credentials, a PATH with shims). Only loopback is reachable through the proxy variables.
 */
export function runInCanaryDir(
  program: string,
  args: string[],
  options: { input?: string; env?: Record<string, string>; setup?: (dir: string) => void } = {},
): Promise<CanaryRun> {
  const dir = mkdtempSync(join(tmpdir(), 'keyhole-canary-'));
  for (const [name, text] of Object.entries(CANARY_FILES)) writeFileSync(join(dir, name), text, { mode: 0o600 });
  mkdirSync(join(dir, '.config/httpie'), { recursive: true });
  writeFileSync(join(dir, '.config/httpie/config.json'), JSON.stringify(HTTPIE_CONFIG));
  options.setup?.(dir);
  const before = new Set(readdirSync(dir));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    LANG: 'C.UTF-8',
    ...LOOPBACK_ONLY,
    ...options.env,
  };
  return new Promise((resolve) => {
    const child = execFile(
      program,
      args,
      { cwd: dir, env, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const newFiles = readdirSync(dir).filter((name) => !before.has(name));
        rmSync(dir, { recursive: true, force: true });
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ exitCode, stdout, stderr, newFiles });
      },
    );
    // A program that exits without reading its input closes the pipe: not an error here.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
  });
}
