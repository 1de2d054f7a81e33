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
  'bidi \u202e}1{ isolate \u2066x\u2069 zero-width \u200b bom \ufeff tag \u{E0041} 😀',
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

  it('writes what displays otherwise than it is as escapes, so the command on screen is the one that runs', () => {
    // Trojan Source (CVE-2021-42574): a bidi override reorders the rest of the line on screen, U+2028 shows as a
    // line break, zero-width characters hide; all of them as UTF-8 byte escapes, not raw.
    const word = "x\u202e'; \u2066id\u2069 \u200b\u2028\u2029\ufeff\u00ad\u061c";
    const quoted = shellQuote(word);
    expect(quoted).toMatch(/^\$'[\x20-\x7e]*'$/);
    expect(quoted).toContain('\\xe2\\x80\\xae');
    expect(throughBash(quoted).equals(Buffer.from(word, 'utf8'))).toBe(true);
  });

  it('leaves plain names bare and refuses a NUL with the name of the value', () => {
    expect(quoteShellWord('app-1.example.test')).toBe('app-1.example.test');
    expect(quoteShellWord('~alice')).toBe("'~alice'");
    // zsh expands a word starting with `=` to a command's path (`=ls` is /usr/bin/ls).
    expect(quoteShellWord('=ls')).toBe("'=ls'");
    expect(quoteShellWord('a=b')).toBe('a=b');
    expect(() => shellQuote('a\0b', 'The body')).toThrow(/^The body contains a NUL byte/);
  });
});
