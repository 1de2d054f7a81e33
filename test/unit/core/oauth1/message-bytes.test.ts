import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../../../src/core/oauth1/message-bytes.ts';

const encoder = new TextEncoder();

describe('encodeMessage', () => {
  it('gives the same bytes as TextEncoder.encode for any string, ASCII or not', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(Array.from(encodeMessage(text))).toEqual(Array.from(encoder.encode(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it('handles the empty string, a string longer than the reused buffer and one past the reuse limit', () => {
    expect(encodeMessage('').length).toBe(0);
    for (const length of [5000, 70_000]) {
      const text = 'a%3D'.repeat(length / 4);
      expect(encodeMessage(text)).toEqual(encoder.encode(text));
    }
    const wide = 'é🔑'.repeat(3000);
    expect(encodeMessage(wide)).toEqual(encoder.encode(wide));
  });

  it('reuses one buffer for small messages, so a view is only good until the next call', () => {
    const first = encodeMessage('first');
    expect(new TextDecoder().decode(first)).toBe('first');
    const second = encodeMessage('other');
    expect(second.buffer).toBe(first.buffer);
    expect(new TextDecoder().decode(first)).toBe('other');
  });
});
