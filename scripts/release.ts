/**
 * `npm run release -- <major|minor|patch|1.2.3>`: sets the new version in package.json, package-lock.json and
 * manifest.json (both browsers' manifests are made from it and package.json, see src/core/browser-target.ts),
 * turns CHANGELOG.md's "Unreleased" section into the release's, then builds both browsers and writes the zips and
 * SHA256SUMS (release-packages.ts). It commits and tags nothing: it prints the git commands to run after a look.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeReleasePackages } from './release-packages.ts';
import { changelogForRelease, nextVersion, withVersion } from './release-version.ts';

const ROOT = resolve(import.meta.dirname, '..');
const bump = process.argv[2] ?? '';
const current = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const version = nextVersion(current, bump);
const today = new Date().toISOString().slice(0, 10);

// Everything is checked before anything is written: a refused changelog leaves the versions alone.
const changelog = changelogForRelease(await readFile(join(ROOT, 'CHANGELOG.md'), 'utf8'), version, today);
const files = ['package.json', 'package-lock.json', 'manifest.json'];
const updated = await Promise.all(
  files.map(async (file) => withVersion(await readFile(join(ROOT, file), 'utf8'), version)),
);
for (const [index, file] of files.entries()) await writeFile(join(ROOT, file), updated[index] as string);
await writeFile(join(ROOT, 'CHANGELOG.md'), changelog);
console.log(`Version ${current} → ${version} in ${files.join(', ')}; CHANGELOG.md section "${version} — ${today}".`);

await writeReleasePackages(ROOT, { skipBuild: false });
// The update test (test/e2e/update-keeps-data.test.ts) builds the previous release from the commit in this file.
console.log(
  `\nThen: git commit -am "Release ${version}" && git tag v${version} && git rev-parse v${version} > scripts/previous-release.txt && git commit -am "Update test: from ${version}"`,
);
