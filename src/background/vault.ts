import { KeyholeError } from '../core/errors.ts';
import type { SetPassphraseRequest, VaultLockReason, VaultStatus } from '../core/protocol.ts';
import { AccessLock } from '../core/vault/access-lock.ts';
import { isAutoLockChoice, lockedMessage, passphraseProblem } from '../core/vault/passphrase-lock.ts';
import {
  createLockRecord,
  generateDeviceKey,
  type LockRecord,
  openSealed,
  resealAll,
  type SealedSecret,
  sealText,
  unlockKey,
} from '../core/vault/vault-crypto.ts';
import type { IdleLock } from './vault-idle.ts';
import type { LockNote, LockNotes, VaultStorage } from './vault-storage.ts';

/**
 * The vault: secrets sealed with AES-GCM in one key-value store, in one of two modes.
 *
 * - 'device' (lock off): the key is a random non-extractable CryptoKey kept in the same store. It protects the
 *   values from anything that reads the store as data, not from code that runs as the extension.
 * - 'passphrase' (lock on): the key is derived from the user's passphrase (PBKDF2-SHA-256) and held only in
 *   this object, in the worker's memory. The store keeps the salt, the iteration count and a sealed check value,
 *   never the key. Without the key the vault is locked: reading or writing a secret fails with `vault-locked`.
 *
 * Switching modes re-encrypts every secret and commits in one transaction, so a stopped worker leaves either the
 * old mode or the new one, never a mix. Decrypted values are cached in memory until the vault locks.
 */

const DEVICE_KEY = 'vault-key';
const LOCK_RECORD = 'vault-lock';

export interface VaultOptions {
  storage: VaultStorage;
  notes: LockNotes;
  idle: IdleLock;
  /** Runs when the vault locks: other in-memory copies of secrets (signing-key caches) go too. */
  onLock?: () => void;
  now?: () => number;
  /** PBKDF2 rounds for a new lock; tests pass fewer. An existing lock keeps the count stored with it. */
  iterations?: number;
}

export class Vault {
  private readonly storage: VaultStorage;
  private readonly notes: LockNotes;
  private readonly idle: IdleLock;
  private readonly now: () => number;
  private readonly access = new AccessLock();
  private readonly plaintext = new Map<string, string>();
  private lockRecord: Promise<LockRecord | undefined> | undefined;
  private deviceKey: Promise<CryptoKey> | undefined;
  private passphraseKey: CryptoKey | undefined;
  /** Why the vault is locked, once known in this worker run. */
  private lockedBy: { reason: VaultLockReason; at?: string } | undefined;

  constructor(private readonly options: VaultOptions) {
    this.storage = options.storage;
    this.notes = options.notes;
    this.idle = options.idle;
    this.now = options.now ?? Date.now;
  }

  // —— Secrets ——

  read(name: string): Promise<string | undefined> {
    return this.access.shared(async () => {
      const cached = this.plaintext.get(name);
      if (cached !== undefined) {
        this.idle.touch();
        return cached;
      }
      const sealed = await this.storage.get<SealedSecret>(name);
      if (!sealed) return undefined;
      const value = await openSealed(await this.sealingKey(), name, sealed);
      this.plaintext.set(name, value);
      this.idle.touch();
      return value;
    });
  }

  write(name: string, value: string): Promise<void> {
    return this.access.shared(async () => {
      const sealed = await sealText(await this.sealingKey(), name, value);
      await this.storage.set(name, sealed);
      this.plaintext.set(name, value);
      this.idle.touch();
    });
  }

  /** Needs no key: forgetting a secret works while locked. */
  remove(name: string): Promise<void> {
    return this.access.shared(async () => {
      this.plaintext.delete(name);
      await this.storage.delete(name);
    });
  }

  /** Whether a secret is stored, without opening it (works while locked). */
  async has(name: string): Promise<boolean> {
    return this.plaintext.has(name) || (await this.storage.get(name)) !== undefined;
  }

  /** Throws `vault-locked` unless a secret can be written now: check before an action with side effects elsewhere. */
  async requireOpen(): Promise<void> {
    await this.sealingKey();
  }

