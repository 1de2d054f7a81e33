/**
 * Runs a parsed jq program as jq does: every filter is a generator of outputs, in jq's order (for `a + b` and
 * `.[k]`, the right-hand or key outputs form the outer loop, as in jq's compiled bytecode); errors stop the stream
 * where they happen; `path(f)` runs the same tree in path mode, so `del`, `paths`, `to_entries` and updates
 * (`|=`, `=`, `+=`…) reach exactly what jq would. Native builtins live in builtins.ts, jq-defined ones in
 * prelude.ts.
 */
import type { Node, Pattern } from './parser.ts';
import {
  compareValues,
  describeValue,
  equalValues,
  isTruthy,
  type JqObject,
  newObject,
  ownValue,
  setOwn,
  toJson,
  truncateText,
  typeOf,
} from './values.ts';

/** An error raised by the program (`error`, a type error): catchable by `try`, with jq's value. */
export class JqRuntimeError extends Error {
  /** Where in the filter it was raised: the innermost operation that failed. */
  at: number | undefined;

  constructor(readonly value: unknown) {
    super(typeof value === 'string' ? value : `${toJson(value)} (not a string)`);
  }
}

class BreakSignal {
  constructor(readonly label: object) {}
}

export type Path = (string | number | JqObject | null)[];

export interface Closure {
  params: string[];
  body: Node;
  env: Env;
}

export type NativeFilter = (input: unknown, args: Node[], env: Env, at: number) => Iterable<unknown>;
export type NativePaths = (input: PathValue, args: Node[], env: Env) => Iterable<PathValue>;

export interface Env {
  vars?: { name: string; value: unknown; next: Env['vars'] };
  funcs?: { key: string; closure: Closure; next: Env['funcs'] };
  labels?: { name: string; token: object; next: Env['labels'] };
}

/**
 * A value and where it is in the input; `path` is undefined for a value that is not a path (a literal, `. + 1`).
 * As in jq, that is an error only when a path step is taken from it or `path(…)` ends with it.
 */
export interface PathValue {
  path: Path | undefined;
  value: unknown;
}

function pathOf(target: PathValue, step: string): Path {
  if (target.path) return target.path;
  return fail(`Invalid path expression near attempt to ${step} ${truncateText(toJson(target.value) ?? 'null')}`);
}

/** A value computed in a path expression: jq still takes null, true and false equal to the input as its path. */
function computed(current: PathValue, value: unknown): PathValue {
  const immediate = value === null || typeof value === 'boolean';
  return { path: immediate && value === current.value ? current.path : undefined, value };
}

/** Natives and the prelude's definitions, looked up by `name/arity`; filled by builtins.ts and prelude.ts. */
export const natives = new Map<string, NativeFilter>();
export const nativePaths = new Map<string, NativePaths>();

export function fail(message: string): never {
  throw new JqRuntimeError(message);
}

/**
 * A filter runs on the panel's thread, and filters come from hostile places too (a collection file's checks, a
 * filter pasted from elsewhere): `[range(1e9)]`, `repeat(.)` or `last(range(infinite))` would freeze the panel, or
 * fill memory until the tab dies. Each run gets a fixed amount of work, counted in steps (a filter entered, a value
 * a generator makes, a thousand characters a string repetition builds), not in time, so the same filter on the same
 * input always stops at the same place. Running out is not a jq error: `try` and `?` do not catch it.
 */
export const WORK_LIMIT = 20_000_000;
/** What the running filter was allowed, and what it has left. */
type Allowance = { granted: number; left: number };
let work: Allowance = { granted: Number.POSITIVE_INFINITY, left: Number.POSITIVE_INFINITY };

export class JqWorkLimit extends Error {
  constructor(granted: number) {
    super(`The filter stopped after ${granted.toLocaleString('en')} steps: it does too much work to finish here.`);
  }
}

/** Starts a run's allowance; returns the one it replaces, for a run started inside another. */
export function startWork(steps: number): Allowance {
  const previous = work;
  work = { granted: steps, left: steps };
  return previous;
}

export function restoreWork(allowance: Allowance): void {
  work = allowance;
}

