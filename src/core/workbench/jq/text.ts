/**
 * jq's string builtins and `@formats`. Lengths and offsets count code points, as jq does. Regular expressions are
 * JavaScript's (`u` flag), close to jq's Oniguruma for the common syntax; flags g, i, x, s and n are read.
 */
import { withValues } from './builtins.ts';
import { evaluate, fail, natives, setFormats } from './evaluate.ts';
import { splitString } from './operators.ts';
import { nestedRepetitionAt } from './regex-safety.ts';
import { describeValue, newObject, setOwn, toJson, typeOf } from './values.ts';

function text(input: unknown, what: string): string {
  if (typeof input !== 'string') fail(`${describeValue(input)} cannot be ${what}, as it is not a string`);
  return input;
}

withValues('startswith', 1, (input, prefix) => {
  if (typeof input !== 'string' || typeof prefix !== 'string') fail('startswith() requires string inputs');
  return input.startsWith(prefix);
});
withValues('endswith', 1, (input, suffix) => {
  if (typeof input !== 'string' || typeof suffix !== 'string') fail('endswith() requires string inputs');
  return input.endsWith(suffix);
});
withValues('ltrimstr', 1, (input, prefix) =>
  typeof input === 'string' && typeof prefix === 'string' && input.startsWith(prefix)
    ? input.slice(prefix.length)
    : input,
);
withValues('rtrimstr', 1, (input, suffix) =>
  typeof input === 'string' && typeof suffix === 'string' && input.endsWith(suffix) && suffix.length > 0
    ? input.slice(0, input.length - suffix.length)
    : input,
);
withValues('split', 1, (input, separator) => {
  if (typeof input !== 'string' || typeof separator !== 'string') fail('split input and separator must be strings');
  return splitString(input, separator);
});
withValues('ascii_downcase', 0, (input) => text(input, 'lowercased').replace(/[A-Z]/g, (c) => c.toLowerCase()));
withValues('ascii_upcase', 0, (input) => text(input, 'uppercased').replace(/[a-z]/g, (c) => c.toUpperCase()));
withValues('explode', 0, (input) => [...text(input, 'exploded')].map((c) => c.codePointAt(0)));
withValues('implode', 0, (input) => {
  if (!Array.isArray(input)) fail('Cannot implode: input must be an array');
  return input
    .map((point) => {
      if (typeof point !== 'number') fail(`Unicode codepoint must be numeric`);
      const code = Math.trunc(point);
      // Like jq, what is not a Unicode scalar value becomes U+FFFD.
      const valid = code >= 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return String.fromCodePoint(valid ? code : 0xfffd);
    })
    .join('');
});
withValues('trim', 0, (input) => text(input, 'trimmed').trim());
withValues('ltrim', 0, (input) => text(input, 'trimmed').trimStart());
withValues('rtrim', 0, (input) => text(input, 'trimmed').trimEnd());

/** The code-point offset of a UTF-16 index. */
function pointOffset(source: string, index: number): number {
  return [...source.slice(0, index)].length;
}

/** The `x` flag: whitespace and `#` comments are not part of the pattern (an escaped `\#` is). */
function extendedPattern(source: string): string {
  let result = '';
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at]!;
    if (char === '\\') {
      result += source.slice(at, at + 2);
      at += 1;
    } else if (char === '#') {
      while (at < source.length && source[at] !== '\n') at += 1;
    } else if (!/\s/.test(char)) result += char;
  }
  return result;
}

function compile(pattern: unknown, flags: unknown): { regex: RegExp; global: boolean } {
  if (typeof pattern !== 'string') fail(`${describeValue(pattern)} cannot be matched, as it is not a string`);
  if (flags !== null && typeof flags !== 'string') fail(`${describeValue(flags)} is not a string`);
  const modes = flags ?? '';
  let jsFlags = 'u';
  let source = pattern;
  for (const mode of modes) {
    if (mode === 'g') continue;
    if (mode === 'i') jsFlags += 'i';
    else if (mode === 's') jsFlags += 's';
    else if (mode === 'x') source = extendedPattern(source);
    else if (mode !== 'n' && mode !== 'p' && mode !== 'l') fail(`${modes} is not a valid modifier string`);
  }
  const nested = nestedRepetitionAt(source);
  if (nested !== undefined) {
    fail(
      `${pattern} repeats a group that itself repeats (at offset ${nested}): it can take forever on some texts, so it is not run. Write it without the nested repetition.`,
    );
  }
  try {
    return { regex: new RegExp(source, `${jsFlags}gd`), global: modes.includes('g') };
  } catch (error) {
    return fail(`${pattern} (at offset 0) is not a valid regex: ${(error as Error).message}`);
  }
}

