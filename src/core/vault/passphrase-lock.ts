/**
 * The passphrase lock's rules and words, shared by the worker (which enforces them) and the pages (which say
 * them before a round trip). Pure: no browser, no storage.
 */
import type { VaultLockReason, VaultStatus } from '../protocol.ts';

/** Long enough that guessing through PBKDF2's 600 000 rounds is slow; a sentence is easier to remember. */
export const MIN_PASSPHRASE_LENGTH = 10;
/** Only a bound against absurd input; any real passphrase fits. */
export const MAX_PASSPHRASE_LENGTH = 1024;

/**
 * Idle times the user may pick before the vault locks itself, in minutes. One minute is for a shared or exposed
 * machine (password managers offer it too); a shorter lock is only ever safer.
 */
export const AUTO_LOCK_CHOICES = [1, 5, 15, 60, 480] as const;
export const DEFAULT_AUTO_LOCK_MINUTES = 15;

/** Counts characters as a person does (code points), not UTF-16 units. */
export function passphraseProblem(passphrase: string): string | undefined {
  const length = [...passphrase].length;
  if (length < MIN_PASSPHRASE_LENGTH)
    return length === 0
      ? 'Enter a passphrase.'
      : `Use at least ${MIN_PASSPHRASE_LENGTH} characters (this one has ${length}).`;
  if (length > MAX_PASSPHRASE_LENGTH) return `Use a passphrase of at most ${MAX_PASSPHRASE_LENGTH} characters.`;
  return undefined;
}

export function isAutoLockChoice(minutes: unknown): minutes is number {
  return AUTO_LOCK_CHOICES.includes(minutes as (typeof AUTO_LOCK_CHOICES)[number]);
}

export function describeAutoLock(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** One line on why the vault is locked, for the unlock prompt. */
export function describeLockReason(status: Extract<VaultStatus, { state: 'locked' }>): string {
  return lockReasonText(status.reason, status.autoLockMinutes);
}

function lockReasonText(reason: VaultLockReason, autoLockMinutes: number): string {
  switch (reason) {
    case 'manual':
      return 'Locked: you locked Keyhole.';
    case 'idle':
      return `Locked: no secret was used for ${describeAutoLock(autoLockMinutes)}.`;
    case 'worker-restarted':
      return 'Locked: Keyhole’s background worker restarted (the browser stopped it, restarted or updated), and the key lived only in its memory.';
  }
}

/** The message of a `vault-locked` error: what happened and what to do. */
export function lockedMessage(reason: VaultLockReason, autoLockMinutes: number): string {
  return `${lockReasonText(reason, autoLockMinutes)} Enter your passphrase to unlock your secrets.`;
}
