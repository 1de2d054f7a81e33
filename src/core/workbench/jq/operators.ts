/**
 * jq's arithmetic (`+ - * / %` on every pair of types it accepts, with its messages) and updates (`|=`, `=`,
 * `+=`…, by the paths of the left-hand side). Paths and updates are iterative over the path, never recursive over
 * the value.
 */

import {
  type Env,
  evaluate,
  fail,
  indexValue,
  type Path,
  pathsOf,
  setAssign,
  setBinary,
  sliceValue,
  spendWork,
} from './evaluate.ts';
import type { Node } from './parser.ts';
import { compareValues, describeValue, equalValues, type JqObject, newObject, setOwn, typeOf } from './values.ts';

/**
 * The longest string a filter may build (jq has no such limit; a panel has a memory): 16 M characters. Longer
 * texts in a response body are read as they are, only strings made by `+` and `*` are capped.
 */
const MAX_STRING_CHARS = 16 * 1024 * 1024;

function deepMerge(left: JqObject, right: JqObject): JqObject {
  const merged = { ...left };
  for (const key of Object.keys(right)) {
    const a = Object.hasOwn(merged, key) ? merged[key] : undefined;
    const b = right[key];
    setOwn(merged, key, typeOf(a) === 'object' && typeOf(b) === 'object' ? deepMerge(a as JqObject, b as JqObject) : b);
  }
  return merged;
}

function arithmetic(op: string, left: unknown, right: unknown): unknown {
  const lt = typeOf(left);
  const rt = typeOf(right);
  const refuse = (verb: string): never => fail(`${describeValue(left)} and ${describeValue(right)} cannot be ${verb}`);
  switch (op) {
    case '+':
      if (lt === 'null') return right;
      if (rt === 'null') return left;
      if (lt === 'number' && rt === 'number') return (left as number) + (right as number);
      if (lt === 'string' && rt === 'string') {
        // `reduce range(27) as $i ("x"; . + .)` doubles a string 27 times in 27 steps: capped like `*`.
        if ((left as string).length + (right as string).length > MAX_STRING_CHARS) fail('String result too long');
        return (left as string) + (right as string);
      }
      if (lt === 'array' && rt === 'array') {
        // Copying is the work here (`. + .` doubles an array per step): charged per 8 items copied.
        spendWork(Math.ceil(((left as unknown[]).length + (right as unknown[]).length) / 8));
        return [...(left as unknown[]), ...(right as unknown[])];
      }
      if (lt === 'object' && rt === 'object') {
        const merged = { ...(left as JqObject) };
        for (const key of Object.keys(right as JqObject)) setOwn(merged, key, (right as JqObject)[key]);
        return merged;
      }
      return refuse('added');
    case '-':
      if (lt === 'number' && rt === 'number') return (left as number) - (right as number);
      if (lt === 'array' && rt === 'array') {
        return (left as unknown[]).filter((item) => !(right as unknown[]).some((other) => equalValues(item, other)));
      }
      return refuse('subtracted');
    case '*':
      if (lt === 'number' && rt === 'number') return (left as number) * (right as number);
      if ((lt === 'string' && rt === 'number') || (lt === 'number' && rt === 'string')) {
        const [text, times] = lt === 'string' ? [left as string, right as number] : [right as string, left as number];
        if (times < 0 || Number.isNaN(times)) return null;
        const count = Math.floor(times);
        if (text.length * count > MAX_STRING_CHARS) fail('Repeat string result too long');
        spendWork(Math.ceil((text.length * count) / 1000));
        return text.repeat(count);
      }
      if (lt === 'object' && rt === 'object') return deepMerge(left as JqObject, right as JqObject);
      return refuse('multiplied');
    case '/':
      if (lt === 'number' && rt === 'number') {
        if (right === 0)
          fail(`${describeValue(left)} and ${describeValue(right)} cannot be divided because the divisor is zero`);
        return (left as number) / (right as number);
      }
      if (lt === 'string' && rt === 'string') return splitString(left as string, right as string);
      return refuse('divided');
    case '%':
      if (lt === 'number' && rt === 'number') {
        const divisor = Math.trunc(right as number);
        if (divisor === 0 || Number.isNaN(right as number)) {
          fail(
            `${describeValue(left)} and ${describeValue(right)} cannot be divided (remainder) because the divisor is zero`,
          );
        }
        const result = Math.trunc(left as number) % Math.abs(divisor);
        return result === 0 ? 0 : result;
      }
      return refuse('divided');
    default:
      return fail(`Unknown operator ${op}`);
  }
}

export function splitString(text: string, separator: string): string[] {
  if (text === '') return [];
  if (separator === '') return [...text];
  return text.split(separator);
}

setBinary(arithmetic);

/** The value at a path, jq's `getpath`: null where the path runs past what exists. */
export function getPath(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (current === null) return null;
    current = indexValue(current, key);
  }
  return current;
}

/** A copy of `value` with `path` set to `replacement` (jq's `setpath`), creating what is missing. */
export function setPath(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  // Copy each container along the path, then set from the deepest one back up.
  const containers: unknown[] = [value];
  for (let at = 0; at < path.length - 1; at += 1) {
    const current = containers[at];
    containers.push(current === null ? null : indexValue(current, path[at]));
  }
  let result = replacement;
  for (let at = path.length - 1; at >= 0; at -= 1) result = setKey(containers[at], path[at]!, result);
  return result;
}

