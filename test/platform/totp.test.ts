import { describe, expect, it } from 'vitest';
import { base32Decode, totpAt, verifyTotp } from './totp.ts';

describe('TOTP (RFC 6238)', () => {
  const key = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the SHA-1 test vector at T=%i', (seconds, code) => {
    expect(totpAt(key, seconds * 1000, { digits: 8 })).toBe(code);
  });

  it('decodes base32 and accepts one step of drift, not two', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe('12345678901234567890');
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const now = 1_700_000_000_000;
    const code = totpAt(base32Decode(secret), now);
    expect(verifyTotp(secret, code, now + 30_000)).toBe(true);
    expect(verifyTotp(secret, code, now + 65_000)).toBe(false);
    expect(verifyTotp(secret, '12345', now)).toBe(false);
  });
});
