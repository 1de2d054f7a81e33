/**
 * A small subset of jq, to filter a JSON response in the panel. jq rather than JSONPath: it is what people already
 * type in a terminal next to curl, and its paths read the same way ("copy path" emits them, see jq-path.ts).
 *
 * Supported: `.`, `.key`, `."any key"`, `.[0]`, `.[-1]`, `.["key"]`, `.[]`, `.[2:5]`, a `?` after any of them,
 * `..`, pipes `|`, commas `,`, `[ … ]` to collect, literals (numbers, strings, true, false, null), comparisons
 * (== != < <= > >=), `and`, `or`, and the functions `select(f)`, `map(f)`, `keys`, `length`, `first`, `last`,
 * `type`, `not`, `has(k)`, `contains(x)`, `test("regex")`. Anything else is a syntax error with its position.
 * Parsing is separate from running, so the panel can say at once where a filter goes wrong.
 */

export type JqProblem = { ok: false; message: string; offset: number };
export type JqParsed = { ok: true; run: (input: unknown) => unknown[] } | JqProblem;
export type JqResult = { ok: true; values: unknown[] } | JqProblem;

/** A filter maps one input to zero or more outputs. */
type Filter = (input: unknown) => unknown[];

class JqError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

type Token =
  | { kind: 'punct'; text: string; at: number }
  | { kind: 'ident'; text: string; at: number }
  | { kind: 'field'; text: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'number'; value: number; at: number }
  | { kind: 'end'; at: number };

const PUNCTS = ['..', '==', '!=', '<=', '>=', '|', ',', '.', '[', ']', '(', ')', ':', '?', '<', '>', '-'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] as string;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === '"') {
      const start = at;
      at += 1;
      let raw = '"';
      while (at < source.length && source[at] !== '"') {
        if (source[at] === '\\') {
          raw += source.slice(at, at + 2);
          at += 2;
        } else {
          raw += source[at];
          at += 1;
        }
      }
      if (at >= source.length) throw new JqError('A string is not closed (missing ").', start);
      at += 1;
      try {
        tokens.push({ kind: 'string', value: JSON.parse(`${raw}"`) as string, at: start });
      } catch {
        throw new JqError('A string has an invalid escape.', start);
      }
      continue;
    }
    const field = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(source.slice(at));
    if (field && source[at + 1] !== '.') {
      tokens.push({ kind: 'field', text: field[1] as string, at });
      at += field[0].length;
      continue;
    }
    const number = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(at));
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), at });
      at += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(at));
    if (ident) {
      tokens.push({ kind: 'ident', text: ident[0], at });
      at += ident[0].length;
      continue;
    }
    const punct = PUNCTS.find((candidate) => source.startsWith(candidate, at));
    if (!punct) throw new JqError(`Unexpected “${char}”.`, at);
    tokens.push({ kind: 'punct', text: punct, at });
    at += punct.length;
  }
  tokens.push({ kind: 'end', at: source.length });
  return tokens;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `${typeName(value)} (${text.length > 30 ? `${text.slice(0, 30)}…` : text})`;
}

function truthy(value: unknown): boolean {
  return value !== false && value !== null;
}