export function spendWork(steps = 1): void {
  work.left -= steps;
  if (work.left < 0) throw new JqWorkLimit(work.granted);
}

function lookupVar(env: Env, name: string): unknown {
  for (let scope = env.vars; scope; scope = scope.next) if (scope.name === name) return scope.value;
  return fail(`$${name} is not defined`);
}

export function bindVar(env: Env, name: string, value: unknown): Env {
  return { ...env, vars: { name, value, next: env.vars } };
}

/** The prelude's definitions (prelude.ts), looked up after the filter's own `def`s and parameters. */
export const preludeFunctions = new Map<string, Closure>();

function lookupFunc(env: Env, key: string): Closure | undefined {
  for (let scope = env.funcs; scope; scope = scope.next) if (scope.key === key) return scope.closure;
  return preludeFunctions.get(key);
}

export function indexValue(value: unknown, key: unknown): unknown {
  const kind = typeOf(value);
  if (kind === 'null' && (typeof key === 'string' || typeof key === 'number' || typeOf(key) === 'object')) return null;
  if (kind === 'object' && typeof key === 'string') return ownValue(value as JqObject, key);
  if (kind === 'array' && typeof key === 'number') {
    const array = value as unknown[];
    if (Number.isNaN(key)) return null;
    let at = Math.floor(key);
    if (at < 0) at += array.length;
    return at >= 0 && at < array.length ? array[at] : null;
  }
  if (kind === 'array' && Array.isArray(key)) return indicesOf(value as unknown[], key);
  if (key !== null && typeOf(key) === 'object' && (kind === 'array' || kind === 'string' || kind === 'null')) {
    const bounds = key as JqObject;
    // A slice is an object with both "start" and "end", each a number or null.
    const isBound = (name: string) =>
      Object.hasOwn(bounds, name) && (bounds[name] === null || typeof bounds[name] === 'number');
    if (!isBound('start') || !isBound('end')) fail('Array/string slice indices must be integers');
    return sliceValue(value, bounds.start, bounds.end);
  }
  return fail(`Cannot index ${kind} with ${describeValue(key)}`);
}

/** Where `sub` starts in `array`, at every offset (jq's `.[[1,2]]`). */
export function indicesOf(array: unknown[], sub: unknown[]): number[] {
  if (sub.length === 0) return [];
  const found: number[] = [];
  for (let at = 0; at + sub.length <= array.length; at += 1) {
    if (sub.every((item, k) => equalValues(array[at + k], item))) found.push(at);
  }
  return found;
}

function sliceBounds(length: number, from: unknown, to: unknown): [number, number] {
  const bound = (value: unknown, fallback: number, round: (n: number) => number): number => {
    if (value === null || value === undefined || Number.isNaN(value)) return fallback;
    if (typeof value !== 'number') fail('Start and end indices of an array slice must be numbers');
    let at = round(value);
    if (at < 0) at += length;
    return Math.min(Math.max(at, 0), length);
  };
  const start = bound(from, 0, Math.floor);
  return [start, Math.max(start, bound(to, length, Math.ceil))];
}

export function sliceValue(value: unknown, from: unknown, to: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'string') {
    const points = [...value];
    const [start, end] = sliceBounds(points.length, from, to);
    return points.slice(start, end).join('');
  }
  if (Array.isArray(value)) {
    const [start, end] = sliceBounds(value.length, from, to);
    return value.slice(start, end);
  }
  return fail(`Cannot index ${typeOf(value)} with object`);
}

/** One step's outputs; for an optional step (`.a?`, `.[]?`) an error drops them and the stream goes on. */
function optionally<T>(optional: boolean | undefined, step: () => Iterable<T>): Iterable<T> {
  if (!optional) return step();
  try {
    return [...step()];
  } catch (error) {
    if (error instanceof JqRuntimeError) return [];
    throw error;
  }
}

function* iterateValue(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) yield* value;
  else if (typeOf(value) === 'object') {
    const object = value as JqObject;
    for (const key of Object.keys(object)) yield object[key];
  } else fail(`Cannot iterate over ${describeValue(value)}`);
}

