/**
 * The release zips, made the same way every time: entries sorted, one fixed timestamp, Unix modes kept. The same
 * commit then gives byte-identical zips, which lets a store reviewer (AMO asks for the source of built add-ons)
 * rebuild from the source zip and compare.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { type Zippable, zipSync } from 'fflate';

const run = promisify(execFile);

export type ReleaseKind = 'chrome' | 'chrome-dev' | 'firefox' | 'source';

export interface ZipEntry {
  /** Forward slashes, relative to the zip's root. */
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

export function releaseZipName(kind: ReleaseKind, version: string): string {
  if (!/^\d+(\.\d+){0,3}$/.test(version)) {
    // Browsers accept only dotted numbers; catching it here beats a store rejecting the upload.
    throw new Error(`Version "${version}" is not 1 to 4 dot-separated numbers, which browsers require.`);
  }
  return `keyhole-${kind}-${version}.zip`;
}

/** Every file under `folder` (a build output), as entries relative to it. */
export async function readFolder(folder: string): Promise<ZipEntry[]> {
  const names = await readdir(folder, { recursive: true });
  const entries: ZipEntry[] = [];
  for (const name of names) {
    const absolute = join(folder, name);
    const info = await stat(absolute);
    if (!info.isFile()) continue;
    entries.push({
      path: relative(folder, absolute).split(sep).join('/'),
      bytes: await readFile(absolute),
      executable: (info.mode & 0o111) !== 0,
    });
  }
  return sortEntries(entries);
}

/**
 * The files git tracks in `repo` (so never node_modules/, dist/ or anything else ignored), read from the work
 * tree, with git's executable bit. Tracked files deleted from the work tree are skipped and reported.
 */
export async function readTrackedFiles(repo: string): Promise<{ entries: ZipEntry[]; missing: string[] }> {
  const { stdout } = await run('git', ['ls-files', '--stage', '-z'], { cwd: repo, maxBuffer: 64 * 1024 * 1024 });
  const entries: ZipEntry[] = [];
  const missing: string[] = [];
  for (const record of stdout.split('\0')) {
    if (!record) continue;
    // "<mode> <object> <stage>\t<path>"; submodules (mode 160000) have no file content to ship.
    const tab = record.indexOf('\t');
    const mode = record.slice(0, record.indexOf(' '));
    const path = record.slice(tab + 1);
    if (mode === '160000') continue;
    try {
      entries.push({ path, bytes: await readFile(join(repo, path)), executable: mode === '100755' });
    } catch {
      missing.push(path);
    }
  }
  return { entries: sortEntries(dedupe(entries)), missing };
}

/** The reproducible-builds convention: SOURCE_DATE_EPOCH when set, otherwise the time of the last commit. */
export async function releaseTimestamp(repo: string, env: NodeJS.ProcessEnv = process.env): Promise<Date> {
  const fromEnv = env.SOURCE_DATE_EPOCH;
  if (fromEnv && /^\d+$/.test(fromEnv)) return new Date(Number(fromEnv) * 1000);
  const { stdout } = await run('git', ['log', '-1', '--format=%ct'], { cwd: repo });
  return new Date(Number(stdout.trim()) * 1000);
}

/** A deflated zip of `entries`, optionally under one folder (`prefix`), stamped with `mtime`. */
export function zipEntries(entries: readonly ZipEntry[], mtime: Date, prefix = ''): Uint8Array {
  const files: Zippable = {};
  for (const entry of sortEntries([...entries])) {
    files[prefix + entry.path] = [
      entry.bytes,
      // os 3 = Unix, so unzip restores the modes; a shell script in the source zip stays runnable.
      { os: 3, attrs: (0o100000 | (entry.executable ? 0o755 : 0o644)) << 16, mtime },
    ];
  }
  return zipSync(files, { level: 9 });
}

function sortEntries(entries: ZipEntry[]): ZipEntry[] {
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** During a merge git lists a path once per stage; the work tree holds one file. */
function dedupe(entries: ZipEntry[]): ZipEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
}
