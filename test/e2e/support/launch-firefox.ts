/**
 * Loads the Firefox build (dist-firefox/) into Debian's Firefox ESR as a temporary add-on, the way a developer
 * does from about:debugging, and drives it over Marionette: Firefox's own automation protocol, JSON messages
 * framed as `<length>:<json>` on a TCP socket, so no driver binary or extra package is needed. Every other
 * address is proxied to a closed port on 127.0.0.1, so the browser never reaches the internet.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIREFOX_ADDON_ID } from '../../../src/core/browser-target.ts';

export const DIST_FIREFOX = resolve(import.meta.dirname, '../../../dist-firefox');

const FIREFOX_CANDIDATES = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** Fixed, so pages have known addresses (Firefox otherwise picks a random UUID per profile). */
export const ADDON_UUID = '6b8f4f0e-2f4b-4c53-9d43-3c1e5a7d2b10';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

export function findFirefox(): string {
  const found = FIREFOX_CANDIDATES.find((path): path is string => !!path && existsSync(path));
  if (!found) throw new Error('Firefox not found: apt-get install -y firefox-esr (or set FIREFOX_PATH).');
  return found;
}

export interface LaunchedFirefox {
  /** The id Firefox installed the add-on under. */
  addonId: string;
  /** Loads an extension page (e.g. 'src/options/index.html') in the current tab. */
  openPage(path: string): Promise<void>;
  /**
   * Grants host permissions as if the user had accepted the browser's prompt (which needs a real click), through
   * the same store about:addons writes to.
   */
  grantHostPermissions(patterns: string[]): Promise<void>;
  /** Runs `body` in the current page; `done(value)` answers (for promises from extension APIs). */
  evaluate<T>(body: string, args?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export async function launchFirefox(options: { dist?: string } = {}): Promise<LaunchedFirefox> {
  const profile = await mkdtemp(join(tmpdir(), 'keyhole-firefox-'));
  const port = await freePort();
  await writeFile(join(profile, 'user.js'), userPrefs(port));
  const firefox = spawn(
    findFirefox(),
    ['--headless', '--marionette', '--remote-allow-system-access', '--no-remote', '--profile', profile],
    { stdio: 'ignore' },
  );
  let marionette: Marionette | undefined;
  try {
    marionette = await Marionette.connect(port, firefox);
    await marionette.command('WebDriver:NewSession', {});
    const installed = await marionette.command<{ value: string }>('Addon:Install', {
      path: options.dist ?? DIST_FIREFOX,
      temporary: true,
    });
    const session = marionette;
    return {
      addonId: installed.value,
      async openPage(path) {
        // Marks the page being left, so the wait below cannot mistake it for the new one (same URL on a reload).
        await session.command('WebDriver:ExecuteScript', {
          script: 'if (document.documentElement) document.documentElement.dataset.keyholeLeaving = "1";',
          args: [],
        });
        // Content scripts may not navigate to moz-extension: pages; the browser window (chrome context) may.
        await session.command('Marionette:SetContext', { value: 'chrome' });
        await session.command('WebDriver:ExecuteScript', {
          script: `gBrowser.selectedBrowser.fixupAndLoadURIString(arguments[0], {
            triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal(),
          });`,
          args: [`${EXTENSION_ORIGIN}/${path}`],
        });
        await session.command('Marionette:SetContext', { value: 'content' });
        await waitFor(
          session,
          `location.href === ${JSON.stringify(`${EXTENSION_ORIGIN}/${path}`)} &&
            document.readyState === 'complete' && !document.documentElement?.dataset.keyholeLeaving`,
        );
      },
      async grantHostPermissions(patterns) {
        await session.command('Marionette:SetContext', { value: 'chrome' });
        try {
          await session.command('WebDriver:ExecuteAsyncScript', {
            script: `const [id, origins, done] = arguments;
              const { ExtensionPermissions } = ChromeUtils.importESModule(
                'resource://gre/modules/ExtensionPermissions.sys.mjs',
              );
              const extension = WebExtensionPolicy.getByID(id).extension;
              ExtensionPermissions.add(id, { permissions: [], origins }, extension).then(() => done(true));`,
            args: [installed.value, patterns],
          });
        } finally {
          await session.command('Marionette:SetContext', { value: 'content' });
        }
      },
      async evaluate<T>(body: string, args: unknown[] = []) {
        const reply = await session.command<{ value: T }>('WebDriver:ExecuteAsyncScript', {
          script: `const done = arguments[arguments.length - 1]; ${body}`,
          args,
        });
        return reply.value;
      },
      async close() {
        await session.command('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined);
        await session.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await marionette?.close();
    firefox.kill();
    await rm(profile, { recursive: true, force: true });
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

function userPrefs(port: number): string {
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

/** A Marionette connection: one command at a time, each answered by `[1, id, error, result]`. */
class Marionette {
  #socket: Socket;
  #firefox: ChildProcess;
  #buffer = Buffer.alloc(0);
  #waiting: ((message: unknown) => void)[] = [];
  #nextId = 0;

  private constructor(socket: Socket, firefox: ChildProcess) {
    this.#socket = socket;
    this.#firefox = firefox;
    socket.on('data', (chunk) => this.#receive(chunk));
  }

  static async connect(port: number, firefox: ChildProcess, timeoutMs = 30_000): Promise<Marionette> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (firefox.exitCode !== null) throw new Error(`Firefox exited with code ${firefox.exitCode} before Marionette`);
      try {
        const socket = await new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        });
        const session = new Marionette(socket, firefox);
        await session.#next(); // the greeting: { applicationType, marionetteProtocol }
        return session;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  async command<T = unknown>(name: string, parameters: object): Promise<T> {
    const body = JSON.stringify([0, ++this.#nextId, name, parameters]);
    const reply = this.#next();
    this.#socket.write(`${Buffer.byteLength(body)}:${body}`);
    const [, , error, result] = (await reply) as [1, number, { error: string; message: string } | null, T];
    if (error) throw new Error(`${name}: ${error.error}: ${error.message}`);
    return result;
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    if (this.#firefox.exitCode === null && this.#firefox.signalCode === null) {
      const exited = new Promise((resolve) => this.#firefox.once('exit', resolve));
      this.#firefox.kill();
      await exited;
    }
  }

  #next(): Promise<unknown> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #receive(chunk: Buffer) {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const colon = this.#buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.#buffer.subarray(0, colon).toString());
      if (this.#buffer.length < colon + 1 + length) return;
      const message = JSON.parse(this.#buffer.subarray(colon + 1, colon + 1 + length).toString());
      this.#buffer = this.#buffer.subarray(colon + 1 + length);
      this.#waiting.shift()?.(message);
    }
  }
}
