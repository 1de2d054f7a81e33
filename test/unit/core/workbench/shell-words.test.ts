import { describe, expect, it } from 'vitest';
import { quoteShellWord } from '../../../../src/core/shell/shell-quote.ts';
import { ShellSyntaxError, splitShellWords } from '../../../../src/core/workbench/shell-words.ts';

describe('splitShellWords', () => {
  it('splits on blanks and keeps quoted blanks', () => {
    expect(splitShellWords(`curl -H 'Accept: a b'   "x y" z`)).toEqual(['curl', '-H', 'Accept: a b', 'x y', 'z']);
  });

  it('joins adjacent quoted and bare parts into one word', () => {
    expect(splitShellWords(`a'b c'"d e"f`)).toEqual(['ab cd ef']);
  });

  it("reads the '\\'' idiom for a quote inside single quotes", () => {
    expect(splitShellWords(`echo 'it'\\''s'`)).toEqual(['echo', "it's"]);
  });

  it('keeps backslashes inside double quotes unless they escape $ ` " \\', () => {
    expect(splitShellWords(String.raw`"a\"b" "c\d" "e\\f" "\$HOME"`)).toEqual(['a"b', 'c\\d', 'e\\f', '$HOME']);
  });

  it("decodes $'…' ANSI-C strings as Chrome's Copy as cURL writes them", () => {
    expect(splitShellWords(String.raw`--data-raw $'{"a":"l\'\u00e9t\u00e9\n"}'`)).toEqual([
      '--data-raw',
      `{"a":"l'été\n"}`,
    ]);
    expect(splitShellWords(String.raw`$'\x41\101\t'`)).toEqual(['AA\t']);
  });

  it('follows backslash-newline and cmd ^ continuations', () => {
    expect(splitShellWords('curl \\\n  -X POST \\\r\n  url')).toEqual(['curl', '-X', 'POST', 'url']);
    expect(splitShellWords('curl ^\n  -X PUT ^\r\n  url')).toEqual(['curl', '-X', 'PUT', 'url']);
  });

  it('keeps an empty quoted word and drops comments', () => {
    expect(splitShellWords(`a '' b # the rest\nc`)).toEqual(['a', '', 'b', 'c']);
  });

  it('throws a readable error on an unclosed quote', () => {
    expect(() => splitShellWords(`curl 'abc`)).toThrow(ShellSyntaxError);
    expect(() => splitShellWords(`curl "abc`)).toThrow(/double quote/);
    expect(() => splitShellWords(`curl $'abc`)).toThrow(/\$'/);
  });
});

describe('quoteShellWord', () => {
  it('leaves plain words bare and quotes the rest so the shell reads them back', () => {
    const words = ['plain', 'https://a.test/v2/self?x=1&y=2', "it's", 'a b', '', '$HOME', 'line\nbreak'];
    const quoted = words.map((word) => quoteShellWord(word));
    expect(quoted[0]).toBe('plain');
    expect(splitShellWords(quoted.join(' '))).toEqual(words);
  });
});
