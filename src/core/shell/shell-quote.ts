import { KeyholeError } from '../errors.ts';

/**
 * The one way Keyhole writes a value into a command for a POSIX shell (bash, zsh, dash): copied curl, `clever
 * curl` and HTTPie commands, and every command the SFTP kit shows. A quoted word reaches the program as exactly
 * its characters (UTF-8), whatever they are: quotes, `$()`, backticks, globs, newlines, U+2028/2029.
 *
 * - Plain single quotes keep everything literal but `'` itself, written `'\''`.
 * - A word with a control character other than a newline is written `$'…'` (ANSI-C quoting; bash, zsh, ksh and
 *   POSIX.1-2024 sh) with the character as an escape: pasted raw into a terminal, a CR, tab or ^C is read by
 *   the line editor (accept-line, completion, interrupt) instead of landing in the word. So is a character
 *   displayed otherwise than it is (bidi controls, zero-width characters, U+2028/2029; SHOWN_OTHERWISE).
 * - NUL cannot be in any argument: the kernel passes C strings, and bash drops or truncates at it. A word with
 *   one is refused with a message naming it (`what`), never printed as a command that sends other bytes.
 *
 * This quoting stops the shell from reading a value; it does not stop the program from reading it as one of its
 * own options or syntaxes (curl's `@file`, HTTPie's `:=@`, ssh's `-oProxyCommand`): each builder handles that.
 */

/**
 * Characters that need no quoting: the word reads as itself in any shell, at any position. Not a leading `=`:
 * zsh (EQUALS, on by default) expands `=ls` to the path of `ls`.
 */
const BARE = /^[A-Za-z0-9_@%+:,./-][A-Za-z0-9_@%+=:,./-]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is escaped
const CONTROL = /[\u0001-\u0009\u000b-\u001f\u007f-\u009f]|\p{Cf}|[\u2028\u2029]/u;
/**
 * Characters shown otherwise than they are: Unicode format characters (bidi overrides and isolates U+202A–202E,
 * U+2066–2069, marks, zero-width characters, BOM: category Cf) reorder or hide the text around them, and U+2028
 * and U+2029 display as line breaks, so a value holding them could make the command on screen read differently
 * from the one that runs ("Trojan Source", CVE-2021-42574). They are written as their UTF-8 bytes, like C1.
 */
const SHOWN_OTHERWISE = /^(?:\p{Cf}|[\u2028\u2029])$/u;

/**
 * Linux refuses to start a program with one argument of 128 KiB or more (MAX_ARG_STRLEN, execve(2): E2BIG);
 * a little is kept for an option glued to the value (`--raw=`).
 */
export const MAX_ARGUMENT_BYTES = 128 * 1024 - 64;

/**
 * Throws when no command-line argument can carry `word`: a NUL, or more bytes than one argument holds. `what`
 * names it in the message, `advice` says what to do instead.
 */
export function assertShellCarries(word: string, what: string, advice = ''): void {
  const then = advice ? ` ${advice}` : '';
  if (word.includes('\0'))
    throw new KeyholeError(
      'invalid-input',
      `${what} contains a NUL byte (\\0), which no shell command can carry: bash drops it, so the command would send other bytes.${then}`,
    );
  // UTF-8 is at most 3 bytes per UTF-16 unit: only long words need counting.
  if (word.length * 3 > MAX_ARGUMENT_BYTES && new TextEncoder().encode(word).length > MAX_ARGUMENT_BYTES)
    throw new KeyholeError(
      'invalid-input',
      `${what} is longer than one command-line argument can be (128 KiB on Linux), so the command would not start.${then}`,
    );
}

/** Always quoted, for words that should read as quoted (URLs, bodies, headers). */
export function shellQuote(word: string, what = 'A value'): string {
  assertShellCarries(word, what);
  if (CONTROL.test(word)) return ansiCQuote(word);
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Quoted only when needed: plain names and numbers stay bare so commands read naturally. */
export function quoteShellWord(word: string, what = 'A value'): string {
  if (word !== '' && BARE.test(word)) return word;
  return shellQuote(word, what);
}

function ansiCQuote(word: string): string {
  let out = "$'";
  for (const char of word) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === "'") out += `\\${char}`;
    else if (char === '\n') out += '\n';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    // C1 controls as their UTF-8 bytes: `\u0080` would depend on the shell's locale.
    else if (code >= 0x80 && code <= 0x9f) out += `\\xc2\\x${code.toString(16)}`;
    else if (SHOWN_OTHERWISE.test(char)) out += utf8Escapes(char);
    else out += char;
  }
  return `${out}'`;
}

/** `\xHH` for each UTF-8 byte: bash's `\u` would depend on the shell's locale. */
function utf8Escapes(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => `\\x${byte.toString(16)}`).join('');
}
