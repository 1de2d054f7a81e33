/**
 * Bruno's `.bru` files (https://docs.usebruno.com/bru-lang/overview), read as Bruno reads them: a sequence of
 * blocks `name {` … `}` (the closing brace at the start of a line ends the block). A block is a dictionary
 * (`key: value` lines; `~` before a key disables it; keys may be "quoted" with `\"` escapes; a value may be a
 * `'''` multi-line text; `@annotation(…)` lines before a pair are skipped), a text block (bodies, scripts, docs:
 * its lines outdented by two spaces), or a list (`name [` … `]`). Line-based and linear; names stay data (pairs
 * are arrays, never object keys).
 */

export interface BruPair {
  name: string;
  value: string;
  enabled: boolean;
}

export type BruBlock =
  | { kind: 'dictionary'; name: string; pairs: BruPair[] }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'list'; name: string; items: string[] };

/** Blocks whose content is text, not `key: value` pairs. */
const TEXT_BLOCK =
  /^(body(:(json|text|xml|sparql|graphql|graphql:vars))?|script:(pre-request|post-response)|tests|docs|example)$/;

const HEADER = /^([A-Za-z][\w:.-]*)[ \t]*([{[])[ \t]*$/;

/** A quoted key: `~"a \"b\""` → enabled false, `a "b"`; returns where the key ended. */
function readQuotedKey(line: string, from: number): { key: string; end: number } | undefined {
  let key = '';
  for (let at = from + 1; at < line.length; at += 1) {
    const char = line[at] as string;
    if (char === '\\' && line[at + 1] === '"') {
      key += '"';
      at += 1;
    } else if (char === '"') return { key, end: at + 1 };
    else key += char;
  }
  return undefined;
}

/** One `key: value` line (value possibly opening a `'''` block); undefined when the line is no pair. */
function readPair(line: string): { name: string; value: string; enabled: boolean } | undefined {
  let at = line.length - line.trimStart().length;
  let enabled = true;
  let name: string;
  if (line[at] === '~' && line[at + 1] === '"') {
    enabled = false;
    at += 1;
  }
  if (line[at] === '"') {
    const quoted = readQuotedKey(line, at);
    if (!quoted) return undefined;
    const rest = line.slice(quoted.end);
    const colon = /^[ \t]*:/.exec(rest);
    if (!colon) return undefined;
    return { name: quoted.key, value: rest.slice(colon[0].length).trim(), enabled };
  }
  const colon = line.indexOf(':', at);
  if (colon < 0) return undefined;
  name = line.slice(at, colon).trim();
  if (/[ \t]/.test(name) || name === '') return undefined;
  if (name.startsWith('~')) {
    enabled = false;
    name = name.slice(1);
  }
  return { name, value: line.slice(colon + 1).trim(), enabled };
}

function readDictionary(lines: readonly string[]): BruPair[] {
  const pairs: BruPair[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line.trim() === '' || /^[ \t]*@[^\s:()]+(\(.*\))?[ \t]*$/.test(line)) continue;
    const pair = readPair(line);
    if (!pair) continue;
    if (pair.value.startsWith("'''")) {
      // A multi-line value: the lines up to the closing ''', each without the four spaces Bruno indents them by.
      const body: string[] = [];
      let closed = false;
      for (index += 1; index < lines.length; index += 1) {
        const next = lines[index] as string;
        if (next.trim().startsWith("'''")) {
          closed = true;
          break;
        }
        body.push(next.slice(Math.min(4, next.length - next.trimStart().length)));
      }
      pair.value = closed ? body.join('\n').trim() : pair.value;
    }
    pairs.push(pair);
  }
  return pairs;
}

/** Reads every block; blocks Keyhole does not know are kept (the importer names what it leaves out). */
export function parseBru(source: string): BruBlock[] {
  const lines = source.split(/\r?\n/);
  const blocks: BruBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const header = HEADER.exec(lines[index] as string);
    if (!header) continue;
    const name = header[1] as string;
    const close = header[2] === '[' ? ']' : '}';
    const content: string[] = [];
    for (index += 1; index < lines.length && !(lines[index] as string).startsWith(close); index += 1)
      content.push(lines[index] as string);
    if (close === ']') {
      blocks.push({
        kind: 'list',
        name,
        items: content.map((line) => line.trim().replace(/,$/, '')).filter((line) => line !== ''),
      });
    } else if (TEXT_BLOCK.test(name)) {
      while (content.length > 0 && content[0]?.trim() === '') content.shift();
      blocks.push({ kind: 'text', name, text: content.map((line) => line.replace(/^ {2}/, '')).join('\n') });
    } else {
      blocks.push({ kind: 'dictionary', name, pairs: readDictionary(content) });
    }
  }
  return blocks;
}

export function dictionaryOf(blocks: readonly BruBlock[], name: string): BruPair[] | undefined {
  const block = blocks.find((item) => item.name === name);
  return block?.kind === 'dictionary' ? block.pairs : undefined;
}

export function textOf(blocks: readonly BruBlock[], name: string): string | undefined {
  const block = blocks.find((item) => item.name === name);
  return block?.kind === 'text' ? block.text : undefined;
}

/** A dictionary's first value for a key, enabled or not (meta, http blocks). */
export function pairValue(pairs: readonly BruPair[] | undefined, name: string): string | undefined {
  return pairs?.find((pair) => pair.name === name)?.value;
}
