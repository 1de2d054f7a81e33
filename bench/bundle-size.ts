/**
 * Gzipped size of the JavaScript each extension context loads before it can do anything: the entry script,
 * its modulepreloads and everything they import statically. Dynamic `import()` is left out on purpose: it
 * is paid later, when a feature is used, not at startup. Shared by `npm run bench` and the budget test.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseSync } from 'vite';

export interface BundleBudget {
  /** What the size is of, as the README and the test output name it. */
  name: string;
  /** An HTML page or a JS entry, relative to dist/. */
  entry: string;
  /** Gzipped bytes allowed. */
  budgetBytes: number;
  /**
   * For a page: its module graph (the default), or its classic scripts, which the parser runs where they stand,
   * before the modules (the popup's first paint).
   */
  scripts?: 'modules' | 'classic';
}

export interface BundleFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleSize extends BundleBudget {
  files: BundleFile[];
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
}

const KB = 1024;

/** The budgets of issue 9; the worker entry is read from the built manifest, as Chromium does. */
export async function readBudgets(dist: string): Promise<BundleBudget[]> {
  const manifest = JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8')) as {
    action?: { default_popup?: string };
    background?: { service_worker?: string };
  };
  const popup = manifest.action?.default_popup;
  const worker = manifest.background?.service_worker;
  if (!popup || !worker) throw new Error('dist/manifest.json has no popup or no service worker');
  return [
    { name: 'Popup JS', entry: popup, budgetBytes: 20 * KB },
    // Its own cap: it paints the account before the app loads, so every byte of it is on the first paint's path.
    { name: 'Popup first-paint JS', entry: popup, budgetBytes: 3.75 * KB, scripts: 'classic' },
    { name: 'Panel initial JS', entry: 'src/devtools/panel.html', budgetBytes: 80 * KB },
    { name: 'Worker JS', entry: worker, budgetBytes: 40 * KB },
  ];
}

export async function measureBundles(dist: string): Promise<BundleSize[]> {
  const budgets = await readBudgets(dist);
  return Promise.all(budgets.map((budget) => measureBundle(dist, budget)));
}

export async function measureBundle(dist: string, budget: BundleBudget): Promise<BundleSize> {
  const roots = budget.entry.endsWith('.html')
    ? await readHtmlScripts(dist, budget.entry, budget.scripts)
    : [resolveInDist(dist, budget.entry)];
  const paths = await collectStaticGraph(dist, roots);
  const files = await Promise.all(
    paths.map(async (path) => {
      const bytes = await readFile(path);
      return { path: relative(dist, path), rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    ...budget,
    files,
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes,
    withinBudget: gzipBytes <= budget.budgetBytes,
  };
}

/**
 * A built page's scripts, as absolute paths: its module graph's roots (`<script type="module" src>`,
 * `<link rel="modulepreload" href>`, or the list a classic script starts them from), or its classic `<script src>`.
 */
export async function readHtmlScripts(
  dist: string,
  htmlPath: string,
  kind: 'modules' | 'classic' = 'modules',
): Promise<string[]> {
  const html = await readFile(resolveInDist(dist, htmlPath), 'utf8');
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const type = readAttribute(tag, 'type');
    const isScript = /^<script/i.test(tag) && (kind === 'modules' ? type === 'module' : type === undefined);
    const isPreload = kind === 'modules' && /^<link/i.test(tag) && readAttribute(tag, 'rel') === 'modulepreload';
    const url = isScript ? readAttribute(tag, 'src') : isPreload ? readAttribute(tag, 'href') : undefined;
    if (url) found.push(resolveUrl(dist, htmlPath, url));
    // A classic script that starts the module graph itself (the popup's first paint) lists it in data-modules.
    const handedOver = kind === 'modules' ? readAttribute(tag, 'data-modules') : undefined;
    if (handedOver) {
      const urls = JSON.parse(handedOver.replaceAll('&quot;', '"')) as string[];
      for (const listed of urls) found.push(resolveUrl(dist, htmlPath, listed));
    }
  }
  if (found.length === 0) throw new Error(`${htmlPath} loads no ${kind === 'modules' ? 'module' : 'classic'} script`);
  return found;
}

function readAttribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/** Extension URLs: `/x` is the extension root (dist/), anything else is relative to the page. */
function resolveUrl(dist: string, fromPath: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url))
    throw new Error(`${fromPath} loads a script from outside the extension: ${url}`);
  const clean = url.split(/[?#]/)[0]!;
  const inDist = clean.startsWith('/') ? clean.slice(1) : posix.join(posix.dirname(fromPath), clean);
  return resolveInDist(dist, inDist);
}

function resolveInDist(dist: string, path: string): string {
  const absolute = resolve(dist, path);
  if (relative(dist, absolute).startsWith('..')) throw new Error(`${path} is outside dist/`);
  return absolute;
}

/** Follows static `import … from`, bare `import "…"` and `export … from` (not `import()`), breadth first. */
async function collectStaticGraph(dist: string, roots: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const specifier of readStaticImports(path, await readFile(path, 'utf8'))) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        throw new Error(`${path} imports "${specifier}", which the browser cannot resolve in an extension`);
      }
      // In an extension, `/x.js` is the extension root: dist/.
      queue.push(specifier.startsWith('/') ? resolveInDist(dist, specifier.slice(1)) : join(dirname(path), specifier));
    }
  }
  return [...seen];
}

export function readStaticImports(filename: string, code: string): string[] {
  const parsed = parseSync(filename, code, { sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${filename} does not parse: ${parsed.errors[0]?.message}`);
  const specifiers = parsed.module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const statement of parsed.module.staticExports) {
    for (const entry of statement.entries) if (entry.moduleRequest) specifiers.push(entry.moduleRequest.value);
  }
  return specifiers;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** One line per entry: size vs budget, and its three biggest files, for test output and bench logs. */
export function describeBundles(sizes: BundleSize[]): string {
  return sizes
    .map((size) => {
      const verdict = size.withinBudget ? 'ok' : 'OVER BUDGET';
      const biggest = size.files
        .slice(0, 3)
        .map((file) => `${file.path} ${formatKilobytes(file.gzipBytes)}`)
        .join(', ');
      return `${size.name}: ${formatKilobytes(size.gzipBytes)} gzip of ${formatKilobytes(size.budgetBytes)} (${verdict}; ${size.files.length} file${size.files.length === 1 ? '' : 's'}, biggest: ${biggest})`;
    })
    .join('\n');
}
