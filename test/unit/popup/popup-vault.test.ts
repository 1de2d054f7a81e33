import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import type { VaultStatus } from '../../../src/core/protocol.ts';
import { PopupVault, type UnlockModule } from '../../../src/popup/popup-vault.ts';
import type { SendFn } from '../../../src/popup/services.ts';
import { VaultGate } from '../../../src/ui/vault-gate.ts';

const LOCKED: VaultStatus = { state: 'locked', autoLockMinutes: 15, reason: 'idle' };
const settle = () => new Promise((resolve) => setImmediate(resolve));

function worker(initiallyLocked: boolean) {
  const state = { locked: initiallyLocked, loads: 0 };
  const send = (async (name: string, request?: { passphrase?: string }) => {
    if (name === 'vault/status') return state.locked ? LOCKED : { state: 'off' };
    if (name === 'vault/unlock') {
      if (request?.passphrase !== 'right passphrase') throw new KeyholeError('wrong-passphrase', 'Wrong passphrase.');
      state.locked = false;
      return { state: 'unlocked', autoLockMinutes: 15 };
    }
    if (name === 'profiles/list') throw new KeyholeError('network', 'Offline.');
    if (state.locked) throw new KeyholeError('vault-locked', 'Locked.');
    return { answered: name };
  }) as unknown as SendFn;
  const load = async (): Promise<UnlockModule> => {
    state.loads++;
    return { default: () => null, VaultGate };
  };
  return { state, send, load };
}

describe('PopupVault', () => {
  it('loads nothing while the vault is open or the lock is off', async () => {
    const fake = worker(false);
    const vault = new PopupVault(fake.send, fake.load);
    expect(await vault.send('session/status')).toEqual({ answered: 'session/status' });
    await expect(vault.send('profiles/list')).rejects.toMatchObject({ code: 'network' });
    await settle();
    expect(fake.state.loads).toBe(0);
    expect(vault.locked).toBeUndefined();
  });

  it('found locked on opening: loads the unlock screen once, and a refused call carries on after the unlock', async () => {
    const fake = worker(true);
    const vault = new PopupVault(fake.send, fake.load);
    let changes = 0;
    vault.subscribe(() => changes++);
    const summary = vault.send('request/send', { target: 'api', method: 'GET', path: '/v2/summary' });
    await settle();
    expect(fake.state.loads).toBe(1);
    expect(vault.locked).toEqual(LOCKED);
    expect(vault.Screen).toBeTypeOf('function');
    expect(changes).toBeGreaterThan(0);
    await expect(vault.gate!.unlock('wrong')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await vault.gate!.unlock('right passphrase');
    expect(await summary).toEqual({ answered: 'request/send' });
    expect(vault.locked).toBeUndefined();
  });
});
