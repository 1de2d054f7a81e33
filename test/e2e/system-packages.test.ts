/**
 * A newcomer runs `npm test` on a fresh machine: its pretest installs the Debian packages the tests call
 * (scripts/ensure-system-packages.ts) when it can. This file says, one line per package, whether it is there;
 * a missing one is a skipped test whose note names the package and the apt-get line, never a silent pass.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedPath, missingReason, NEEDS, SYSTEM_PACKAGES } from '../../scripts/system-packages.ts';

describe('the Debian packages the tests call', () => {
  for (const key of NEEDS.test) {
    const pkg = SYSTEM_PACKAGES[key];
    it(`has ${pkg.name}, for ${pkg.neededBy}`, ({ skip }) => {
      const missing = missingReason(key, existsSync);
      if (missing !== undefined) {
        const reason =
          key === 'chromium' ? `${missing}; every Chromium end-to-end test is left out of this run` : missing;
        // Printed as well as kept as the skip note: the default reporter shows notes only in verbose mode.
        console.warn(`Skipped: ${reason}`);
        skip(reason);
      }
      const path = installedPath(pkg, existsSync);
      expect(path).toBeDefined();
      // Present and runnable (a library: readable): a half-removed package would fail the tests that call it with a
      // less clear error.
      const mode = 'library' in pkg && pkg.library ? constants.R_OK : constants.X_OK;
      expect(() => accessSync(path as string, mode)).not.toThrow();
    });
  }
});
