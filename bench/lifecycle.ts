/**
 * How a bench run starts and ends. It checks first that the browsers its benchmarks need are there (installing
 * them as the demo and tests do, or printing the one apt-get line), before building or starting anything; and
 * whatever ends it (done, an error, Ctrl+C) closes every browser and server it started, then exits with a code.
 * A run that fails must never stay alive holding a sandbox's ports or a headless browser.
 */
import { ensurePackages } from '../scripts/ensure-system-packages.ts';
import { installCommand, type PackageKey } from '../scripts/system-packages.ts';
import { findChromium } from '../test/e2e/support/launch-extension.ts';
import { findFirefox } from '../test/e2e/support/launch-firefox.ts';

interface Closable {
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 15_000;
const open = new Set<Closable>();

/** Keeps `thing` to be closed when the run ends, whatever ends it; its own close() also forgets it. */
export function closeOnExit<T extends Closable>(thing: T): T {
  open.add(thing);
  const close = thing.close.bind(thing);
  thing.close = async () => {
    open.delete(thing);
    await close();
  };
  return thing;
}

/** Closes what is still open, newest first; one that fails or hangs does not keep the others open. */
export async function closeAll(log: (message: string) => void = () => undefined): Promise<void> {
  for (const thing of [...open].reverse()) {
    open.delete(thing);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log(`closing took over ${CLOSE_TIMEOUT_MS / 1000} s; leaving it`);
        resolve();
      }, CLOSE_TIMEOUT_MS);
    });
    await Promise.race([thing.close().catch((error: unknown) => log(`closing failed: ${String(error)}`)), timeout]);
    clearTimeout(timer);
  }
}

/** The Debian packages the chosen benchmarks run in. */
export function packagesFor(browserBenchmarks: boolean, firefox: boolean): PackageKey[] {
  return [...(browserBenchmarks ? (['chromium'] as const) : []), ...(firefox ? (['firefox'] as const) : [])];
}

/**
 * Installs what is missing (as root) or throws with the one line to run; then finds each browser the way the
 * benchmarks will (CHROMIUM_PATH / FIREFOX_PATH included), so a missing one fails here, not after minutes.
 */
export function ensureBrowsers(keys: readonly PackageKey[]): void {
  if (keys.length === 0) return;
  const { missing } = ensurePackages(keys, 'npm run bench');
  if (missing.length > 0)
    throw new Error(`${missing.map((pkg) => pkg.name).join(', ')} missing. Run: ${installCommand(missing)}`);
  if (keys.includes('chromium')) findChromium();
  if (keys.includes('firefox')) findFirefox();
}

/**
 * Runs the bench's main and exits: with its code when it resolves, with 1 at once on an error or a signal, after
 * closing what is open. process.exit, not a drained event loop: a handle nobody closed must not keep it alive.
 */
export function runToExit(main: () => Promise<number>, log: (message: string) => void): void {
  let ending = false;
  const end = async (code: number, why?: unknown) => {
    if (ending) return;
    ending = true;
    if (why !== undefined) log(`FAILED: ${why instanceof Error ? why.message : String(why)}`);
    await closeAll(log);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end(1, `stopped by ${signal}`));
  main().then(
    (code) => end(code),
    (error: unknown) => end(1, error),
  );
}
