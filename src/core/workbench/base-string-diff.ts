/**
 * Compares an integrator's OAuth base string with the one Keyhole signed, part by part (method, URI, each
 * parameter), so the signature debugger can say *what* differs instead of "signature invalid".
 */
export type BaseStringDifference =
  | { kind: 'malformed'; message: string }
  | { kind: 'method'; ours: string; theirs: string }
  | { kind: 'uri'; ours: string; theirs: string }
  | { kind: 'missing'; key: string; value: string }
  | { kind: 'extra'; key: string; value: string }
  | { kind: 'value'; key: string; ours: string; theirs: string }
  | { kind: 'order'; message: string };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function split(baseString: string): { method: string; uri: string; params: [string, string][] } | undefined {
  const parts = baseString.trim().split('&');
  if (parts.length !== 3) return undefined;
  const [method, uri, params] = parts as [string, string, string];
  const pairs = decode(params)
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
  return { method, uri: decode(uri), params: pairs };
}

/** Differences from ours to theirs; an empty list means the base strings are identical. */
export function compareBaseStrings(ours: string, theirs: string): BaseStringDifference[] {
  if (ours.trim() === theirs.trim()) return [];
  const a = split(ours);
  const b = split(theirs);
  if (!a) return [{ kind: 'malformed', message: 'Keyhole’s base string could not be split.' }];
  if (!b)
    return [
      {
        kind: 'malformed',
        message: 'A base string has three parts joined by “&”: METHOD&encoded-URL&encoded-parameters. Yours does not.',
      },
    ];
  const differences: BaseStringDifference[] = [];
  if (a.method !== b.method) differences.push({ kind: 'method', ours: a.method, theirs: b.method });
  if (a.uri !== b.uri) differences.push({ kind: 'uri', ours: a.uri, theirs: b.uri });
  const theirsByKey = new Map<string, string[]>();
  for (const [key, value] of b.params) theirsByKey.set(key, [...(theirsByKey.get(key) ?? []), value]);
  const oursByKey = new Map<string, string[]>();
  for (const [key, value] of a.params) oursByKey.set(key, [...(oursByKey.get(key) ?? []), value]);
  for (const [key, values] of oursByKey) {
    const other = theirsByKey.get(key);
    if (!other) {
      for (const value of values) differences.push({ kind: 'missing', key, value });
      continue;
    }
    // The nonce and timestamp always differ between two signings; say so only if the rest matches.
    values.forEach((value, index) => {
      const theirsValue = other[index];
      if (theirsValue === undefined) differences.push({ kind: 'missing', key, value });
      else if (theirsValue !== value) differences.push({ kind: 'value', key, ours: value, theirs: theirsValue });
    });
    for (const extra of other.slice(values.length)) differences.push({ kind: 'extra', key, value: extra });
  }
  for (const [key, values] of theirsByKey)
    if (!oursByKey.has(key)) for (const value of values) differences.push({ kind: 'extra', key, value });
  if (differences.length === 0) {
    const sorted = [...b.params].sort(([k1, v1], [k2, v2]) =>
      k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0,
    );
    const inOrder = sorted.every(
      ([key, value], index) => b.params[index]?.[0] === key && b.params[index]?.[1] === value,
    );
    differences.push({
      kind: 'order',
      message: inOrder
        ? "Same parts, different encoding: compare the percent-encoding (uppercase hex, %20 for spaces, !'()* encoded)."
        : 'Same parameters in another order: sort them by encoded name, then by value.',
    });
  }
  return differences;
}
