import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { quoteShellWord, shellQuote } from '../../../../src/core/shell/shell-quote.ts';

/** What bash hands a program for the quoted word: its argv bytes, read back through printf. */
function throughBash(quoted: string): Buffer {
  return execFileSync('bash', ['-c', `printf %s ${quoted}`]);
}

const HOSTILE = [
  "it's",
  '"double" and \\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, as text
  '$(touch pwned) `touch pwned` ${HOME}',
  '*?[a] {a,b} ~root !!',
  'line\nbreak',
  'cr\r tab\t esc\x1b ^C\x03 del\x7f',
  'c1 \u0085 \u009b',
  'u2028 \u2028 u2029 \u2029',
  '-leading dash',
  '@file <file =@f.json :=',
  'x'.repeat(100_000),
  '',
];

describe('the shared shell quoting', () => {
  it('gives bash back every word as exactly its UTF-8 bytes', () => {
    for (const word of HOSTILE) {
      expect(throughBash(shellQuote(word)).equals(Buffer.from(word, 'utf8')), JSON.stringify(word.slice(0, 40))).toBe(
        true,
      );
      expect(throughBash(quoteShellWord(word)).equals(Buffer.from(word, 'utf8'))).toBe(true);
    }
  });

  it('writes control characters as escapes, so a terminal never reads them from a paste', () => {
    const quoted = shellQuote('a\rb\tc\x03');
    expect(quoted).toBe("$'a\\x0db\\x09c\\x03'");
    for (const control of ['\r', '\t', '\x03']) expect(quoted).not.toContain(control);
  });

  it('leaves plain names bare and refuses a NUL with the name of the value', () => {
    expect(quoteShellWord('app-1.example.test')).toBe('app-1.example.test');
    expect(quoteShellWord('~alice')).toBe("'~alice'");
    expect(() => shellQuote('a\0b', 'The body')).toThrow(/^The body contains a NUL byte/);
  });
});
