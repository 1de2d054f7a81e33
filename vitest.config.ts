import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/platform/**/*.test.ts'],
          environment: 'node',
        },
        esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium at a time: the machine has two cores and each browser wants both.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['test/e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
