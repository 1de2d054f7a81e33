/**
 * `npm run bench`: builds dist/, then measures signing, popup, large responses, worker wake and bundle sizes,
 * each against an anchor measured in the same run; prints a table, writes bench/results.json (ignored by git)
 * and, after a full run, bench/latest.md (committed) and the README's copy of its table.
 *
 *   --only=signing,popup,panel,json,huge,calls,streams,worker,bundles,search,history,check,firefox   run a subset
 *   --sizes=1,20                               large responses (json, firefox): only these sizes, in MB
 *   KEYHOLE_SKIP_BUILD=1                       reuse the existing dist/
 *   KEYHOLE_BENCH_SIGNATURE=PLAINTEXT          sign with PLAINTEXT (bodies are then searched for echoed secrets)
 *
 * It checks for the browsers first (bench/lifecycle.ts) and stops at the first error, exiting non-zero with every
 * browser and server it started closed.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'vite';
import { DIST, OUTPUT } from '../test/e2e/support/launch-extension.ts';
import { DIST_FIREFOX } from '../test/e2e/support/launch-firefox.ts';
import { type BrowserSession, startBrowserSession } from './browser-session.ts';
import { type BundleSize, formatKilobytes, measureBundle, measureBundles } from './bundle-size.ts';
import { benchCallOverhead } from './call-overhead.ts';
import { benchCatalogSearch } from './catalog-search.ts';
import { benchFirefoxBodies, FIREFOX_SIZES } from './firefox-bodies.ts';
import { benchHistorySearch } from './history-search.ts';
import { benchHugeBody } from './huge-body.ts';
import { benchJsonTree, JSON_SIZES } from './json-tree.ts';
import { closeOnExit, ensureBrowsers, packagesFor, runToExit } from './lifecycle.ts';
import { benchLogStream } from './log-stream.ts';
import { currentLoad, describeMachine } from './machine.ts';
import { benchPanelOpen, FLOOR_PAGE, FLOOR_SCRIPT } from './panel-open.ts';
import { BLANK_PAGE, benchPopup } from './popup.ts';
import { refreshReadme } from './refresh-readme.ts';
import { MARKDOWN_PATH, RESULTS_PATH, renderMarkdown, renderText } from './report.ts';
import type { BenchResults, BenchRow } from './results.ts';
import { benchSavedTree } from './saved-tree.ts';
import { benchSchemaCheck } from './schema-check.ts';
import { benchSigningInChromium, benchSigningInNode } from './signing.ts';
import { benchWorkerWake } from './worker-wake.ts';

/** Files the benchmarks write into dist/ (anchors served from the extension's origin). */
const BENCH_PAGES = [BLANK_PAGE, FLOOR_PAGE, FLOOR_SCRIPT];
const ALL = [
  'bundles',
  'signing',
  'popup',
  'panel',
  'json',
  'huge',
  'calls',
  'streams',
  'worker',
  'search',
  'history',
  'saved',
  'check',
  'firefox',
] as const;
type BenchName = (typeof ALL)[number];

