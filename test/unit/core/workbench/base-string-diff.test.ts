import { describe, expect, it } from 'vitest';
import { percentEncode } from '../../../../src/core/oauth1/percent-encode.ts';
import { compareBaseStrings } from '../../../../src/core/workbench/base-string-diff.ts';

function baseString(method: string, uri: string, params: [string, string][]): string {
  const normalized = params.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');
  return `${method}&${percentEncode(uri)}&${percentEncode(normalized)}`;
}

const params: [string, string][] = [
  ['a', 'x y'],
  ['oauth_consumer_key', 'keyhole-sandbox'],
  ['oauth_nonce', 'n1'],
  ['oauth_timestamp', '1700000000'],
];
const ours = baseString('GET', 'http://127.0.0.1:8780/v2/self', params);

describe('compareBaseStrings', () => {
  it('finds nothing between identical strings', () => {
    expect(compareBaseStrings(ours, ` ${ours}\n`)).toEqual([]);
  });

  it('names the method, URI and parameter that differ', () => {
    const theirs = baseString('get', 'http://127.0.0.1:8780/v2/self/', [
      ['a', 'x+y'],
      ['oauth_consumer_key', 'keyhole-sandbox'],
      ['oauth_nonce', 'n2'],
      ['oauth_timestamp', '1700000000'],
      ['oauth_version', '1.0'],
    ]);
    expect(compareBaseStrings(ours, theirs)).toEqual([
      { kind: 'method', ours: 'GET', theirs: 'get' },
      { kind: 'uri', ours: 'http://127.0.0.1:8780/v2/self', theirs: 'http://127.0.0.1:8780/v2/self/' },
      { kind: 'value', key: 'a', ours: 'x%20y', theirs: 'x%2By' },
      { kind: 'value', key: 'oauth_nonce', ours: 'n1', theirs: 'n2' },
      { kind: 'extra', key: 'oauth_version', value: '1.0' },
    ]);
  });

  it('reports missing parameters, wrong order and malformed input', () => {
    expect(compareBaseStrings(ours, baseString('GET', 'http://127.0.0.1:8780/v2/self', params.slice(1)))).toEqual([
      { kind: 'missing', key: 'a', value: 'x%20y' },
    ]);
    const reordered = baseString('GET', 'http://127.0.0.1:8780/v2/self', [...params].reverse());
    expect(compareBaseStrings(ours, reordered)).toEqual([{ kind: 'order', message: expect.stringMatching(/sort/) }]);
    expect(compareBaseStrings(ours, 'GET /v2/self')[0]?.kind).toBe('malformed');
  });
});
