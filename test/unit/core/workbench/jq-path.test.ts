import { describe, expect, it } from 'vitest';
import { runJqFilter } from '../../../../src/core/workbench/jq-filter.ts';
import { jqPathOfKeys, jqPathOfPointer } from '../../../../src/core/workbench/jq-path.ts';

describe('jqPathOfPointer', () => {
  const value = { items: [{ name: 'a', 'content-type': 'x', '0': 'zero' }], 'a/b': { '~': 1 } };

  it('writes identifiers with dots, indexes in brackets and other keys quoted', () => {
    expect(jqPathOfPointer(value, '')).toBe('.');
    expect(jqPathOfPointer(value, '/items')).toBe('.items');
    expect(jqPathOfPointer(value, '/items/0/name')).toBe('.items[0].name');
    expect(jqPathOfPointer(value, '/items/0/content-type')).toBe('.items[0]["content-type"]');
    expect(jqPathOfPointer(value, '/items/0/0')).toBe('.items[0]["0"]');
    expect(jqPathOfPointer(value, '/a~1b/~0')).toBe('.["a/b"]["~"]');
    expect(jqPathOfKeys([2, 'x'])).toBe('.[2].x');
  });

  it('gives paths the filter reads back to the same node', () => {
    for (const pointer of ['/items/0/name', '/items/0/content-type', '/items/0/0', '/a~1b/~0']) {
      const path = jqPathOfPointer(value, pointer);
      const result = runJqFilter(path, value);
      const expected = pointer
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (node, token) => (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')],
          value,
        );
      expect(result).toEqual({ ok: true, values: [expected] });
    }
  });
});