/** Runs one step that may raise, marking the error with where that step is in the filter. */
function at<T>(position: number, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof JqRuntimeError && error.at === undefined) error.at = position;
    throw error;
  }
}

type Single = (input: unknown, env: Env) => unknown;
const singles = new WeakMap<Node, Single | null>();

/**
 * Nodes that always give exactly one output (paths with fixed keys, literals, variables, operators on such nodes,
 * constructions) run as plain functions, without a generator per step: most of a filter's work on a large body.
 */
export function singleOf(node: Node): Single | null {
  const known = singles.get(node);
  if (known !== undefined) return known;
  const single = compileSingle(node);
  singles.set(node, single);
  return single;
}

function compileSingle(node: Node): Single | null {
  switch (node.t) {
    case 'identity':
      return (input) => input;
    case 'literal': {
      const value = node.value;
      return () => value;
    }
    case 'variable':
      return node.name === '__loc__' ? null : (_input, env) => lookupVar(env, node.name);
    case 'index': {
      const target = singleOf(node.target);
      const key = singleOf(node.key);
      if (!target || !key || node.optional) return null;
      return (input, env) => {
        const value = target(input, env);
        return at(node.at, () => indexValue(value, key(input, env)));
      };
    }
    case 'binary': {
      const left = singleOf(node.left);
      const right = singleOf(node.right);
      if (!left || !right) return null;
      return (input, env) => {
        const b = right(input, env);
        const a = left(input, env);
        return at(node.at, () => binary(node.op, a, b));
      };
    }
    case 'array':
      return (input, env) => (node.body ? [...outputs(node.body, input, env)] : []);
    case 'object': {
      const entries = node.entries.map((entry) => ({ key: singleOf(entry.key), value: singleOf(entry.value) }));
      if (entries.some((entry) => !entry.key || !entry.value)) return null;
      return (input, env) => {
        const built = newObject();
        for (const entry of entries) {
          const key = entry.key!(input, env);
          if (typeof key !== 'string') at(node.at, () => fail('Object keys must be strings'));
          setOwn(built, key as string, entry.value!(input, env));
        }
        return built;
      };
    }
    case 'and':
    case 'or': {
      const left = singleOf(node.left);
      const right = singleOf(node.right);
      if (!left || !right) return null;
      const isAnd = node.t === 'and';
      return (input, env) => {
        const truth = isTruthy(left(input, env));
        if (isAnd ? !truth : truth) return truth;
        return isTruthy(right(input, env));
      };
    }
    case 'pipe': {
      const left = singleOf(node.left);
      const right = singleOf(node.right);
      if (!left || !right) return null;
      return (input, env) => right(left(input, env), env);
    }
    default:
      return null;
  }
}

/** A node's outputs: a one-element array for a single-output node, else its generator. */
export function outputs(node: Node, input: unknown, env: Env): Iterable<unknown> {
  const single = singleOf(node);
  return single ? [single(input, env)] : evaluate(node, input, env);
}

