/**
 * Builds dist/ once before the e2e run so `npm test` works on a fresh clone without a separate build step.
 * Set KEYHOLE_SKIP_BUILD=1 to reuse an existing dist/ (CI builds just before testing).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'vite';
import { DIST, OUTPUT } from './launch-extension.ts';

export default async function globalSetup() {
  await mkdir(OUTPUT, { recursive: true });
  process.env.TMPDIR ??= OUTPUT;
  if (process.env.KEYHOLE_SKIP_BUILD === '1' && existsSync(resolve(DIST, 'manifest.json'))) return;
  await build({ configFile: resolve(import.meta.dirname, '../../../vite.config.ts'), logLevel: 'warn' });
}
