/**
 * A second Chromium for the call benchmark, loading a copy of dist/ whose manifest grants the loopback sandbox's
 * host at install, as the packaged manifest grants the platform's own API and bridge hosts (host_permissions).
 * The shared bench session loads dist/ as built, where the sandbox on 127.0.0.1 is an optional host nobody granted:
 * every signed call there is cross-origin and pays a CORS preflight first (an OPTIONS round trip per call, see
 * fetch-with-limits.ts), which calls to the platform never do. A browser cannot be made to answer the "Grant
 * access" prompt under automation, so the grant is written into the copy's manifest; nothing else differs.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, type launchExtension, OUTPUT } from '../test/e2e/support/launch-extension.ts';
import { type SandboxedExtension, startSignedInExtension } from '../test/e2e/support/sandboxed-extension.ts';
import { closeOnExit } from './lifecycle.ts';

async function writeGrantedDist(folder: string): Promise<string> {
  await rm(folder, { recursive: true, force: true });
  await cp(DIST, folder, { recursive: true });
  const path = join(folder, 'manifest.json');
  const manifest = JSON.parse(await readFile(path, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = [...(manifest.host_permissions ?? []), 'http://127.0.0.1/*'];
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  return folder;
}

/**
 * Runs `step` with a signed-in extension whose sandbox host is granted, closing browser and sandbox after;
 * `launch` starts the browser (two-way-chromium.ts), Playwright's own launch if not given.
 */
export async function withGrantedHost<T>(
  step: (ext: SandboxedExtension) => Promise<T>,
  launch?: typeof launchExtension,
): Promise<T> {
  const dist = await writeGrantedDist(join(OUTPUT, 'bench-dist-granted'));
  const ext = closeOnExit(await startSignedInExtension({ dist, ...(launch ? { launch } : {}) }));
  try {
    return await step(ext);
  } finally {
    await ext.close();
  }
}
