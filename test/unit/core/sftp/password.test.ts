import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_LENGTH, generatePassword } from '../../../../src/core/sftp/password.ts';

describe('generatePassword', () => {
  it('gives letters and digits only, of the asked length', () => {
    expect(generatePassword()).toMatch(new RegExp(`^[A-Za-z0-9]{${DEFAULT_PASSWORD_LENGTH}}$`));
    expect(generatePassword(40)).toHaveLength(40);
  });

  it('never repeats', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });

  it('drops the bytes that would bias the alphabet (rejection sampling)', () => {
    // 248..255 would map to A..H a second time; the generator must skip them.
    let call = 0;
    const source = <T extends ArrayBufferView>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      bytes.fill(call++ === 0 ? 250 : 1);
      return array;
    };
    expect(generatePassword(4, source)).toBe('BBBB');
  });

  it('uses each character about equally often', () => {
    const counts = new Map<string, number>();
    for (const char of Array.from({ length: 400 }, () => generatePassword(62)).join('')) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 24,800 draws, 400 expected per character: ±30% is > 10 standard deviations.
    for (const count of counts.values()) expect(count).toBeGreaterThan(280);
    for (const count of counts.values()) expect(count).toBeLessThan(520);
  });
});
