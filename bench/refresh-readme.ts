/**
 * Copies the latest full run's table (bench/latest.md: date, machine with load average, figures) into the
 * README, between its `bench-table` markers. `npm run bench` does it after a full run; run on its own
 * (`npm run bench:readme`) it refreshes the README from the committed bench/latest.md.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MARKDOWN_PATH } from './report.ts';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
export const TABLE_START = '<!-- bench-table:start (written by npm run bench from bench/latest.md) -->';
export const TABLE_END = '<!-- bench-table:end -->';

/** The "Latest run" line and the table of a bench/latest.md. */
export function extractTable(latest: string): string {
  const lines = latest.split('\n');
  const runLine = lines.find((line) => line.startsWith('Latest run: '));
  const tableStart = lines.findIndex((line) => line.startsWith('| Figure |'));
  if (!runLine || tableStart < 0) throw new Error('bench/latest.md has no "Latest run" line or no table');
  let tableEnd = tableStart;
  while (lines[tableEnd + 1]?.startsWith('|')) tableEnd += 1;
  return [runLine, '', ...lines.slice(tableStart, tableEnd + 1)].join('\n');
}

/** The README with the text between the markers replaced by `table`. */
export function replaceTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

export async function refreshReadme(): Promise<void> {
  const table = extractTable(await readFile(MARKDOWN_PATH, 'utf8'));
  await writeFile(README_PATH, replaceTable(await readFile(README_PATH, 'utf8'), table));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  refreshReadme().then(
    () => console.log(`README.md table refreshed from ${MARKDOWN_PATH}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
