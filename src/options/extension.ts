import browser from 'webextension-polyfill';

/** The few browser calls the settings page makes besides `send` and host permissions. */

/** Calls back when the worker changes what it keeps in storage.local (a sign-in from the popup, another tab). */
export function watchStoredState(listener: () => void): () => void {
  const onChanged = (_changes: unknown, area: string) => {
    if (area === 'local') listener();
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}