export function* evaluate(node: Node, input: unknown, env: Env): Generator<unknown> {
  spendWork();
  switch (node.t) {
    case 'identity':
      yield input;
      return;
    case 'recurseDefault':
      yield* callFunction('recurse', [], input, env, node.at);
      return;
    case 'literal':
      yield node.value;
      return;
    case 'variable':
      yield node.name === '__loc__' ? { file: '<stdin>', line: 1 } : lookupVar(env, node.name);
      return;
    case 'index':
      for (const key of outputs(node.key, input, env)) {
        for (const target of outputs(node.target, input, env)) {
          if (!node.optional) yield at(node.at, () => indexValue(target, key));
          else yield* optionally(true, () => [indexValue(target, key)]);
        }
      }
      return;
    case 'slice':
      for (const to of node.to ? outputs(node.to, input, env) : [null]) {
        for (const from of node.from ? outputs(node.from, input, env) : [null]) {
          for (const target of outputs(node.target, input, env)) {
            yield* at(node.at, () => optionally(node.optional, () => [indexValue(target, { start: from, end: to })]));
          }
        }
      }
      return;
    case 'iterate':
      for (const target of outputs(node.target, input, env)) {
        if (Array.isArray(target)) yield* target;
        else yield* at(node.at, () => optionally(node.optional, () => [...iterateValue(target)]));
      }
      return;
    case 'pipe':
      for (const value of outputs(node.left, input, env)) yield* outputs(node.right, value, env);
      return;
    case 'comma':
      yield* outputs(node.left, input, env);
      yield* outputs(node.right, input, env);
      return;
    case 'array':
      yield node.body ? [...outputs(node.body, input, env)] : [];
      return;
    case 'object':
      yield* buildObjects(node.entries, 0, input, env, newObject());
      return;
    case 'string':
      yield* buildStrings(node.parts, node.parts.length - 1, input, env, node.format);
      return;
    case 'format':
      yield applyFormat(node.name, input);
      return;
    case 'negate':
      for (const value of outputs(node.body, input, env)) {
        if (typeof value !== 'number') at(node.at, () => fail(`${describeValue(value)} cannot be negated`));
        yield -(value as number);
      }
      return;
    case 'binary':
      for (const right of outputs(node.right, input, env)) {
        for (const left of outputs(node.left, input, env)) yield at(node.at, () => binary(node.op, left, right));
      }
      return;
    case 'and':
    case 'or':
      for (const left of outputs(node.left, input, env)) {
        const truth = isTruthy(left);
        if (node.t === 'and' ? !truth : truth) {
          yield truth;
          continue;
        }
        for (const right of outputs(node.right, input, env)) yield isTruthy(right);
      }
      return;
    case 'alternative': {
      // Errors on the left are not swallowed: jq's `error("x") // 1` is an error.
      let any = false;
      for (const value of outputs(node.left, input, env)) {
        if (isTruthy(value)) {
          any = true;
          yield value;
        }
      }
      if (!any) yield* outputs(node.right, input, env);
      return;
    }
    case 'if':
      for (const cond of outputs(node.cond, input, env)) {
        if (isTruthy(cond)) yield* outputs(node.then, input, env);
        else if (node.otherwise) yield* outputs(node.otherwise, input, env);
        else yield input;
      }
      return;
    case 'try':
      try {
        yield* outputs(node.body, input, env);
      } catch (error) {
        if (!(error instanceof JqRuntimeError)) throw error;
        if (node.handler) yield* outputs(node.handler, error.value, env);
      }
      return;
    case 'bind':
      for (const value of outputs(node.source, input, env)) {
        for (const bound of destructure(node.patterns[0]!, value, input, env)) {
          yield* outputs(node.body, input, bound);
        }
      }
      return;
    case 'reduce':
      for (const init of outputs(node.init, input, env)) {
        let state: unknown = init;
        for (const item of outputs(node.source, input, env)) {
          for (const bound of destructure(node.pattern, item, input, env)) {
            let last: unknown = null;
            for (const next of outputs(node.update, state, bound)) last = next;
            state = last;
          }
        }
        yield state;
      }
      return;
    case 'foreach':
      for (const init of outputs(node.init, input, env)) {
        let state: unknown = init;
        for (const item of outputs(node.source, input, env)) {
          for (const bound of destructure(node.pattern, item, input, env)) {
            for (const next of outputs(node.update, state, bound)) {
              state = next;
              yield* node.extract ? outputs(node.extract, next, bound) : [next];
            }
          }
        }
      }
      return;
    case 'def': {
      const closure: Closure = { params: node.params, body: node.body, env };
      const inner: Env = { ...env, funcs: { key: `${node.name}/${node.params.length}`, closure, next: env.funcs } };
      closure.env = inner;
      yield* outputs(node.rest, input, inner);
      return;
    }
    case 'label': {
      const token = {};
      try {
        yield* outputs(node.body, input, { ...env, labels: { name: node.name, token, next: env.labels } });
      } catch (signal) {
        if (!(signal instanceof BreakSignal) || signal.label !== token) throw signal;
      }
      return;
    }
    case 'break': {
      for (let scope = env.labels; scope; scope = scope.next) {
        if (scope.name === node.name) throw new BreakSignal(scope.token);
      }
      fail(`$*label-${node.name} is not defined`);
      return;
    }
    case 'call':
      yield* callFunction(node.name, node.args, input, env, node.at);
      return;
    case 'assign':
      yield* assign(node.op, node.left, node.right, input, env);
      return;
  }
}

