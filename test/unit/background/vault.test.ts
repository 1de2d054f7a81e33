import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Vault } from '../../../src/background/vault.ts';
import { IdleLock, KEEP_ALIVE_MS } from '../../../src/background/vault-idle.ts';
import type { LockNote, VaultStorage } from '../../../src/background/vault-storage.ts';
import { KeyholeError } from '../../../src/core/errors.ts';
import {
  derivePassphraseKey,
  type LockRecord,
  openSealed,
  type SealedSecret,
} from '../../../src/core/vault/vault-crypto.ts';

/**
 * The vault's modes on Node's Web Crypto, with the store in memory (values cloned as IndexedDB does). A "worker
 * restart" is a new Vault on the same store and notes: nothing in memory survives it, as in MV3.
 */

class MemoryStore implements VaultStorage {
  readonly data = new Map<string, unknown>();
  failNextCommit = false;
  async get<T>(key: string) {
    return this.data.has(key) ? (structuredClone(this.data.get(key)) as T) : undefined;
  }
  async set(key: string, value: unknown) {
    this.data.set(key, structuredClone(value));
  }
  async delete(key: string) {
    this.data.delete(key);
  }
  async entries() {
    return [...this.data].map(([key, value]) => [key, structuredClone(value)] as [string, unknown]);
  }
  async commit(changes: { set: [string, unknown][]; delete: string[] }) {
    if (this.failNextCommit) {
      this.failNextCommit = false;
      throw new Error('QuotaExceededError');
    }
    for (const [key, value] of changes.set) this.data.set(key, structuredClone(value));
    for (const key of changes.delete) this.data.delete(key);
  }
}

const PASSPHRASE = 'correct horse battery staple';
const ITERATIONS = 1_000; // the worker uses 600 000; the modes do not depend on the count

let store: MemoryStore;
let note: LockNote | undefined;
let pings: number;
let locks: number;
const vaults: Vault[] = [];

function startWorker(): Vault {
  const vault = new Vault({
    storage: store,
    notes: {
      read: async () => note,
      write: async (next) => {
        note = next;
      },
    },
    idle: new IdleLock(() => void pings++),
    onLock: () => void locks++,
    iterations: ITERATIONS,
  });
  vaults.push(vault);
  return vault;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof KeyholeError ? error.code : `not a KeyholeError: ${String(error)}`;
  }
  return 'no error';
}

function storedKeys(): CryptoKey[] {
  return [...store.data.values()].filter((value): value is CryptoKey => value instanceof CryptoKey);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  store = new MemoryStore();
  note = undefined;
  pings = 0;
  locks = 0;
});

afterEach(async () => {
  // Stop keep-alive timers of unlocked vaults.
  for (const vault of vaults.splice(0)) if ((await vault.status()).state === 'unlocked') await vault.lock();
  vi.useRealTimers();
});

describe('device mode (lock off)', () => {
  it('seals secrets under one non-extractable key kept in the store, and reads them back in a new worker run', async () => {
    const vault = startWorker();
    await vault.write('access-token:p1', 'tok-secret');
    expect(JSON.stringify([...store.data.values()].map(String))).not.toContain('tok-secret');
    expect(storedKeys()).toHaveLength(1);
    expect(storedKeys()[0]?.extractable).toBe(false);
    expect(await vault.status()).toEqual({ state: 'off' });
    expect(await startWorker().read('access-token:p1')).toBe('tok-secret');
  });

  it('refuses to lock or unlock without a passphrase lock', async () => {
    const vault = startWorker();
    expect(await codeOf(vault.lock())).toBe('invalid-input');
    expect(await codeOf(vault.unlock(PASSPHRASE))).toBe('invalid-input');
  });
});

