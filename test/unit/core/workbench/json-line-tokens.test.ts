import { describe, expect, it } from 'vitest';
import { tokenizeJsonLine } from '../../../../src/core/workbench/json-line-tokens.ts';

const kinds = (line: string, inString = false) =>
  tokenizeJsonLine(line, inString).map((token) => [token.kind, token.text]);

describe('tokenizeJsonLine', () => {
  it('tells keys from string values, and numbers, booleans, null and punctuation apart', () => {
    expect(kinds('  "name": "web \\"1\\"",')).toEqual([
      ['space', '  '],
      ['key', '"name"'],
      ['punct', ':'],
      ['space', ' '],
      ['string', '"web \\"1\\""'],
      ['punct', ','],
    ]);
    expect(kinds('  "n": -1.5e3, "ok": true, "x": null, "f": false')).toEqual([
      ['space', '  '],
      ['key', '"n"'],
      ['punct', ':'],
      ['space', ' '],
      ['number', '-1.5e3'],
      ['punct', ','],
      ['space', ' '],
      ['key', '"ok"'],
      ['punct', ':'],
      ['space', ' '],
      ['boolean', 'true'],
      ['punct', ','],
      ['space', ' '],
      ['key', '"x"'],
      ['punct', ':'],
      ['space', ' '],
      ['null', 'null'],
      ['punct', ','],
      ['space', ' '],
      ['key', '"f"'],
      ['punct', ':'],
      ['space', ' '],
      ['boolean', 'false'],
    ]);
  });

  it('keeps the text whole, a string value that reads like a key included', () => {
    const line = '    "a: b", "true", [1, {}]';
    expect(
      tokenizeJsonLine(line)
        .map((token) => token.text)
        .join(''),
    ).toBe(line);
    expect(kinds('"a: b"')).toEqual([['string', '"a: b"']]);
  });

  it('starts inside a string for a row that continues a long line', () => {
    expect(kinds('tail of a long string",', true)).toEqual([
      ['string', 'tail of a long string"'],
      ['punct', ','],
    ]);
    expect(kinds('"cut in the middl')).toEqual([['string', '"cut in the middl']]);
  });
});
