/**
 * jq's builtins that are written natively (the rest are jq definitions in prelude.ts): types and lengths, keys and
 * containment with jq's type errors, sorting and grouping in jq's order, math, paths, generators (`limit`,
 * `first`, `range`) that stop early. Each is registered under `name/arity`.
 */

import {
  type Env,
  evaluate,
  evaluatePaths,
  fail,
  JqRuntimeError,
  type NativeFilter,
  nativePaths,
  natives,
  outputs,
  type Path,
  type PathValue,
  pathsOf,
  singleOf,
  spendWork,
} from './evaluate.ts';
import { deletePaths, getPath, setPath } from './operators.ts';
import type { Node } from './parser.ts';
import {
  compareValues,
  describeValue,
  equalValues,
  isTruthy,
  type JqObject,
  newObject,
  setOwn,
  sortedKeys,
  toJson,
  typeOf,
} from './values.ts';

function define(name: string, filter: NativeFilter): void {
  natives.set(name, filter);
}

/** A builtin of the input alone. */
function simple(name: string, apply: (input: unknown) => unknown): void {
  define(`${name}/0`, (input) => [apply(input)]);
}

/**
 * A builtin of the input and its `$x` arguments, each evaluated against the input, once per combination (the last
 * argument varies fastest). Shared with text.ts.
 */
export function withValues(
  name: string,
  arity: number,
  apply: (input: unknown, ...values: unknown[]) => unknown,
): void {
  define(`${name}/${arity}`, function* (input, args, env) {
    function* combine(at: number, chosen: unknown[]): Generator<unknown> {
      if (at === arity) {
        yield apply(input, ...chosen);
        return;
      }
      for (const value of evaluate(args[at]!, input, env)) yield* combine(at + 1, [...chosen, value]);
    }
    yield* combine(0, []);
  });
}

define('empty/0', () => []);
define('not/0', (input) => [!isTruthy(input)]);
simple('type', typeOf);

/** Code points, counted without spreading the string into an array (a 64 M string's array filled the memory). */
function codePointCount(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length - 1; at += 1) {
    const code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        at += 1;
      }
    }
  }
  return count;
}

simple('length', (input) => {
  switch (typeOf(input)) {
    case 'null':
      return 0;
    case 'boolean':
      return fail(`${describeValue(input)} has no length`);
    case 'number':
      return Math.abs(input as number);
    case 'string':
      return codePointCount(input as string);
    case 'array':
      return (input as unknown[]).length;
    default:
      return Object.keys(input as JqObject).length;
  }
});
simple('utf8bytelength', (input) => {
  if (typeof input !== 'string') fail(`${describeValue(input)} only strings have UTF-8 byte length`);
  return new TextEncoder().encode(input).length;
});

function keysOf(input: unknown, sorted: boolean): unknown[] {
  if (Array.isArray(input)) return input.map((_, at) => at);
  if (typeOf(input) === 'object') return sorted ? sortedKeys(input as JqObject) : Object.keys(input as JqObject);
  return fail(`${describeValue(input)} has no keys`);
}
simple('keys', (input) => keysOf(input, true));
simple('keys_unsorted', (input) => keysOf(input, false));

withValues('has', 1, (input, key) => {
  if (input === null) return false;
  if (typeOf(input) === 'object' && typeof key === 'string') return Object.hasOwn(input as JqObject, key);
  if (Array.isArray(input) && typeof key === 'number') return key >= 0 && key < input.length;
  return fail(`Cannot check whether ${typeOf(input)} has a ${typeOf(key)} key`);
});

/** jq's containment (also used by the runner's `contains` assertion). */
export function contains(a: unknown, b: unknown): boolean {
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta === 'object' && tb === 'object') {
    const left = a as JqObject;
    return Object.keys(b as JqObject).every(
      (key) => Object.hasOwn(left, key) && contains(left[key], (b as JqObject)[key]),
    );
  }
  if (ta === 'array' && tb === 'array') {
    return (b as unknown[]).every((item) => (a as unknown[]).some((candidate) => contains(candidate, item)));
  }
  if (ta === 'string' && tb === 'string') return (a as string).includes(b as string);
  return ta === tb && equalValues(a, b);
}
withValues('contains', 1, (a, b) => {
  // Only the top level must agree in type; inside arrays and objects a mismatch is just "not contained".
  if (typeOf(a) !== typeOf(b))
    fail(`${describeValue(a)} and ${describeValue(b)} cannot have their containment checked`);
  return contains(a, b);
});