describe('turning the lock on', () => {
  it('re-encrypts every secret under the passphrase key and deletes the device key', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'consumer-s3cret');
    await vault.write('access-token:p1', '{"token":"t","tokenSecret":"ts"}');
    const status = await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    expect(status).toEqual({ state: 'unlocked', autoLockMinutes: 15 });
    expect(storedKeys()).toEqual([]);
    // What is stored opens with the key derived from the passphrase and the stored salt, and with nothing else.
    const record = store.data.get('vault-lock') as LockRecord;
    expect(record).toMatchObject({ kdf: 'PBKDF2-SHA-256', iterations: ITERATIONS, autoLockMinutes: 15 });
    const key = await derivePassphraseKey(PASSPHRASE, record.salt, record.iterations);
    const sealed = store.data.get('consumer-secret:p1') as SealedSecret;
    expect(await openSealed(key, 'consumer-secret:p1', sealed)).toBe('consumer-s3cret');
    const wrong = await derivePassphraseKey('another passphrase!', record.salt, record.iterations);
    await expect(openSealed(wrong, 'consumer-secret:p1', sealed)).rejects.toThrow();
    expect(await vault.read('access-token:p1')).toBe('{"token":"t","tokenSecret":"ts"}');
  });

  it('uses 600 000 PBKDF2 rounds unless told otherwise', async () => {
    const vault = new Vault({
      storage: store,
      notes: { read: async () => undefined, write: async () => undefined },
      idle: new IdleLock(() => undefined),
    });
    vaults.push(vault);
    vi.useRealTimers();
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 5 });
    expect((store.data.get('vault-lock') as LockRecord).iterations).toBe(600_000);
  });

  it('stores neither the passphrase nor the key anywhere', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'x');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const everything = JSON.stringify([...store.data], (_key, value) =>
      value instanceof Uint8Array || value instanceof ArrayBuffer
        ? Buffer.from(value as Uint8Array).toString('latin1')
        : value,
    );
    expect(everything).not.toContain(PASSPHRASE);
    expect(JSON.stringify(note)).not.toContain(PASSPHRASE);
    expect(storedKeys()).toEqual([]);
  });

  it('refuses a short passphrase or an auto-lock time that is not offered, and changes nothing', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'x');
    const short = vault.setPassphrase({ next: 'too short', autoLockMinutes: 15 });
    await expect(short).rejects.toMatchObject({ code: 'invalid-input', message: /at least 10 characters/ });
    expect(await codeOf(vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 7 }))).toBe('invalid-input');
    expect(await vault.status()).toEqual({ state: 'off' });
    expect(storedKeys()).toHaveLength(1);
  });

  it('changes nothing when the store refuses the re-encrypted secrets', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'kept');
    store.failNextCommit = true;
    await expect(vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 })).rejects.toThrow('QuotaExceeded');
    expect(await vault.status()).toEqual({ state: 'off' });
    expect(await startWorker().read('consumer-secret:p1')).toBe('kept');
  });

  it('a secret written while the lock is being turned on ends up under the new key', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'first');
    const turningOn = vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    // Let the re-encryption start (it is deriving the key) before the write comes in.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    const writing = vault.write('access-token:p1', 'during');
    await Promise.all([turningOn, writing]);
    const restarted = startWorker();
    await restarted.unlock(PASSPHRASE);
    expect(await restarted.read('access-token:p1')).toBe('during');
    expect(await restarted.read('consumer-secret:p1')).toBe('first');
  });
});

