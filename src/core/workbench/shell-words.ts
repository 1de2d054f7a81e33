/**
 * Splits a POSIX shell command line into words, the way bash would before running it (shell/shell-quote.ts quotes them back).
 * Enough for commands people paste: single and double quotes, `$'…'` (what Chrome's "Copy as cURL (bash)"
 * emits for bodies with special characters), backslash escapes and `\`-newline continuations. Windows `^`
 * continuations (Chrome's "Copy as cURL (cmd)") are accepted at line ends too. No expansion of `$VAR` or globs:
 * the command is data here, never run.
 */

export class ShellSyntaxError extends Error {
  override readonly name = 'ShellSyntaxError';
}

const ANSI_C_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Reads a `$'…'` body starting after the opening quote; returns the text and the index after the closing quote. */
function readAnsiC(input: string, start: number): [string, number] {
  let out = '';
  let i = start;
  while (i < input.length) {
    const c = input[i] as string;
    if (c === "'") return [out, i + 1];
    if (c !== '\\') {
      out += c;
      i += 1;
      continue;
    }
    const next = input[i + 1];
    if (next === undefined) break;
    if (next in ANSI_C_ESCAPES) {
      out += ANSI_C_ESCAPES[next];
      i += 2;
    } else if (next === 'x') {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(input.slice(i + 2))?.[0] ?? '';
      out += hex ? String.fromCharCode(Number.parseInt(hex, 16)) : '\\x';
      i += 2 + hex.length;
    } else if (next === 'u' || next === 'U') {
      const hex = new RegExp(`^[0-9a-fA-F]{1,${next === 'u' ? 4 : 8}}`).exec(input.slice(i + 2))?.[0] ?? '';
      out += hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : `\\${next}`;
      i += 2 + hex.length;
    } else if (/[0-7]/.test(next)) {
      const oct = /^[0-7]{1,3}/.exec(input.slice(i + 1))?.[0] as string;
      out += String.fromCharCode(Number.parseInt(oct, 8));
      i += 1 + oct.length;
    } else {
      out += `\\${next}`;
      i += 2;
    }
  }
  throw new ShellSyntaxError("A $'…' quote is not closed.");
}

/** Splits a command line into words. Throws ShellSyntaxError on an unclosed quote. */
export function splitShellWords(input: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const flush = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  while (i < input.length) {
    const c = input[i] as string;
    if (c === '\\') {
      const next = input[i + 1];
      if (next === '\n') {
        i += 2;
      } else if (next === '\r' && input[i + 2] === '\n') {
        i += 3;
      } else if (next === undefined) {
        i += 1;
      } else {
        word += next;
        inWord = true;
        i += 2;
      }
    } else if (c === '^' && /^\^\r?\n/.test(input.slice(i))) {
      // cmd.exe line continuation.
      i += input[i + 1] === '\r' ? 3 : 2;
    } else if (c === "'") {
      const end = input.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError('A single quote is not closed.');
      word += input.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '$' && input[i + 1] === "'") {
      const [text, next] = readAnsiC(input, i + 2);
      word += text;
      inWord = true;
      i = next;
    } else if (c === '"') {
      i += 1;
      let closed = false;
      while (i < input.length) {
        const d = input[i] as string;
        if (d === '"') {
          closed = true;
          i += 1;
          break;
        }
        if (d === '\\' && i + 1 < input.length) {
          const next = input[i + 1] as string;
          if (next === '\n') {
            i += 2;
            continue;
          }
          // Inside double quotes a backslash only escapes these; elsewhere it stays.
          word += '$`"\\'.includes(next) ? next : `\\${next}`;
          i += 2;
          continue;
        }
        word += d;
        i += 1;
      }
      if (!closed) throw new ShellSyntaxError('A double quote is not closed.');
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      flush();
      i += 1;
    } else if (c === '#' && !inWord) {
      // A comment runs to the end of the line.
      const end = input.indexOf('\n', i);
      i = end < 0 ? input.length : end;
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  flush();
  return words;
}
