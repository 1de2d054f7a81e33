/**
 * jq's grammar (the precedence table of jq's own parser.y: `|` < `,` < `//` < assignment < `or` < `and` <
 * comparison < `+ -` < `* / %` < postfix) into a tree that evaluate.ts runs. Each node keeps its offset for
 * messages. Recursion depth is bounded: a hostile filter nested thousands deep is a syntax error, not a crash.
 */
import { JqSyntaxError, type StringPart, type Token, tokenize } from './lexer.ts';

export type Pattern =
  | { kind: 'variable'; name: string }
  | { kind: 'array'; items: Pattern[] }
  | { kind: 'object'; entries: { key: Node; pattern?: Pattern; bind?: string }[] };

export type Node = { at: number } & (
  | { t: 'identity' }
  | { t: 'recurseDefault' }
  /** `optional` (a `?` right after the suffix): an error of this step drops that output, the stream goes on. */
  | { t: 'index'; target: Node; key: Node; optional?: boolean }
  | { t: 'slice'; target: Node; from?: Node; to?: Node; optional?: boolean }
  | { t: 'iterate'; target: Node; optional?: boolean }
  | { t: 'literal'; value: unknown }
  | { t: 'string'; parts: (string | Node)[]; format?: string }
  | { t: 'format'; name: string }
  | { t: 'array'; body?: Node }
  | { t: 'object'; entries: { key: Node; value: Node }[] }
  | { t: 'negate'; body: Node }
  | { t: 'pipe'; left: Node; right: Node }
  | { t: 'comma'; left: Node; right: Node }
  | { t: 'binary'; op: string; left: Node; right: Node }
  | { t: 'and' | 'or' | 'alternative'; left: Node; right: Node }
  | { t: 'assign'; op: string; left: Node; right: Node }
  | { t: 'bind'; source: Node; patterns: Pattern[]; body: Node }
  | { t: 'variable'; name: string }
  | { t: 'call'; name: string; args: Node[] }
  | { t: 'if'; cond: Node; then: Node; otherwise?: Node }
  | { t: 'try'; body: Node; handler?: Node }
  | { t: 'reduce'; source: Node; pattern: Pattern; init: Node; update: Node }
  | { t: 'foreach'; source: Node; pattern: Pattern; init: Node; update: Node; extract?: Node }
  | { t: 'def'; name: string; params: string[]; body: Node; rest: Node }
  | { t: 'label'; name: string; body: Node }
  | { t: 'break'; name: string }
);

const LITERAL_WORDS = new Map<string, unknown>([
  ['null', null],
  ['true', true],
  ['false', false],
]);
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const ASSIGNMENTS = new Set(['=', '|=', '+=', '-=', '*=', '/=', '%=', '//=']);
/** Deeper than any filter a person types; far below what would exhaust the stack. */
const MAX_DEPTH = 400;

class Parser {
  private position = 0;
  private depth = 0;
  /** Expressions written in parentheses: a `?` after one applies to all of it, not to its last step. */
  private readonly grouped = new WeakSet<Node>();

