/**
 * Loads the Firefox build (dist-firefox/) into Debian's Firefox ESR as a temporary add-on, the way a developer
 * does from about:debugging, and drives it over Marionette: Firefox's own automation protocol, JSON messages
 * framed as `<length>:<json>` on a TCP socket, so no driver binary or extra package is needed. Every other
 * address is proxied to a closed port on 127.0.0.1, so the browser never reaches the internet.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIREFOX_ADDON_ID } from '../../../src/core/browser-target.ts';
import { findBrowser } from './find-browser.ts';
import { Marionette } from './marionette.ts';

export const DIST_FIREFOX = resolve(import.meta.dirname, '../../../dist-firefox');

const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** Fixed, so pages have known addresses (Firefox otherwise picks a random UUID per profile). */
export const ADDON_UUID = '6b8f4f0e-2f4b-4c53-9d43-3c1e5a7d2b10';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

/** Debian's Firefox ESR, or the one FIREFOX_PATH names. */
export function findFirefox(): string {
  return findBrowser('Firefox', 'FIREFOX_PATH', FIREFOX_CANDIDATES, 'firefox-esr');
}

export interface LaunchedFirefox {
  /** The id Firefox installed the add-on under. */
  addonId: string;
  /** Where downloads land (Firefox saves them there without asking). */
  downloadsDir: string;
  /** Loads an extension page (e.g. 'src/options/index.html') in the current tab. */
  openPage(path: string): Promise<void>;
  /**
   * Grants host permissions as if the user had accepted the browser's prompt (which needs a real click), through
   * the same store about:addons writes to.
   */
  grantHostPermissions(patterns: string[]): Promise<void>;
  /** Runs `body` in the current page; `done(value)` answers (for promises from extension APIs). */
  evaluate<T>(body: string, args?: unknown[]): Promise<T>;
  /** Runs `body` in the browser itself (chrome context: gBrowser, Services); `done(value)` answers. */
  evaluateInBrowser<T>(body: string, args?: unknown[]): Promise<T>;
  /** Sends one raw Marionette command (window switching, element clicks, screenshots). */
  command<T = unknown>(name: string, parameters?: object): Promise<T>;
  /**
   * Unloads the add-on's background as Firefox does when it is idle (about:debugging's "Terminate background
   * script"); the next message or port starts it again.
   */
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}

