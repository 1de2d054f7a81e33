/**
 * The Node collection runner against the sandbox, which checks Bearer tokens and OAuth signatures with its own
 * code: a chain passes with an API token and with OAuth 1.0a, a failing assertion fails the run, and bad input is
 * refused before anything is sent, with exit status 2 and a message saying what is wrong. The command runs
 * in-process (run-command.ts); the first and last tests start the real process, as `npm run collection` does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../src/cli/run-command.ts';
import { officialDance } from '../../platform/conformance/context.ts';
import { type Platform, startPlatform } from '../../platform/index.ts';

let platform: Platform;
let access: { token: string; secret: string };
let dir: string;
const requestsSeen: string[] = [];

const chainFile = (expectedApps: string) => ({
  format: 'keyhole-collection',
  version: 1,
  exportedAt: '2026-11-27T00:00:00.000Z',
  environments: [{ name: 'ci', variables: [['applicationName', 'web', true]] }],
  requests: [
    {
      name: 'List organisations',
      folder: 'Chain',
      method: 'GET',
      target: 'api',
      path: '/v2/organisations',
      params: {},
      query: [],
      headers: [],
      body: { mode: 'none' },
      checks: {
        assertions: [{ kind: 'status', op: 'is', values: [200] }],
        captures: [{ variable: 'organisationId', expression: '.[1].id', into: 'run' }],
      },
    },
    {
      name: 'List its applications',
      folder: 'Chain',
      method: 'GET',
      target: 'api',
      path: '/v2/organisations/{organisationId}/applications',
      params: {},
      query: [],
      headers: [],
      body: { mode: 'none' },
      checks: {
        assertions: [{ kind: 'jq', expression: 'length', op: 'equals', expected: expectedApps }],
        captures: [],
      },
    },
  ],
});

type Outcome = { code: number; stdout: string; stderr: string };

/** The real process: the bin's entry under tsx, with nothing of this process's environment but PATH and HOME. */
function runProcess(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      'node_modules/.bin/tsx',
      ['src/cli/keyhole-run.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, cwd: process.cwd() },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

async function runCli(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCommand(args, {
    env,
    cwd: process.cwd(),
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  platform = await startPlatform({
    onRequest: (entry) => requestsSeen.push(`${entry.server} ${entry.method} ${entry.url}`),
  });
  access = await officialDance(platform);
  dir = mkdtempSync(join(tmpdir(), 'keyhole-run-'));
});

afterAll(() => platform?.close());

const origins = () => ['--api-url', platform.api, '--bridge-url', platform.bridge];

async function applicationsOfSecondOrganisation(): Promise<number> {
  const bearer = { Authorization: `Bearer ${platform.apiToken}` };
  const organisations = (await (await fetch(`${platform.bridge}/v2/organisations`, { headers: bearer })).json()) as {
    id: string;
  }[];
  const apps = await fetch(`${platform.bridge}/v2/organisations/${organisations[1]?.id}/applications`, {
    headers: bearer,
  });
  return ((await apps.json()) as unknown[]).length;
}

describe('keyhole-run against the sandbox', () => {
  it('runs a chain with an API token on the bridge and writes JUnit and JSON reports', async () => {
    const count = await applicationsOfSecondOrganisation();
    const file = join(dir, 'chain.json');
    writeFileSync(file, JSON.stringify(chainFile(String(count))));
    requestsSeen.length = 0;
    const junit = join(dir, 'out.xml');
    const json = join(dir, 'out.json');
    const result = await runProcess([file, '--env', 'ci', '--junit', junit, '--json', json, ...origins()], {
      CLEVER_API_TOKEN: platform.apiToken,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✓ List organisations (GET /v2/organisations)');
    expect(result.stdout).toContain('2 requests: 2 passed, 0 failed');
    expect(result.stdout).not.toContain(platform.apiToken);
    // Both went to the bridge (the API token's home), the second with the captured id.
    expect(requestsSeen).toEqual([
      'bridge GET /v2/organisations',
      expect.stringMatching(/^bridge GET \/v2\/organisations\/orga_[\w-]+\/applications$/),
    ]);
    expect(readFileSync(junit, 'utf8')).toContain('tests="2" failures="0" errors="0" skipped="0"');
    expect(JSON.parse(readFileSync(json, 'utf8')).totals).toMatchObject({ requests: 2, passed: 2 });
  });

  it('signs with OAuth 1.0a (HMAC-SHA512) on the API when given the four OAuth variables', async () => {
    const count = await applicationsOfSecondOrganisation();
    const file = join(dir, 'chain-oauth.json');
    writeFileSync(file, JSON.stringify(chainFile(String(count))));
    requestsSeen.length = 0;
    const result = await runCli([file, ...origins()], {
      CLEVER_CONSUMER_KEY: platform.consumerKey,
      CLEVER_CONSUMER_SECRET: platform.consumerSecret,
      CLEVER_TOKEN: access.token,
      CLEVER_TOKEN_SECRET: access.secret,
    });
    expect(result.code).toBe(0);
    expect(requestsSeen.every((line) => line.startsWith('api GET '))).toBe(true);
    expect(requestsSeen).toHaveLength(2);
  });

  it('a failing assertion fails the run (exit 1) and says what was seen', async () => {
    const file = join(dir, 'failing.json');
    writeFileSync(file, JSON.stringify(chainFile('999')));
    const junit = join(dir, 'failing.xml');
    const result = await runCli([file, '--junit', junit, ...origins()], { CLEVER_API_TOKEN: platform.apiToken });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ List its applications .*\n(.*\n)*\s+FAIL length equals 999: got \d+/);
    expect(readFileSync(junit, 'utf8')).toContain('<failure message="length equals 999: got');
  });

  it('a refused token is a failing request, not a crash', async () => {
    const file = join(dir, 'chain.json');
    const result = await runCli([file, ...origins()], { CLEVER_API_TOKEN: 'sbx_not-a-real-token-at-all' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL status is 200: status was 401');
  });

  it('refuses bad input at once with a specific message and exit status 2', async () => {
    const file = join(dir, 'chain.json');
    writeFileSync(join(dir, 'not-json.json'), '{ nope');
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ info: { name: 'Postman?' }, item: [] }));
    const token = { CLEVER_API_TOKEN: platform.apiToken };
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[file, '--env', 'prod', ...origins()], token, /No environment “prod” in this collection \(it has: ci\)/],
      [[file, '--folder', 'Nope', ...origins()], token, /No folder “Nope” in this collection \(it has: Chain\)/],
      [[join(dir, 'missing.json')], token, /Cannot read .*missing\.json: no such file/],
      [[join(dir, 'not-json.json')], token, /not-json\.json is not JSON/],
      [[join(dir, 'other.json')], token, /This is not a Keyhole collection file\./],
      [[file, '--timeout', 'soon'], token, /--timeout takes a whole number of milliseconds/],
      [[file, '--api-url', 'ftp://x'], token, /--api-url takes an http\(s\) address/],
      [[file, '--var', '1x=2'], token, /--var takes name=value/],
      [[file, '--retries', '3'], token, /Unknown option '--retries'/],
      [[], token, /Give the collection file to run/],
      [[file, ...origins()], {}, /No credentials: set CLEVER_API_TOKEN[\s\S]*Tokens → Create token/],
      [
        [file, ...origins()],
        { CLEVER_CONSUMER_KEY: 'k' },
        /OAuth credentials are incomplete: CLEVER_CONSUMER_SECRET, CLEVER_TOKEN, CLEVER_TOKEN_SECRET are not set/,
      ],
    ];
    requestsSeen.length = 0;
    const results = [];
    for (const [args, env] of cases) results.push(await runCli(args, env));
    results.forEach((result, index) => {
      expect(result.code, cases[index]?.[2].source).toBe(2);
      expect(result.stderr).toMatch(cases[index]?.[2] as RegExp);
      expect(result.stdout).toBe('');
    });
    expect(requestsSeen).toEqual([]);
    const real = await runProcess([file, '--env', 'prod'], token);
    expect(real).toMatchObject({ code: 2, stdout: '' });
    expect(real.stderr).toMatch(/^keyhole-run: No environment “prod”/);
  });

  it('the package bin, built into one Node module, is the same command', async () => {
    const out = join(dir, 'keyhole-run.mjs');
    const build = await rolldown({ input: 'src/cli/keyhole-run.ts', platform: 'node' });
    await build.write({ file: out, format: 'esm', codeSplitting: false });
    await build.close();
    const result = await new Promise<Outcome>((resolve) =>
      execFile(
        'node',
        [out, join(dir, 'chain.json'), '--env', 'prod'],
        { env: { PATH: process.env.PATH ?? '' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^keyhole-run: No environment “prod”/);
  });
});
