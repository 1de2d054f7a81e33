/**
 * A node's place in a JSON value written as a jq path (`.items[0].name`, `.["content-type"]`), the syntax of the
 * panel's filter (jq-filter.ts): a copied path pasted into the filter selects that node.
 */
import { unescapePointerToken } from './json-lines.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One step of a jq path: `.name` for identifier keys, `["any key"]` otherwise, `[3]` for array indexes. */
export function jqStep(key: string | number, first: boolean): string {
  if (typeof key === 'number') return `${first ? '.' : ''}[${key}]`;
  if (IDENTIFIER.test(key)) return `.${key}`;
  return `${first ? '.' : ''}[${JSON.stringify(key)}]`;
}

/** The jq path of a list of keys (numbers for array indexes); `.` for the root. */
export function jqPathOfKeys(keys: readonly (string | number)[]): string {
  if (keys.length === 0) return '.';
  return keys.map((key, at) => jqStep(key, at === 0)).join('');
}

/**
 * The jq path of a JSON Pointer in `value` (the tree identifies rows by pointer). A token is an array index
 * only where the value at that point is an array: an object key "0" stays `.["0"]`.
 */
export function jqPathOfPointer(value: unknown, pointer: string): string {
  if (pointer === '') return '.';
  const keys: (string | number)[] = [];
  let current = value;
  for (const token of pointer.split('/').slice(1)) {
    const key = unescapePointerToken(token);
    if (Array.isArray(current)) {
      keys.push(Number(key));
      current = current[Number(key)];
    } else {
      keys.push(key);
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
    }
  }
  return jqPathOfKeys(keys);
}
