import { describe, expect, it } from 'vitest';
import { mapSegmentParams } from '../../../../src/core/workbench/segment-params.ts';

/** Every parameter a path holds, as [decoded name, raw value], in order (none replaced). */
function paramsOf(path: string): [string, string][] {
  const seen: [string, string][] = [];
  mapSegmentParams(path, ({ name, value }) => {
    seen.push([name, value]);
    return undefined;
  });
  return seen;
}

describe('path segment parameters', () => {
  it('reads each name=value after a segment’s ;, in every segment, and nothing before the first ;', () => {
    expect(paramsOf('/v2/self;token=abc')).toEqual([['token', 'abc']]);
    expect(paramsOf('/v2/x;a=1;token=t2;b=/y;c=3/z')).toEqual([
      ['a', '1'],
      ['token', 't2'],
      ['b', ''],
      ['c', '3'],
    ]);
    // No `;`, or a `;` but no `=`: no parameter to read.
    expect(paramsOf('/v2/token=abc/x')).toEqual([]);
    expect(paramsOf('/v2/a;b;c/d;')).toEqual([]);
    // The value runs to the next ; or /, an `=` inside it included.
    expect(paramsOf('/v2/x;token=a=b&c/d')).toEqual([['token', 'a=b&c']]);
  });

  it('reads ; and = percent-encoded, once or more, and decodes the name as often as it is encoded', () => {
    expect(paramsOf('/v2/x%3Btoken%3Dabc')).toEqual([['token', 'abc']]);
    expect(paramsOf('/v2/x%253Btoken%253Dabc')).toEqual([['token', 'abc']]);
    expect(paramsOf('/v2/x;access%5Ftoken=abc;%2561ccess_token=def')).toEqual([
      ['access_token', 'abc'],
      ['access_token', 'def'],
    ]);
    // An escape that is not UTF-8 stays as written, the rest of the name decoded.
    expect(paramsOf('/v2/x;%FF%5Fa=1')).toEqual([['%FF_a', '1']]);
  });

  it('reads a value up to the next typed ;, and each parameter an encoded ; starts too', () => {
    // A server splitting on a typed `;` only reads `a=1%3Bb=2` as a's value; one decoding first reads b too.
    expect(paramsOf('/v2/x;a=1%3Bb=2%3bc%3D3;d=4')).toEqual([
      ['a', '1%3Bb=2%3bc%3D3'],
      ['b', '2%3bc%3D3'],
      ['c', '3'],
      ['d', '4'],
    ]);
  });

  it('puts a replacement for the whole value, encoded ; in it included, and keeps the rest byte for byte', () => {
    const path = '/v2/a;x=1%3By%3D2;z/b;%74oken=3;u=4';
    expect(mapSegmentParams(path, () => undefined)).toBe(path);
    expect(mapSegmentParams(path, ({ name }) => (name === 'y' ? '<y>' : undefined))).toBe(
      '/v2/a;x=1%3By%3D<y>;z/b;%74oken=3;u=4',
    );
    expect(mapSegmentParams(path, ({ name }) => `<${name}>`)).toBe('/v2/a;x=<x>;z/b;%74oken=<token>;u=<u>');
    // Replaced, a value's encoded parameters are not visited on their own.
    const visited: string[] = [];
    mapSegmentParams('/v2/x;password=a%3Bb%3Dc;d=e', ({ name }) => {
      visited.push(name);
      return name === 'password' ? '*' : undefined;
    });
    expect(visited).toEqual(['password', 'd']);
  });

  it('reads a long hostile segment in one pass, its parameters split by typed or encoded ;', () => {
    const typed = `/v2/${';a%253D1'.repeat(100_000)}`;
    const encoded = `/v2/x${'%3Ba=1'.repeat(100_000)}`;
    for (const path of [typed, encoded]) {
      let count = 0;
      mapSegmentParams(path, () => {
        count += 1;
        return undefined;
      });
      expect(count).toBe(100_000);
    }
    expect(mapSegmentParams(typed, () => '')).toBe(typed.replaceAll('1', ''));
    // The first value replaced runs to the segment's end: no typed `;` ends it.
    expect(mapSegmentParams(encoded, () => '')).toBe('/v2/x%3Ba=');
  });
});
