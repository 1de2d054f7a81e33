/**
 * Builds dist/ and dist-firefox/ once before the e2e run so `npm test` works on a fresh clone without a separate
 * build step. Set KEYHOLE_SKIP_BUILD=1 to reuse existing builds (CI builds both just before testing).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'vite';
import { DIST, OUTPUT } from './launch-extension.ts';
import { DIST_FIREFOX } from './launch-firefox.ts';

export default async function globalSetup() {
  await mkdir(OUTPUT, { recursive: true });
  process.env.TMPDIR ??= OUTPUT;
  const skip = process.env.KEYHOLE_SKIP_BUILD === '1';
  const builds = [
    { dist: DIST, mode: undefined },
    { dist: DIST_FIREFOX, mode: 'firefox' },
  ].filter(({ dist }) => !(skip && existsSync(resolve(dist, 'manifest.json'))));
  if (builds.length === 0) return;
  // Vitest sets NODE_ENV=test, which Vite would carry into the build: Preact's preset would then compile JSX for
  // development (source file names in every element), 1.2 KB more in the popup than `npm run build` ships. The
  // tests, the bundle budgets among them, check what users get: a production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const { mode } of builds) {
      await build({
        configFile: resolve(import.meta.dirname, '../../../vite.config.ts'),
        logLevel: 'warn',
        ...(mode ? { mode } : {}),
      });
    }
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
