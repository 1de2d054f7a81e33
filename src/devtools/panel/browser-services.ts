import browser from 'webextension-polyfill';
import { STREAM_PORT_NAME } from '../../core/streams/stream-endpoints.ts';
import { copyText } from '../../ui/copy-text.ts';
import { send } from '../../ui/send.ts';
import { VaultGate } from '../../ui/vault-gate.ts';
import { watchSessionState } from '../../ui/watch-session-state.ts';
import { watchVaultLock } from '../../ui/watch-vault-lock.ts';
import { afterNextFrame } from './after-first-frame.ts';
import { createIdbSavedRequestStore } from './collections/saved-store.ts';
import { createIdbHistoryStore } from './history/history-store.ts';
import type { CapturedHarEntry, DevtoolsAccess, KeyValueStorage, PanelServices } from './services.ts';
import { createIdbTabResponseStore } from './tabs/tab-responses.ts';
import { workspaceOfThisWindow } from './tabs/workspace.ts';

/** The real services: the worker, storage.local, IndexedDB history, the downloads API and chrome.devtools. */

function devtoolsAccess(): DevtoolsAccess | undefined {
  // Opened as a plain tab (tests, or a user bookmark), the page has no chrome.devtools: Capture is hidden.
  const devtools = (globalThis as { chrome?: { devtools?: typeof chrome.devtools } }).chrome?.devtools;
  if (!devtools) return undefined;
  const access: DevtoolsAccess = { themeName: devtools.panels?.themeName };
  const panels = devtools.panels as { setThemeChangeHandler?: (callback: (theme: string) => void) => void } | undefined;
  if (typeof panels?.setThemeChangeHandler === 'function') {
    const setHandler = panels.setThemeChangeHandler.bind(panels);
    access.onThemeChange = (listener) => setHandler(listener);
  }
  const network = devtools.network;
  if (network?.onRequestFinished) {
    access.network = {
      onRequestFinished(listener) {
        const wrapped = (request: unknown) => listener(request as CapturedHarEntry);
        network.onRequestFinished.addListener(wrapped);
        return () => network.onRequestFinished.removeListener(wrapped);
      },
      getEntries: () =>
        new Promise((resolve) => {
          network.getHAR((log) => resolve(((log as { entries?: unknown[] })?.entries ?? []) as CapturedHarEntry[]));
        }),
    };
  }
  return access;
}

const storage: KeyValueStorage = {
  async get<T>(key: string) {
    const found = await browser.storage.local.get(key);
    return found[key] as T | undefined;
  },
  async set(key, value) {
    // null is how the panel forgets a record (a forgotten window's tabs, marks and responses): the key goes too,
    // else every window ever forgotten would leave its keys behind.
    if (value === null) await browser.storage.local.remove(key);
    else await browser.storage.local.set({ [key]: value });
  },
  watch(key, listener) {
    const onChanged = (changes: Record<string, browser.Storage.StorageChange>, area: string) => {
      const change = area === 'local' ? changes[key] : undefined;
      if (change) listener({ oldValue: change.oldValue, newValue: change.newValue });
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  },
};

async function download(blob: Blob, filename: string, options: { ask?: boolean } = {}): Promise<void> {
  const url = URL.createObjectURL(blob);
  try {
    if (browser.downloads?.download) {
      // saveAs: true opens the browser's own Save dialog ("Save…" promises to ask where).
      await browser.downloads.download({ url, filename, saveAs: options.ask === true, conflictAction: 'uniquify' });
    } else {
      // Firefox DevTools panels may lack the downloads API: an <a download> still saves with the name.
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
    }
  } finally {
    // The download has its own copy once started; give it a moment before freeing the blob.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/**
 * Firefox gives DevTools panels no `runtime.openOptionsPage` (nor `downloads` or `permissions`: only the add-on's
 * background and tabs have them). There the settings page opens in a new tab at its own address.
 */
function openOptions(): void {
  if (typeof browser.runtime.openOptionsPage === 'function') {
    void browser.runtime.openOptionsPage();
    return;
  }
  const page = (browser.runtime.getManifest() as { options_ui?: { page?: string } }).options_ui?.page;
  if (page) window.open(browser.runtime.getURL(page), '_blank');
}

export function createBrowserServices(): PanelServices {
  const vaultGate = new VaultGate(send);
  watchVaultLock(vaultGate);
  let workspace: string | undefined;
  return {
    send: vaultGate.send,
    sendInBackground: vaultGate.sendInBackground,
    vaultGate,
    storage,
    history: createIdbHistoryStore(storage),
    download,
    copy: copyText,
    openOptions,
    watchSession: watchSessionState,
    devtools: devtoolsAccess(),
    version: browser.runtime.getManifest().version,
    // Read on first use (the tabs' restore, after the first frame), not on the way to it: in a plain tab it is the
    // page's first sessionStorage read, a synchronous call to the browser process (up to 416 ms measured under load:
    // bench/panel-open.ts). A DevTools panel takes the inspected tab's id instead.
    get workspace() {
      workspace ??= workspaceOfThisWindow();
      return workspace;
    },
    tabResponses: createIdbTabResponseStore(),
    saved: createIdbSavedRequestStore(),
    connectStream: () => browser.runtime.connect({ name: STREAM_PORT_NAME }),
    firstFrame: afterNextFrame(),
  };
}
