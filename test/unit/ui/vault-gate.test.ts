import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import type { VaultStatus } from '../../../src/core/protocol.ts';
import { type SendFn, VaultGate } from '../../../src/ui/vault-gate.ts';

const LOCKED: VaultStatus = { state: 'locked', autoLockMinutes: 15, reason: 'worker-restarted' };

/** A worker whose vault is locked until `vault/unlock` gets the right passphrase. */
function lockedWorker() {
  const worker = {
    locked: true,
    statusFails: false,
    sent: [] as string[],
    send: (async (name: string, request?: { passphrase?: string }) => {
      worker.sent.push(name);
      if (name === 'vault/status') {
        if (worker.statusFails) throw new KeyholeError('internal', 'The worker did not answer.');
        return worker.locked ? LOCKED : { state: 'unlocked', autoLockMinutes: 15 };
      }
      if (name === 'vault/unlock') {
        if (request?.passphrase !== 'right passphrase') throw new KeyholeError('wrong-passphrase', 'Wrong passphrase.');
        worker.locked = false;
        return { state: 'unlocked', autoLockMinutes: 15 };
      }
      if (name === 'request/cancel') return { cancelled: false };
      if (worker.locked) throw new KeyholeError('vault-locked', 'Locked.');
      return { ok: name };
    }) as unknown as SendFn,
  };
  return worker;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('VaultGate', () => {
  it('holds a call refused as locked, shows why, and sends it again once unlocked', async () => {
    const worker = lockedWorker();
    const gate = new VaultGate(worker.send);
    const call = gate.send('session/sign-in');
    await settle();
    expect(gate.locked).toEqual(LOCKED);
    expect(gate.hasWaitingCalls).toBe(true);
    await expect(gate.unlock('wrong one')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    expect(gate.locked).toEqual(LOCKED);
    await gate.unlock('right passphrase');
    expect(await call).toEqual({ ok: 'session/sign-in' });
    expect(gate.locked).toBeUndefined();
    expect(worker.sent.filter((name) => name === 'session/sign-in')).toHaveLength(2);
  });

  it('resumes waiting calls when another view unlocked the vault (check on the worker’s note)', async () => {
    const worker = lockedWorker();
    const gate = new VaultGate(worker.send);
    const call = gate.send('request/send', { target: 'api', method: 'GET', path: '/v2/self' });
    await settle();
    worker.locked = false; // unlocked in the popup
    await gate.check();
    expect(await call).toEqual({ ok: 'request/send' });
  });

  it('a call cancelled while it waits fails with "cancelled" and is never sent again', async () => {
    const worker = lockedWorker();
    const gate = new VaultGate(worker.send);
    const call = gate.send('request/send', { target: 'api', method: 'GET', path: '/v2/self', requestId: 'r1' });
    await settle();
    await gate.send('request/cancel', { requestId: 'r1' });
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await gate.unlock('right passphrase');
    await settle();
    expect(worker.sent.filter((name) => name === 'request/send')).toHaveLength(1);
  });

  it('fails waiting calls when the worker cannot say how the lock is, and passes other errors through', async () => {
    const worker = lockedWorker();
    worker.statusFails = true;
    const gate = new VaultGate(worker.send);
    await expect(gate.send('session/sign-in')).rejects.toMatchObject({ code: 'internal' });
    expect(gate.hasWaitingCalls).toBe(false);
    const plain = new VaultGate((async () => {
      throw new KeyholeError('network', 'Offline.');
    }) as unknown as SendFn);
    await expect(plain.send('session/status')).rejects.toMatchObject({ code: 'network' });
  });

  it('tells subscribers, and knows an open vault on check', async () => {
    const worker = lockedWorker();
    const gate = new VaultGate(worker.send);
    let changes = 0;
    gate.subscribe(() => changes++);
    await gate.check();
    expect(gate.locked).toEqual(LOCKED);
    worker.locked = false;
    await gate.check();
    expect(gate.locked).toBeUndefined();
    expect(changes).toBe(2);
  });
});

describe('VaultGate background calls', () => {
  it('hold a call the page made on its own without announcing it as the user’s request, and resume it', async () => {
    const worker = lockedWorker();
    const gate = new VaultGate(worker.send);
    const background = gate.sendInBackground('request/send', { target: 'api', method: 'GET', path: '/v2/self' });
    await settle();
    expect(gate.locked).toEqual(LOCKED);
    // The panel's banner says "your request waits" and takes focus only for calls the user made.
    expect(gate.hasWaitingCalls).toBe(false);
    const mine = gate.send('request/send', { target: 'api', method: 'GET', path: '/v2/self', requestId: 'r2' });
    await settle();
    expect(gate.hasWaitingCalls).toBe(true);
    await gate.unlock('right passphrase');
    expect(await background).toEqual({ ok: 'request/send' });
    expect(await mine).toEqual({ ok: 'request/send' });
  });
});