export async function launchFirefox(
  // `prepareProfile` runs on the new profile before Firefox starts (the sandbox's CA: test/platform/tls.ts).
  options: { dist?: string; prepareProfile?: (profileDir: string) => void } = {},
): Promise<LaunchedFirefox> {
  const root = await mkdtemp(join(tmpdir(), 'keyhole-firefox-'));
  const profile = join(root, 'profile');
  const downloadsDir = join(root, 'downloads');
  await mkdir(profile);
  await mkdir(downloadsDir);
  const port = await freePort();
  await writeFile(join(profile, 'user.js'), userPrefs(port, downloadsDir));
  options.prepareProfile?.(profile);
  const firefox = spawn(
    findFirefox(),
    ['--headless', '--marionette', '--remote-allow-system-access', '--no-remote', '--profile', profile],
    { stdio: 'ignore' },
  );
  // Never outlives this process: a test whose hook timed out while Firefox started never gets to close it (seen at
  // load 30: a Firefox left running after its file had failed).
  const killOnExit = () => firefox.kill('SIGKILL');
  process.once('exit', killOnExit);
  firefox.once('exit', () => process.removeListener('exit', killOnExit));
  let marionette: Marionette | undefined;
  try {
    marionette = await Marionette.connect(port, firefox);
    await marionette.command('WebDriver:NewSession', {});
    const installed = await marionette.command<{ value: string }>('Addon:Install', {
      path: options.dist ?? DIST_FIREFOX,
      temporary: true,
    });
    const session = marionette;
    const evaluateInBrowser = async <T>(body: string, args: unknown[] = []): Promise<T> => {
      await session.command('Marionette:SetContext', { value: 'chrome' });
      try {
        const reply = await session.command<{ value: T }>('WebDriver:ExecuteAsyncScript', {
          script: `const done = arguments[arguments.length - 1]; ${body}`,
          args,
        });
        return reply.value;
      } finally {
        await session.command('Marionette:SetContext', { value: 'content' });
      }
    };
    return {
      addonId: installed.value,
      downloadsDir,
      async openPage(path) {
        // Marks the page being left, so the wait below cannot mistake it for the new one (same URL on a reload).
        await session.command('WebDriver:ExecuteScript', {
          script: 'if (document.documentElement) document.documentElement.dataset.keyholeLeaving = "1";',
          args: [],
        });
        // Content scripts may not navigate to moz-extension: pages; the browser window (chrome context) may. The
        // same page with another #hash would only scroll: about:blank first, so every openPage gives a fresh page.
        const load = (url: string) =>
          evaluateInBrowser(
            `gBrowser.selectedBrowser.fixupAndLoadURIString(arguments[0], {
              triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal(),
            });
            done(true);`,
            [url],
          );
        const target = `${EXTENSION_ORIGIN}/${path}`;
        const current = await session.command<{ value: string }>('WebDriver:GetCurrentURL', {});
        if (current.value.split('#')[0] === target.split('#')[0]) {
          await load('about:blank');
          await waitFor(session, `location.href === 'about:blank'`);
        }
        await load(target);
        await waitFor(
          session,
          `location.href === ${JSON.stringify(`${EXTENSION_ORIGIN}/${path}`)} &&
            document.readyState === 'complete' && !document.documentElement?.dataset.keyholeLeaving`,
        );
      },
      async grantHostPermissions(patterns) {
        await evaluateInBrowser(
          `const [id, origins] = arguments;
          const { ExtensionPermissions } = ChromeUtils.importESModule(
            'resource://gre/modules/ExtensionPermissions.sys.mjs',
          );
          const extension = WebExtensionPolicy.getByID(id).extension;
          ExtensionPermissions.add(id, { permissions: [], origins }, extension).then(() => done(true));`,
          [installed.value, patterns],
        );
      },
      async evaluate<T>(body: string, args: unknown[] = []) {
        const reply = await session.command<{ value: T }>('WebDriver:ExecuteAsyncScript', {
          script: `const done = arguments[arguments.length - 1]; ${body}`,
          args,
        });
        return reply.value;
      },
      evaluateInBrowser,
      command<T>(name: string, parameters: object = {}) {
        return session.command<T>(name, parameters);
      },
      async stopBackground() {
        const state = await evaluateInBrowser<string>(
          `const extension = WebExtensionPolicy.getByID(arguments[0]).extension;
          Promise.resolve(extension.terminateBackground({ disableResetIdleForTest: true })).then(
            () => done(String(extension.backgroundState)),
            (error) => done('failed: ' + error),
          );`,
          [installed.value],
        );
        if (state !== 'stopped') throw new Error(`the background did not stop: ${state}`);
      },
      async close() {
        await session.command('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined);
        await session.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await marionette?.close();
    // Still starting, it may not answer a polite signal: this one it cannot ignore.
    firefox.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function waitFor(session: Marionette, condition: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const { value } = await session.command<{ value: boolean }>('WebDriver:ExecuteScript', {
        script: `return ${condition};`,
        args: [],
      });
      if (value) return;
    } catch (error) {
      lastError = error; // the page may be between documents; ask again
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${condition}`, { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function userPrefs(port: number, downloadsDir: string): string {
  const prefs: Record<string, string | number | boolean> = {
    'marionette.port': port,
    'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: ADDON_UUID }),
    // Everything Firefox would fetch by itself (updates, telemetry, remote settings) goes to a closed local port.
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': 9,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': 9,
    'network.proxy.no_proxies_on': '',
    'network.proxy.allow_hijacking_localhost': false,
    'network.dns.disablePrefetch': true,
    'network.trr.mode': 5,
    'app.update.disabledForTesting': true,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.enabled': false,
    // Downloads go to downloadsDir without a dialog, and a PDF is saved, not opened in the built-in viewer.
    'browser.download.folderList': 2,
    'browser.download.dir': downloadsDir,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.alwaysOpenPanel': false,
    'pdfjs.disabled': true,
    // Overlay scrollbars (GNOME's and macOS's default): headless screenshots leave classic ones unpainted, white.
    'ui.useOverlayScrollbars': 1,
  };
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