function* buildObjects(
  entries: { key: Node; value: Node }[],
  at: number,
  input: unknown,
  env: Env,
  built: JqObject,
): Generator<unknown> {
  if (at === entries.length) {
    yield built;
    return;
  }
  const entry = entries[at]!;
  for (const key of outputs(entry.key, input, env)) {
    if (typeof key !== 'string') fail(`Object keys must be strings`);
    for (const value of outputs(entry.value, input, env)) {
      const next = { ...built };
      setOwn(next, key, value);
      yield* buildObjects(entries, at + 1, input, env, next);
    }
  }
}

/** Interpolations from the last one outwards, as jq loops over them. */
function* buildStrings(
  parts: (string | Node)[],
  at: number,
  input: unknown,
  env: Env,
  format: string | undefined,
): Generator<string> {
  if (at < 0) {
    yield '';
    return;
  }
  const part = parts[at]!;
  const values: Iterable<string> =
    typeof part === 'string'
      ? [part]
      : (function* () {
          for (const value of outputs(part, input, env)) {
            yield format ? (applyFormat(format, value) as string) : typeof value === 'string' ? value : toJson(value);
          }
        })();
  for (const text of values) {
    for (const before of buildStrings(parts, at - 1, input, env, format)) yield before + text;
  }
}

let formats: (name: string, value: unknown) => unknown = () => fail('formats are not loaded');
export function setFormats(apply: (name: string, value: unknown) => unknown): void {
  formats = apply;
}
function applyFormat(name: string, value: unknown): unknown {
  return formats(name, value);
}

let binaryImpl: (op: string, left: unknown, right: unknown) => unknown = () => fail('operators are not loaded');
export function setBinary(apply: (op: string, left: unknown, right: unknown) => unknown): void {
  binaryImpl = apply;
}
export function binary(op: string, left: unknown, right: unknown): unknown {
  switch (op) {
    case '==':
      return equalValues(left, right);
    case '!=':
      return !equalValues(left, right);
    case '<':
      return compareValues(left, right) < 0;
    case '<=':
      return compareValues(left, right) <= 0;
    case '>':
      return compareValues(left, right) > 0;
    case '>=':
      return compareValues(left, right) >= 0;
    default:
      return binaryImpl(op, left, right);
  }
}

function* destructure(pattern: Pattern, value: unknown, input: unknown, env: Env): Generator<Env> {
  if (pattern.kind === 'variable') {
    yield bindVar(env, pattern.name, value);
    return;
  }
  if (pattern.kind === 'array') {
    if (value !== null && !Array.isArray(value)) fail(`Cannot index ${typeOf(value)} with number`);
    yield* destructureAll(
      pattern.items.map((item, at) => ({ pattern: item, value: indexValue(value, at) })),
      0,
      input,
      env,
    );
    return;
  }
  yield* destructureObject(pattern.entries, 0, value, input, env);
}

function* destructureAll(
  items: { pattern: Pattern; value: unknown }[],
  at: number,
  input: unknown,
  env: Env,
): Generator<Env> {
  if (at === items.length) {
    yield env;
    return;
  }
  for (const bound of destructure(items[at]!.pattern, items[at]!.value, input, env)) {
    yield* destructureAll(items, at + 1, input, bound);
  }
}

function* destructureObject(
  entries: { key: Node; pattern?: Pattern; bind?: string }[],
  at: number,
  value: unknown,
  input: unknown,
  env: Env,
): Generator<Env> {
  if (at === entries.length) {
    yield env;
    return;
  }
  const entry = entries[at]!;
  for (const key of outputs(entry.key, input, env)) {
    if (typeof key !== 'string') fail(`Cannot index ${typeOf(value)} with ${typeOf(key)}`);
    const field = indexValue(value, key);
    let bound = entry.bind ? bindVar(env, entry.bind, field) : env;
    if (!entry.pattern) {
      yield* destructureObject(entries, at + 1, value, input, bound);
      continue;
    }
    for (const inner of destructure(entry.pattern, field, input, bound)) {
      bound = inner;
      yield* destructureObject(entries, at + 1, value, input, bound);
    }
  }
}

