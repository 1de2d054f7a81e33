import { KeyholeError } from './errors.ts';

/**
 * Everything that differs between the Chrome and the Firefox build, as pure decisions: which build a Vite mode
 * makes, how the one manifest.json becomes each browser's manifest, what each browser's sign-in redirect URL is,
 * and whether host permissions must be checked before a request. The worker's side effects for these live in
 * src/background/browser-differences.ts; vite.config.ts and scripts/package.ts use the manifest part.
 */

export type BrowserTarget = 'chrome' | 'firefox';

export const BROWSER_TARGETS: readonly BrowserTarget[] = ['chrome', 'firefox'];

/** Firefox keys an add-on (its storage, its redirect URL) by this id, the way Chrome keys it by `key`. */
export const FIREFOX_ADDON_ID = 'keyhole@keyhole.dev';

/**
 * 140 is the ESR line that reads `data_collection_permissions` (AMO asks every new add-on for it); it also has
 * everything else Keyhole uses: MV3 event pages, `optional_host_permissions`, devtools
 * panels, `identity.launchWebAuthFlow` and CSS `light-dark()` (Firefox 120; Chrome 123, manifest.json's
 * `minimum_chrome_version`).
 */
export const FIREFOX_MIN_VERSION = '140.0';
export const FIREFOX_ANDROID_MIN_VERSION = '142.0';

/** The manifest fields this module reads or rewrites; every other field passes through untouched. */
export interface SourceManifest {
  version: string;
  key?: string;
  minimum_chrome_version?: string;
  background: { service_worker: string; type?: 'module' };
  [field: string]: unknown;
}

/** A built manifest: Chrome's keeps the service worker, Firefox's runs the same module as an event page. */
export interface TargetManifest {
  version: string;
  key?: string;
  minimum_chrome_version?: string;
  background: { service_worker: string; type?: 'module' } | { scripts: string[]; type?: 'module' };
  browser_specific_settings?: {
    gecko: { id: string; strict_min_version: string; [field: string]: unknown };
    gecko_android?: { strict_min_version: string };
  };
  [field: string]: unknown;
}

/** The `--mode` a build was started with, as a target: Vite's own modes mean Chrome; a typo is an error. */
export function parseBrowserTarget(value: string | undefined): BrowserTarget {
  if (value === undefined || value === '' || value === 'production' || value === 'development') return 'chrome';
  if ((BROWSER_TARGETS as readonly string[]).includes(value)) return value as BrowserTarget;
  throw new Error(`Unknown browser target "${value}": use one of ${BROWSER_TARGETS.join(', ')}.`);
}

/**
 * The one manifest.json, adjusted for a browser, with the version taken from package.json so a release never
 * ships two version numbers. Chrome gets the source as is. Firefox has no service workers for extensions (it
 * runs the same script as an event page), ignores `key` (its id comes from `browser_specific_settings`) and
 * does not know `minimum_chrome_version`.
 */
export function manifestFor(target: BrowserTarget, source: SourceManifest, version: string): TargetManifest {
  if (target === 'chrome') return { ...source, version };
  // Field by field, so the Firefox manifest keeps the source's order and reads side by side with it.
  const firefox: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(source)) {
    if (field === 'key' || field === 'minimum_chrome_version') continue;
    if (field === 'version') firefox.version = version;
    else if (field === 'background') {
      const { service_worker, type } = source.background;
      firefox.background = { scripts: [service_worker], ...(type ? { type } : {}) };
    } else firefox[field] = value;
  }
  firefox.browser_specific_settings = {
    gecko: {
      id: FIREFOX_ADDON_ID,
      strict_min_version: FIREFOX_MIN_VERSION,
      // Keyhole sends requests only to the platform the user configures, never to us or a third party.
      data_collection_permissions: { required: ['none'] },
    },
    // Firefox for Android reads data_collection_permissions from 142 on; desktop ESR 140 already does.
    gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
  };
  return firefox as TargetManifest;
}

/** Chrome's extension id: the first 128 bits of SHA-256 over the public key, written with the letters a–p. */
export async function chromeExtensionId(publicKeyBase64: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyBase64), (char) => char.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  let id = '';
  for (const byte of digest.subarray(0, 16)) {
    id += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
  }
  return id;
}

