/**
 * `npm run package`: builds Chrome (dist/) and Firefox (dist-firefox/) from the work tree, then writes
 *   release/keyhole-chrome-<version>.zip, release/keyhole-firefox-<version>.zip, release/keyhole-source-<version>.zip
 * and release/SHA256SUMS, the version coming from package.json. `--skip-build` zips the builds already on disk
 * (CI lints dist-firefox/ first, so the zip is the very build that passed the lint); their manifests must carry
 * package.json's version.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { type BrowserTarget, redirectUrlFor, type TargetManifest } from '../src/core/browser-target.ts';
import { readFolder, readTrackedFiles, releaseTimestamp, releaseZipName, zipEntries } from './release-zip.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RELEASE = join(ROOT, 'release');
const BUILDS: Record<BrowserTarget, { mode: string; folder: string }> = {
  chrome: { mode: 'production', folder: join(ROOT, 'dist') },
  firefox: { mode: 'firefox', folder: join(ROOT, 'dist-firefox') },
};

const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const skipBuild = process.argv.includes('--skip-build');
const mtime = await releaseTimestamp(ROOT);

await rm(RELEASE, { recursive: true, force: true });
await mkdir(RELEASE, { recursive: true });

const written: { name: string; bytes: Uint8Array; files: number }[] = [];
const redirects: string[] = [];

for (const [target, { mode, folder }] of Object.entries(BUILDS) as [BrowserTarget, (typeof BUILDS)[BrowserTarget]][]) {
  if (!skipBuild) await build({ configFile: join(ROOT, 'vite.config.ts'), mode, logLevel: 'warn' });
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as TargetManifest;
  if (manifest.version !== version) {
    throw new Error(
      `${folder}/manifest.json says version ${manifest.version} but package.json says ${version}: rebuild (drop --skip-build).`,
    );
  }
  const entries = await readFolder(folder);
  written.push({ name: releaseZipName(target, version), bytes: zipEntries(entries, mtime), files: entries.length });
  redirects.push(`${target.padEnd(8)}${await redirectUrlFor(target, manifest)}`);
}

const source = await readTrackedFiles(ROOT);
if (source.missing.length > 0)
  console.warn(`Not in the work tree, left out of the source zip: ${source.missing.join(', ')}`);
written.push({
  name: releaseZipName('source', version),
  bytes: zipEntries(source.entries, mtime, `keyhole-${version}/`),
  files: source.entries.length,
});

const sums: string[] = [];
for (const { name, bytes } of written) {
  await writeFile(join(RELEASE, name), bytes);
  sums.push(`${createHash('sha256').update(bytes).digest('hex')}  ${name}`);
}
await writeFile(join(RELEASE, 'SHA256SUMS'), `${sums.join('\n')}\n`);

console.log(`Keyhole ${version}, stamped ${mtime.toISOString()}:`);
for (const { name, bytes, files } of written) {
  console.log(`  release/${name.padEnd(34)}${formatKiB(bytes.byteLength).padStart(10)}  ${files} files`);
}
console.log('Sign-in redirect URL (register it as the OAuth consumer base URL):');
for (const line of redirects) console.log(`  ${line}`);

function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
