import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createJsonStreamBuilder,
  JsonStreamError,
  PROMOTE_CHARS,
} from '../../../../src/core/workbench/json-stream-builder.ts';

/** Feeds `text` in pieces of `size` characters and returns the finished value. */
function build(text: string, size: number): unknown {
  const builder = createJsonStreamBuilder();
  for (let at = 0; at < text.length; at += size) builder.push(text.slice(at, at + size));
  return builder.finish();
}

const SAMPLES = [
  '[]',
  '{}',
  '  [ 1 , -2.5e3 , true , false , null , "a" ]  ',
  '{"a":1,"b":[1,2,{"c":"x]}\\"{"}],"d":{"e":null}}',
  '"just a string with \\" and \\\\"',
  '42',
  '-0.5',
  'true',
  '[[[[]]],{"":{}}]',
  '{"emoji":"😀 é \\u00e9","nested":[{"k":[1,[2,[3]]]}]}',
  '[{"id":1,"tags":["a","b"]},{"id":2,"tags":[]},{"id":3,"tags":["\\\\"]}]',
];

describe('createJsonStreamBuilder', () => {
  it('builds the same value as JSON.parse, whatever the size of the pieces', () => {
    for (const sample of SAMPLES)
      for (const size of [1, 2, 3, 7, 1000])
        expect(build(sample, size), `${sample} in pieces of ${size}`).toEqual(JSON.parse(sample));
  });

  it('keeps key order and duplicates like JSON.parse, and makes __proto__ an own key', () => {
    const text = '{"z":1,"a":2,"z":3,"__proto__":{"polluted":true}}';
    const value = build(text, 2) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(text)));
    expect(value.z).toBe(3);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shows the root with the children that have arrived after the first piece', () => {
    const items = Array.from({ length: 1000 }, (_, index) => ({ id: index, name: `item-${index}` }));
    const text = JSON.stringify(items);
    const builder = createJsonStreamBuilder();
    builder.push(text.slice(0, 200));
    const root = builder.root as unknown[];
    expect(Array.isArray(root)).toBe(true);
    expect(root.length).toBeGreaterThan(3);
    expect(root[0]).toEqual({ id: 0, name: 'item-0' });
    builder.push(text.slice(200));
    expect(builder.finish()).toBe(root);
    expect(root).toEqual(items);
  });

  it('streams a child container that grows past the promotion size, so its items appear before it closes', () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({ index, text: `value ${index} ]}{[` }));
    const text = JSON.stringify({ meta: { count: items.length }, data: items, after: 'end' });
    expect(text.length).toBeGreaterThan(PROMOTE_CHARS * 2);
    const builder = createJsonStreamBuilder();
    const half = Math.floor(text.length / 2);
    for (let at = 0; at < half; at += 4096) builder.push(text.slice(at, Math.min(at + 4096, half)));
    const partial = builder.root as { data: unknown[] };
    // Half the text is in: the data array is already there and holds items, though it has not closed.
    expect(partial.data.length).toBeGreaterThan(1000);
    builder.push(text.slice(half));
    expect(builder.finish()).toEqual(JSON.parse(text));
  });

  it('counts the characters read and the values completed', () => {
    const builder = createJsonStreamBuilder();
    builder.push('[1,2,');
    builder.push('3]');
    expect(builder.offset).toBe(7);
    expect(builder.values).toBe(3);
  });

  it('refuses invalid JSON with the position of the problem', () => {
    const cases: [string, RegExp, number][] = [
      ['[1,2,,3]', /Unexpected character/, 5],
      ['{"a" 1}', /Expected “:”/, 5],
      ['{a:1}', /key in double quotes/, 1],
      ['[1,2}', /Expected \]/, 4],
      ['[1] x', /after the end/, 4],
      ['[1,]', /Unexpected character/, 3],
    ];
    for (const [text, message, position] of cases) {
      let caught: unknown;
      try {
        build(text, 2);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(JsonStreamError);
      expect((caught as JsonStreamError).message, text).toMatch(message);
      expect((caught as JsonStreamError).position, text).toBe(position);
    }
  });

  it('says when the JSON is cut short, and reports a bad child at its own offset', () => {
    expect(() => build('[{"a":1},{"b":', 3)).toThrow(/ends before it is complete/);
    expect(() => build('', 3)).toThrow(/ends before it is complete/);
    let caught: JsonStreamError | undefined;
    try {
      build('[1, {"a": tru}]', 4);
    } catch (error) {
      caught = error as JsonStreamError;
    }
    expect(caught?.position).toBeGreaterThanOrEqual(4);
  });

  it('keeps items in order around a streamed child, has each in the root by the end of its push, and places errors', () => {
    // Items before and after a child container that is streamed (promoted), in pieces that split items.
    const big = Array.from({ length: 30_000 }, (_, index) => index);
    const text = JSON.stringify([1, 'two', { three: 3 }, big, [4], null, 5.5, { big }, 'end']);
    for (const size of [3, 4096, 100_000, text.length])
      expect(build(text, size), `pieces of ${size}`).toEqual(JSON.parse(text));
    // Every item read by the end of a push is in the root then.
    const builder = createJsonStreamBuilder();
    builder.push('[1,"a",{"b":[2]},');
    expect(builder.root).toEqual([1, 'a', { b: [2] }]);
    expect(builder.values).toBe(3);
    builder.push('tru');
    expect(builder.root).toEqual([1, 'a', { b: [2] }]);
    builder.push('e,[3]]');
    expect(builder.finish()).toEqual([1, 'a', { b: [2] }, true, [3]]);
    // A bad item among good ones in one piece is reported within itself (its start, or where JSON.parse says),
    // not at the batch's start.
    for (const [bad, from, to] of [
      ['[1,2,{"a":tru},4]', 5, 13],
      ['[1,2,-,4]', 5, 6],
      ['[1,2,"x",1e,4]', 9, 11],
    ] as const) {
      let caught: JsonStreamError | undefined;
      try {
        build(bad, bad.length);
      } catch (error) {
        caught = error as JsonStreamError;
      }
      expect(caught, bad).toBeInstanceOf(JsonStreamError);
      expect(caught?.position, bad).toBeGreaterThanOrEqual(from);
      expect(caught?.position, bad).toBeLessThanOrEqual(to);
    }
  });

  it('has the items before a bad one in the root after the push that fails, as when each was parsed alone', () => {
    for (const [text, before] of [
      ['[ {} , 00 , 1 ]', [{}]],
      ['[1,"a",[2],tru]', [1, 'a', [2]]],
      ['[true,\n null , -,[]]', [true, null]],
    ] as const) {
      const builder = createJsonStreamBuilder();
      expect(() => builder.push(text), text).toThrow(JsonStreamError);
      expect(builder.root, text).toEqual(before);
      expect(builder.values, text).toBe(before.length);
    }
  });

  it('stays refused after an error: text pushed after it is not read from where the problem left off', () => {
    for (const pieces of [
      ['[x', '1]'],
      ['[ f ', 'alse ,{} ]'],
      ['[1,2,- ', ',3]'],
      ['{"a" 1', '}'],
    ]) {
      const builder = createJsonStreamBuilder();
      let first: unknown;
      try {
        builder.push(pieces[0] as string);
      } catch (error) {
        first = error;
      }
      expect(first, pieces[0]).toBeInstanceOf(JsonStreamError);
      expect(() => builder.push(pieces[1] as string), pieces[1]).toThrow(first as Error);
      expect(() => builder.finish(), pieces.join('')).toThrow(first as Error);
    }
  });

  it('reports a stray quote where JSON.parse does, not at the end where the child it unbalanced is still open', () => {
    for (const text of ['[["a" b", 1], 2]', '{"k":{"a":"x","b":"y"z"},"n":1}', '[1,{"s":"a\nb"c"}]', '["x\n" 1,"y"]']) {
      let expected: number | undefined;
      try {
        JSON.parse(text);
      } catch (error) {
        expected = Number(/position (\d+)/.exec((error as Error).message)?.[1]);
      }
      expect(expected, text).toBeLessThan(text.length - 2);
      for (const size of [1, 5, text.length]) {
        let caught: JsonStreamError | undefined;
        try {
          build(text, size);
        } catch (error) {
          caught = error as JsonStreamError;
        }
        expect(caught?.message, `${text} in pieces of ${size}`).toMatch(/^Invalid JSON/);
        expect(caught?.position, `${text} in pieces of ${size}`).toBe(expected);
      }
    }
  });

  it('parses an item that came in several pieces alone, not copied into a batch with the items after it', () => {
    const huge = `"${'é'.repeat(300_000)}"`;
    const text = `[${huge},1,"two",{"three":3}]`;
    const parsed: string[] = [];
    const parse = JSON.parse;
    JSON.parse = ((source: string, ...rest: []) => {
      parsed.push(source);
      return parse(source, ...rest);
    }) as typeof JSON.parse;
    try {
      expect(build(text, 64 * 1024)).toEqual(parse(text));
    } finally {
      JSON.parse = parse;
    }
    // The huge item is parsed as its own text; no parse is handed a copy of it joined to other items.
    expect(Math.max(...parsed.map((source) => source.length))).toBe(huge.length);
    expect(parsed).toContain(huge);
  });

  it('never holds more than the open child: a long array of small items keeps no growing buffer', () => {
    const builder = createJsonStreamBuilder();
    builder.push('[');
    for (let index = 0; index < 50_000; index += 1) builder.push(`${index ? ',' : ''}{"i":${index}}`);
    builder.push(']');
    const value = builder.finish() as { i: number }[];
    expect(value).toHaveLength(50_000);
    expect(value[49_999]).toEqual({ i: 49_999 });
  });
});