describe('locked', () => {
  async function lockedAfterRestart(): Promise<Vault> {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'consumer-s3cret');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    return startWorker();
  }

  it('after a worker restart: says why, refuses reads and writes with vault-locked, still knows what is stored', async () => {
    const vault = await lockedAfterRestart();
    expect(await vault.status()).toEqual({ state: 'locked', autoLockMinutes: 15, reason: 'worker-restarted' });
    const read = vault.read('consumer-secret:p1');
    await expect(read).rejects.toMatchObject({ code: 'vault-locked', message: /background worker restarted/ });
    const before = structuredClone([...store.data]);
    expect(await codeOf(vault.write('access-token:p1', 'new'))).toBe('vault-locked');
    expect([...store.data]).toEqual(before);
    expect(await vault.has('consumer-secret:p1')).toBe(true);
    expect(await vault.read('nothing:here')).toBeUndefined();
    expect(await codeOf(vault.requireOpen())).toBe('vault-locked');
    await vault.unlock(PASSPHRASE);
    await vault.requireOpen();
    await vault.lock();
    await vault.remove('consumer-secret:p1');
    expect(await vault.has('consumer-secret:p1')).toBe(false);
  });

  it('refuses a wrong passphrase, then unlocks with the right one and keeps every secret', async () => {
    const vault = await lockedAfterRestart();
    const wrong = vault.unlock('correct horse battery stapler');
    await expect(wrong).rejects.toMatchObject({
      code: 'wrong-passphrase',
      message: 'Wrong passphrase. Check it and try again.',
    });
    expect(await codeOf(vault.unlock(''))).toBe('invalid-input');
    expect(await codeOf(vault.unlock(42))).toBe('invalid-input');
    expect((await vault.status()).state).toBe('locked');
    expect(await vault.unlock(PASSPHRASE)).toEqual({ state: 'unlocked', autoLockMinutes: 15 });
    expect(await vault.read('consumer-secret:p1')).toBe('consumer-s3cret');
    expect(note).toMatchObject({ state: 'unlocked' });
  });

  it('"lock now" drops the key and the decrypted values, and says so after the next restart too', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'consumer-s3cret');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    expect(await vault.read('consumer-secret:p1')).toBe('consumer-s3cret');
    const locked = await vault.lock();
    expect(locked).toMatchObject({ state: 'locked', reason: 'manual', lockedAt: expect.any(String) });
    expect(locks).toBe(1);
    expect(await codeOf(vault.read('consumer-secret:p1'))).toBe('vault-locked');
    expect(await startWorker().status()).toMatchObject({ state: 'locked', reason: 'manual' });
  });
});

describe('auto-lock and keep-alive', () => {
  it('keeps the worker alive while unlocked and locks after the idle time without a secret being used', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'v');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 5 });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(pings).toBe(Math.floor((4 * 60_000) / KEEP_ALIVE_MS));
    expect(await vault.read('consumer-secret:p1')).toBe('v'); // a use: the 5 minutes start again
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect((await vault.status()).state).toBe('unlocked');
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect(await vault.status()).toMatchObject({ state: 'locked', reason: 'idle', autoLockMinutes: 5 });
    expect(note).toMatchObject({ state: 'locked', reason: 'idle' });
    const pingsWhenLocked = pings;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(pings).toBe(pingsWhenLocked);
  });

  it('a status request is not a use', async () => {
    const vault = startWorker();
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 5 });
    for (let minute = 0; minute < 5; minute++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await vault.status();
    }
    await vi.advanceTimersByTimeAsync(1);
    expect((await vault.status()).state).toBe('locked');
  });

  it('changing the idle time needs an open vault and applies from then on', async () => {
    const vault = startWorker();
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 5 });
    expect(await vault.setAutoLock(60)).toEqual({ state: 'unlocked', autoLockMinutes: 60 });
    expect(await codeOf(vault.setAutoLock(3))).toBe('invalid-input');
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect((await vault.status()).state).toBe('unlocked');
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect((await vault.status()).state).toBe('locked');
    expect(await codeOf(vault.setAutoLock(15))).toBe('vault-locked');
  });
});