  /**
   * Reads ahead what opening the first secret needs: the lock record and the device key, at once. A woken worker
   * calls this as it starts, so its first call finds them read. Reads only: nothing is created (a vault that never
   * stored a secret still has no device key), unlocked or noted, and a failure is left for that call to meet.
   */
  warmUp(): Promise<void> {
    return this.access
      .shared(async () => {
        const [record, stored] = await Promise.all([this.readLockRecord(), this.storage.get<CryptoKey>(DEVICE_KEY)]);
        if (!record && stored) this.deviceKey ??= Promise.resolve(stored);
      })
      .catch(() => undefined);
  }

  // —— The lock ——

  async status(): Promise<VaultStatus> {
    const record = await this.readLockRecord();
    if (!record) return { state: 'off' };
    if (this.passphraseKey) return { state: 'unlocked', autoLockMinutes: record.autoLockMinutes };
    const lockedBy = await this.whyLocked();
    const status: VaultStatus = { state: 'locked', autoLockMinutes: record.autoLockMinutes, reason: lockedBy.reason };
    if (lockedBy.at) status.lockedAt = lockedBy.at;
    return status;
  }

  unlock(passphrase: unknown): Promise<VaultStatus> {
    return this.access.exclusive(async () => {
      const record = await this.requireLockRecord('There is no passphrase lock to unlock.');
      const key = await unlockKey(record, passphrase);
      this.openWith(key, record);
      return this.status();
    });
  }

  lock(): Promise<VaultStatus> {
    return this.access.exclusive(async () => {
      await this.requireLockRecord('There is no passphrase lock yet: set a passphrase first.');
      if (this.passphraseKey) await this.dropKey('manual');
      return this.status();
    });
  }

  /** Turns the lock on, or changes the passphrase (then `current` must be the one set). */
  setPassphrase(request: SetPassphraseRequest): Promise<VaultStatus> {
    const problem = typeof request?.next === 'string' ? passphraseProblem(request.next) : 'Enter a passphrase.';
    if (problem) return Promise.reject(new KeyholeError('invalid-input', problem));
    if (!isAutoLockChoice(request.autoLockMinutes))
      return Promise.reject(new KeyholeError('invalid-input', 'Pick one of the auto-lock times offered.'));
    return this.access.exclusive(async () => {
      const record = await this.readLockRecord();
      const from = record ? await unlockKey(record, request.current) : await this.storedDeviceKey();
      const { record: next, key } = await createLockRecord(
        request.next,
        request.autoLockMinutes,
        this.options.iterations,
      );
      const resealed = await resealAll(await this.storage.entries(), from, key);
      await this.storage.commit({ set: [...resealed, [LOCK_RECORD, next]], delete: [DEVICE_KEY] });
      this.lockRecord = Promise.resolve(next);
      this.deviceKey = undefined;
      this.openWith(key, next);
      return this.status();
    });
  }

  /** Turns the lock off: secrets go back under a new device key. */
  removePassphrase(current: unknown): Promise<VaultStatus> {
    return this.access.exclusive(async () => {
      const record = await this.requireLockRecord('There is no passphrase lock to remove.');
      const from = await unlockKey(record, current);
      const deviceKey = await generateDeviceKey();
      const resealed = await resealAll(await this.storage.entries(), from, deviceKey);
      await this.storage.commit({ set: [...resealed, [DEVICE_KEY, deviceKey]], delete: [LOCK_RECORD] });
      this.lockRecord = Promise.resolve(undefined);
      this.deviceKey = Promise.resolve(deviceKey);
      this.passphraseKey = undefined;
      this.lockedBy = undefined;
      this.idle.stop();
      await this.note({ state: 'off', at: this.isoNow() });
      return this.status();
    });
  }

  /** The way out of a forgotten passphrase: every secret, the device key and the lock go. */
  reset(): Promise<VaultStatus> {
    return this.access.exclusive(async () => {
      const names = (await this.storage.entries()).map(([name]) => name);
      await this.storage.commit({ set: [], delete: names });
      this.lockRecord = Promise.resolve(undefined);
      this.deviceKey = undefined;
      this.passphraseKey = undefined;
      this.lockedBy = undefined;
      this.plaintext.clear();
      this.idle.stop();
      this.options.onLock?.();
      await this.note({ state: 'off', at: this.isoNow() });
      return this.status();
    });
  }

