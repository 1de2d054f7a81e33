import {
  currentBrowserTarget,
  hostPermissionMissing,
  hostPermissionPattern,
  mustCheckHostPermission,
} from '../core/browser-target.ts';
import { browser } from './extension-api.ts';

/**
 * The worker's code paths that differ between Chrome and Firefox, in one place. The decisions are pure and
 * live in src/core/browser-target.ts; this module only makes the browser calls they need.
 */

/**
 * Call before every request to `url`. On Firefox a missing host permission otherwise shows up as a bare network
 * error, so it becomes a `permission-missing` error that tells the user where to grant it. Chrome: no check.
 * An address that is not an http(s) URL is left to the request guards, which explain it better.
 */
export async function assertHostPermission(url: string): Promise<void> {
  // The build's mode, a literal once built: Chrome's worker leaves out what only Firefox needs (its size budget).
  if (import.meta.env.MODE !== 'firefox') return;
  const target = currentBrowserTarget();
  if (!mustCheckHostPermission(target)) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
  const origin = parsed.origin;
  const pattern = hostPermissionPattern(origin, target);
  if (!(await browser.permissions.contains({ origins: [pattern] }))) throw hostPermissionMissing(origin, pattern);
}
