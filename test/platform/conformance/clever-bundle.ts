/**
 * The official CLI as one ES module: clever-tools' own files, unchanged, bundled once per version (rolldown, as
 * scripts/build-cli.ts bundles keyhole-run) into node_modules/.cache. The CLI loads ~1,000 modules at every start:
 * 1.7 s and 2.1 s of CPU per command on a two-core machine, 0.7 s and 0.7 s bundled, for the ~70 commands of the
 * official conformance run. What runs is the package's code, rebuilt whenever its version, the lockfile or the
 * bundler changes. Where a bundle differs (a bare `__dirname` in ioredis's version lookup and config-chain,
 * update-notifier's check script, `open`'s bundled xdg-open), no conformance step goes: no kv, login or open, and
 * update checks are off (NO_UPDATE_NOTIFIER).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { CLEVER_BIN } from './clever-cli.ts';

const require = createRequire(import.meta.url);
const PACKAGE_JSON = require.resolve('clever-tools/package.json');
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'keyhole');

let bundled: Promise<string> | undefined;

/** The path of the bundled `clever` for the installed clever-tools version, built on first use. */
export function cleverCliBundle(): Promise<string> {
  bundled ??= build();
  return bundled;
}

async function build(): Promise<string> {
  const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
  // The lockfile and the bundler name what goes in besides the package itself (its dependencies' versions).
  const inputs = createHash('sha256')
    .update(readFileSync(join(ROOT, 'package-lock.json')))
    .update(readFileSync(require.resolve('rolldown/package.json')))
    .digest('hex')
    .slice(0, 12);
  const file = join(CACHE, `clever-tools-${version}-${inputs}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  // Written beside, then renamed: a run stopped mid-write never leaves half a CLI under the final name.
  const partial = `${file}.${process.pid}.partial`;
  const bundle = await rolldown({
    input: CLEVER_BIN,
    platform: 'node',
    logLevel: 'silent',
  });
  try {
    await bundle.write({ file: partial, format: 'esm', codeSplitting: false });
  } finally {
    await bundle.close();
  }
  renameSync(partial, file);
  return file;
}
