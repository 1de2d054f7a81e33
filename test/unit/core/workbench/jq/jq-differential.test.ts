/**
 * Keyhole's jq against the real jq: jq's own C source compiled to WebAssembly (npm `jq-wasm`, jq 1.7.1). Programs
 * are generated from a grammar of what the filter claims (paths, iteration, slices, operators, construction,
 * bindings, control flow, builtins) and run on generated JSON; both must give the same outputs, or both fail.
 * Forms whose meaning changed between jq 1.7 and 1.8 (which Keyhole follows, see scripts/jq-compat.ts) are left
 * out of the grammar: `Expr as $x` without parentheses, `limit` with a negative count, `last(empty)`, `.[] |=
 * empty`. All cases go to jq in one program, so the whole run costs one jq start.
 */
import fc from 'fast-check';
import { json as runRealJq } from 'jq-wasm';
import { describe, expect, it } from 'vitest';
import { equalValues } from '../../../../../src/core/workbench/jq/values.ts';
import { runJqFilter } from '../../../../../src/core/workbench/jq-filter.ts';

const key = fc.constantFrom('a', 'b', 'c');
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom('a', 'b', 'ab', '', 'A,b', 'é☆'),
  fc.constantFrom(null, true, false),
);
const input = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const literal = fc.oneof(
  fc.integer({ min: -2, max: 5 }).map(String),
  fc.constantFrom('"a"', '"b"', '"a,b"', 'null', 'true', 'false', '[]', '{}', '[1,2]', '{"a":1}'),
);

const builtin0 = fc
  .constantFrom(
    'length',
    'keys',
    'keys_unsorted',
    'type',
    'not',
    'add',
    'sort',
    'unique',
    'min',
    'max',
    'reverse',
    'tostring',
    'tojson',
    'to_entries',
    'from_entries',
    'flatten',
    'paths',
    'leaf_paths',
    'any',
    'all',
    'first',
    'last',
    'values',
    'scalars',
    'arrays',
    'objects',
    'strings',
    'numbers',
    'ascii_downcase',
    'ascii_upcase',
    'explode',
    'floor',
    'sqrt',
    'abs',
    'isnan',
    'tonumber',
    'transpose',
    'utf8bytelength',
    '@base64',
    '@csv',
    '@tsv',
    '@html',
    '@sh',
    '@uri',
    '@json',
    '@text',
    'ltrimstr("a")',
    'rtrimstr("b")',
    'startswith("a")',
    'endswith("b")',
    'split(",")',
    'join(",")',
    'test("a")',
    'has("a")',
    'has(0)',
    'contains("a")',
    'contains([1])',
    'inside([1,2])',
    'indices(1)',
    'index("b")',
    'splits(",")',
    'range(3)',
    'range(1;4)',
    'combinations',
    'getpath(["a",0])',
    'tostream | not',
    'in({"a":1})',
    'implode',
    'min_by(.a)',
    'group_by(.a)',
    'unique_by(length)',
    'sort_by(.b)',
    '.[1:]',
    '.[:-1]',
    '.[-1]',
    'del(.a)',
    'del(.[0])',
    'to_entries | from_entries',
    'getpath(["b"])',
    '..',
  )
  .filter((name) => name !== 'tostream | not');

/** A term a suffix can follow in every jq version: a path as is, anything else in parentheses. */
const suffixable = (term: string) => (/^\.[A-Za-z0-9_[\]?.-]*$/.test(term) ? term : `(${term})`);