  /** Changes the idle time; only while unlocked, as a setting of the open vault. */
  setAutoLock(minutes: unknown): Promise<VaultStatus> {
    if (!isAutoLockChoice(minutes))
      return Promise.reject(new KeyholeError('invalid-input', 'Pick one of the auto-lock times offered.'));
    return this.access.exclusive(async () => {
      const record = await this.requireLockRecord('There is no passphrase lock yet: set a passphrase first.');
      if (!this.passphraseKey) throw await this.lockedError();
      const next: LockRecord = { ...record, autoLockMinutes: minutes };
      await this.storage.set(LOCK_RECORD, next);
      this.lockRecord = Promise.resolve(next);
      this.startIdle(minutes);
      return this.status();
    });
  }

  // —— Inside ——

  private async sealingKey(): Promise<CryptoKey> {
    const record = await this.readLockRecord();
    if (!record) return this.loadDeviceKey();
    if (this.passphraseKey) return this.passphraseKey;
    throw await this.lockedError();
  }

  private async lockedError(): Promise<KeyholeError> {
    const status = await this.status();
    if (status.state !== 'locked') return new KeyholeError('internal', 'The vault changed state; try again.');
    return new KeyholeError('vault-locked', lockedMessage(status.reason, status.autoLockMinutes));
  }

  private readLockRecord(): Promise<LockRecord | undefined> {
    this.lockRecord ??= this.storage.get<LockRecord>(LOCK_RECORD).catch((error: unknown) => {
      this.lockRecord = undefined;
      throw error;
    });
    return this.lockRecord;
  }

  private async requireLockRecord(message: string): Promise<LockRecord> {
    const record = await this.readLockRecord();
    if (!record) throw new KeyholeError('invalid-input', message);
    return record;
  }

  private loadDeviceKey(): Promise<CryptoKey> {
    // One promise per worker run: two first writes at once must not each create (and store) a key.
    this.deviceKey ??= (async () => {
      const existing = await this.storage.get<CryptoKey>(DEVICE_KEY);
      if (existing) return existing;
      const key = await generateDeviceKey();
      await this.storage.set(DEVICE_KEY, key);
      return key;
    })().catch((error: unknown) => {
      this.deviceKey = undefined;
      throw error;
    });
    return this.deviceKey;
  }

  /** The device key if there is one; a vault that never stored a secret has none, and needs none. */
  private storedDeviceKey(): Promise<CryptoKey | undefined> {
    return this.deviceKey ?? this.storage.get<CryptoKey>(DEVICE_KEY);
  }

  private openWith(key: CryptoKey, record: LockRecord): void {
    this.passphraseKey = key;
    this.lockedBy = undefined;
    this.startIdle(record.autoLockMinutes);
    void this.note({ state: 'unlocked', at: this.isoNow() });
  }

  private startIdle(minutes: number): void {
    this.idle.start(minutes, () => {
      void this.access.exclusive(async () => {
        if (this.passphraseKey) await this.dropKey('idle');
      });
    });
  }

  private async dropKey(reason: 'manual' | 'idle'): Promise<void> {
    this.passphraseKey = undefined;
    this.plaintext.clear();
    this.idle.stop();
    this.options.onLock?.();
    const at = this.isoNow();
    this.lockedBy = { reason, at };
    await this.note({ state: 'locked', reason, at });
  }

  /**
   * Locked since this worker run began: the note left by the last run says why, unless that run still had the
   * vault open, which means the worker was stopped (or the browser restarted) and the key went with it.
   */
  private async whyLocked(): Promise<{ reason: VaultLockReason; at?: string }> {
    if (this.lockedBy) return this.lockedBy;
    const last = await this.notes.read().catch(() => undefined);
    if (last?.state === 'locked' && last.reason && last.reason !== 'worker-restarted') {
      this.lockedBy = { reason: last.reason, at: last.at };
    } else {
      this.lockedBy = { reason: 'worker-restarted' };
      if (last?.state !== 'locked') await this.note({ state: 'locked', reason: 'worker-restarted', at: this.isoNow() });
    }
    return this.lockedBy;
  }

  private async note(note: LockNote): Promise<void> {
    // Only tells open pages to look again; the truth is this object's state, so a failed write changes nothing.
    await this.notes.write(note).catch(() => undefined);
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}
