import { describe, expect, it } from 'vitest';
import { mapSegmentParams } from '../../../../src/core/workbench/segment-params.ts';

/** Every parameter a path holds, as [decoded name, raw value], in order. */
function paramsOf(path: string): [string, string][] {
  const seen: [string, string][] = [];
  mapSegmentParams(path, (name, value) => {
    seen.push([name, value]);
    return value;
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
    expect(paramsOf('/v2/x%3btoken%3dabc%3Bb=1')).toEqual([
      ['token', 'abc'],
      ['b', '1'],
    ]);
    expect(paramsOf('/v2/x%253Btoken%253Dabc')).toEqual([['token', 'abc']]);
    expect(paramsOf('/v2/x;access%5Ftoken=abc;%2561ccess_token=def')).toEqual([
      ['access_token', 'abc'],
      ['access_token', 'def'],
    ]);
    // An escape that is not UTF-8 stays as written, the rest of the name decoded.
    expect(paramsOf('/v2/x;%FF%5Fa=1')).toEqual([['%FF_a', '1']]);
  });

  it('rewrites values only: the rest of the path is kept byte for byte', () => {
    const path = '/v2/a;x=1%3By%3D2;z/b;%74oken=3';
    expect(mapSegmentParams(path, (name) => `<${name}>`)).toBe('/v2/a;x=<x>%3By%3D<y>;z/b;%74oken=<token>');
    expect(mapSegmentParams(path, (_name, value) => value)).toBe(path);
  });

  it('reads a long hostile segment in one pass', () => {
    const path = `/v2/${';a%253D'.repeat(200_000)}`;
    expect(paramsOf(path)).toHaveLength(200_000);
  });
});