export function* callFunction(
  name: string,
  args: Node[],
  input: unknown,
  env: Env,
  position: number,
): Generator<unknown> {
  const key = `${name}/${args.length}`;
  const closure = lookupFunc(env, key);
  if (closure) {
    for (const bound of bindArguments(closure, args, env, input)) yield* outputs(closure.body, input, bound);
    return;
  }
  const native = natives.get(key);
  if (!native) fail(`${key} is not defined`);
  try {
    yield* native(input, args, env, position);
  } catch (error) {
    if (error instanceof JqRuntimeError && error.at === undefined) error.at = position;
    throw error;
  }
}

/**
 * Filter parameters become closures over the caller's scope; each `$x` parameter is evaluated against the call's
 * input and the body runs once per combination of their values, as jq does.
 */
function* bindArguments(closure: Closure, args: Node[], caller: Env, input: unknown): Generator<Env> {
  function* bind(at: number, env: Env): Generator<Env> {
    if (at === closure.params.length) {
      yield env;
      return;
    }
    const param = closure.params[at]!;
    const arg = args[at]!;
    const name = param.startsWith('$') ? param.slice(1) : param;
    const withFilter: Env = {
      ...env,
      funcs: { key: `${name}/0`, closure: { params: [], body: arg, env: caller }, next: env.funcs },
    };
    if (!param.startsWith('$')) {
      yield* bind(at + 1, withFilter);
      return;
    }
    for (const value of outputs(arg, input, caller)) yield* bind(at + 1, bindVar(withFilter, name, value));
  }
  yield* bind(0, closure.env);
}

