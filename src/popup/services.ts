/**
 * Everything the popup needs from the outside world, behind one object: the worker (`send`), the account cache,
 * the clock and a few browser calls. The entry passes the real ones; tests pass fakes.
 */
import type { send } from '../ui/send.ts';
import type { AccountCache } from './account-cache.ts';
import type { PopupVault } from './popup-vault.ts';

export type SendFn = typeof send;

export interface PopupServices {
  send: SendFn;
  cache: AccountCache;
  now(): number;
  openOptions(): Promise<void>;
  /** Absolute address of an extension page, e.g. the DevTools panel opened as a tab. */
  extensionUrl(path: string): string;
  copyText(text: string): Promise<void>;
  /** The passphrase lock; `send` is the vault's, so a call refused as locked waits for the unlock. */
  vault?: PopupVault;
  /** How often to ask the worker while a sign-in runs elsewhere (default 1 s). */
  pollIntervalMs?: number;
}