function numberOf(input: unknown): number {
  if (typeof input !== 'number') fail(`${describeValue(input)} number required`);
  return input;
}
const MATH: Record<string, (x: number) => number> = {
  floor: Math.floor,
  ceil: Math.ceil,
  round: (x) => (x < 0 ? -Math.round(-x) : Math.round(x)),
  sqrt: Math.sqrt,
  fabs: Math.abs,
  trunc: Math.trunc,
  log: Math.log,
  log2: Math.log2,
  log10: Math.log10,
  exp: Math.exp,
  exp2: (x) => 2 ** x,
  exp10: (x) => 10 ** x,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
};
for (const [name, apply] of Object.entries(MATH)) simple(name, (input) => apply(numberOf(input)));
withValues('pow', 2, (_input, base, exponent) => numberOf(base) ** numberOf(exponent));
simple('infinite', () => Number.POSITIVE_INFINITY);
simple('nan', () => Number.NaN);
// jq answers false for what is not a number rather than raising.
simple('isinfinite', (x) => x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY);
simple('isnan', (x) => typeof x === 'number' && Number.isNaN(x));
simple('isnormal', (x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) >= 2.2250738585072014e-308);

simple('tostring', (input) => (typeof input === 'string' ? input : toJson(input)));
simple('tojson', (input) => toJson(input));
simple('tonumber', (input) => {
  if (typeof input === 'number') return input;
  if (typeof input === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(input)) return Number(input);
  return fail(`Cannot parse '${typeof input === 'string' ? input : toJson(input)}' as JSON`);
});
simple('fromjson', (input) => {
  if (typeof input !== 'string') fail(`${describeValue(input)} only strings can be parsed`);
  try {
    return JSON.parse(input === 'nan' ? 'null' : input);
  } catch {
    return fail(`${input} (while parsing '${input}')`);
  }
});

function arrayOf(input: unknown, what: string): unknown[] {
  if (!Array.isArray(input)) fail(`${describeValue(input)} cannot be ${what}, as it is not an array`);
  return input;
}

/** The keys `[f]` of each element, for the `_by` builtins. */
function keyed(input: unknown, f: Node, env: Env, what: string): { key: unknown[]; item: unknown; at: number }[] {
  return arrayOf(input, what).map((item, at) => ({ key: [...evaluate(f, item, env)], item, at }));
}
function byKey(a: { key: unknown[]; at: number }, b: { key: unknown[]; at: number }): number {
  return compareValues(a.key, b.key) || a.at - b.at;
}

simple('sort', (input) => [...arrayOf(input, 'sorted')].sort(compareValues));
define('sort_by/1', (input, [f], env) => [
  keyed(input, f!, env, 'sorted')
    .sort(byKey)
    .map((entry) => entry.item),
]);
define('group_by/1', (input, [f], env) => {
  const groups: unknown[][] = [];
  let previous: unknown[] | undefined;
  for (const entry of keyed(input, f!, env, 'grouped').sort(byKey)) {
    if (previous && equalValues(previous, entry.key)) groups[groups.length - 1]!.push(entry.item);
    else groups.push([entry.item]);
    previous = entry.key;
  }
  return [groups];
});
define('unique_by/1', (input, [f], env) => {
  const unique: unknown[] = [];
  let previous: unknown[] | undefined;
  for (const entry of keyed(input, f!, env, 'grouped').sort(byKey)) {
    if (!previous || !equalValues(previous, entry.key)) unique.push(entry.item);
    previous = entry.key;
  }
  return [unique];
});
simple('unique', (input) => {
  const sorted = [...arrayOf(input, 'sorted')].sort(compareValues);
  return sorted.filter((item, at) => at === 0 || !equalValues(sorted[at - 1], item));
});
function extreme(input: unknown, f: Node | undefined, env: Env, sign: 1 | -1): unknown {
  const entries = f
    ? keyed(input, f, env, 'compared')
    : arrayOf(input, 'compared').map((item, at) => ({ key: [item], item, at }));
  let best: (typeof entries)[number] | undefined;
  for (const entry of entries) {
    // jq's max keeps the last of equal maxima, its min the first of equal minima.
    const order = best ? compareValues(entry.key, best.key) : 0;
    if (!best || (sign === 1 ? order >= 0 : order < 0)) best = entry;
  }
  return best ? best.item : null;
}
simple('min', (input) => extreme(input, undefined, {}, -1));
simple('max', (input) => extreme(input, undefined, {}, 1));
define('min_by/1', (input, [f], env) => [extreme(input, f, env, -1)]);
define('max_by/1', (input, [f], env) => [extreme(input, f, env, 1)]);

