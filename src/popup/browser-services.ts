import browser from 'webextension-polyfill';
import { send } from '../ui/send.ts';
import { VaultGate } from '../ui/vault-gate.ts';
import { watchVaultLock } from '../ui/watch-vault-lock.ts';
import { createIdbAccountCache } from './idb-account-cache.ts';
import type { PopupServices } from './services.ts';

export function createBrowserServices(): PopupServices {
  const vaultGate = new VaultGate(send);
  watchVaultLock(vaultGate);
  return {
    send: vaultGate.send,
    vaultGate,
    cache: createIdbAccountCache(),
    now: () => Date.now(),
    openOptions: () => browser.runtime.openOptionsPage(),
    extensionUrl: (path) => browser.runtime.getURL(path),
    copyText: (text) => navigator.clipboard.writeText(text),
  };
}
