import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readFolder,
  readTrackedFiles,
  releaseTimestamp,
  releaseZipName,
  zipEntries,
} from '../../../scripts/release-zip.ts';

const run = promisify(execFile);
const text = (value: string) => new TextEncoder().encode(value);
const MTIME = new Date('2026-03-14T15:09:26Z');

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'keyhole-release-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function put(path: string, content: string) {
  await mkdir(join(folder, path, '..'), { recursive: true });
  await writeFile(join(folder, path), content);
}

describe('releaseZipName', () => {
  it('names each zip after its kind and the version', () => {
    expect(releaseZipName('chrome', '0.1.0')).toBe('keyhole-chrome-0.1.0.zip');
    expect(releaseZipName('firefox', '1.2.3.4')).toBe('keyhole-firefox-1.2.3.4.zip');
    expect(releaseZipName('source', '2')).toBe('keyhole-source-2.zip');
  });

  it.each(['1.0.0-beta.1', 'v1.0', '1..0', ''])('refuses %j, which browsers would reject', (version) => {
    expect(() => releaseZipName('chrome', version)).toThrow(/dot-separated numbers/);
  });
});

describe('readFolder and zipEntries', () => {
  it('puts every file of a build at the zip root, manifest.json included, in a stable order', async () => {
    await put('manifest.json', '{"manifest_version":3}');
    await put('src/popup/index.html', '<!doctype html>');
    await put('assets/index-abc.js', 'console.log(1)');
    const entries = await readFolder(folder);
    expect(entries.map((entry) => entry.path)).toEqual([
      'assets/index-abc.js',
      'manifest.json',
      'src/popup/index.html',
    ]);

    const unzipped = unzipSync(zipEntries(entries, MTIME));
    expect(Object.keys(unzipped)).toEqual(['assets/index-abc.js', 'manifest.json', 'src/popup/index.html']);
    expect(new TextDecoder().decode(unzipped['manifest.json'])).toBe('{"manifest_version":3}');
  });

  it('gives the same bytes for the same files, whatever order they were read in', () => {
    const a = { path: 'a.txt', bytes: text('a'), executable: false };
    const b = { path: 'b/c.txt', bytes: text('bc'), executable: false };
    expect(zipEntries([a, b], MTIME)).toEqual(zipEntries([b, a], MTIME));
    expect(zipEntries([a, b], MTIME)).not.toEqual(zipEntries([a, b], new Date('2026-03-15T00:00:00Z')));
  });

  it('puts entries under a folder when given a prefix', () => {
    const zip = zipEntries(
      [{ path: 'README.md', bytes: text('# Keyhole'), executable: false }],
      MTIME,
      'keyhole-1.0.0/',
    );
    expect(Object.keys(unzipSync(zip))).toEqual(['keyhole-1.0.0/README.md']);
  });

  it('keeps the executable bit, as Unix modes in the central directory', async () => {
    await put('run', '#!/bin/sh\necho ok\n');
    await chmod(join(folder, 'run'), 0o755);
    await put('notes.txt', 'plain');
    const modes = unixModes(zipEntries(await readFolder(folder), MTIME));
    expect(modes).toEqual({ 'notes.txt': 0o100644, run: 0o100755 });
  });
});

/** Walks the central directory (PKZIP APPNOTE 4.3.12/4.3.16): made-by OS 3 is Unix, the mode sits in the top half. */
function unixModes(zip: Uint8Array): Record<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22; // fflate writes no archive comment
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const modes: Record<string, number> = {};
  let at = view.getUint32(end + 16, true);
  for (let record = 0; record < view.getUint16(end + 10, true); record++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect(view.getUint8(at + 5)).toBe(3);
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    modes[name] = view.getUint32(at + 38, true) >>> 16;
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return modes;
}

describe('readTrackedFiles', () => {
  beforeEach(async () => {
    await run('git', ['init', '-q'], { cwd: folder });
    await put('.gitignore', 'node_modules/\ndist/\n');
    await put('src/index.ts', 'export {};');
    await put('scripts/ci.sh', '#!/bin/sh\n');
    await chmod(join(folder, 'scripts/ci.sh'), 0o755);
    await put('gone.txt', 'deleted after commit');
    await run('git', ['add', '.'], { cwd: folder });
    await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init', '--date=@1700000000'], {
      cwd: folder,
      env: { ...process.env, GIT_COMMITTER_DATE: '@1700000000' },
    });
    await put('node_modules/left-pad/index.js', 'ignored');
    await put('dist/manifest.json', 'ignored');
    await put('scratch.txt', 'untracked');
    await rm(join(folder, 'gone.txt'));
  });

  it('takes what git tracks: no ignored folders, no untracked files, deleted files reported', async () => {
    const { entries, missing } = await readTrackedFiles(folder);
    expect(entries.map((entry) => [entry.path, entry.executable])).toEqual([
      ['.gitignore', false],
      ['scripts/ci.sh', true],
      ['src/index.ts', false],
    ]);
    expect(missing).toEqual(['gone.txt']);
  });

  it('stamps the zips with the last commit time, or SOURCE_DATE_EPOCH when set', async () => {
    expect((await releaseTimestamp(folder, {})).toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect((await releaseTimestamp(folder, { SOURCE_DATE_EPOCH: '1600000000' })).toISOString()).toBe(
      '2020-09-13T12:26:40.000Z',
    );
  });
});