/**
 * What `identity.getRedirectURL()` answers in each build: the address users register as their OAuth consumer's
 * base URL. Chrome derives it from the extension id (`https://<id>.chromiumapp.org/`), Firefox from the
 * SHA-1 of the add-on id (`https://<sha1>.extensions.allizom.org/`). Both are stable because `key` and the
 * gecko id are pinned, so release notes can print them before anyone installs the build.
 */
export async function redirectUrlFor(target: BrowserTarget, manifest: TargetManifest): Promise<string> {
  if (target === 'chrome') {
    if (!manifest.key) throw new Error('The Chrome manifest has no `key`: its redirect URL would change per install.');
    return `https://${await chromeExtensionId(manifest.key)}.chromiumapp.org/`;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(FIREFOX_ADDON_ID)));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `https://${hex}.extensions.allizom.org/`;
}

/**
 * The browser this bundle was built for, fixed at build time (`vite build --mode firefox` makes the Firefox
 * build), so pages and worker agree without asking the browser. Unit tests pick one with
 * `vi.stubEnv('MODE', 'firefox')`.
 */
export function currentBrowserTarget(): BrowserTarget {
  return import.meta.env.MODE === 'firefox' ? 'firefox' : 'chrome';
}

/**
 * The host permission pattern to request and check so that requests to `origin` are allowed. Chrome's match
 * patterns can name a port, so Keyhole asks for exactly the origin. Firefox's cannot: it accepts
 * `http://127.0.0.1:8780/*`, even reports it granted, yet requests to that port stay blocked; only
 * `http://127.0.0.1/*` opens them (test/e2e/firefox-build.test.ts pins this in Firefox ESR).
 */
export function hostPermissionPattern(origin: string, target: BrowserTarget = currentBrowserTarget()): string {
  const url = new URL(origin);
  return target === 'firefox' ? `${url.protocol}//${url.hostname}/*` : `${url.origin}/*`;
}

/**
 * Firefox lets users withhold or revoke every host permission of an MV3 add-on, the manifest's own included,
 * and a request without one fails as an anonymous network error. Chrome grants `host_permissions` at install
 * and Keyhole's settings page asks for the optional ones before a profile uses them.
 */
export function mustCheckHostPermission(target: BrowserTarget): boolean {
  return target === 'firefox';
}

/**
 * How a large response body (src/background/deferred-bodies.ts) gets from the worker to the page, skipping the
 * message channel, which copies and re-parses it (Firefox: 0.7 s for 5 MB, 3 s for 20 MB). Both stream it: the page
 * reads the first chunks while the rest is still on the network, so a first screen costs the same at any size.
 * - `worker-fetch` (Chrome): the page fetches `/__keyhole/body/<id>` and the service worker answers from memory.
 * - `port` (Firefox): its background is an event page, a document with no fetch events to intercept; the page that
 *   asked opens a runtime port with the id and reads the chunks on it (src/background/body-port.ts). Firefox
 *   carries port messages by structured clone, so the bytes are not turned into JSON on the way. A Blob URL, the
 *   route before, made every page wait for the whole body (a Blob is made once it is all in): 487 ms for 20 MB.
 */
export type LargeBodyTransport = 'worker-fetch' | 'port';

export function largeBodyTransport(target: BrowserTarget = currentBrowserTarget()): LargeBodyTransport {
  return target === 'firefox' ? 'port' : 'worker-fetch';
}

/**
 * The words a refusal uses when Keyhole's permission for the host may be what is missing: the panel offers Open
 * Settings beside any error that says them (the cause cannot always be told apart from a dropped connection).
 */
export const GRANT_HOST_ACCESS = 'Grant access to the host in Settings';

/**
 * Whether an error asks for the host permission (Firefox's refusal below, or a network failure that says
 * GRANT_HOST_ACCESS). Only a network failure's words count: other refusals quote what a page or an imported
 * collection chose (a path `/v2/Grant access to the host in Settings/..`), which must not steer the panel.
 */
export function asksForHostAccess(error: { code: string; message: string }): boolean {
  return error.code === 'permission-missing' || (error.code === 'network' && error.message.includes(GRANT_HOST_ACCESS));
}

/** What the worker says instead of a bare "network error" when Firefox lacks the permission for an origin. */
export function hostPermissionMissing(origin: string, pattern: string): KeyholeError {
  return new KeyholeError(
    'permission-missing',
    `Firefox needs your permission to reach ${origin}: open Settings and click “Grant access”.`,
    { detail: `Missing host permission ${pattern}` },
  );
}
