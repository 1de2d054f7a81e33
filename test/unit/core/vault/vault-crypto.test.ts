import { describe, expect, it } from 'vitest';
import {
  createLockRecord,
  derivePassphraseKey,
  generateDeviceKey,
  openSealed,
  resealAll,
  sealText,
  unlockKey,
} from '../../../../src/core/vault/vault-crypto.ts';

const FEW = 1_000; // PBKDF2 rounds for speed; the derivation is the same function at 600 000

describe('vault crypto', () => {
  it('binds a sealed value to its name', async () => {
    const key = await generateDeviceKey();
    const sealed = await sealText(key, 'access-token:a', 'value');
    expect(await openSealed(key, 'access-token:a', sealed)).toBe('value');
    await expect(openSealed(key, 'access-token:b', sealed)).rejects.toThrow();
  });

  it('derives the same non-extractable key from the same passphrase and salt, NFC or not', async () => {
    const salt = new Uint8Array(16).fill(7);
    const composed = await derivePassphraseKey('café au lait, noir', salt, FEW);
    const decomposed = await derivePassphraseKey('cafe\u0301 au lait, noir', salt, FEW);
    expect(composed.extractable).toBe(false);
    const sealed = await sealText(composed, 'n:1', 'v');
    expect(await openSealed(decomposed, 'n:1', sealed)).toBe('v');
    const otherSalt = await derivePassphraseKey('café au lait, noir', new Uint8Array(16).fill(8), FEW);
    await expect(openSealed(otherSalt, 'n:1', sealed)).rejects.toThrow();
  });

  it('tells a right passphrase from a wrong one with the check value, and gives a fresh salt each time', async () => {
    const { record, key } = await createLockRecord('first long passphrase', 15, FEW);
    const again = await createLockRecord('first long passphrase', 15, FEW);
    expect(Buffer.from(again.record.salt).equals(Buffer.from(record.salt))).toBe(false);
    const unlocked = await unlockKey(record, 'first long passphrase');
    const sealed = await sealText(key, 'n:1', 'v');
    expect(await openSealed(unlocked, 'n:1', sealed)).toBe('v');
    await expect(unlockKey(record, 'first long passphrasE')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await expect(unlockKey(record, '')).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('reseals every sealed entry and skips the rest; one unreadable entry stops it all', async () => {
    const from = await generateDeviceKey();
    const to = await generateDeviceKey();
    const entries: [string, unknown][] = [
      ['consumer-secret:p', await sealText(from, 'consumer-secret:p', 'c')],
      ['access-token:p', await sealText(from, 'access-token:p', 't')],
      ['vault-key', from],
    ];
    const resealed = await resealAll(entries, from, to);
    expect(resealed.map(([name]) => name)).toEqual(['consumer-secret:p', 'access-token:p']);
    for (const [name, sealed] of resealed) await expect(openSealed(to, name, sealed)).resolves.toMatch(/^[ct]$/);
    const foreign = await sealText(to, 'bridge-token:p', 'x');
    await expect(resealAll([...entries, ['bridge-token:p', foreign]], from, to)).rejects.toMatchObject({
      code: 'internal',
      message: /bridge-token:p.*nothing changed/,
    });
    await expect(resealAll(entries, undefined, to)).rejects.toMatchObject({ code: 'internal' });
    expect(await resealAll([], undefined, to)).toEqual([]);
  });
});
