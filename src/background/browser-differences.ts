import browser from 'webextension-polyfill';
import {
  type BrowserTarget,
  detectBrowserTarget,
  hostPermissionMissing,
  mustCheckHostPermission,
} from '../core/browser-target.ts';

/**
 * The worker's code paths that differ between Chrome and Firefox, in one place. The decisions are pure and
 * live in src/core/browser-target.ts; this module only makes the browser calls they need.
 */

/** The browser this worker runs in. */
export function currentBrowserTarget(): BrowserTarget {
  return detectBrowserTarget(browser.runtime.getURL(''));
}

/**
 * Call before every request to `url`. On Firefox a missing host permission otherwise shows up as a bare network
 * error, so it becomes a `permission-missing` error that tells the user where to grant it. Chrome: no check.
 * An address that is not a URL is left to the request guards, which explain it better.
 */
export async function assertHostPermission(url: string): Promise<void> {
  if (!mustCheckHostPermission(currentBrowserTarget())) return;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return;
  }
  if (!(await browser.permissions.contains({ origins: [`${origin}/*`] }))) throw hostPermissionMissing(origin);
}