  constructor(private readonly tokens: Token[]) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.position + ahead, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position += 1;
    return token;
  }

  private is(kind: Token['kind'], text?: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === kind && (text === undefined || ('text' in token && token.text === text));
  }

  private isPunct(text: string, ahead = 0): boolean {
    return this.is('punct', text, ahead);
  }

  private expect(kind: Token['kind'], text: string, what = `“${text}”`): Token {
    if (!this.is(kind, text)) {
      const token = this.peek();
      throw new JqSyntaxError(
        token.kind === 'end' ? `The filter ends too early: expected ${what}.` : `Expected ${what}.`,
        token.at,
      );
    }
    return this.next();
  }

  private enter(at: number): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new JqSyntaxError('The filter is nested too deeply.', at);
  }

  parseProgram(): Node {
    const node = this.parsePipe();
    const rest = this.peek();
    if (rest.kind !== 'end') throw new JqSyntaxError(`Unexpected ${describe(rest)}.`, rest.at);
    return node;
  }

  parsePipe(): Node {
    const at = this.peek().at;
    this.enter(at);
    try {
      if (this.is('keyword', 'def')) return this.parseDef();
      if (this.is('keyword', 'label')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'variable') throw new JqSyntaxError('Expected $name after label.', name.at);
        this.expect('punct', '|');
        return { t: 'label', name: name.text, body: this.parsePipe(), at };
      }
      const left = this.parseComma();
      if (this.isPunct('|')) {
        this.next();
        return { t: 'pipe', left, right: this.parsePipe(), at };
      }
      return left;
    } finally {
      this.depth -= 1;
    }
  }

  private parseDef(): Node {
    const at = this.next().at;
    const name = this.next();
    if (name.kind !== 'ident' && name.kind !== 'keyword') throw new JqSyntaxError('Expected a function name.', name.at);
    const params: string[] = [];
    if (this.isPunct('(')) {
      this.next();
      do {
        const param = this.next();
        if (param.kind === 'variable') params.push(`$${param.text}`);
        else if (param.kind === 'ident') params.push(param.text);
        else throw new JqSyntaxError('Expected a parameter name.', param.at);
      } while (this.isPunct(';') && this.next());
      this.expect('punct', ')');
    }
    this.expect('punct', ':');
    const body = this.parsePipe();
    this.expect('punct', ';');
    return { t: 'def', name: name.text, params, body, rest: this.parsePipe(), at };
  }

  private parseComma(): Node {
    let left = this.parseBinding();
    while (this.isPunct(',')) {
      const at = this.next().at;
      left = { t: 'comma', left, right: this.parseBinding(), at };
    }
    return left;
  }

  /** jq's `Expr as $x | Query`: the source is a whole expression (`1 + 2 as $x` binds 3), the body the rest. */
  private parseBinding(): Node {
    const source = this.parseAlternative();
    if (!this.is('keyword', 'as')) return source;
    const at = this.next().at;
    const patterns = [this.parsePattern()];
    while (this.isPunct('?//')) {
      this.next();
      patterns.push(this.parsePattern());
    }
    this.expect('punct', '|');
    return { t: 'bind', source, patterns, body: this.parsePipe(), at };
  }

  private parseAlternative(): Node {
    const left = this.parseAssignment();
    if (!this.isPunct('//')) return left;
    const at = this.next().at;
    return { t: 'alternative', left, right: this.parseAlternative(), at };
  }

  private parseAssignment(): Node {
    const left = this.parseOr();
    const token = this.peek();
    if (token.kind !== 'punct' || !ASSIGNMENTS.has(token.text)) return left;
    this.next();
    return { t: 'assign', op: token.text, left, right: this.parseAlternative(), at: token.at };
  }

  private parseOr(): Node {
    let left = this.parseAnd();
    while (this.is('keyword', 'or')) {
      const at = this.next().at;
      left = { t: 'or', left, right: this.parseAnd(), at };
    }
    return left;
  }

  private parseAnd(): Node {
    let left = this.parseComparison();
    while (this.is('keyword', 'and')) {
      const at = this.next().at;
      left = { t: 'and', left, right: this.parseComparison(), at };
    }
    return left;
  }

  private parseComparison(): Node {
    const left = this.parseAdditive();
    const token = this.peek();
    if (token.kind !== 'punct' || !COMPARISONS.has(token.text)) return left;
    this.next();
    const node: Node = { t: 'binary', op: token.text, left, right: this.parseAdditive(), at: token.at };
    const after = this.peek();
    if (after.kind === 'punct' && COMPARISONS.has(after.text)) {
      throw new JqSyntaxError('Comparisons do not chain: add parentheses.', after.at);
    }
    return node;
  }

  private parseAdditive(): Node {
    let left = this.parseMultiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const token = this.next() as { text: string; at: number };
      left = { t: 'binary', op: token.text, left, right: this.parseMultiplicative(), at: token.at };
    }
    return left;
  }

  private parseMultiplicative(): Node {
    let left = this.parsePostfix();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const token = this.next() as { text: string; at: number };
      left = { t: 'binary', op: token.text, left, right: this.parsePostfix(), at: token.at };
    }
    return left;
  }

  /** A term and its suffixes (`.a`, `[i]`, `[a:b]`, `[]`, `?`). */
  private parsePostfix(): Node {
    const start = this.peek().at;
    this.enter(start);
    try {
      let node = this.parsePrimary();
      for (;;) {
        const token = this.peek();
        if (token.kind === 'field') {
          this.next();
          node = { t: 'index', target: node, key: { t: 'literal', value: token.text, at: token.at }, at: token.at };
        } else if (this.isPunct('.') && this.is('string', undefined, 1)) {
          this.next();
          node = { t: 'index', target: node, key: this.parseString(), at: token.at };
        } else if (this.isPunct('[') || (this.isPunct('.') && this.isPunct('[', 1))) {
          if (this.isPunct('.')) this.next();
          node = this.parseBrackets(node);
        } else if (this.isPunct('?')) {
          this.next();
          // jq's `Term FIELD '?'`, `Term '[' … ']' '?'`: only the last step is optional, not what it applies to.
          const step = node.t === 'index' || node.t === 'slice' || node.t === 'iterate' ? node : undefined;
          node =
            step && !step.optional && !this.grouped.has(step)
              ? { ...step, optional: true }
              : { t: 'try', body: node, at: token.at };
        } else break;
      }
      return node;
    } finally {
      this.depth -= 1;
    }
  }

  /** `[` … `]` after a term: index, slice or iterate. */
  private parseBrackets(target: Node): Node {
    const at = this.expect('punct', '[').at;
    if (this.isPunct(']')) {
      this.next();
      return { t: 'iterate', target, at };
    }
    if (this.isPunct(':')) {
      this.next();
      const to = this.parsePipe();
      this.expect('punct', ']');
      return { t: 'slice', target, to, at };
    }
    const key = this.parsePipe();
    if (this.isPunct(':')) {
      this.next();
      if (this.isPunct(']')) {
        this.next();
        return { t: 'slice', target, from: key, at };
      }
      const to = this.parsePipe();
      this.expect('punct', ']');
      return { t: 'slice', target, from: key, to, at };
    }
    this.expect('punct', ']');
    return { t: 'index', target, key, at };
  }

  private parsePrimary(): Node {
    const token = this.peek();
    const at = token.at;
    switch (token.kind) {
      case 'number':
        this.next();
        return { t: 'literal', value: token.value, at };
      case 'string':
        return this.parseString();
      case 'format': {
        this.next();
        if (this.is('string')) return { ...(this.parseString() as Node & { t: 'string' }), format: token.text };
        return { t: 'format', name: token.text, at };
      }
      case 'field':
        this.next();
        return { t: 'index', target: { t: 'identity', at }, key: { t: 'literal', value: token.text, at }, at };
      case 'variable':
        this.next();
        return { t: 'variable', name: token.text, at };
      case 'keyword':
        return this.parseKeyword(token.text, at);
      case 'ident':
        if (LITERAL_WORDS.has(token.text) && !this.isPunct('(', 1)) {
          this.next();
          return { t: 'literal', value: LITERAL_WORDS.get(token.text), at };
        }
        return this.parseCall();
      case 'end':
        throw new JqSyntaxError('The filter ends too early.', at);
      default:
        break;
    }
    this.next();
    switch (token.text) {
      case '.':
        if (this.is('string')) return { t: 'index', target: { t: 'identity', at }, key: this.parseString(), at };
        if (this.isPunct('[')) return this.parseBrackets({ t: 'identity', at });
        return { t: 'identity', at };
      case '..':
        return { t: 'recurseDefault', at };
      case '-':
        return { t: 'negate', body: this.parsePostfix(), at };
      case '(': {
        const body = this.parsePipe();
        this.expect('punct', ')');
        this.grouped.add(body);
        return body;
      }
      case '[': {
        if (this.isPunct(']')) {
          this.next();
          return { t: 'array', at };
        }
        const body = this.parsePipe();
        this.expect('punct', ']');
        return { t: 'array', body, at };
      }
      case '{':
        return this.parseObject(at);
      default:
        throw new JqSyntaxError(`Unexpected “${token.text}”.`, at);
    }
  }

  private parseKeyword(word: string, at: number): Node {
    switch (word) {
      case 'if': {
        this.next();
        return this.parseIfRest(at);
      }
      case 'try': {
        this.next();
        const body = this.parsePostfix();
        if (!this.is('keyword', 'catch')) return { t: 'try', body, at };
        this.next();
        return { t: 'try', body, handler: this.parsePostfix(), at };
      }
      case 'reduce':
      case 'foreach': {
        this.next();
        const source = this.parseAlternative();
        this.expect('keyword', 'as');
        const pattern = this.parsePattern();
        this.expect('punct', '(');
        const init = this.parsePipe();
        this.expect('punct', ';');
        const update = this.parsePipe();
        if (word === 'reduce') {
          this.expect('punct', ')');
          return { t: 'reduce', source, pattern, init, update, at };
        }
        let extract: Node | undefined;
        if (this.isPunct(';')) {
          this.next();
          extract = this.parsePipe();
        }
        this.expect('punct', ')');
        return { t: 'foreach', source, pattern, init, update, ...(extract ? { extract } : {}), at };
      }
      default:
        throw new JqSyntaxError(`“${word}” is not supported in Keyhole's filter.`, at);
    }
  }

  private parseIfRest(at: number): Node {
    const cond = this.parsePipe();
    this.expect('keyword', 'then');
    const then = this.parsePipe();
    if (this.is('keyword', 'elif')) {
      const elifAt = this.next().at;
      return { t: 'if', cond, then, otherwise: this.parseIfRest(elifAt), at };
    }
    if (this.is('keyword', 'else')) {
      this.next();
      const otherwise = this.parsePipe();
      this.expect('keyword', 'end');
      return { t: 'if', cond, then, otherwise, at };
    }
    this.expect('keyword', 'end', '“else”, “elif” or “end”');
    return { t: 'if', cond, then, at };
  }

  private parseCall(): Node {
    const token = this.next() as { text: string; at: number };
    if (token.text === 'break') {
      const label = this.next();
      if (label.kind !== 'variable') throw new JqSyntaxError('Expected $name after break.', label.at);
      return { t: 'break', name: label.text, at: token.at };
    }
    const args: Node[] = [];
    if (this.isPunct('(')) {
      this.next();
      do args.push(this.parsePipe());
      while (this.isPunct(';') && this.next());
      this.expect('punct', ')');
    }
    return { t: 'call', name: token.text, args, at: token.at };
  }

  private parseString(): Node {
    const token = this.next();
    if (token.kind !== 'string') throw new JqSyntaxError('Expected a string.', token.at);
    const parts = token.parts.map((part: StringPart) =>
      'text' in part ? part.text : new Parser(tokenize(part.source, part.at)).parseProgramWithin(part.at),
    );
    if (parts.length === 1 && typeof parts[0] === 'string') return { t: 'literal', value: parts[0], at: token.at };
    return { t: 'string', parts, at: token.at };
  }

  parseProgramWithin(at: number): Node {
    if (this.peek().kind === 'end') throw new JqSyntaxError('An interpolation \\( ) is empty.', at);
    return this.parseProgram();
  }

  private parseObject(at: number): Node {
    const entries: { key: Node; value: Node }[] = [];
    while (!this.isPunct('}')) {
      const token = this.peek();
      let key: Node;
      let shorthand: Node | undefined;
      if (token.kind === 'variable') {
        this.next();
        // `{$x}` is `{x: $x}`; `{$x: v}` takes its key from $x's value.
        const variable: Node = { t: 'variable', name: token.text, at: token.at };
        key = this.isPunct(':') ? variable : { t: 'literal', value: token.text, at: token.at };
        shorthand = variable;
      } else if (token.kind === 'ident' || token.kind === 'keyword') {
        this.next();
        key = { t: 'literal', value: token.text, at: token.at };
      } else if (token.kind === 'number') {
        throw new JqSyntaxError('An object key must be a name, a string or (an expression).', token.at);
      } else if (token.kind === 'string' || token.kind === 'format') {
        key = this.parsePrimary();
      } else if (this.isPunct('(')) {
        this.next();
        key = this.parsePipe();
        this.expect('punct', ')');
      } else {
        throw new JqSyntaxError('Expected an object key.', token.at);
      }
      let value: Node;
      if (this.isPunct(':')) {
        this.next();
        value = this.parseObjectValue();
      } else if (shorthand) {
        value = shorthand;
      } else if (key.t === 'literal' || key.t === 'string') {
        // `{a}` is `{a: .a}`, `{"a b"}` is `{"a b": ."a b"}`.
        value = { t: 'index', target: { t: 'identity', at: key.at }, key, at: key.at };
      } else {
        throw new JqSyntaxError('Expected “:” after a computed object key.', this.peek().at);
      }
      entries.push({ key, value });
      if (!this.isPunct(',')) break;
      this.next();
    }
    this.expect('punct', '}', '“,” or “}”');
    return { t: 'object', entries, at };
  }

  /** An object value: an expression, or several joined by `|`; a `,` ends it. */
  private parseObjectValue(): Node {
    const left = this.parseAlternative();
    if (!this.isPunct('|')) return left;
    const at = this.next().at;
    return { t: 'pipe', left, right: this.parseObjectValue(), at };
  }

  private parsePattern(): Pattern {
    const token = this.next();
    if (token.kind === 'variable') return { kind: 'variable', name: token.text };
    if (token.kind === 'punct' && token.text === '[') {
      const items: Pattern[] = [];
      do items.push(this.parsePattern());
      while (this.isPunct(',') && this.next());
      this.expect('punct', ']');
      return { kind: 'array', items };
    }
    if (token.kind === 'punct' && token.text === '{') {
      const entries: { key: Node; pattern?: Pattern; bind?: string }[] = [];
      do {
        const keyToken = this.peek();
        if (keyToken.kind === 'variable') {
          this.next();
          const key: Node = { t: 'literal', value: keyToken.text, at: keyToken.at };
          if (this.isPunct(':')) {
            this.next();
            entries.push({ key, bind: keyToken.text, pattern: this.parsePattern() });
          } else entries.push({ key, bind: keyToken.text });
          continue;
        }
        let key: Node;
        if (keyToken.kind === 'ident' || keyToken.kind === 'keyword') {
          this.next();
          key = { t: 'literal', value: keyToken.text, at: keyToken.at };
        } else if (keyToken.kind === 'string') key = this.parseString();
        else if (this.isPunct('(')) {
          this.next();
          key = this.parsePipe();
          this.expect('punct', ')');
        } else throw new JqSyntaxError('Expected a key in the object pattern.', keyToken.at);
        this.expect('punct', ':');
        entries.push({ key, pattern: this.parsePattern() });
      } while (this.isPunct(',') && this.next());
      this.expect('punct', '}');
      return { kind: 'object', entries };
    }
    throw new JqSyntaxError('Expected $name, [ or { after “as”.', token.at);
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'string':
      return 'string';
    case 'number':
      return `number ${token.value}`;
    case 'end':
      return 'end';
    case 'field':
      return `.${token.text}`;
    case 'variable':
      return `$${token.text}`;
    default:
      return `“${token.text}”`;
  }
}

export function parseJq(source: string): Node {
  return new Parser(tokenize(source)).parseProgram();
}