define('range/2', function* (input, [from, upto], env) {
  for (const start of evaluate(from!, input, env)) {
    for (const end of evaluate(upto!, input, env)) {
      if (typeof start !== 'number' || typeof end !== 'number') fail('Range bounds must be numeric');
      for (let value = start; value < end; value += 1) {
        spendWork();
        yield value;
      }
    }
  }
});
define('range/3', function* (input, [from, upto, by], env) {
  for (const start of evaluate(from!, input, env)) {
    for (const end of evaluate(upto!, input, env)) {
      for (const step of evaluate(by!, input, env)) {
        if (typeof start !== 'number' || typeof end !== 'number' || typeof step !== 'number') {
          fail('Range bounds must be numeric');
        }
        if (step > 0)
          for (let value = start; value < end; value += step) {
            spendWork();
            yield value;
          }
        else if (step < 0)
          for (let value = start; value > end; value += step) {
            spendWork();
            yield value;
          }
        else if (start < end)
          for (;;) {
            spendWork();
            yield start;
          }
      }
    }
  }
});

define('limit/2', function* (input, [count, f], env) {
  for (const n of evaluate(count!, input, env)) {
    if (typeof n !== 'number') fail('Invalid limit: must be a number');
    if (n < 0) fail("limit doesn't support negative count");
    if (n === 0) continue;
    let taken = 0;
    for (const value of evaluate(f!, input, env)) {
      yield value;
      taken += 1;
      if (taken >= n) break;
    }
  }
});
define('first/1', function* (input, [f], env) {
  for (const value of evaluate(f!, input, env)) {
    yield value;
    return;
  }
});
define('last/1', function* (input, [f], env) {
  let last: { value: unknown } | undefined;
  for (const value of evaluate(f!, input, env)) last = { value };
  if (last) yield last.value;
});
define('skip/2', function* (input, [count, f], env) {
  for (const n of evaluate(count!, input, env)) {
    if (typeof n !== 'number') fail('Invalid skip: must be a number');
    if (n < 0) fail("skip doesn't support negative count");
    let seen = 0;
    for (const value of evaluate(f!, input, env)) {
      if (seen >= n) yield value;
      seen += 1;
    }
  }
});
define('isempty/1', function* (input, [f], env) {
  for (const _ of evaluate(f!, input, env)) {
    yield false;
    return;
  }
  yield true;
});
const ITERATE: Node = { t: 'iterate', target: { t: 'identity', at: 0 }, at: 0 };

function anyAll(every: boolean): NativeFilter {
  return function* (input, args, env) {
    const [generator, condition] =
      args.length === 2 ? args : args.length === 1 ? [ITERATE, args[0]!] : [undefined, undefined];
    const items = evaluate(generator ?? ITERATE, input, env);
    for (const item of items) {
      const truths = condition ? [...evaluate(condition, item, env)].map(isTruthy) : [isTruthy(item)];
      for (const truth of truths) {
        if (truth !== every) {
          yield !every;
          return;
        }
      }
    }
    yield every;
  };
}
for (const arity of [0, 1, 2]) {
  define(`any/${arity}`, anyAll(false));
  define(`all/${arity}`, anyAll(true));
}