describe('against JSON.parse, for random texts cut at random places', () => {
  /** Characters that change how JSON reads, spliced into valid JSON to make near-valid text. */
  const jsonChar = fc.constantFrom(
    ' ',
    '\n',
    '\t',
    ',',
    ':',
    '[',
    ']',
    '{',
    '}',
    '"',
    '\\',
    '-',
    '0',
    '1',
    'e',
    '.',
    't',
    'x',
  );
  const edit = fc.tuple(fc.nat(), fc.nat(2), fc.string({ unit: jsonChar, maxLength: 3 }));
  const nearValid = fc
    .tuple(fc.json({ maxDepth: 3 }), fc.array(edit, { minLength: 1, maxLength: 3 }))
    .map(([text, edits]) =>
      edits.reduce((t, [pos, kind, s]) => {
        const at = pos % (t.length + 1);
        return t.slice(0, at) + s + t.slice(at + (kind === 0 ? 0 : kind === 1 ? 1 : s.length));
      }, text),
    );
  const space = fc.constantFrom('', ' ', '\n', '\r\n\t ');
  /** A root array: its items are the ones the builder parses in batches. */
  const array = fc
    .array(
      fc.tuple(
        space,
        fc.oneof(
          fc.json({ maxDepth: 2 }),
          nearValid,
          fc.constantFrom('{"__proto__":{"x":1}}', '-', '1e', '01', 'tru', '"\\"'),
        ),
        space,
      ),
      {
        maxLength: 8,
      },
    )
    .map((items) => `[${items.map((parts) => parts.join('')).join(',')}]`);
  const text = fc.oneof(
    fc.json({ maxDepth: 4 }),
    nearValid,
    array,
    array.map((a) => `{"__proto__":${a},"k":${a}}`),
  );
  const cut = (whole: string) =>
    fc.uniqueArray(fc.nat(whole.length), { maxLength: 6 }).map((cuts) => {
      const at = [0, ...cuts.sort((a, b) => a - b), whole.length];
      return at.slice(1).map((end, index) => whole.slice(at[index], end));
    });

  /** Pushes the pieces, then finishes: the value or the first error, and root and values after each push. */
  const run = (pieces: string[]) => {
    const builder = createJsonStreamBuilder();
    const after: { root: string | undefined; values: number }[] = [];
    try {
      for (const piece of pieces) {
        builder.push(piece);
        after.push({ root: JSON.stringify(builder.root), values: builder.values });
      }
      return { value: builder.finish(), after };
    } catch (error) {
      expect(error).toBeInstanceOf(JsonStreamError);
      expect(() => builder.finish()).toThrow(error as Error);
      return { error: error as JsonStreamError, after };
    }
  };

  it("gives JSON.parse's value or refuses where it does, and each push leaves what the text so far holds", () => {
    fc.assert(
      fc.property(
        text.chain((whole) => cut(whole).map((pieces) => ({ whole, pieces }))),
        ({ whole, pieces }) => {
          let expected: { value: unknown } | { position: number | undefined };
          try {
            expected = { value: JSON.parse(whole) };
          } catch (error) {
            const position = /position (\d+)/.exec((error as Error).message);
            expected = { position: position ? Number(position[1]) : undefined };
          }
          const got = run(pieces);
          if ('value' in expected) expect(got.value).toStrictEqual(expected.value);
          else {
            expect(got.error).toBeDefined();
            if (expected.position !== undefined) expect(got.error?.position).toBe(expected.position);
            // Where V8 names no place, the error is still the same however the text was cut.
            expect(got.error?.message).toBe(run([whole]).error?.message);
          }
          // After each push, the root and count are those of the text so far read in one piece.
          let sofar = '';
          got.after.forEach((state, index) => {
            sofar += pieces[index];
            const one = createJsonStreamBuilder();
            one.push(sofar);
            expect(state).toEqual({ root: JSON.stringify(one.root), values: one.values });
          });
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('deeply nested bodies', () => {
  /** `[[[…1…]]]` nested `depth` deep, and a walk that checks it without recursion. */
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const depthOf = (value: unknown) => {
    let depth = 0;
    let current = value;
    while (Array.isArray(current)) {
      depth += 1;
      current = current[0];
    }
    return { depth, leaf: current };
  };

  it('reads a valid 400 KB body nested 200,000 deep in one pass, streaming only the first levels', () => {
    const text = nested(200_000);
    const builder = createJsonStreamBuilder();
    for (let at = 0; at < text.length; at += 64 * 1024) builder.push(text.slice(at, at + 64 * 1024));
    expect(depthOf(builder.finish())).toEqual({ depth: 200_000, leaf: 1 });
  });

  it('still says where a deep body is cut short', () => {
    const builder = createJsonStreamBuilder();
    const text = nested(100_000).slice(0, -10);
    for (let at = 0; at < text.length; at += 64 * 1024) builder.push(text.slice(at, at + 64 * 1024));
    expect(() => builder.finish()).toThrow(/ends before it is complete/);
  });
});
