/**
 * Finds where and why a JSON text is invalid. `JSON.parse` says *that* it is, but its message differs between
 * engines and often has no position; the body editor needs a line and column to point at. Only used after
 * `JSON.parse` failed, so it favours clear messages over speed.
 */

export interface JsonSyntaxProblem {
  offset: number;
  line: number;
  column: number;
  message: string;
}

class Failure {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function describe(text: string, at: number): string {
  if (at >= text.length) return 'the end of the text';
  const char = text[at] as string;
  return /\s/.test(char) ? 'a blank' : `“${char}”`;
}

/** Returns the first syntax problem of a JSON text, or undefined when it is valid. */
export function locateJsonError(text: string): JsonSyntaxProblem | undefined {
  let at = 0;
  const fail = (message: string): never => {
    throw new Failure(at, message);
  };
  const skipBlanks = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };
  const expectChar = (char: string, what: string) => {
    if (text[at] !== char) fail(`Expected ${what} but found ${describe(text, at)}.`);
    at += 1;
  };
  const readString = () => {
    expectChar('"', 'a quoted string');
    while (true) {
      if (at >= text.length) fail('A string is not closed (missing ").');
      const char = text[at] as string;
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('A \\u escape needs four hex digits.');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          at += 2;
        } else {
          fail(`Invalid escape \\${next ?? ''} in a string.`);
        }
        continue;
      }
      if (char.charCodeAt(0) < 0x20) fail('A string contains a raw line break or control character; write it as \\n.');
      at += 1;
    }
  };
  const readValue = (): void => {
    skipBlanks();
    const char = text[at];
    if (char === '{') {
      at += 1;
      skipBlanks();
      if (text[at] === '}') {
        at += 1;
        return;
      }
      while (true) {
        skipBlanks();
        if (text[at] === '}') fail('Trailing comma before }.');
        if (text[at] !== '"') fail(`Expected a property name in double quotes but found ${describe(text, at)}.`);
        readString();
        skipBlanks();
        expectChar(':', 'a colon after the property name');
        readValue();
        skipBlanks();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        expectChar('}', 'a comma or }');
        return;
      }
    }
    if (char === '[') {
      at += 1;
      skipBlanks();
      if (text[at] === ']') {
        at += 1;
        return;
      }
      while (true) {
        skipBlanks();
        if (text[at] === ']') fail('Trailing comma before ].');
        readValue();
        skipBlanks();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        expectChar(']', 'a comma or ]');
        return;
      }
    }
    if (char === '"') {
      readString();
      return;
    }
    const literal = /^(true|false|null)/.exec(text.slice(at, at + 5));
    if (literal) {
      at += (literal[1] as string).length;
      return;
    }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (number && number[0] !== '' && number[0] !== '-') {
      at += number[0].length;
      return;
    }
    if (char === "'") fail('Strings use double quotes in JSON, not single quotes.');
    fail(`Expected a value but found ${describe(text, at)}.`);
  };
  try {
    readValue();
    skipBlanks();
    if (at < text.length) fail(`Unexpected ${describe(text, at)} after the end of the value.`);
    return undefined;
  } catch (error) {
    if (error instanceof RangeError)
      return { offset: 0, line: 1, column: 1, message: 'The JSON is nested too deeply.' };
    if (!(error instanceof Failure)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    const column = error.offset - before.lastIndexOf('\n');
    return { offset: error.offset, line, column, message: error.message };
  }
}
