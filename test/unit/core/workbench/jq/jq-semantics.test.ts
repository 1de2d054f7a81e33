import { describe, expect, it } from 'vitest';
import { runJqFilter } from '../../../../../src/core/workbench/jq-filter.ts';

const run = (filter: string, input: unknown = null) => runJqFilter(filter, input);
const values = (filter: string, input: unknown = null) => {
  const result = run(filter, input);
  if (!result.ok) throw new Error(`${result.message} at ${result.offset}`);
  return result.values;
};
const error = (filter: string, input: unknown = null) => {
  const result = run(filter, input);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.values)}`);
  return result.message;
};

/** Each case was a disagreement with jq in issue 32 (item 10); the expected values are jq's. */
describe('where the old subset disagreed with jq', () => {
  it('evaluates an expression inside postfix brackets against the input of the whole term', () => {
    expect(values('.foo[.baz]', { foo: { bar: 4 }, baz: 'bar' })).toEqual([4]);
    expect(values('map([1,2][0:.])', [-1, 1, 2])).toEqual([[[1], [1], [1, 2]]]);
  });

  it("orders arrays and objects by jq's order, not by their JSON text", () => {
    expect(values('[10] < [9]')).toEqual([false]);
    expect(values('[[10],[9],[9,1],[]] | sort')).toEqual([[[], [9], [9, 1], [10]]]);
    // Objects compare by their sorted key lists first: ["a"] < ["a","b"] < ["b"].
    expect(values('[{"b":1},{"a":2},{"a":1,"b":0}] | sort')).toEqual([[{ a: 2 }, { a: 1, b: 0 }, { b: 1 }]]);
    expect(values('[null, true, false, 0, "a", [], {}] | sort')).toEqual([[null, false, true, 0, 'a', [], {}]]);
  });

  it('emits once per true output of select', () => {
    expect(values('[.[] | select(. > 1, . > 2)]', [1, 2, 3])).toEqual([[2, 3, 3]]);
  });

  it('raises type errors from has and contains where jq does', () => {
    expect(error('has("a")', [1])).toBe('Cannot check whether array has a string key');
    expect(error('has(0)', { a: 1 })).toBe('Cannot check whether object has a number key');
    expect(error('contains("a")', { a: 1 })).toBe(
      'object ({"a":1}) and string ("a") cannot have their containment checked',
    );
    // Inside arrays and objects a type mismatch is only "not contained", as in jq.
    expect(values('contains({bar: [{barp: 12}]})', { bar: [1, { barp: 12 }] })).toEqual([true]);
  });
});

describe('the language the issue asks for', () => {
  it('builds objects, with shorthand, computed and variable keys', () => {
    expect(values('{name, zone}', { name: 'web', zone: 'par', id: 1 })).toEqual([{ name: 'web', zone: 'par' }]);
    expect(values('{(.k): .v, $__loc__}', { k: 'a', v: 1 })).toEqual([{ a: 1, __loc__: { file: '<stdin>', line: 1 } }]);
    expect(values('"k" as $key | {$key: 1, $key}')).toEqual([{ k: 1, key: 'k' }]);
    expect(values('[{a: (1,2), b: (3,4)}]')).toEqual([
      [
        { a: 1, b: 3 },
        { a: 1, b: 4 },
        { a: 2, b: 3 },
        { a: 2, b: 4 },
      ],
    ]);
  });

  it('binds variables, destructures, and binds a whole expression (jq 1.8)', () => {
    expect(values('.items[0] as $first | .items | map(. == $first)', { items: [1, 2, 1] })).toEqual([
      [true, false, true],
    ]);
    expect(values('. as [$a, {b: $c}] | [$a, $c]', [1, { b: 2 }])).toEqual([[1, 2]]);
    expect(values('1 + 2 as $x | -$x')).toEqual([-3]);
  });

  it('reads the alternative operator, without swallowing errors', () => {
    expect(values('[.[] | .a // "none"]', [{ a: 1 }, { a: null }, { a: false }])).toEqual([[1, 'none', 'none']]);
    expect(values('[(null, 2, false, 3) // 9]')).toEqual([[2, 3]]);
    expect(error('error("x") // 1')).toBe('x');
  });

  it('interpolates strings, the last interpolation varying slowest', () => {
    expect(values('"\\(.id): \\(.n + 1)"', { id: 'app', n: 1 })).toEqual(['app: 2']);
    expect(values('["\\(1,2) \\(3,4)"]')).toEqual([['1 3', '2 3', '1 4', '2 4']]);
    expect(values('@base64 "x=\\(.)"', 'é')).toEqual(['x=w6k=']);
  });

  it('reads and writes entries', () => {
    expect(values('to_entries', { a: 1, b: 2 })).toEqual([
      [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ],
    ]);
    expect(
      values('from_entries', [
        { key: 'a', value: 1 },
        { name: 'b', value: 2 },
      ]),
    ).toEqual([{ a: 1, b: 2 }]);
    expect(values('with_entries(.value += 1)', { a: 1 })).toEqual([{ a: 2 }]);
  });

  it("keeps jq's order of outputs for operators, indices and slices", () => {
    expect(values('[(1,2) + (10,20)]')).toEqual([[11, 12, 21, 22]]);
    expect(
      values('[.[][0,1]]', [
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([[1, 3, 2, 4]]);
    expect(values('[range(0,1;3,4)]')).toEqual([[0, 1, 2, 0, 1, 2, 3, 1, 2, 1, 2, 3]]);
  });

  it('updates by path, deletes, and reads paths', () => {
    expect(values('.a.b |= . + 1 | .c = 3', { a: { b: 1 } })).toEqual([{ a: { b: 2 }, c: 3 }]);
    expect(values('del(.[1], .[-6], .[2], .[-3:9])', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([[0, 3, 5, 6, 9]]);
    expect(values('[paths]', { a: [1] })).toEqual([[['a'], ['a', 0]]]);
    // jq 1.8: an update to empty deletes every path it reached (jq 1.7 left [2]).
    expect(values('.[] |= empty', [1, 2, 3])).toEqual([[]]);
  });

  it('runs control flow: if/elif, try/catch, reduce, foreach, label, def with recursion', () => {
    expect(values('[.[] | if . > 1 then "big" elif . == 1 then "one" end]', [0, 1, 2])).toEqual([[0, 'one', 'big']]);
    expect(values('try error({a: 1}) catch .a')).toEqual([1]);
    expect(values('reduce .[] as $x (0; . + $x)', [1, 2, 3])).toEqual([6]);
    expect(values('[foreach .[] as $x (0; . + $x; [$x, .])]', [1, 2])).toEqual([
      [
        [1, 1],
        [2, 3],
      ],
    ]);
    expect(values('[label $out | 1, 2, break $out, 3]')).toEqual([[1, 2]]);
    expect(values('def fact: if . <= 1 then 1 else . * (. - 1 | fact) end; [.[] | fact]', [1, 5])).toEqual([[1, 120]]);
  });
});

describe('hostile filters and values', () => {
  it('treats keys like __proto__ and constructor as data', () => {
    expect(values('{"__proto__": 1} | .__proto__, has("constructor"), keys')).toEqual([1, false, ['__proto__']]);
    expect(values('.constructor', {})).toEqual([null]);
    expect(values('. + {"__proto__": {"x": 1}} | .x', {})).toEqual([null]);
  });

  it('refuses a filter nested thousands deep with a message, not a crash', () => {
    expect(run(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/nested too deeply/),
    });
  });

  it('refuses an undefined function before running, even on a branch not taken', () => {
    expect(run('if false then nosuch else 1 end')).toMatchObject({ ok: false, message: 'nosuch/0 is not defined.' });
  });

  it('reports the outputs made before a runtime error, and where the error was raised', () => {
    expect(run('.[] | .a', [{ a: 1 }, 2])).toMatchObject({ ok: false, values: [1], offset: 6 });
  });
});
