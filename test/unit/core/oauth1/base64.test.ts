import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64, encodeBase64WithTable } from '../../../../src/core/oauth1/base64.ts';

const viaBtoa = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('encodeBase64', () => {
  it('writes RFC 4648 base64 with padding, like btoa, for any bytes and every remainder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(encodeBase64WithTable(bytes)).toBe(viaBtoa(bytes));
        expect(encodeBase64(bytes)).toBe(viaBtoa(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('covers the RFC 4648 §10 test vectors and HMAC sizes', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, expected] of vectors) {
      expect(encodeBase64WithTable(new TextEncoder().encode(text))).toBe(expected);
    }
    const allOnes = new Uint8Array(64).fill(0xff);
    expect(encodeBase64WithTable(allOnes.subarray(0, 20))).toBe(`${'/'.repeat(26)}8=`);
    expect(encodeBase64WithTable(allOnes)).toBe(`${'/'.repeat(85)}w==`);
  });

  it('uses Uint8Array.prototype.toBase64 when the runtime has one (Node 20 has none, Chromium does)', () => {
    const prototype = Uint8Array.prototype as { toBase64?: () => string };
    const own = Object.getOwnPropertyDescriptor(prototype, 'toBase64');
    const calls: Uint8Array[] = [];
    prototype.toBase64 = function (this: Uint8Array) {
      calls.push(this);
      return viaBtoa(this);
    };
    try {
      const bytes = new Uint8Array([1, 2, 3, 250]);
      expect(encodeBase64(bytes)).toBe('AQID+g==');
      expect(calls).toEqual([bytes]);
    } finally {
      if (own) Object.defineProperty(prototype, 'toBase64', own);
      else delete prototype.toBase64;
    }
  });
});
