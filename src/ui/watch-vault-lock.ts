import browser from 'webextension-polyfill';
import type { VaultGate } from './vault-gate.ts';

/** The worker's note of its last lock change (src/background/vault-storage.ts): a cue to ask again. */
const NOTE_KEY = 'vault-lock-state';

/** Keeps a page's gate true when the vault is locked or unlocked in another view, or locks itself. */
export function watchVaultLock(gate: VaultGate): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && NOTE_KEY in changes) void gate.check();
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}