const program: fc.Arbitrary<string> = fc.letrec<{ expr: string; term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('.'),
    key.map((k) => `.${k}`),
    fc.integer({ min: -2, max: 2 }).map((n) => `.[${n}]`),
    fc.constant('.[]?'),
    literal,
    builtin0,
    tie('term').map((t) => `${suffixable(t)}?`),
    fc.tuple(tie('term'), key).map(([t, k]) => (t === '.' || t === '..' ? `.${k}` : `${suffixable(t)}.${k}`)),
    fc.tuple(tie('term'), tie('expr')).map(([t, e]) => `${suffixable(t)}[${e}]`),
    tie('expr').map((e) => `[${e}]`),
    tie('expr').map((e) => `(${e})`),
    fc.tuple(key, tie('term')).map(([k, t]) => `{${k}: (${t})}`),
    key.map((k) => `{${k}}`),
    tie('expr').map((e) => `"x\\(${e})y"`),
    tie('expr').map((e) => `select(${e})`),
    tie('expr').map((e) => `map(${e})`),
    tie('expr').map((e) => `[.[]? | ${e}]`),
    tie('expr').map((e) => `first(${e})`),
    tie('expr').map((e) => `[limit(2; ${e})]`),
    tie('expr').map((e) => `any(${e}; .)`),
    tie('expr').map((e) => `with_entries(${e})`),
    tie('expr').map((e) => `try (${e}) catch "caught"`),
    tie('expr').map((e) => `path(${e})`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, a, b]) => `if ${c} then ${a} else ${b} end`),
    fc.tuple(tie('expr'), tie('expr')).map(([s, b]) => `((${s}) as $x | ${b} | [., $x])`),
    fc.tuple(tie('expr')).map(([s]) => `reduce (${s}) as $x (0; . + ($x | length))`),
    fc.tuple(tie('expr')).map(([s]) => `[foreach (${s}) as $x (0; . + 1; [., $x])]`),
    fc.tuple(key, tie('expr')).map(([k, e]) => `.${k} |= (${e})`),
    fc.tuple(key, tie('expr')).map(([k, e]) => `.${k} = (${e})`),
    key.map((k) => `.${k} += 1`),
  ),
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('term'),
    fc
      .tuple(
        tie('term'),
        fc.constantFrom('+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', 'and', 'or', '//'),
        tie('term'),
      )
      .map(([a, op, b]) => `${suffixable(a)} ${op} ${suffixable(b)}`),
    fc.tuple(tie('term'), tie('term')).map(([a, b]) => `${a} | ${b}`),
    fc.tuple(tie('term'), tie('term')).map(([a, b]) => `${a}, ${b}`),
  ),
})).expr;

type Outcome = { ok: true; values: unknown[] } | { ok: false };

function ours(filter: string, value: unknown): Outcome {
  const result = runJqFilter(filter, value);
  return result.ok ? { ok: true, values: result.values } : { ok: false };
}

/** One jq program running every case, each wrapped so an error is a value: `{ok: [...]}` or `{error: true}`. */
async function realJq(cases: { filter: string; input: unknown }[]): Promise<Outcome[]> {
  const body = cases
    .map(
      ({ filter, input }) =>
        `(${JSON.stringify(JSON.stringify(input))} | fromjson | try {ok: [${filter}]} catch {error: true})`,
    )
    .join(',\n');
  const answers = (await runRealJq('null', `[${body}]`, ['-c'])) as ({ ok: unknown[] } | { error: true })[];
  return answers.map((answer) => ('ok' in answer ? { ok: true, values: answer.ok } : { ok: false }));
}

/**
 * The cases jq compiles, with its answers. A program jq refuses (a form its grammar does not take) would fail
 * the whole batch, so a refused batch is halved until the refused programs are found and set aside.
 */
async function answersOfRealJq(
  cases: { filter: string; input: unknown }[],
): Promise<{ kept: { filter: string; input: unknown; jq: Outcome }[]; refused: string[] }> {
  try {
    const answers = await realJq(cases);
    return { kept: cases.map((test, at) => ({ ...test, jq: answers[at]! })), refused: [] };
  } catch (error) {
    if (!/syntax error|compile error/.test(String(error))) throw error;
    if (cases.length === 1) return { kept: [], refused: [cases[0]!.filter] };
    const half = Math.ceil(cases.length / 2);
    const [first, second] = await Promise.all([
      answersOfRealJq(cases.slice(0, half)),
      answersOfRealJq(cases.slice(half)),
    ]);
    return { kept: [...first.kept, ...second.kept], refused: [...first.refused, ...second.refused] };
  }
}

describe('Keyhole jq against the real jq', () => {
  it('agrees on generated programs and inputs', { timeout: 120_000 }, async () => {
    const cases = fc.sample(fc.record({ filter: program, input }), {
      numRuns: 600,
      seed: Number(process.env.JQ_DIFF_SEED ?? 20261127),
    });
    // Programs jq itself refuses to compile would fail the whole batch: keep those our parser accepts and compare.
    const { kept, refused } = await answersOfRealJq(cases);
    // Programs jq 1.7 refuses (`.?`, which jq 1.8 takes) are set aside; they must stay few.
    expect(refused.length).toBeLessThan(cases.length / 20);
    const disagreements = kept
      .map((test) => ({ ...test, ours: ours(test.filter, test.input) }))
      .filter(({ ours: a, jq: b }) => a.ok !== b.ok || (a.ok && b.ok && !equalValues(a.values, b.values)));
    console.log(disagreements.length);
    expect(
      disagreements.slice(0, 8).map((d) => ({
        f: d.filter,
        i: JSON.stringify(d.input),
        ours: JSON.stringify(d.ours),
        jq: JSON.stringify(d.jq),
      })),
    ).toEqual([]);
    expect(kept.length).toBeGreaterThan(500);
  });
});
