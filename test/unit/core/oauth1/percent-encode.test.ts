import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { percentEncode } from '../../../../src/core/oauth1/percent-encode.ts';
import { referencePercentEncode } from './vectors.ts';

describe('percentEncode', () => {
  it('leaves the unreserved set alone', () => {
    const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    expect(percentEncode(unreserved)).toBe(unreserved);
  });

  it("encodes ! ' ( ) *, which encodeURIComponent leaves alone", () => {
    expect(percentEncode("!'()*")).toBe('%21%27%28%29%2A');
  });

  it('encodes every other ASCII character with uppercase hex', () => {
    expect(percentEncode(' "#$%&+,/:;<=>?@[\\]^`{|}')).toBe(
      '%20%22%23%24%25%26%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D',
    );
    expect(percentEncode('\u0000\n\u007f')).toBe('%00%0A%7F');
  });

  it('encodes the UTF-8 bytes of multi-byte characters and emoji', () => {
    expect(percentEncode('é')).toBe('%C3%A9');
    expect(percentEncode('日本')).toBe('%E6%97%A5%E6%9C%AC');
    expect(percentEncode('🔑')).toBe('%F0%9F%94%91');
    expect(percentEncode('a🔑b')).toBe('a%F0%9F%94%91b');
  });

  it('encodes the empty string as the empty string', () => {
    expect(percentEncode('')).toBe('');
  });

  it('refuses unpaired surrogates with an invalid-input error that does not repeat the value', () => {
    for (const bad of ['secret\uD800', '\uDC00secret', 'a\uDBFFb']) {
      let caught: unknown;
      try {
        percentEncode(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(KeyholeError);
      expect((caught as KeyholeError).code).toBe('invalid-input');
      expect((caught as KeyholeError).message).not.toContain('secret');
    }
  });

  it('matches a byte-by-byte RFC 3986 reference for any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        expect(percentEncode(value)).toBe(referencePercentEncode(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the byte-wise reference answer on both sides of its unreserved fast path, and refuses lone surrogates', () => {
    // Half the strings are unreserved only (the fast path), half mix in any code point and lone surrogate halves.
    const unreserved = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~');
    const anyUnit = fc.oneof(
      { weight: 4, arbitrary: unreserved },
      { weight: 2, arbitrary: fc.constantFrom(..."!'()*%+ &=/?#") },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF') },
    );
    const value = fc.oneof(fc.string({ unit: unreserved, maxLength: 60 }), fc.string({ unit: anyUnit, maxLength: 60 }));
    fc.assert(
      fc.property(value, (input) => {
        if (isWellFormedUtf16(input)) {
          expect(percentEncode(input)).toBe(referencePercentEncode(input));
        } else {
          expect(() => percentEncode(input)).toThrow(KeyholeError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips through decodeURIComponent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        expect(decodeURIComponent(percentEncode(value))).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

/** Every high surrogate followed by a low one and every low one preceded by a high one, checked by hand. */
function isWellFormedUtf16(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}
