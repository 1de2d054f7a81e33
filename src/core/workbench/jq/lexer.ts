/**
 * Tokens of a jq program, with the offset of each so every syntax error can point at its place. Strings keep their
 * interpolations (`"id: \(.id)"`) as nested source ranges, parsed by the parser. Every pattern here is anchored and
 * linear: a filter is typed by the user, never trusted.
 */

export class JqSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export type StringPart = { text: string } | { source: string; at: number };

export type Token =
  | { kind: 'punct'; text: string; at: number }
  | { kind: 'keyword'; text: string; at: number }
  | { kind: 'ident'; text: string; at: number }
  | { kind: 'field'; text: string; at: number }
  | { kind: 'variable'; text: string; at: number }
  | { kind: 'format'; text: string; at: number }
  | { kind: 'string'; parts: StringPart[]; at: number }
  | { kind: 'number'; value: number; at: number }
  | { kind: 'end'; at: number };

const KEYWORDS = new Set([
  'def',
  'if',
  'then',
  'elif',
  'else',
  'end',
  'as',
  'reduce',
  'foreach',
  'try',
  'catch',
  'label',
  'import',
  'include',
  'and',
  'or',
]);

/** Longest first, so `//=` wins over `//` and `/`. */
const PUNCTS = [
  '?//',
  '//=',
  '|=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '==',
  '!=',
  '<=',
  '>=',
  '//',
  '..',
  '|',
  ',',
  '.',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  ':',
  ';',
  '?',
  '<',
  '>',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
];

const IDENT = /[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*/y;
const FIELD = /\.[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/y;

function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Reads a string literal starting at the quote; returns its parts and the offset after the closing quote. */
function readString(source: string, start: number): { parts: StringPart[]; next: number } {
  const parts: StringPart[] = [];
  let text = '';
  let at = start + 1;
  while (at < source.length) {
    const char = source[at]!;
    if (char === '"') {
      if (text || parts.length === 0) parts.push({ text });
      return { parts, next: at + 1 };
    }
    if (char !== '\\') {
      text += char;
      at += 1;
      continue;
    }
    const escaped = source[at + 1];
    if (escaped === undefined) break;
    if (escaped === '(') {
      // An interpolation: find its closing parenthesis, skipping nested strings and parentheses.
      if (text) parts.push({ text });
      text = '';
      const inner = at + 2;
      const close = findClose(source, inner);
      parts.push({ source: source.slice(inner, close), at: inner });
      at = close + 1;
      continue;
    }
    if (escaped === 'u') {
      const hex = source.slice(at + 2, at + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JqSyntaxError('Invalid \\u escape in a string.', at);
      text += String.fromCharCode(Number.parseInt(hex, 16));
      at += 6;
      continue;
    }
    const plain = ESCAPES[escaped];
    if (plain === undefined) throw new JqSyntaxError(`Invalid escape \\${escaped} in a string.`, at);
    text += plain;
    at += 2;
  }
  throw new JqSyntaxError('A string is not closed (missing ").', start);
}

/** The offset of the `)` closing an interpolation that starts at `from`. */
function findClose(source: string, from: number): number {
  let depth = 0;
  let at = from;
  while (at < source.length) {
    const char = source[at]!;
    if (char === '"') {
      at = readString(source, at).next;
      continue;
    }
    if (char === '(') depth += 1;
    else if (char === ')') {
      if (depth === 0) return at;
      depth -= 1;
    }
    at += 1;
  }
  throw new JqSyntaxError('An interpolation \\( is not closed.', from - 2);
}

export function tokenize(source: string, base = 0): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      at += 1;
      continue;
    }
    if (char === '#') {
      while (at < source.length && source[at] !== '\n') at += 1;
      continue;
    }
    if (char === '"') {
      const { parts, next } = readString(source, at);
      tokens.push({
        kind: 'string',
        parts: parts.map((part) => ('source' in part ? { source: part.source, at: part.at + base } : part)),
        at: at + base,
      });
      at = next;
      continue;
    }
    if (char === '$') {
      const name = matchAt(IDENT, source, at + 1);
      if (!name) throw new JqSyntaxError('Expected a variable name after $.', at + base);
      tokens.push({ kind: 'variable', text: name, at: at + base });
      at += 1 + name.length;
      continue;
    }
    if (char === '@') {
      const name = matchAt(IDENT, source, at + 1);
      if (!name) throw new JqSyntaxError('Expected a format name after @.', at + base);
      tokens.push({ kind: 'format', text: name, at: at + base });
      at += 1 + name.length;
      continue;
    }
    const number = matchAt(NUMBER, source, at);
    if (number && (char !== '.' || /\d/.test(source[at + 1] ?? ''))) {
      tokens.push({ kind: 'number', value: Number(number), at: at + base });
      at += number.length;
      continue;
    }
    const field = char === '.' ? matchAt(FIELD, source, at) : undefined;
    if (field) {
      tokens.push({ kind: 'field', text: field.slice(1), at: at + base });
      at += field.length;
      continue;
    }
    const ident = matchAt(IDENT, source, at);
    if (ident) {
      tokens.push({ kind: KEYWORDS.has(ident) ? 'keyword' : 'ident', text: ident, at: at + base });
      at += ident.length;
      continue;
    }
    const punct = PUNCTS.find((text) => source.startsWith(text, at));
    if (!punct) throw new JqSyntaxError(`Unexpected “${char}”.`, at + base);
    tokens.push({ kind: 'punct', text: punct, at: at + base });
    at += punct.length;
  }
  tokens.push({ kind: 'end', at: source.length + base });
  return tokens;
}
