import browser from 'webextension-polyfill';
import { originPattern } from '../core/http/host-permission.ts';

/** The browser side of optional host permissions, kept out of the components so tests can replace it. */

export function hasOriginAccess(origin: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(origin)] });
}

/**
 * Asks the user. Must be called synchronously inside a click handler: the browser only shows its prompt for a
 * user gesture, and any await before this call loses it.
 */
export function requestOriginAccess(origins: readonly string[]): Promise<boolean> {
  return browser.permissions.request({ origins: origins.map(originPattern) });
}

/** Calls back whenever a permission is granted or removed (here, in the browser's prompt, or in its settings). */
export function watchPermissions(listener: () => void): () => void {
  browser.permissions.onAdded.addListener(listener);
  browser.permissions.onRemoved.addListener(listener);
  return () => {
    browser.permissions.onAdded.removeListener(listener);
    browser.permissions.onRemoved.removeListener(listener);
  };
}
