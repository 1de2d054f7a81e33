import { describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { createNonce, createTimestamp } from '../../../../src/core/oauth1/nonce.ts';

describe('createNonce', () => {
  it('is 32 hex characters: 128 bits, URL-safe, unchanged by percent-encoding', () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(nonce.length * 4).toBeGreaterThanOrEqual(128);
  });

  it('draws its bits from crypto.getRandomValues, 16 bytes of them', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    createNonce();
    expect(getRandomValues).toHaveBeenCalledTimes(1);
    expect((getRandomValues.mock.calls[0]![0] as Uint8Array).byteLength).toBeGreaterThanOrEqual(16);
    getRandomValues.mockRestore();
  });

  it('writes each random byte as two lowercase hex digits, in order', () => {
    const bytes = [0x00, 0x01, 0x0f, 0x10, 0x7f, 0x80, 0xab, 0xff, 0x09, 0xa0, 0x3c, 0xc3, 0x55, 0xaa, 0xfe, 0x42];
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array).set(bytes);
      return array;
    });
    expect(createNonce()).toBe('00010f107f80abff09a03cc355aafe42');
    getRandomValues.mockRestore();
  });

  it('differs between calls', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => createNonce()));
    expect(nonces.size).toBe(1000);
  });
});

describe('createTimestamp', () => {
  const now = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
  const nowSeconds = Math.floor(now / 1000);

  it('is Unix time in whole seconds, as a string', () => {
    expect(createTimestamp(0, now)).toBe(String(nowSeconds));
    expect(createTimestamp(0, now)).toMatch(/^\d+$/);
  });

  it('adds the clock offset (server time minus local time), ahead or behind', () => {
    expect(createTimestamp(300, now)).toBe(String(nowSeconds + 300));
    expect(createTimestamp(-3600, now)).toBe(String(nowSeconds - 3600));
  });

  it('rounds down after adding a fractional offset', () => {
    // 5.678 s past the minute plus 0.5 s is still second 6 of the same minute.
    expect(createTimestamp(0.5, now)).toBe(String(nowSeconds + 1));
    expect(createTimestamp(0.2, now)).toBe(String(nowSeconds));
  });

  it('defaults to the current time', () => {
    const before = Math.floor(Date.now() / 1000);
    const stamp = Number(createTimestamp());
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('refuses non-finite input and times before 1970', () => {
    expect(() => createTimestamp(Number.NaN, now)).toThrow(KeyholeError);
    expect(() => createTimestamp(0, Number.POSITIVE_INFINITY)).toThrow(KeyholeError);
    expect(() => createTimestamp(-nowSeconds - 10, now)).toThrow(KeyholeError);
  });
});