// The most used filters are native: the jq definitions work the same but cost a closure call per element.
define('select/1', function* (input, [f], env) {
  const single = singleOf(f!);
  if (single) {
    if (isTruthy(single(input, env))) yield input;
    return;
  }
  for (const truth of outputs(f!, input, env)) if (isTruthy(truth)) yield input;
});
nativePaths.set('select/1', function* (current, [f], env) {
  for (const truth of evaluate(f!, current.value, env)) if (isTruthy(truth)) yield current;
});
define('map/1', function* (input, [f], env) {
  const mapped: unknown[] = [];
  const items = Array.isArray(input) ? input : [...evaluate(ITERATE, input, env)];
  const single = singleOf(f!);
  if (single) for (const item of items) mapped.push(single(item, env));
  else for (const item of items) for (const value of outputs(f!, item, env)) mapped.push(value);
  yield mapped;
});
/** `..` without recursion, so a value nested thousands deep cannot exhaust the stack. */
define('recurse/0', function* (input) {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    yield value;
    const children = Array.isArray(value) ? value : typeOf(value) === 'object' ? Object.values(value as JqObject) : [];
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push(children[at]);
  }
});
nativePaths.set('recurse/0', function* (current) {
  const stack: PathValue[] = [current];
  while (stack.length > 0) {
    const found = stack.pop()!;
    yield found;
    const { value, path } = found;
    const base = path ?? fail(`Invalid path expression near attempt to iterate through ${toJson(value)}`);
    const children: PathValue[] = Array.isArray(value)
      ? value.map((item, at) => ({ path: [...base, at], value: item }))
      : typeOf(value) === 'object'
        ? Object.keys(value as JqObject).map((key) => ({ path: [...base, key], value: (value as JqObject)[key] }))
        : [];
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push(children[at]!);
  }
});

define('path/1', function* (input, [f], env) {
  yield* pathsOf(f!, input, env);
});
define('getpath/1', function* (input, [p], env) {
  for (const path of evaluate(p!, input, env)) {
    if (!Array.isArray(path)) fail('Path must be specified as an array');
    yield getPath(input, path as Path);
  }
});
nativePaths.set('getpath/1', function* (current: PathValue, [p], env) {
  for (const path of evaluate(p!, current.value, env)) {
    if (!Array.isArray(path)) fail('Path must be specified as an array');
    if (!current.path) fail(`Invalid path expression with result ${toJson(current.value)}`);
    yield { path: [...current.path, ...(path as Path)], value: getPath(current.value, path as Path) };
  }
});
withValues('setpath', 2, (input, path, value) => {
  if (!Array.isArray(path)) fail('Path must be specified as an array');
  return setPath(input, path as Path, value);
});
withValues('delpaths', 1, (input, paths) => {
  if (!Array.isArray(paths)) fail('Paths must be specified as an array');
  for (const path of paths) if (!Array.isArray(path)) fail('Path must be specified as an array');
  return deletePaths(input, paths as Path[]);
});
nativePaths.set('empty/0', () => []);
nativePaths.set('first/1', function* (current, [f], env) {
  for (const found of evaluatePaths(f!, current, current.value, env)) {
    yield found;
    return;
  }
});
nativePaths.set('limit/2', function* (current, [count, f], env) {
  for (const n of evaluate(count!, current.value, env)) {
    if (typeof n !== 'number' || n <= 0) continue;
    let taken = 0;
    for (const found of evaluatePaths(f!, current, current.value, env)) {
      yield found;
      taken += 1;
      if (taken >= n) break;
    }
  }
});

define('error/1', (input, [message], env) => {
  for (const value of evaluate(message!, input, env)) throw new JqRuntimeError(value);
  return [];
});
define('error/0', (input) => {
  throw new JqRuntimeError(input);
});

simple('env', () => newObject());
simple('builtins', () => [...natives.keys()]);
simple('input', () => fail('No more inputs'));
define('inputs/0', () => []);
simple('now', () => Date.now() / 1000);

simple('tostream', () => fail('tostream is not supported in this filter'));

/** `to_entries` for a large object stays one pass (the prelude's version indexes each key). */
simple('to_entries', (input) =>
  keysOf(input, false).map((key) => {
    const entry = newObject();
    setOwn(entry, 'key', key);
    setOwn(entry, 'value', Array.isArray(input) ? input[key as number] : (input as JqObject)[key as string]);
    return entry;
  }),
);
