import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

let child: ChildProcess | undefined;

afterEach(() => {
  // Only our own process group, by id, if a test failed before stopping it.
  if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
});

function firstLine(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: process.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    process.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before printing`)));
  });
}

describe('npm run sandbox (cli.ts)', () => {
  it('prints one JSON line with everything a client needs, serves, and stops on SIGTERM', async () => {
    child = spawn('npx', ['tsx', 'test/platform/cli.ts', '--api-port', '0', '--bridge-port', '0', '--sftp-port', '0'], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const ready = JSON.parse(await firstLine(child)) as Record<string, unknown>;
    expect(ready).toMatchObject({
      api: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      bridge: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      sftp: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      consumerKey: 'keyhole-sandbox',
      consumerSecret: 'sandbox-secret-not-for-production',
      callbackBase: 'https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/',
      user: { email: 'ada@sandbox.keyhole.test', password: 'lovelace-1815' },
      apiToken: expect.stringMatching(/^sbx_/),
      sftpAdmin: { username: 'admin', password: expect.any(String) },
    });
    const rights = await fetch(`${ready.api}/v2/oauth/rights`);
    expect(Object.keys((await rights.json()) as object)).toHaveLength(11);
    const self = await fetch(`${ready.bridge}/v2/self`, { headers: { Authorization: `Bearer ${ready.apiToken}` } });
    expect(self.status).toBe(200);

    process.kill(-child.pid!, 'SIGTERM');
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect(code === 0 || signal === 'SIGTERM', `exit ${code} ${signal}; stderr: ${stderr}`).toBe(true);
    await expect(fetch(`${ready.api}/v2/oauth/rights`)).rejects.toThrow();
    expect(stderr).toMatch(/running on 127\.0\.0\.1/);
  }, 60_000);

  it('refuses invalid options with the usage', async () => {
    child = spawn('npx', ['tsx', 'test/platform/cli.ts', '--api-port', 'eighty'], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toMatch(/--api-port "eighty" is not valid/);
  }, 60_000);
});
