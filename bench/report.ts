/**
 * Turns bench results into a plain-text table for the terminal and a Markdown page (bench/latest.md, committed,
 * shown by the README). Run on its own (`tsx bench/report.ts`) it re-renders the last bench/results.json.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchResults, BenchRow, Measured } from './results.ts';
import { DEFAULT_SIGNING_OPTIONS } from './signing.ts';

export const RESULTS_PATH = fileURLToPath(new URL('./results.json', import.meta.url));
export const MARKDOWN_PATH = fileURLToPath(new URL('./latest.md', import.meta.url));

const HEADERS = ['Figure', 'Ours', 'Anchor', 'Ratio', 'Target', 'Met?'];

function formatMeasured(measured: Measured): string {
  if (measured.text !== undefined) return measured.text;
  switch (measured.unit) {
    case 'signatures/s':
      return `${Math.round(measured.value).toLocaleString('en-US')}/s`;
    case 'lines/s':
      return `${Math.round(measured.value).toLocaleString('en-US')} lines/s`;
    case 'calls/s':
      return `${Math.round(measured.value).toLocaleString('en-US')} calls/s`;
    case 'ms':
      // Below a millisecond the second decimal matters (a target of 0.5 ms).
      return `${measured.value < 1 ? measured.value.toFixed(2) : measured.value < 10 ? measured.value.toFixed(1) : Math.round(measured.value)} ms`;
    case 'KB':
      return `${measured.value.toFixed(1)} KB`;
    case '×':
      return `${measured.value.toFixed(2)}×`;
  }
}

function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${ratio >= 10 ? Math.round(ratio) : ratio.toFixed(2)}×`;
}

function formatMet(row: BenchRow): string {
  if (row.met === undefined) return '—';
  return row.met ? 'yes' : 'NO';
}

function cells(row: BenchRow): string[] {
  return [
    `${row.group}: ${row.figure}`,
    formatMeasured(row.ours),
    row.anchor ? `${formatMeasured(row.anchor)} (${row.anchor.label})` : '—',
    formatRatio(row.ratio),
    row.target ?? '—',
    formatMet(row),
  ];
}

function describeMachine(results: BenchResults): string {
  const { machine } = results;
  return [
    `${machine.os}`,
    `${machine.cpuCount} × ${machine.cpus}`,
    `${machine.memoryGiB} GiB`,
    `Node ${machine.node}`,
    `Chromium ${machine.chromium}`,
    `load average ${machine.loadAverage.start.toFixed(1)} → ${machine.loadAverage.end.toFixed(1)}`,
  ].join(', ');
}

/** Fixed-width columns for a terminal. */
export function renderText(results: BenchResults): string {
  const rows = [HEADERS, ...results.rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  const out = [
    `Keyhole benchmarks, ${results.date} (${results.durationSeconds} s)`,
    describeMachine(results),
    '',
    line(HEADERS),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...results.rows.map((row) => line(cells(row))),
  ];
  const notes = results.rows.filter((row) => row.note);
  if (notes.length > 0) out.push('', ...notes.map((row) => `* ${row.group}: ${row.figure}: ${row.note}`));
  for (const skipped of results.skipped) out.push(`! ${skipped.group} not measured: ${skipped.reason}`);
  return out.join('\n');
}

function escapeMarkdown(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
}

export function renderMarkdown(results: BenchResults): string {
  const out = [
    '# Keyhole benchmarks',
    '',
    `Latest run: ${results.date}, ${results.durationSeconds} s. Machine: ${describeMachine(results)}.`,
    '',
    'Produced by `npm run bench` (not part of `npm test`). Every figure is measured in the same run as its',
    'anchor; the ratio says how many times better ours is (ours ÷ anchor for rates, anchor ÷ ours for times and',
    'sizes). Times are medians. The machine is shared, so absolute figures move between runs; ratios move less.',
    '',
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...results.rows.map((row) => `| ${cells(row).map(escapeMarkdown).join(' | ')} |`),
  ];
  const notes = results.rows.filter((row) => row.note);
  if (notes.length > 0) {
    out.push(
      '',
      '## Notes',
      '',
      ...notes.map((row) => escapeMarkdown(`- **${row.group}: ${row.figure}** — ${row.note}`)),
    );
  }
  if (results.skipped.length > 0) {
    out.push('', '## Not measured', '', ...results.skipped.map((s) => `- **${s.group}** — ${s.reason}`));
  }
  out.push('', '## How each figure is measured', '', ...describeMethods(), '');
  return out.join('\n');
}

function describeMethods(): string[] {
  const signing = DEFAULT_SIGNING_OPTIONS;
  return [
    '- **Signing**: `signRequest` (src/core/oauth1: Web Crypto with its HMAC key cache; the form body parsed from',
    '  text each time, as the worker does) against `oauth-1.0a` 2.2.6 with `crypto-js` HMAC (one `OAuth` object',
    "  reused, the way the platform's JS client used it), both producing the Authorization header. In Node and in",
    '  headless Chromium (both sides bundled by Vite, minified, evaluated in an extension page that runs nothing',
    `  else). Per cell: ${signing.warmUpMs} ms warm-up each, then ${signing.rounds} rounds of ${signing.roundMs} ms alternating between`,
    '  the two sides (so load on the shared machine hits both alike); the median round. The notes give the',
    '  ceiling: `crypto.subtle.sign` alone on a message of the same length with a ready key.',
    '- **Popup**: the `keyhole:first-account-render` performance mark, set by the popup when an account is on',
    '  screen, from navigation start; the popup page in a 360×600 tab, signed in to the sandbox; 10 openings each',
    '  way, alternating. Warm: the account cache is filled (every opening after the first; its synchronous',
    '  localStorage mirror too). Cold: both deleted first, so the account comes from the worker. The warm paint',
    '  row: the frame that first shows the account (its first contentful paint when the account is in it) minus',
    "  the page's DOMContentLoaded, beside a blank extension page (same head, one line of text) measured the same",
    '  way in the same run: its first paint minus its DOMContentLoaded. The warm render row is compared with a',
    "  network-first render of the same account (cold, up to its organisations); the cold row with the page's",
    '  DOMContentLoaded.',
    '- **Panel cold open**: panel.html opened in a new tab, 10 times, with the worker running; from navigation',
    '  start to the first animation frame after an enabled Send button and the Path field are in the DOM. Limit:',
    '  the blank extension page, also in a new tab each time, to its first contentful paint.',
    '- **Large responses**: the DevTools panel opened as a tab sends GET /v2/self, which the sandbox answers with',
    '  N bytes of nested JSON; time from the click on Send to the first frame painted with a JSON tree row in the',
    '  DOM, and the longest main-thread task meanwhile (PerformanceObserver `longtask`, which sees tasks over',
    '  50 ms). Anchor: the naive viewer in the same freshly loaded page: the same request through the same worker,',
    '  then `JSON.parse` and `JSON.stringify(value, null, 2)` into a `<pre>`, to its first painted frame. Limit',
    "  (in the notes): the page's own `fetch` of the same bytes straight from the sandbox, read to the end, no",
    '  parsing; the 20 MB ÷ 1 MB row compares how the first screen and that bare fetch grow with the size.',
    '- **Worker wake**: the service worker is stopped through the DevTools protocol (`Target.closeTarget` on its',
    '  target, then waiting until the target is gone); a page then sends `request/send` GET /v2/self. Measured from',
    "  the page's `sendMessage` call to the request's arrival at the sandbox (a spy on the sandbox's first",
    '  per-request hook; page and sandbox share the machine clock). Anchor: the same with the worker running.',
    '- **Catalog search**: `searchCatalog` (src/core/platform/search.ts) over the generated catalog, in Node: every',
    '  prefix of a dozen typed queries (typos, a pasted path) is one keystroke, timed with `performance.now()`;',
    '  30 rounds, each starting with a fresh index (empty word-score cache, as a newly opened panel); the p95 of',
    '  all keystrokes. Anchor: a plain substring filter (every word must appear as typed) on the same keystrokes,',
    '  alternating with ours.',
    '- **History search**: `filterHistory` (src/core/workbench/history-filter.ts, what the History view runs) over',
    '  10 000 entries built by `createHistoryRecord` from varied calls, in Node: every prefix of 8 typed queries',
    '  (words, `status:4xx`, `method:post`) is one keystroke; 5 rounds; p95. Limit: a bare substring scan of the',
    "  same entries' search text, prepared and lowercased beforehand, alternating with ours.",
    "- **Bundles**: gzip -9 of each context's JavaScript: the entry script, its `modulepreload`s and their static",
    '  imports (not dynamic `import()`); the worker is `service-worker-loader.js` and its static imports. The same',
    '  computation fails `npm test` (test/e2e/bundle-budget.test.ts) when a budget is exceeded.',
  ];
}

async function main(): Promise<void> {
  const results = JSON.parse(await readFile(RESULTS_PATH, 'utf8')) as BenchResults;
  const markdown = renderMarkdown(results);
  console.log(markdown);
  if (results.partial) {
    console.error(`\n${RESULTS_PATH} holds a partial run: ${MARKDOWN_PATH} left as it was.`);
    return;
  }
  await writeFile(MARKDOWN_PATH, markdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
