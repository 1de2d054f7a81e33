/**
 * The bench's start and end (bench/lifecycle.ts): a missing browser stops `npm run bench` at once with the line
 * that installs it, before it builds or starts anything; and whatever it started is closed, even when one of them
 * fails to close.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeAll, closeOnExit, ensureBrowsers, packagesFor } from '../../../bench/lifecycle.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

function runBench(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A run that does not end by itself is the bug this guards against: it is killed, and the kill is reported.
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      done({ code, signal, stderr });
    });
  });
}

describe('npm run bench without its browser', () => {
  it('exits by itself, non-zero, naming the missing Chromium, before building anything', async () => {
    const result = await runBench(['--only=popup'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/FAILED: Chromium not found at CHROMIUM_PATH=\/nonexistent\/chromium/);
    expect(result.stderr).not.toMatch(/building dist/);
  }, 60_000);

  it('finds Firefox the way the Firefox benchmark will, and says so when it is not there', () => {
    const before = process.env.FIREFOX_PATH;
    process.env.FIREFOX_PATH = '/nonexistent/firefox';
    try {
      expect(() => ensureBrowsers(['firefox'])).toThrow(
        /Firefox not found at FIREFOX_PATH=\/nonexistent\/firefox|missing\. Run: sudo apt-get install -y firefox-esr/,
      );
    } finally {
      if (before === undefined) delete process.env.FIREFOX_PATH;
      else process.env.FIREFOX_PATH = before;
    }
  });

  it('needs no browser for the Node benchmarks, and says which one each browser benchmark needs', () => {
    expect(packagesFor(false, false)).toEqual([]);
    expect(packagesFor(true, false)).toEqual(['chromium']);
    expect(packagesFor(true, true)).toEqual(['chromium', 'firefox']);
  });
});

describe('closing what the bench started', () => {
  it('closes everything still open, newest first, even when one close fails', async () => {
    const closed: string[] = [];
    const thing = (name: string, fails = false) => ({
      async close() {
        closed.push(name);
        if (fails) throw new Error(`${name} would not close`);
      },
    });
    closeOnExit(thing('sandbox'));
    closeOnExit(thing('chromium', true));
    const firefox = closeOnExit(thing('firefox'));
    await firefox.close(); // closed by its own code: not closed twice
    const log: string[] = [];
    await closeAll((message) => log.push(message));
    expect(closed).toEqual(['firefox', 'chromium', 'sandbox']);
    expect(log).toEqual(['closing failed: Error: chromium would not close']);
    await closeAll();
    expect(closed).toHaveLength(3);
  });
});
