import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { missingReason } from './scripts/system-packages.ts';

/**
 * Without Debian's Chromium (no root to install it: `npm test`'s pretest prints the apt-get line), the Chromium
 * flows cannot run; test/e2e/system-packages.test.ts then reports them as skipped with the reason.
 */
const noChromium = missingReason('chromium', existsSync);
/** How many e2e files run at once (KEYHOLE_E2E_FILES, default 1): see the e2e project below. */
const E2E_FILES_AT_ONCE = Math.max(1, Number(process.env.KEYHOLE_E2E_FILES) || 1);
/** How many unit files run at once (KEYHOLE_UNIT_FILES, default 2): see the unit project below. */
const UNIT_FILES_AT_ONCE = Math.max(1, Number(process.env.KEYHOLE_UNIT_FILES) || 2);
const E2E_WITHOUT_CHROMIUM = [
  'test/e2e/system-packages.test.ts',
  'test/e2e/bundle-budget.test.ts',
  'test/e2e/firefox-build.test.ts',
  'test/e2e/firefox-user-path.test.ts',
  'test/e2e/firefox-devtools-panel.test.ts',
];

export default defineConfig({
  test: {
    // Each run ends with its ten slowest files (scripts/slowest-files.ts), so a CI that slows down shows where.
    reporters: ['default', './scripts/slowest-files.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/platform/**/*.test.ts'],
          environment: 'node',
          // Vitest's default is one worker per core less one: a single worker on CI's two cores, idle while a file
          // waits on what it spawned (curl, python3, http, the official CLI, sandboxes). Files are independent
          // (random ports, their own temp dirs), so two run at once.
          maxWorkers: UNIT_FILES_AT_ONCE,
          // The signer's property tests run ≥ 1,000 cases each: seconds on a quiet two-core machine, more when busy.
          testTimeout: 20_000,
        },
        esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
      },
      {
        test: {
          name: 'e2e',
          include: noChromium ? E2E_WITHOUT_CHROMIUM : ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One file at a time by default. A file mostly waits (a whole serial run used 186 s of CPU, browsers
          // included), and each has its own browser, sandbox (random ports) and profile, so KEYHOLE_E2E_FILES=2 (as
          // .ci/run sets) runs two: 8 files at load 13-28 took 0.70× the wall time with the same CPU. On a saturated
          // machine (load 25-35, the whole suite) it made each file 2.5× slower and Firefox starts timed out.
          maxWorkers: E2E_FILES_AT_ONCE,
          fileParallelism: E2E_FILES_AT_ONCE > 1,
          // The files of a worker share one module graph (playwright-core, the sandbox, axe-core's source) instead of
          // loading it again for each file: no test file changes Node's globals, and each one starts its own
          // browser, sandbox and profile, so nothing but loaded code is shared.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll's default of 1 s is what a busy two-core machine takes to render or answer now and then (170
          // of the 206 polls named no timeout). A poll still ends as soon as it passes: only a failure waits longer.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['test/e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