function readSelection(argv: string[]): Set<BenchName> {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only) return new Set(ALL);
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown benchmark(s): ${unknown.join(', ')} (known: ${ALL.join(', ')})`);
  return new Set(names as BenchName[]);
}

/** `--sizes=1,20`: the large-response sizes to measure (MB), or undefined for every one. */
function readSizes(argv: string[]): number[] | undefined {
  const given = argv.find((arg) => arg.startsWith('--sizes='))?.slice('--sizes='.length);
  if (!given) return undefined;
  const sizes = given.split(',').map((size) => Number(size.trim()) * 1024 * 1024);
  if (sizes.some((size) => !(size > 0)))
    throw new Error(`--sizes takes sizes in MB, such as --sizes=1,20 (got ${given})`);
  return sizes;
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function buildDist(): Promise<void> {
  if (process.env.KEYHOLE_SKIP_BUILD === '1' && existsSync(resolve(DIST, 'manifest.json'))) {
    log('reusing dist/ (KEYHOLE_SKIP_BUILD=1)');
    return;
  }
  log('building dist/');
  await build({ configFile: resolve(import.meta.dirname, '../vite.config.ts'), logLevel: 'warn' });
}

async function buildFirefox(): Promise<void> {
  if (process.env.KEYHOLE_SKIP_BUILD === '1' && existsSync(resolve(DIST_FIREFOX, 'manifest.json'))) return;
  log('building dist-firefox/');
  await build({ configFile: resolve(import.meta.dirname, '../vite.config.ts'), mode: 'firefox', logLevel: 'warn' });
}

async function benchBundles(): Promise<BenchRow[]> {
  const sizes = await measureBundles(DIST);
  return [
    ...sizes.map(
      (size): BenchRow => ({
        group: 'Bundle (gzip)',
        figure: size.name,
        ours: { value: size.gzipBytes / 1024, unit: 'KB' },
        anchor: { label: 'budget', value: size.budgetBytes / 1024, unit: 'KB' },
        ratio: size.budgetBytes / size.gzipBytes,
        target: `≤ ${formatKilobytes(size.budgetBytes)}`,
        met: size.withinBudget,
        note: `${size.files.length} file${size.files.length === 1 ? '' : 's'}, ${formatKilobytes(size.rawBytes)} before gzip; biggest: ${size.files
          .slice(0, 3)
          .map((file) => `${file.path} ${formatKilobytes(file.gzipBytes)}`)
          .join(', ')}`,
      }),
    ),
    await benchEditorChunk(sizes),
  ];
}

/**
 * The JSON body editor (CodeMirror 6), loaded the first time a JSON body is shown: its chunk's size, and that the
 * panel's first script does not include it (its anchor: the panel's initial JS).
 */
async function benchEditorChunk(sizes: BundleSize[]): Promise<BenchRow> {
  const chunk = (await readdir(resolve(DIST, 'assets'))).find((name) => /^create-json-editor-.*\.js$/.test(name));
  if (!chunk) throw new Error('no JSON editor chunk in dist/assets');
  const editor = await measureBundle(DIST, {
    name: 'JSON body editor (lazy)',
    entry: `assets/${chunk}`,
    budgetBytes: 0,
  });
  const panel = sizes.find((size) => size.name === 'Panel initial JS');
  const lazy = !panel?.files.some((file) => file.path.includes('create-json-editor'));
  return {
    group: 'Bundle (gzip)',
    figure: 'JSON body editor chunk (loaded on first JSON body)',
    ours: { value: editor.gzipBytes / 1024, unit: 'KB' },
    ...(panel ? { anchor: { label: 'panel initial JS', value: panel.gzipBytes / 1024, unit: 'KB' as const } } : {}),
    target: 'not in the panel’s initial JS',
    met: lazy,
    note: `${editor.files.length} files with what it imports, ${formatKilobytes(editor.rawBytes)} before gzip`,
  };
}

/**
 * Prints each kind of process warning once. The sandbox's huge-body streaming adds listeners per chunk and
 * Node would warn about it for every large response, burying the table.
 */
function dedupeWarnings(): void {
  const seen = new Set<string>();
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const key = `${warning.name}: ${warning.message.replace(/\d+/g, 'N')}`;
    if (seen.has(key)) return;
    seen.add(key);
    log(`warning (shown once): ${warning.name}: ${warning.message}`);
  });
}

async function main(): Promise<number> {
  dedupeWarnings();
  const selected = readSelection(process.argv.slice(2));
  const sizes = readSizes(process.argv.slice(2));
  const needsBrowser = ['signing', 'popup', 'panel', 'json', 'huge', 'calls', 'streams', 'worker'].some((name) =>
    selected.has(name as BenchName),
  );
  // Before building or starting anything: a missing browser ends the run here, with the line that installs it.
  ensureBrowsers(packagesFor(needsBrowser, selected.has('firefox')));
  const started = Date.now();
  const loadAtStart = currentLoad();
  await mkdir(OUTPUT, { recursive: true });
  process.env.TMPDIR ??= OUTPUT; // Chromium and Playwright write their temporary files there
  await buildDist();

  const rows: BenchRow[] = [];
  const skipped: BenchResults['skipped'] = [];
  // A benchmark that throws ends the run (its browser may be in any state); refused samples are results, noted.
  const attempt = async (group: string, step: () => Promise<BenchRow[] | { rows: BenchRow[]; failures: string[] }>) => {
    const begun = Date.now();
    log(`${group}…`);
    let result: Awaited<ReturnType<typeof step>>;
    try {
      result = await step();
    } catch (error) {
      throw new Error(`${group}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, {
        cause: error,
      });
    }
    if (Array.isArray(result)) rows.push(...result);
    else {
      rows.push(...result.rows);
      for (const reason of result.failures) {
        skipped.push({ group, reason });
        log(`${group}: FAILED: ${reason}`);
      }
    }
    log(`${group}: done in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  };

  if (selected.has('bundles')) await attempt('Bundle sizes', benchBundles);
  if (selected.has('signing')) await attempt('Signing (Node)', () => benchSigningInNode());
  if (selected.has('search')) await attempt('Catalog search', benchCatalogSearch);
  if (selected.has('history')) await attempt('History search', benchHistorySearch);
  if (selected.has('saved')) await attempt('Saved tree', benchSavedTree);
  if (selected.has('check')) await attempt('Response check', benchSchemaCheck);

  let session: BrowserSession | undefined;
  let chromium = 'not launched';
  if (needsBrowser) {
    log('starting Chromium with the extension, the sandbox, and signing in');
    session = closeOnExit(await startBrowserSession());
    chromium = session.chromiumVersion;
  }
  try {
    if (session) {
      const browser = session;
      if (selected.has('signing')) await attempt('Signing (Chromium)', () => benchSigningInChromium(browser));
      if (selected.has('popup')) await attempt('Popup', () => benchPopup(browser));
      if (selected.has('panel')) await attempt('Panel', () => benchPanelOpen(browser));
      if (selected.has('json'))
        await attempt('Large responses', () =>
          benchJsonTree(browser, sizes && JSON_SIZES.filter((size) => sizes.includes(size.bytes))),
        );
      if (selected.has('huge')) await attempt('100 MB response', () => benchHugeBody(browser));
      if (selected.has('calls')) await attempt('Calls', () => benchCallOverhead(browser));
      if (selected.has('streams')) await attempt('Log stream', () => benchLogStream(browser));
      // Last: it stops the worker, which every other browser benchmark relies on.
      if (selected.has('worker')) await attempt('Worker', () => benchWorkerWake(browser));
    }
  } finally {
    await session?.close();
    // The pages written into dist/ for the panel and popup anchors go, so dist/ is a build again (the Firefox
    // build's e2e check compares its pages with dist/'s).
    await Promise.all(BENCH_PAGES.map((file) => rm(resolve(DIST, file), { force: true })));
  }
  // After Chromium is closed (each browser wants both cores), and after `json`, whose figures are its anchors.
  if (selected.has('firefox')) {
    await buildFirefox();
    await attempt('Large responses (Firefox)', () =>
      benchFirefoxBodies(rows, sizes && FIREFOX_SIZES.filter((bytes) => sizes.includes(bytes))),
    );
  }

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: describeMachine(chromium, loadAtStart),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    partial: selected.size < ALL.length,
    rows,
    skipped,
  };
  await writeFile(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
  console.log(renderText(results));
  // A partial run must not replace the committed full table.
  if (!results.partial) {
    await writeFile(MARKDOWN_PATH, renderMarkdown(results));
    await refreshReadme();
    console.log(`\nWrote ${RESULTS_PATH} and ${MARKDOWN_PATH}, and README.md's table from it`);
  } else {
    console.log(`\nWrote ${RESULTS_PATH} (partial run: ${MARKDOWN_PATH} left as it was)`);
  }
  return skipped.length > 0 ? 1 : 0;
}

runToExit(main, log);
