/**
 * `npm run package`: builds Chrome (dist/) and Firefox (dist-firefox/) from the work tree and writes the release
 * zips and release/SHA256SUMS (see release-packages.ts), the version coming from package.json. `--skip-build` zips
 * the builds already on disk (CI lints dist-firefox/ first, so the zip is the very build that passed the lint);
 * their manifests must carry package.json's version.
 */
import { resolve } from 'node:path';
import { writeReleasePackages } from './release-packages.ts';

await writeReleasePackages(resolve(import.meta.dirname, '..'), { skipBuild: process.argv.includes('--skip-build') });
