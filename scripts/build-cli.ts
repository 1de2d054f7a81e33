/**
 * Builds `keyhole-run` (the package's bin) into one Node ES module, dist-cli/keyhole-run.mjs: the same sources as
 * `npm run collection` (src/cli/, src/core/), so a project that installs Keyhole runs collections without tsx.
 */
import { chmod } from 'node:fs/promises';
import { rolldown } from 'rolldown';

const OUTPUT = 'dist-cli/keyhole-run.mjs';

const build = await rolldown({ input: 'src/cli/keyhole-run.ts', platform: 'node' });
try {
  await build.write({ file: OUTPUT, format: 'esm', codeSplitting: false });
} finally {
  await build.close();
}
await chmod(OUTPUT, 0o755);
console.log(`Built ${OUTPUT}`);
