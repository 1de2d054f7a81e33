import browser from 'webextension-polyfill';
import { send } from '../ui/send.ts';
import { createIdbAccountCache } from './idb-account-cache.ts';
import { PopupVault } from './popup-vault.ts';
import type { PopupServices } from './services.ts';

export function createBrowserServices(): PopupServices {
  const vault = new PopupVault(send, () => import('./UnlockScreen.tsx'));
  return {
    send: vault.send,
    vault,
    cache: createIdbAccountCache(),
    now: () => Date.now(),
    openOptions: () => browser.runtime.openOptionsPage(),
    extensionUrl: (path) => browser.runtime.getURL(path),
    copyText: (text) => navigator.clipboard.writeText(text),
  };
}
