/**
 * One signed-in Firefox for a whole test file (Firefox takes seconds to start): started before the file's first
 * test, closed after its last, and the file fails on any error the add-on's pages or background logged meanwhile.
 * Without Firefox ESR every test of the file is skipped, with the line that installs it.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { missingReason } from '../../../scripts/system-packages.ts';
import { extensionErrors } from './firefox-page.ts';
import { type SandboxedFirefox, signInFirefoxOrFail, startSandboxedFirefox } from './firefox-sandbox.ts';
import { EXTENSION_ORIGIN } from './launch-firefox.ts';

/** Why the file's tests are skipped, or undefined when Firefox is there. */
export const noFirefox = missingReason('firefox', existsSync);

/** Registers the file's hooks; `started` receives the Firefox before any test runs. */
export function useSignedInFirefox(started: (ext: SandboxedFirefox) => void): void {
  let ext: SandboxedFirefox | undefined;
  beforeEach(({ skip }) => skip(noFirefox !== undefined, noFirefox));
  beforeAll(async () => {
    if (noFirefox) return;
    ext = await startSandboxedFirefox();
    started(ext);
    await signInFirefoxOrFail(ext);
  });
  afterAll(async () => {
    if (!ext) return;
    const errors = await extensionErrors(ext, EXTENSION_ORIGIN);
    await ext.close();
    expect(errors).toEqual([]);
  });
}
