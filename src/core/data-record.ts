/**
 * Records keyed by names a user, an import or a server chose (variables, path values, contexts, JSON keys). A
 * plain object answers `constructor`, `toString` or `__proto__` from its prototype, and assigning `__proto__`
 * replaces the prototype instead of storing a value. These read own keys only, and write into objects without
 * a prototype, so every name is data.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A record without a prototype, holding copies of `from`'s own entries. */
export function dataRecord<T>(from?: Readonly<Record<string, T>> | Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  if (from === undefined) return record;
  const entries = Symbol.iterator in from ? from : Object.entries(from);
  for (const [key, value] of entries as Iterable<readonly [string, T]>) record[key] = value;
  return record;
}
