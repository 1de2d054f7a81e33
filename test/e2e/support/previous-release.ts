/**
 * The previous release, built for the update test: the commit named in scripts/previous-release.txt (the `v0.1.0`
 * tag's commit; tags do not travel with a branch, so a fresh clone of main still finds it), checked out with
 * `git archive` into test-output/ and built there with this checkout's node_modules. Kept per commit, so a second
 * run reuses it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { OUTPUT } from './launch-extension.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

export async function previousReleaseCommit(): Promise<string> {
  const recorded = (await readFile(join(ROOT, 'scripts/previous-release.txt'), 'utf8')).trim();
  if (!/^[0-9a-f]{40}$/.test(recorded)) throw new Error('scripts/previous-release.txt must hold a full commit id.');
  return recorded;
}

/** The previous release's builds (dist/ for Chrome, dist-firefox/ for Firefox), built if not yet there. */
export async function buildPreviousRelease(): Promise<{ commit: string; dist: string; distFirefox: string }> {
  const commit = await previousReleaseCommit();
  const folder = join(OUTPUT, 'previous-release', commit);
  const dist = join(folder, 'dist');
  const distFirefox = join(folder, 'dist-firefox');
  if (existsSync(join(dist, 'manifest.json')) && existsSync(join(distFirefox, 'manifest.json')))
    return { commit, dist, distFirefox };
  await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT }).catch(() => {
    throw new Error(
      `The previous release's commit ${commit} (scripts/previous-release.txt) is not in this clone: a shallow clone? Run git fetch --unshallow.`,
    );
  });
  const source = join(folder, 'source');
  await rm(folder, { recursive: true, force: true });
  await mkdir(source, { recursive: true });
  await run('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${source}"`], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  await symlink(join(ROOT, 'node_modules'), join(source, 'node_modules'));
  for (const mode of ['production', 'firefox'])
    await run(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'],
      { cwd: source, maxBuffer: 64 * 1024 * 1024 },
    );
  await rename(join(source, 'dist'), dist);
  await rename(join(source, 'dist-firefox'), distFirefox);
  await rm(source, { recursive: true, force: true });
  return { commit, dist, distFirefox };
}
