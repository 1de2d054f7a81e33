/**
 * Splits one line of pretty-printed JSON (`  "name": "web",`) into coloured pieces for the Pretty view. Works
 * line by line, so a virtualised view colours only the rows it shows; a row that continues a long line (cut at
 * the row width) starts inside a string, which the caller says with `inString`.
 */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct' | 'space';

export interface JsonLineToken {
  kind: JsonTokenKind;
  text: string;
}

/** Length of the string starting at `from` (a quote, or the middle of a string when `open`), quotes included. */
function stringLength(line: string, from: number, open: boolean): number {
  let at = open ? from : from + 1;
  while (at < line.length) {
    if (line[at] === '\\') at += 2;
    else if (line[at] === '"') return at + 1 - from;
    else at += 1;
  }
  return line.length - from;
}

export function tokenizeJsonLine(line: string, inString = false): JsonLineToken[] {
  const tokens: JsonLineToken[] = [];
  let at = 0;
  const push = (kind: JsonTokenKind, length: number) => {
    const text = line.slice(at, at + length);
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind && kind !== 'key' && kind !== 'string') last.text += text;
    else tokens.push({ kind, text });
    at += length;
  };
  if (inString) push('string', stringLength(line, 0, true));
  while (at < line.length) {
    const char = line[at] as string;
    if (char === '"') {
      const length = stringLength(line, at, false);
      const isKey = /^\s*:/.test(line.slice(at + length, at + length + 8));
      push(isKey ? 'key' : 'string', length);
      continue;
    }
    const rest = line.slice(at, at + 400);
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (number) {
      push('number', number[0].length);
      continue;
    }
    const word = /^(true|false|null)/.exec(rest);
    if (word) {
      push(word[1] === 'null' ? 'null' : 'boolean', (word[1] as string).length);
      continue;
    }
    push(/\s/.test(char) ? 'space' : 'punct', 1);
  }
  return tokens;
}
