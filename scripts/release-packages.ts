/**
 * Writes the release zips and their sums from the builds (dist/ for Chrome, dist-firefox/ for Firefox):
 *   keyhole-chrome-<v>.zip       for the Chrome Web Store: the manifest without `key` (the store refuses it and
 *                                assigns its own id)
 *   keyhole-chrome-dev-<v>.zip   dist/ as built, with `key`: Load unpacked keeps the pinned development id
 *   keyhole-firefox-<v>.zip      for addons.mozilla.org
 *   keyhole-source-<v>.zip       the tracked source, for store reviewers
 *   SHA256SUMS
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { type BrowserTarget, redirectUrlFor, type TargetManifest } from '../src/core/browser-target.ts';
import { withoutKey } from './release-version.ts';
import { readFolder, readTrackedFiles, releaseTimestamp, releaseZipName, zipEntries } from './release-zip.ts';

export async function writeReleasePackages(root: string, options: { skipBuild: boolean }): Promise<void> {
  const release = join(root, 'release');
  const builds: Record<BrowserTarget, { mode: string; folder: string }> = {
    chrome: { mode: 'production', folder: join(root, 'dist') },
    firefox: { mode: 'firefox', folder: join(root, 'dist-firefox') },
  };
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  const mtime = await releaseTimestamp(root);

  await rm(release, { recursive: true, force: true });
  await mkdir(release, { recursive: true });

  const written: { name: string; bytes: Uint8Array; files: number }[] = [];
  const redirects: string[] = [];

  for (const [target, { mode, folder }] of Object.entries(builds) as [
    BrowserTarget,
    { mode: string; folder: string },
  ][]) {
    if (!options.skipBuild) await build({ configFile: join(root, 'vite.config.ts'), mode, logLevel: 'warn' });
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as TargetManifest;
    if (manifest.version !== version) {
      throw new Error(
        `${folder}/manifest.json says version ${manifest.version} but package.json says ${version}: rebuild (drop --skip-build).`,
      );
    }
    const entries = await readFolder(folder);
    if (target === 'chrome') {
      const store = entries.map((entry) =>
        entry.path === 'manifest.json'
          ? { ...entry, bytes: new TextEncoder().encode(withoutKey(new TextDecoder().decode(entry.bytes))) }
          : entry,
      );
      written.push({ name: releaseZipName('chrome', version), bytes: zipEntries(store, mtime), files: store.length });
      written.push({
        name: releaseZipName('chrome-dev', version),
        bytes: zipEntries(entries, mtime),
        files: entries.length,
      });
      redirects.push(`chrome (store)  https://<id the store assigns>.chromiumapp.org/ (Settings shows it)`);
      redirects.push(`chrome (dev)    ${await redirectUrlFor(target, manifest)}`);
    } else {
      written.push({ name: releaseZipName(target, version), bytes: zipEntries(entries, mtime), files: entries.length });
      redirects.push(`firefox         ${await redirectUrlFor(target, manifest)}`);
    }
  }

  const source = await readTrackedFiles(root);
  if (source.missing.length > 0)
    console.warn(`Not in the work tree, left out of the source zip: ${source.missing.join(', ')}`);
  written.push({
    name: releaseZipName('source', version),
    bytes: zipEntries(source.entries, mtime, `keyhole-${version}/`),
    files: source.entries.length,
  });

  const sums: string[] = [];
  for (const { name, bytes } of written) {
    await writeFile(join(release, name), bytes);
    sums.push(`${createHash('sha256').update(bytes).digest('hex')}  ${name}`);
  }
  await writeFile(join(release, 'SHA256SUMS'), `${sums.join('\n')}\n`);

  console.log(`Keyhole ${version}, stamped ${mtime.toISOString()}:`);
  for (const { name, bytes, files } of written)
    console.log(
      `  release/${name.padEnd(38)}${`${(bytes.byteLength / 1024).toFixed(1)} KiB`.padStart(10)}  ${files} files`,
    );
  console.log('Sign-in redirect URL (register it as the OAuth consumer base URL):');
  for (const line of redirects) console.log(`  ${line}`);
}
