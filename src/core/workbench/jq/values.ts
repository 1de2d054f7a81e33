import { spendWork } from './evaluate.ts';
/**
 * jq's values: type names, truth, its total order (null < false < true < numbers < strings < arrays < objects;
 * arrays element by element; objects by their sorted keys, then their values in key order) and JSON text. Objects
 * are read through own keys only, so a key named `__proto__` or `constructor` is data like any other.
 */

export type JqType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function typeOf(value: unknown): JqType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

export function isTruthy(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false;
}

export type JqObject = Record<string, unknown>;

export function ownValue(object: JqObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : null;
}

/** Sets a key as data: `__proto__` becomes an own property, never the prototype. */
export function setOwn(object: JqObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

export function newObject(): JqObject {
  return {};
}

const TYPE_RANK: Record<JqType, number> = { null: 0, boolean: 1, number: 3, string: 4, array: 5, object: 6 };

/** Strings compare by code point (jq compares their UTF-8 bytes), not by UTF-16 unit as `<` does in JavaScript. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at += 1) {
    const x = a.codePointAt(at)!;
    const y = b.codePointAt(at)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) at += 1;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

export function sortedKeys(object: JqObject): string[] {
  return Object.keys(object).sort(compareStrings);
}

/** jq's total order; iterative, so a deeply nested value cannot exhaust the stack. */
export function compareValues(a: unknown, b: unknown): number {
  const stack: [unknown, unknown][] = [[a, b]];
  // Pairs are compared in order: a pair deeper in the stack only matters when every pair above it is equal.
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    const tx = typeOf(x);
    const ty = typeOf(y);
    let rankX = TYPE_RANK[tx];
    let rankY = TYPE_RANK[ty];
    if (tx === 'boolean') rankX += x ? 1 : 0;
    if (ty === 'boolean') rankY += y ? 1 : 0;
    if (rankX !== rankY) return rankX < rankY ? -1 : 1;
    if (tx === 'number') {
      const nx = x as number;
      const ny = y as number;
      // jq sorts nan below every number.
      if (Number.isNaN(nx) || Number.isNaN(ny)) {
        if (Number.isNaN(nx) && Number.isNaN(ny)) continue;
        return Number.isNaN(nx) ? -1 : 1;
      }
      if (nx !== ny) return nx < ny ? -1 : 1;
    } else if (tx === 'string') {
      const order = compareStrings(x as string, y as string);
      if (order !== 0) return order;
    } else if (tx === 'array') {
      const ax = x as unknown[];
      const ay = y as unknown[];
      const pairs: [unknown, unknown][] = [];
      const length = Math.min(ax.length, ay.length);
      for (let at = 0; at < length; at += 1) pairs.push([ax[at], ay[at]]);
      if (ax.length !== ay.length) pairs.push([ax.length, ay.length]);
      for (let at = pairs.length - 1; at >= 0; at -= 1) stack.push(pairs[at]!);
    } else if (tx === 'object') {
      const ox = x as JqObject;
      const oy = y as JqObject;
      const kx = sortedKeys(ox);
      const ky = sortedKeys(oy);
      const pairs: [unknown, unknown][] = [[kx, ky]];
      for (const key of kx) pairs.push([ox[key], Object.hasOwn(oy, key) ? oy[key] : null]);
      for (let at = pairs.length - 1; at >= 0; at -= 1) stack.push(pairs[at]!);
    }
  }
  return 0;
}

export function equalValues(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** JSON text as jq prints it compactly (nan and infinities as jq does). */
export function toJson(value: unknown): string {
  // Each value written is work: `reduce range(30) as $i ({}; {a: ., b: .})` shares one object 2^30 times over.
  return JSON.stringify(value, (_key, item) => {
    spendWork();
    if (typeof item === 'number') {
      if (Number.isNaN(item)) return null;
      if (item === Number.POSITIVE_INFINITY) return 1.7976931348623157e308;
      if (item === Number.NEGATIVE_INFINITY) return -1.7976931348623157e308;
    }
    return item;
  });
}

/** How jq names a value in an error: its type and a short JSON excerpt. */
export function describeValue(value: unknown): string {
  const text = toJson(value) ?? 'null';
  return `${typeOf(value)} (${truncateText(text)})`;
}

const CLOSING: Record<string, string> = { '"': '"', '[': ']', '{': '}' };

/** jq cuts a value's JSON text in a message to fit 30 bytes: never inside a character, "..." and its closing mark. */
export function truncateText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= 29) return text;
  const closing = CLOSING[text[0]!] ?? '';
  let end = closing ? 25 : 26;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return `${new TextDecoder().decode(bytes.slice(0, end))}...${closing}`;
}