function matchObjects(input: string, pattern: unknown, flags: unknown, testOnly: boolean): unknown {
  const { regex, global } = compile(pattern, flags);
  const names = [...(regex.source.matchAll(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g) ?? [])].map((m) => m[1]);
  const found: unknown[] = [];
  regex.lastIndex = 0;
  for (;;) {
    const match = regex.exec(input);
    if (!match) break;
    if (testOnly) return true;
    const record = newObject();
    setOwn(record, 'offset', pointOffset(input, match.index));
    setOwn(record, 'length', [...match[0]].length);
    setOwn(record, 'string', match[0]);
    const groups = (match as RegExpExecArray & { indices?: [number, number][] }).indices ?? [];
    const captures = match.slice(1).map((value, at) => {
      const capture = newObject();
      const span = groups[at + 1];
      setOwn(capture, 'offset', value === undefined || !span ? -1 : pointOffset(input, span[0]));
      setOwn(capture, 'length', value === undefined ? 0 : [...value].length);
      setOwn(capture, 'string', value ?? null);
      setOwn(capture, 'name', namedGroup(regex, at, names));
      return capture;
    });
    setOwn(record, 'captures', captures);
    found.push(record);
    if (!global) break;
    if (match[0] === '') regex.lastIndex += input.codePointAt(regex.lastIndex)! > 0xffff ? 2 : 1;
    if (regex.lastIndex > input.length) break;
  }
  return testOnly ? false : found;
}

/** The name of capture group `at` (0-based), when it is a named group. */
function namedGroup(regex: RegExp, at: number, names: (string | undefined)[]): string | null {
  if (names.length === 0) return null;
  let index = -1;
  const groupStart = /\((?!\?)|\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g;
  for (const match of regex.source.matchAll(groupStart)) {
    if (match.index > 0 && regex.source[match.index - 1] === '\\') continue;
    index += 1;
    if (index === at) return match[1] ?? null;
  }
  return null;
}

withValues('_match_impl', 3, (input, pattern, flags, testOnly) =>
  matchObjects(text(input, 'matched'), pattern, flags, testOnly === true),
);

withValues('_strindices', 1, (input, needle) => {
  if (typeof input !== 'string' || typeof needle !== 'string') fail('_strindices requires string inputs');
  if (needle === '') return null;
  const found: number[] = [];
  for (let at = input.indexOf(needle); at >= 0; at = input.indexOf(needle, at + 1)) found.push(pointOffset(input, at));
  return found;
});

/** `sub(re; replacement; flags)`: each output of the replacement (run on the match's named captures) makes a result. */
natives.set('sub/3', function* (input, [pattern, replacement, flags], env) {
  for (const flagValue of evaluate(flags!, input, env)) {
    for (const patternValue of evaluate(pattern!, input, env)) {
      const source = text(input, 'matched');
      const matches = matchObjects(source, patternValue, flagValue, false) as Record<string, unknown>[];
      if (matches.length === 0) {
        yield source;
        continue;
      }
      const points = [...source];
      const results: string[] = [];
      let previous = 0;
      for (const match of matches) {
        const gap = points.slice(previous, match.offset as number).join('');
        const captures = newObject();
        for (const capture of match.captures as Record<string, unknown>[]) {
          if (capture.name !== null) setOwn(captures, capture.name as string, capture.string);
        }
        [...evaluate(replacement!, captures, env)].forEach((insert, at) => {
          if (typeof insert !== 'string') fail(`${describeValue(insert)} cannot be added to a string`);
          results[at] = (results[at] ?? '') + gap + insert;
        });
        previous = (match.offset as number) + (match.length as number);
      }
      const rest = points.slice(previous).join('');
      for (const result of results) yield result + rest;
    }
  }
});

function base64Encode(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64Decode(value: string): string {
  const cleaned = value.replace(/=+$/, '');
  if (/[^A-Za-z0-9+/]/.test(cleaned) || cleaned.length % 4 === 1) {
    fail(`${describeValue(value)} is not valid base64 data`);
  }
  const binary = atob(cleaned.padEnd(Math.ceil(cleaned.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function csvField(value: unknown, quote: (text: string) => string): string {
  switch (typeOf(value)) {
    case 'number':
      return toJson(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'null':
      return '';
    case 'string':
      return quote(value as string);
    default:
      return fail(`${describeValue(value)} is not valid in a csv row`);
  }
}

function shellWord(value: unknown): string {
  switch (typeOf(value)) {
    case 'string':
      return `'${(value as string).replace(/'/g, "'\\''")}'`;
    case 'array':
    case 'object':
      return fail(`${describeValue(value)} can not be escaped for shell`);
    default:
      return toJson(value);
  }
}

export function applyFormat(name: string, value: unknown): unknown {
  const asText = typeof value === 'string' ? value : toJson(value);
  switch (name) {
    case 'text':
      return asText;
    case 'json':
      return toJson(value);
    case 'html':
      return asText.replace(
        /[<>&'"]/g,
        (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!,
      );
    case 'uri':
      return [...new TextEncoder().encode(asText)]
        .map((byte) =>
          /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
            ? String.fromCharCode(byte)
            : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
        )
        .join('');
    case 'csv':
      if (!Array.isArray(value)) fail(`${describeValue(value)} cannot be csv-formatted, only an array can be`);
      return value.map((item) => csvField(item, (s) => `"${s.replace(/"/g, '""')}"`)).join(',');
    case 'tsv':
      if (!Array.isArray(value)) fail(`${describeValue(value)} cannot be tsv-formatted, only an array can be`);
      return value
        .map((item) =>
          csvField(item, (s) =>
            s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!),
          ),
        )
        .join('\t');
    case 'sh':
      return Array.isArray(value) ? value.map(shellWord).join(' ') : shellWord(value);
    case 'base64':
      return base64Encode(asText);
    case 'base64d':
      return base64Decode(asText);
    default:
      return fail(`${name} is not a valid format`);
  }
}

setFormats(applyFormat);