function setKey(container: unknown, key: Path[number], value: unknown): unknown {
  const kind = typeOf(container);
  if (typeof key === 'string') {
    if (kind !== 'object' && kind !== 'null') fail(`Cannot index ${kind} with "${key}"`);
    const copy = kind === 'null' ? newObject() : { ...(container as JqObject) };
    setOwn(copy, key, value);
    return copy;
  }
  if (typeof key === 'number') {
    if (kind !== 'array' && kind !== 'null') fail(`Cannot index ${kind} with number`);
    const copy = kind === 'null' ? [] : [...(container as unknown[])];
    let at = Math.floor(key);
    if (at < 0) {
      at += copy.length;
      if (at < 0) fail('Out of bounds negative array index');
    }
    if (at > 100_000_000) fail('Array index too large');
    while (copy.length < at) copy.push(null);
    copy[at] = value;
    return copy;
  }
  if (key !== null && typeOf(key) === 'object') {
    if (kind !== 'array' && kind !== 'null') fail(`Cannot update field at object index of ${kind}`);
    const array = kind === 'null' ? [] : (container as unknown[]);
    if (!Array.isArray(value)) fail('A slice of an array can only be assigned another array');
    const bounds = key as JqObject;
    const slice = sliceValue(array, bounds.start ?? null, bounds.end ?? null) as unknown[];
    const start = Math.max(
      0,
      bounds.start === null || bounds.start === undefined
        ? 0
        : Math.floor(bounds.start as number) + ((bounds.start as number) < 0 ? array.length : 0),
    );
    const copy = [...array];
    copy.splice(Math.min(start, array.length), slice.length, ...value);
    return copy;
  }
  return fail(`Invalid path component ${typeOf(key)}`);
}

/** Deletes every path (jq's `delpaths`): sorted in jq's order and deleted from the last, so none shifts another. */
export function deletePaths(value: unknown, paths: Path[]): unknown {
  // Negative indices and slices are read against the value before any deletion, as jq does.
  const sorted = paths
    .map((path) => resolvePath(value, path))
    .sort(compareValues)
    .reverse();
  let result = value;
  for (const path of sorted) result = deletePath(result, path);
  return result;
}

function resolvePath(value: unknown, path: Path): Path {
  const resolved: Path = [];
  let current = value;
  for (const key of path) {
    let component = key;
    if (Array.isArray(current)) {
      if (typeof key === 'number' && key < 0) component = key + current.length;
      else if (key !== null && typeOf(key) === 'object') {
        const bounds = key as JqObject;
        const slice = sliceValue(current, bounds.start ?? null, bounds.end ?? null) as unknown[];
        const rawStart = bounds.start === null || bounds.start === undefined ? 0 : Math.floor(bounds.start as number);
        const start = Math.min(current.length, Math.max(0, rawStart < 0 ? rawStart + current.length : rawStart));
        const normalised = newObject();
        setOwn(normalised, 'start', start);
        setOwn(normalised, 'end', start + slice.length);
        component = normalised;
      }
    }
    resolved.push(component);
    current = current === null || current === undefined ? null : safeIndex(current, component);
  }
  return resolved;
}

function safeIndex(value: unknown, key: Path[number]): unknown {
  try {
    return indexValue(value, key);
  } catch {
    return null;
  }
}

function deletePath(value: unknown, path: Path): unknown {
  if (path.length === 0) return null;
  const parentPath = path.slice(0, -1);
  const parent = getPath(value, parentPath);
  if (parent === null) return value;
  const key = path[path.length - 1]!;
  let updated: unknown;
  if (typeof key === 'string') {
    if (typeOf(parent) !== 'object') fail(`Cannot delete field at object index of ${typeOf(parent)}`);
    updated = { ...(parent as JqObject) };
    delete (updated as JqObject)[key];
  } else if (typeof key === 'number') {
    if (!Array.isArray(parent)) fail(`Cannot delete field at index of ${typeOf(parent)}`);
    let at = Math.floor(key);
    if (at < 0) at += parent.length;
    if (at < 0 || at >= parent.length) return value;
    updated = [...parent.slice(0, at), ...parent.slice(at + 1)];
  } else if (key !== null && typeOf(key) === 'object' && Array.isArray(parent)) {
    const bounds = key as JqObject;
    const slice = sliceValue(parent, bounds.start ?? null, bounds.end ?? null) as unknown[];
    const rawStart = bounds.start === null || bounds.start === undefined ? 0 : Math.floor(bounds.start as number);
    const start = Math.max(0, rawStart < 0 ? rawStart + parent.length : rawStart);
    updated = [...parent.slice(0, start), ...parent.slice(start + slice.length)];
  } else {
    return fail(`Invalid path component ${typeOf(key)}`);
  }
  return setPath(value, parentPath, updated);
}

/** `lhs |= f`: each path's value replaced by the first output of `f`, or deleted when `f` outputs nothing. */
export function modify(input: unknown, paths: Iterable<Path>, update: (value: unknown) => Iterator<unknown>): unknown {
  let result = input;
  const deleted: Path[] = [];
  for (const path of paths) {
    const next = update(getPath(result, path)).next();
    if (next.done) deleted.push(path);
    else result = setPath(result, path, next.value);
  }
  return deleted.length > 0 ? deletePaths(result, deleted) : result;
}

function* assign(op: string, left: Node, right: Node, input: unknown, env: Env): Generator<unknown> {
  if (op === '|=') {
    yield modify(input, pathsOf(left, input, env), (value) => evaluate(right, value, env));
    return;
  }
  for (const value of evaluate(right, input, env)) {
    if (op === '=') {
      let result = input;
      for (const path of pathsOf(left, input, env)) result = setPath(result, path, value);
      yield result;
    } else if (op === '//=') {
      yield modify(input, pathsOf(left, input, env), function* (current) {
        yield current === null || current === false ? value : current;
      });
    } else {
      const arithmeticOp = op.slice(0, -1);
      yield modify(input, pathsOf(left, input, env), function* (current) {
        yield arithmetic(arithmeticOp, current, value);
      });
    }
  }
}

setAssign(assign);
