/**
 * Loads the built extension (dist/) into Debian's Chromium with playwright-core, the way a user installs it
 * unpacked. Each call gets its own profile folder, so tests never share storage.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { findBrowser } from './find-browser.ts';
import { stopWorkerLikeIdle } from './stop-worker.ts';

export const DIST = resolve(import.meta.dirname, '../../../dist');
export const OUTPUT = resolve(import.meta.dirname, '../../../test-output');

const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export function findChromium(): string {
  return findBrowser('Chromium', 'CHROMIUM_PATH', CHROMIUM_CANDIDATES, 'chromium');
}

export interface LaunchedExtension {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  userDataDir: string;
  downloadsDir: string;
  /**
   * Stops the service worker as the browser does when it is idle (MV3), once it is activated, and returns when it is
   * stopped; the next message restarts it (support/stop-worker.ts says why it waits).
   */
  stopServiceWorker(): Promise<void>;
  /** Opens an extension page (e.g. 'src/popup/index.html', with a #hash if need be) in a tab. */
  openPage(path: string, options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Collects the page's uncaught errors, from its first script on. */
  errors?: string[];
  /** Refuses requests to anything but the loopback sandbox (e.g. avatars on hosts that do not exist). */
  loopbackOnly?: boolean;
  /** A script run before the page's own (a stub of an API the page expects, a recorder). */
  initScript?: string;
}

export interface LaunchOptions {
  headless?: boolean;
  dist?: string;
  /** Other unpacked extensions to load beside ours (a benchmark's blank extension, as a floor). */
  alsoLoad?: readonly string[];
  /** More Chromium flags (the sandbox's TLS trust: test/platform/tls.ts `chromiumTrustArgs`). */
  extraArgs?: readonly string[];
}

export async function launchExtension(options: LaunchOptions = {}): Promise<LaunchedExtension> {
  const { args, isOurs } = await extensionArgs(options);
  const folders = await makeProfile();
  const context = await chromium.launchPersistentContext(folders.userDataDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    args,
  });
  return describeLaunched(context, folders, isOurs, () => context.close());
}

/** The Chromium flags that load the extension (and `alsoLoad`), and which service worker is ours. */
export async function extensionArgs(
  options: LaunchOptions,
): Promise<{ args: string[]; isOurs(worker: Worker): boolean }> {
  const dist = options.dist ?? DIST;
  const extensions = [dist, ...(options.alsoLoad ?? [])].join(',');
  // Ours is the worker running the script our manifest names: with other extensions loaded, theirs start too.
  const { background } = JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8')) as {
    background: { service_worker: string };
  };
  return {
    args: [
      `--disable-extensions-except=${extensions}`,
      `--load-extension=${extensions}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.extraArgs ?? []),
    ],
    isOurs: (candidate) => candidate.url().endsWith(`/${background.service_worker}`),
  };
}

export interface ProfileFolders {
  root: string;
  userDataDir: string;
  downloadsDir: string;
}

/** A fresh profile folder (and downloads folder) under the temporary directory. */
export async function makeProfile(): Promise<ProfileFolders> {
  const root = await mkdtemp(join(tmpdir(), 'keyhole-e2e-'));
  const userDataDir = join(root, 'profile');
  const downloadsDir = join(root, 'downloads');
  await mkdir(join(userDataDir, 'Default'), { recursive: true });
  await mkdir(downloadsDir, { recursive: true });
  // Real file names for downloads (Playwright would otherwise use GUIDs).
  await writeFile(
    join(userDataDir, 'Default', 'Preferences'),
    JSON.stringify({ download: { default_directory: downloadsDir, prompt_for_download: false } }),
  );
  return { root, userDataDir, downloadsDir };
}

/** A LaunchedExtension for a browser context with the extension loaded; `closeBrowser` ends that browser. */
export async function describeLaunched(
  context: BrowserContext,
  { root, userDataDir, downloadsDir }: ProfileFolders,
  isOurs: (worker: Worker) => boolean,
  closeBrowser: () => Promise<void>,
): Promise<LaunchedExtension> {
  const worker =
    context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent('serviceworker', { predicate: isOurs }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    userDataDir,
    downloadsDir,
    stopServiceWorker: () => stopWorkerLikeIdle(context, extensionId),
    async openPage(path, pageOptions = {}) {
      const page = await context.newPage();
      const { errors } = pageOptions;
      if (errors) page.on('pageerror', (error) => errors.push(error.message));
      if (pageOptions.loopbackOnly) await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
      if (pageOptions.viewport) await page.setViewportSize(pageOptions.viewport);
      if (pageOptions.colorScheme) await page.emulateMedia({ colorScheme: pageOptions.colorScheme });
      if (pageOptions.initScript) await page.addInitScript({ content: pageOptions.initScript });
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async close() {
      await closeBrowser();
      await rm(root, { recursive: true, force: true });
    },
  };
}