describe('changing and removing the passphrase', () => {
  it('changes the passphrase only with the current one, and keeps the secrets', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'keep me');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const next = 'a different long passphrase';
    expect(await codeOf(vault.setPassphrase({ next, autoLockMinutes: 15 }))).toBe('invalid-input');
    expect(await codeOf(vault.setPassphrase({ current: 'not the passphrase', next, autoLockMinutes: 15 }))).toBe(
      'wrong-passphrase',
    );
    expect(await vault.setPassphrase({ current: PASSPHRASE, next, autoLockMinutes: 60 })).toEqual({
      state: 'unlocked',
      autoLockMinutes: 60,
    });
    const restarted = startWorker();
    expect(await codeOf(restarted.unlock(PASSPHRASE))).toBe('wrong-passphrase');
    await restarted.unlock(next);
    expect(await restarted.read('consumer-secret:p1')).toBe('keep me');
  });

  it('changes the passphrase while locked, given the current one', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'keep me');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const locked = startWorker();
    await locked.setPassphrase({ current: PASSPHRASE, next: 'the next passphrase', autoLockMinutes: 15 });
    expect(await locked.read('consumer-secret:p1')).toBe('keep me');
  });

  it('removes the lock with the current passphrase: secrets go back under a new device key', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'keep me');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const locked = startWorker();
    expect(await codeOf(locked.removePassphrase('wrong passphrase'))).toBe('wrong-passphrase');
    expect(await codeOf(locked.removePassphrase(undefined))).toBe('invalid-input');
    expect(await locked.removePassphrase(PASSPHRASE)).toEqual({ state: 'off' });
    expect(store.data.has('vault-lock')).toBe(false);
    expect(storedKeys()).toHaveLength(1);
    expect(note).toMatchObject({ state: 'off' });
    const restarted = startWorker();
    expect(await restarted.status()).toEqual({ state: 'off' });
    expect(await restarted.read('consumer-secret:p1')).toBe('keep me');
  });

  it('reset (forgotten passphrase) forgets every secret and the lock, and leaves a working vault', async () => {
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'gone');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const locked = startWorker();
    expect(await locked.reset()).toEqual({ state: 'off' });
    expect([...store.data.keys()]).toEqual([]);
    expect(await locked.read('consumer-secret:p1')).toBeUndefined();
    await locked.write('consumer-secret:p1', 'new');
    expect(await startWorker().read('consumer-secret:p1')).toBe('new');
  });
});

describe('warm-up at worker start (issue 18: a woken worker’s first call)', () => {
  it('reads the lock record and the device key ahead, so the first secret read fetches only its own value', async () => {
    await startWorker().write('access-token:p1', 'tok-secret');
    const vault = startWorker();
    const get = vi.spyOn(store, 'get');
    await vault.warmUp();
    expect(get.mock.calls.map(([key]) => key).sort()).toEqual(['vault-key', 'vault-lock']);
    get.mockClear();
    expect(await vault.read('access-token:p1')).toBe('tok-secret');
    expect(get.mock.calls.map(([key]) => key)).toEqual(['access-token:p1']);
  });

  it('creates, unlocks and notes nothing: a new vault keeps no key, a locked one stays locked as it was', async () => {
    await startWorker().warmUp();
    expect([...store.data.keys()]).toEqual([]);
    const vault = startWorker();
    await vault.write('consumer-secret:p1', 'consumer-s3cret');
    await vault.setPassphrase({ next: PASSPHRASE, autoLockMinutes: 15 });
    const noteBefore = structuredClone(note);
    const storedBefore = structuredClone([...store.data]);
    const locked = startWorker();
    await locked.warmUp();
    expect(note).toEqual(noteBefore);
    expect([...store.data]).toEqual(storedBefore);
    expect(await codeOf(locked.read('consumer-secret:p1'))).toBe('vault-locked');
  });

  it('leaves a failed read to the call that needs it, which reads again', async () => {
    await startWorker().write('access-token:p1', 'tok-secret');
    const vault = startWorker();
    vi.spyOn(store, 'get').mockRejectedValueOnce(new Error('UnknownError: IndexedDB is broken'));
    await expect(vault.warmUp()).resolves.toBeUndefined();
    expect(await vault.read('access-token:p1')).toBe('tok-secret');
  });
});