/** jq's order between values of different types: null < false < true < numbers < strings < arrays < objects. */
function rank(value: unknown): number {
  if (value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  return ['number', 'string', 'array', 'object'].indexOf(typeName(value)) + 3;
}

function compare(left: unknown, right: unknown): number {
  const byRank = rank(left) - rank(right);
  if (byRank !== 0) return byRank;
  if (typeof left === 'number' || typeof left === 'string')
    return left < (right as typeof left) ? -1 : left > (right as typeof left) ? 1 : 0;
  const a = JSON.stringify(left);
  const b = JSON.stringify(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

export function containsValue(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string' && typeof needle === 'string') return haystack.includes(needle);
  if (Array.isArray(haystack) && Array.isArray(needle))
    return needle.every((item) => haystack.some((candidate) => containsValue(candidate, item)));
  if (typeName(haystack) === 'object' && typeName(needle) === 'object') {
    const record = haystack as Record<string, unknown>;
    return Object.entries(needle as Record<string, unknown>).every(
      ([key, value]) => Object.hasOwn(record, key) && containsValue(record[key], value),
    );
  }
  return compare(haystack, needle) === 0;
}

function childrenOf(value: unknown, offset: number): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value);
  throw new JqError(`Cannot iterate over ${describeValue(value)}.`, offset);
}

function index(value: unknown, key: unknown, offset: number): unknown {
  if (value === null) return null;
  if (typeof key === 'string' && typeName(value) === 'object') {
    const record = value as Record<string, unknown>;
    return Object.hasOwn(record, key) ? record[key] : null;
  }
  if (typeof key === 'number' && Array.isArray(value)) {
    const at = Math.floor(key) < 0 ? value.length + Math.floor(key) : Math.floor(key);
    return at >= 0 && at < value.length ? value[at] : null;
  }
  throw new JqError(`Cannot index ${describeValue(value)} with ${JSON.stringify(key)}.`, offset);
}

function recurse(value: unknown, out: unknown[]): void {
  out.push(value);
  if (value !== null && typeof value === 'object') for (const child of childrenOf(value, 0)) recurse(child, out);
}

/** Runs `filter`; with `optional` (a `?` after it), errors give no output instead of stopping the filter. */
function attempt(filter: Filter, optional: boolean): Filter {
  if (!optional) return filter;
  return (input) => {
    try {
      return filter(input);
    } catch (error) {
      if (error instanceof JqError) return [];
      throw error;
    }
  };
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.position] as Token;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position += 1;
    return token;
  }
  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }
  private isIdent(text: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text === text;
  }
  private expectPunct(text: string, what: string): void {
    if (!this.isPunct(text)) throw new JqError(`Expected ${what}.`, this.peek().at);
    this.next();
  }

  parseAll(): Filter {
    const filter = this.parsePipe();
    const rest = this.peek();
    if (rest.kind !== 'end') throw new JqError('Unexpected text after the end of the filter.', rest.at);
    return filter;
  }

  private parsePipe(): Filter {
    let left = this.parseComma();
    while (this.isPunct('|')) {
      this.next();
      const first = left;
      const right = this.parseComma();
      left = (input) => first(input).flatMap((value) => right(value));
    }
    return left;
  }

  private parseComma(): Filter {
    let left = this.parseOr();
    while (this.isPunct(',')) {
      this.next();
      const first = left;
      const right = this.parseOr();
      left = (input) => [...first(input), ...right(input)];
    }
    return left;
  }

  private parseOr(): Filter {
    let left = this.parseAnd();
    while (this.isIdent('or')) {
      this.next();
      const first = left;
      const right = this.parseAnd();
      left = (input) => first(input).flatMap((a) => (truthy(a) ? [true] : right(input).map((b) => truthy(b))));
    }
    return left;
  }

  private parseAnd(): Filter {
    let left = this.parseComparison();
    while (this.isIdent('and')) {
      this.next();
      const first = left;
      const right = this.parseComparison();
      left = (input) => first(input).flatMap((a) => (truthy(a) ? right(input).map((b) => truthy(b)) : [false]));
    }
    return left;
  }

  private parseComparison(): Filter {
    const left = this.parsePostfix();
    const token = this.peek();
    if (token.kind !== 'punct' || !['==', '!=', '<', '<=', '>', '>='].includes(token.text)) return left;
    this.next();
    const right = this.parsePostfix();
    const test = {
      '==': (c: number) => c === 0,
      '!=': (c: number) => c !== 0,
      '<': (c: number) => c < 0,
      '<=': (c: number) => c <= 0,
      '>': (c: number) => c > 0,
      '>=': (c: number) => c >= 0,
    }[token.text] as (c: number) => boolean;
    return (input) => right(input).flatMap((b) => left(input).map((a) => test(compare(a, b))));
  }

  /** A term followed by any number of `.key`, `[…]` and `?`. */
  private parsePostfix(): Filter {
    let filter = this.parseTerm();
    while (true) {
      const token = this.peek();
      if (token.kind === 'field') {
        this.next();
        filter = this.chain(filter, this.fieldStep(token.text, token.at));
      } else if (token.kind === 'punct' && token.text === '.' && this.tokens[this.position + 1]?.kind === 'string') {
        this.next();
        const key = this.next() as Extract<Token, { kind: 'string' }>;
        filter = this.chain(filter, this.fieldStep(key.value, key.at));
      } else if (token.kind === 'punct' && token.text === '.' && this.isBracketAfterDot()) {
        this.next();
        filter = this.chain(filter, this.parseBracket());
      } else if (token.kind === 'punct' && token.text === '[') {
        filter = this.chain(filter, this.parseBracket());
      } else if (token.kind === 'punct' && token.text === '?') {
        this.next();
        filter = attempt(filter, true);
      } else {
        return filter;
      }
    }
  }

  private isBracketAfterDot(): boolean {
    const after = this.tokens[this.position + 1];
    return after?.kind === 'punct' && after.text === '[';
  }

  private chain(first: Filter, second: Filter): Filter {
    return (input) => first(input).flatMap((value) => second(value));
  }

  private fieldStep(key: string, offset: number): Filter {
    return (input) => [index(input, key, offset)];
  }

  /** `[]`, `[n]`, `["key"]`, `[a:b]`, `[f]` after a value. */
  private parseBracket(): Filter {
    const open = this.next();
    if (this.isPunct(']')) {
      this.next();
      return (input) => childrenOf(input, open.at);
    }
    const from = this.isPunct(':') ? undefined : this.parsePipe();
    if (this.isPunct(':')) {
      this.next();
      const to = this.isPunct(']') ? undefined : this.parsePipe();
      this.expectPunct(']', 'a ] to close the slice');
      return (input) => {
        if (input === null) return [null];
        if (!Array.isArray(input) && typeof input !== 'string')
          throw new JqError(`Cannot slice ${describeValue(input)}.`, open.at);
        const starts = from ? from(input) : [0];
        const ends = to ? to(input) : [input.length];
        return starts.flatMap((start) => ends.map((end) => input.slice(Number(start), Number(end))));
      };
    }
    this.expectPunct(']', 'a ] to close the index');
    const key = from as Filter;
    return (input) => key(input).map((k) => index(input, k, open.at));
  }

  private parseTerm(): Filter {
    const token = this.next();
    switch (token.kind) {
      case 'field':
        return this.fieldStep(token.text, token.at);
      case 'string':
        return () => [token.value];
      case 'number':
        return () => [token.value];
      case 'ident':
        return this.parseFunction(token.text, token.at);
      case 'end':
        throw new JqError('The filter ends too early.', token.at);
    }
    switch (token.text) {
      case '.':
        if (this.peek().kind === 'string') {
          const key = this.next() as Extract<Token, { kind: 'string' }>;
          return this.fieldStep(key.value, key.at);
        }
        if (this.isPunct('[')) return this.parseBracket();
        return (input) => [input];
      case '..':
        return (input) => {
          const out: unknown[] = [];
          recurse(input, out);
          return out;
        };
      case '(': {
        const inner = this.parsePipe();
        this.expectPunct(')', 'a ) to close the parenthesis');
        return inner;
      }
      case '[': {
        if (this.isPunct(']')) {
          this.next();
          return () => [[]];
        }
        const inner = this.parsePipe();
        this.expectPunct(']', 'a ] to close the array');
        return (input) => [inner(input)];
      }
      case '-': {
        const number = this.next();
        if (number.kind !== 'number') throw new JqError('Expected a number after -.', number.at);
        return () => [-number.value];
      }
      default:
        throw new JqError(`Unexpected “${token.text}”.`, token.at);
    }
  }

  private parseArgument(name: string, at: number): Filter {
    if (!this.isPunct('(')) throw new JqError(`${name} needs an argument in parentheses.`, at);
    this.next();
    const argument = this.parsePipe();
    this.expectPunct(')', `a ) to close ${name}(…)`);
    return argument;
  }

  private parseFunction(name: string, at: number): Filter {
    switch (name) {
      case 'true':
        return () => [true];
      case 'false':
        return () => [false];
      case 'null':
        return () => [null];
      case 'not':
        return (input) => [!truthy(input)];
      case 'keys':
        return (input) => {
          if (Array.isArray(input)) return [input.map((_, i) => i)];
          if (typeName(input) === 'object') return [Object.keys(input as object).sort()];
          throw new JqError(`${describeValue(input)} has no keys.`, at);
        };
      case 'length':
        return (input) => {
          if (input === null) return [0];
          if (typeof input === 'string' || Array.isArray(input)) return [input.length];
          if (typeName(input) === 'object') return [Object.keys(input as object).length];
          if (typeof input === 'number') return [Math.abs(input)];
          throw new JqError(`${describeValue(input)} has no length.`, at);
        };
      case 'type':
        return (input) => [typeName(input)];
      case 'first':
        return (input) => [index(input, 0, at)];
      case 'last':
        return (input) => [index(input, -1, at)];
      case 'select': {
        const condition = this.parseArgument(name, at);
        return (input) => (condition(input).some(truthy) ? [input] : []);
      }
      case 'map': {
        const mapper = this.parseArgument(name, at);
        return (input) => [childrenOf(input, at).flatMap((item) => mapper(item))];
      }
      case 'has': {
        const key = this.parseArgument(name, at);
        return (input) =>
          key(input).map((k) =>
            Array.isArray(input)
              ? typeof k === 'number' && k >= 0 && k < input.length
              : typeName(input) === 'object' && typeof k === 'string' && Object.hasOwn(input as object, k),
          );
      }
      case 'contains': {
        const needle = this.parseArgument(name, at);
        return (input) => needle(input).map((n) => containsValue(input, n));
      }
      case 'test': {
        const pattern = this.parseArgument(name, at);
        return (input) =>
          pattern(input).map((p) => {
            if (typeof input !== 'string' || typeof p !== 'string')
              throw new JqError(`test() needs a string, got ${describeValue(input)}.`, at);
            try {
              return new RegExp(p).test(input);
            } catch {
              throw new JqError(`Invalid regular expression ${JSON.stringify(p)}.`, at);
            }
          });
      }
      default:
        throw new JqError(`Unknown function ${name} (this filter knows a subset of jq).`, at);
    }
  }
}

/** Parses a filter; a problem names what is wrong and where (an offset into `source`). */
export function parseJqFilter(source: string): JqParsed {
  try {
    if (source.trim() === '') return { ok: false, message: 'The filter is empty.', offset: 0 };
    const run = new Parser(tokenize(source)).parseAll();
    return { ok: true, run };
  } catch (error) {
    if (error instanceof JqError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

/** Parses and runs a filter on a value: every output, or the first problem met. */
export function runJqFilter(source: string, input: unknown): JqResult {
  const parsed = parseJqFilter(source);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, values: parsed.run(input) };
  } catch (error) {
    if (error instanceof JqError) return { ok: false, message: error.message, offset: error.offset };
    if (error instanceof RangeError) return { ok: false, message: 'The value is nested too deeply.', offset: 0 };
    throw error;
  }
}