export function* evaluatePaths(node: Node, current: PathValue, input: unknown, env: Env): Generator<PathValue> {
  switch (node.t) {
    case 'identity':
      yield current;
      return;
    case 'recurseDefault':
      yield* callPaths('recurse', [], current, env, node.at);
      return;
    case 'index':
      for (const key of evaluate(node.key, input, env)) {
        for (const target of evaluatePaths(node.target, current, input, env)) {
          yield* optionally(node.optional, () => [
            {
              path: [
                ...pathOf(target, `access element ${truncateText(toJson(key) ?? 'null')} of`),
                key as Path[number],
              ],
              value: indexValue(target.value, key),
            },
          ]);
        }
      }
      return;
    case 'slice':
      for (const to of node.to ? evaluate(node.to, input, env) : [null]) {
        for (const from of node.from ? evaluate(node.from, input, env) : [null]) {
          for (const target of evaluatePaths(node.target, current, input, env)) {
            const bounds = newObject();
            setOwn(bounds, 'start', from);
            setOwn(bounds, 'end', to);
            yield* optionally(node.optional, () => [
              { path: [...pathOf(target, 'access element of'), bounds], value: indexValue(target.value, bounds) },
            ]);
          }
        }
      }
      return;
    case 'iterate':
      for (const target of evaluatePaths(node.target, current, input, env)) {
        if (node.optional && !Array.isArray(target.value) && typeOf(target.value) !== 'object') continue;
        const base = pathOf(target, 'iterate through');
        if (Array.isArray(target.value)) {
          for (let at = 0; at < target.value.length; at += 1) {
            yield { path: [...base, at], value: target.value[at] };
          }
        } else if (typeOf(target.value) === 'object') {
          for (const key of Object.keys(target.value as JqObject)) {
            yield { path: [...base, key], value: (target.value as JqObject)[key] };
          }
        } else if (target.value !== null) fail(`Cannot iterate over ${describeValue(target.value)}`);
      }
      return;
    case 'pipe':
      for (const left of evaluatePaths(node.left, current, input, env)) {
        yield* evaluatePaths(node.right, left, left.value, env);
      }
      return;
    case 'comma':
      yield* evaluatePaths(node.left, current, input, env);
      yield* evaluatePaths(node.right, current, input, env);
      return;
    case 'if':
      for (const cond of evaluate(node.cond, input, env)) {
        if (isTruthy(cond)) yield* evaluatePaths(node.then, current, input, env);
        else if (node.otherwise) yield* evaluatePaths(node.otherwise, current, input, env);
        else yield current;
      }
      return;
    case 'alternative': {
      let any = false;
      for (const found of evaluatePaths(node.left, current, input, env)) {
        if (isTruthy(found.value)) {
          any = true;
          yield found;
        }
      }
      if (!any) yield* evaluatePaths(node.right, current, input, env);
      return;
    }
    case 'try':
      try {
        yield* evaluatePaths(node.body, current, input, env);
      } catch (error) {
        if (!(error instanceof JqRuntimeError)) throw error;
        if (node.handler) for (const value of evaluate(node.handler, error.value, env)) yield computed(current, value);
      }
      return;
    case 'bind':
      for (const value of evaluate(node.source, input, env)) {
        for (const bound of destructure(node.patterns[0]!, value, input, env)) {
          yield* evaluatePaths(node.body, current, input, bound);
        }
      }
      return;
    case 'reduce':
      for (const init of evaluatePaths(node.init, current, input, env)) {
        let state = init;
        for (const item of evaluate(node.source, input, env)) {
          for (const bound of destructure(node.pattern, item, input, env)) {
            let last: PathValue = { path: state.path, value: null };
            for (const next of evaluatePaths(node.update, state, state.value, bound)) last = next;
            state = last;
          }
        }
        yield state;
      }
      return;
    case 'def': {
      const closure: Closure = { params: node.params, body: node.body, env };
      const inner: Env = { ...env, funcs: { key: `${node.name}/${node.params.length}`, closure, next: env.funcs } };
      closure.env = inner;
      yield* evaluatePaths(node.rest, current, input, inner);
      return;
    }
    case 'label': {
      const token = {};
      try {
        yield* evaluatePaths(node.body, current, input, {
          ...env,
          labels: { name: node.name, token, next: env.labels },
        });
      } catch (signal) {
        if (!(signal instanceof BreakSignal) || signal.label !== token) throw signal;
      }
      return;
    }
    case 'break':
      for (const value of evaluate(node, input, env)) yield computed(current, value);
      return;
    case 'call':
      yield* callPaths(node.name, node.args, current, env, node.at);
      return;
    default:
      break;
  }
  for (const value of evaluate(node, input, env)) yield computed(current, value);
}

export function* callPaths(name: string, args: Node[], current: PathValue, env: Env, at: number): Generator<PathValue> {
  const key = `${name}/${args.length}`;
  const closure = lookupFunc(env, key);
  if (closure) {
    for (const bound of bindArguments(closure, args, env, current.value)) {
      yield* evaluatePaths(closure.body, current, current.value, bound);
    }
    return;
  }
  const native = nativePaths.get(key);
  if (native) {
    yield* native(current, args, env);
    return;
  }
  if (!natives.has(key)) fail(`${key} is not defined`);
  for (const value of natives.get(key)!(current.value, args, env, at)) yield computed(current, value);
}

/** `path(f)` as a native: runs `f` in path mode from the current value. */
export function* pathsOf(node: Node, input: unknown, env: Env): Generator<Path> {
  for (const found of evaluatePaths(node, { path: [], value: input }, input, env)) {
    if (!found.path) fail(`Invalid path expression with result ${truncateText(toJson(found.value) ?? 'null')}`);
    yield found.path;
  }
}

let assignImpl: (op: string, left: Node, right: Node, input: unknown, env: Env) => Iterable<unknown> = () =>
  fail('assignments are not loaded');
export function setAssign(apply: typeof assignImpl): void {
  assignImpl = apply;
}
function assign(op: string, left: Node, right: Node, input: unknown, env: Env): Iterable<unknown> {
  return assignImpl(op, left, right, input, env);
}
