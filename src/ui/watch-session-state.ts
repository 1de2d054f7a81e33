import browser from 'webextension-polyfill';

/**
 * The storage.local records the worker writes when a profile, a session or the bridge's API token changes
 * (src/background/profiles.ts, profile-records.ts). A page that shows session state re-reads it when one of them
 * changes, whoever changed it (the popup, the settings page, the worker on expiry): storage events reach every
 * page, also after the worker restarted, which a message from the worker would not guarantee.
 */
export function isSessionStateKey(key: string): boolean {
  return key === 'profiles' || key.startsWith('session:') || key.startsWith('bridge-token:');
}

export function watchSessionState(listener: () => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && Object.keys(changes).some(isSessionStateKey)) listener();
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}
