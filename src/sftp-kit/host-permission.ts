/**
 * Run-time host access. The manifest only asks for the platform's own API; the storage endpoint and the
 * SFTP server's URL are the user's, so access to them is requested when the user clicks, for that origin.
 */
import browser from 'webextension-polyfill';
import { hostPermissionPattern } from '../core/browser-target.ts';

import type { HostAccess } from './host-access.ts';

/** The narrowest pattern that covers every path of that URL's origin (Firefox: of its host). */
export function originPattern(url: string): string {
  return hostPermissionPattern(new URL(url).origin);
}

/**
 * Must be called synchronously from the click handler, before any other `await`: browsers only show the
 * permission prompt during a user gesture. Never throws: a refusal is an answer, not an error.
 */
export function requestHostAccess(url: string): Promise<HostAccess> {
  let origins: string[];
  try {
    origins = [originPattern(url)];
  } catch {
    return Promise.resolve('unavailable');
  }
  try {
    return browser.permissions.request({ origins }).then(
      (granted) => (granted ? 'granted' : 'refused'),
      () => 'unavailable',
    );
  } catch {
    return Promise.resolve('unavailable');
  }
}
