import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../../../src/core/workbench/json-syntax.ts';

describe('locateJsonError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, null, "x\\u00e9\\n"]} ', '"s"', '0', '{"a":{"b":[]}}']) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(locateJsonError(text), text).toBeUndefined();
    }
  });

  it.each([
    ['{\n  "a": 1,\n  "b": }', 3, 8, /Expected a value/],
    ['{"a": 1,}', 1, 9, /Trailing comma/],
    ["{'a': 1}", 1, 2, /property name/],
    ['{"a" 1}', 1, 6, /colon/],
    ['[1 2]', 1, 4, /comma or \]/],
    ['{"a": "x', 1, 9, /not closed/],
    ['{"a": "x\ny"}', 1, 9, /line break/],
    ['["\\q"]', 1, 3, /Invalid escape/],
    ['[1] x', 1, 5, /after the end/],
    ['', 1, 1, /Expected a value/],
    ['[01]', 1, 3, /comma or \]/],
    ["['x']", 1, 2, /double quotes/],
  ])('locates the problem in %j', (text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const problem = locateJsonError(text);
    expect(problem).toMatchObject({ line, column });
    expect(problem?.message).toMatch(message);
  });
});
