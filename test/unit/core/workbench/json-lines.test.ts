import { describe, expect, it } from 'vitest';
import {
  ancestorPointers,
  collapseRow,
  createJsonSearch,
  expandRow,
  findInJson,
  flattenJson,
  flattenJsonInSteps,
  pointersToDepth,
  previewJson,
  subtreeEnd,
  unescapePointerToken,
} from '../../../../src/core/workbench/json-lines.ts';

const sample = { a: 1, 'b/c~d': { x: [true, null, 'text'] }, e: [] };

/** About 5 MB of JSON shaped like an application list. */
function generateLargeBody(targetBytes: number) {
  const items = [];
  let size = 2;
  for (let index = 0; size < targetBytes; index += 1) {
    const item = {
      id: `app_${index.toString(16).padStart(8, '0')}`,
      name: `application number ${index}`,
      state: index % 3 === 0 ? 'SHOULD_BE_UP' : 'SHOULD_BE_DOWN',
      instance: { type: 'node', variant: { slug: 'node', deployType: 'node' }, minInstances: 1, maxInstances: 4 },
      vhosts: [{ fqdn: `app-${index}.sandbox.keyhole.test` }],
      env: [{ name: 'PORT', value: '8080' }],
      creationDate: 1_700_000_000_000 + index,
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return items;
}

describe('flattenJson', () => {
  it('shows only the root when nothing is expanded', () => {
    const rows = flattenJson(sample, new Set());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: '', depth: 0, key: null, kind: 'object', size: 3, expanded: false });
  });

  it('lists expanded nodes depth-first with escaped JSON Pointers', () => {
    const rows = flattenJson(sample, new Set(['', '/b~1c~0d', '/b~1c~0d/x']));
    expect(rows.map((row) => [row.id, row.depth, row.kind])).toEqual([
      ['', 0, 'object'],
      ['/a', 1, 'number'],
      ['/b~1c~0d', 1, 'object'],
      ['/b~1c~0d/x', 2, 'array'],
      ['/b~1c~0d/x/0', 3, 'boolean'],
      ['/b~1c~0d/x/1', 3, 'null'],
      ['/b~1c~0d/x/2', 3, 'string'],
      ['/e', 1, 'array'],
    ]);
    expect(unescapePointerToken('b~1c~0d')).toBe('b/c~d');
    // An empty container is never "expanded": it has nothing to show.
    expect(flattenJson(sample, new Set(['', '/e'])).find((row) => row.id === '/e')?.expanded).toBe(false);
  });

  it('expands and collapses in place, restoring previously expanded descendants', () => {
    const expanded = new Set(['', '/b~1c~0d/x']);
    let rows = flattenJson(sample, expanded);
    expect(rows).toHaveLength(4);
    const index = rows.findIndex((row) => row.id === '/b~1c~0d');
    rows = expandRow(rows, index, expanded);
    expect(rows.map((row) => row.id)).toEqual(
      flattenJson(sample, new Set([...expanded, '/b~1c~0d'])).map((row) => row.id),
    );
    expect(subtreeEnd(rows, index)).toBe(index + 5);
    rows = collapseRow(rows, index);
    expect(rows.map((row) => row.id)).toEqual(['', '/a', '/b~1c~0d', '/e']);
    // Toggling a scalar or an already open node changes nothing.
    expect(expandRow(rows, 1, expanded)).toBe(rows);
    expect(collapseRow(rows, 1)).toBe(rows);
  });

  it('handles a 5 MB body: parse once, lazy rows, bounded expansion, search', () => {
    const text = JSON.stringify(generateLargeBody(5_000_000));
    expect(text.length).toBeGreaterThanOrEqual(5_000_000);
    const value = JSON.parse(text) as unknown[];

    let rows = flattenJson(value, new Set());
    rows = expandRow(rows, 0, new Set());
    expect(rows.length).toBe(value.length + 1);

    const deep = pointersToDepth(value, 10, 200_000);
    const deepRows = flattenJson(value, deep);
    expect(deepRows.length).toBeLessThanOrEqual(200_000);
    expect(deepRows.length).toBeGreaterThan(value.length);

    const hits = findInJson(value, 'app-12345.sandbox', 10);
    expect(hits).toEqual(['/12345/vhosts/0/fqdn']);
    // How fast is measured against limits by npm run bench (the 5 MB tree), not asserted here.
  });
});

describe('flattenJsonInSteps', () => {
  it('builds the same rows as flattenJson, a few at a time, stopping in the middle of a sibling list', () => {
    const value = { items: Array.from({ length: 50 }, (_, index) => ({ id: index, tags: ['a', { b: index }] })), n: 1 };
    const expanded = new Set(['', '/items', '/items/3', '/items/3/tags', '/items/3/tags/1', '/items/49']);
    const walk = flattenJsonInSteps(value, expanded);
    let steps = 0;
    while (!walk.step(7)) {
      steps += 1;
      expect(walk.rows.length).toBe(1 + steps * 7);
    }
    expect(steps).toBeGreaterThan(5);
    expect(walk.rows).toEqual(flattenJson(value, expanded));
    expect(walk.rows.map((row) => row.id).slice(0, 8)).toEqual([
      '',
      '/items',
      '/items/0',
      '/items/1',
      '/items/2',
      '/items/3',
      '/items/3/id',
      '/items/3/tags',
    ]);
  });

  it('asks the expanded set once per open container, and not per row when only the root is open', () => {
    // Chromium's V8 puts every string looked up in a Set into its string table: one lookup per row of a 255 MB body
    // grew that table by 350 000 pointers and stalled a step while it rehashed (bench/huge-body.ts).
    class CountingSet extends Set<string> {
      asked: string[] = [];
      override has(pointer: string): boolean {
        this.asked.push(pointer);
        return super.has(pointer);
      }
    }
    const value = Array.from({ length: 1000 }, (_, index) => ({ id: index, tags: ['a', 'b'] }));
    const rootOnly = new CountingSet(['']);
    const walk = flattenJsonInSteps(value, rootOnly);
    while (!walk.step(100));
    expect(walk.rows).toHaveLength(1001);
    expect(walk.rows.every((row, index) => index === 0 || !row.expanded)).toBe(true);
    expect(rootOnly.asked).toEqual(['']);

    // One row open below the root: containers are looked up (it must be found), scalars never are.
    const deeper = new CountingSet(['', '/7', '/7/tags']);
    const rows = flattenJson(value, deeper);
    expect(rows).toHaveLength(1 + 1000 + 2 + 2);
    expect(rows.filter((row) => row.expanded).map((row) => row.id)).toEqual(['', '/7', '/7/tags']);
    expect(deeper.asked.filter((pointer) => pointer.endsWith('/id') || /\/tags\/\d$/.test(pointer))).toEqual([]);
    // A pointer whose parent is closed opens nothing, as before.
    expect(
      flattenJson(value, new Set(['', '/3/tags']))
        .filter((row) => row.expanded)
        .map((row) => row.id),
    ).toEqual(['']);
  });

  it('is done at once for a closed root or a scalar', () => {
    expect(flattenJsonInSteps([1, 2], new Set()).step(1)).toBe(true);
    expect(flattenJsonInSteps(5, new Set([''])).rows).toHaveLength(1);
  });
});

describe('pointersToDepth', () => {
  it('expands level by level and stops before the row budget', () => {
    expect([...pointersToDepth(sample, 1)]).toEqual(['']);
    expect([...pointersToDepth(sample, 3)].sort()).toEqual(['', '/b~1c~0d', '/b~1c~0d/x']);
    const wide = Array.from({ length: 10 }, () => [1, 2, 3]);
    // 1 + 10 rows for the root, then three children of 3 rows fit in 20; the fourth would not.
    expect([...pointersToDepth(wide, 2, 20)]).toEqual(['', '/0', '/1', '/2']);
  });
});

describe('findInJson and ancestors', () => {
  it('finds keys and scalar values case-insensitively, in document order', () => {
    expect(findInJson(sample, 'TEXT')).toEqual(['/b~1c~0d/x/2']);
    expect(findInJson(sample, 'b/c')).toEqual(['/b~1c~0d']);
    expect(findInJson({ a: 'x', b: { a: 'y' } }, 'a')).toEqual(['/a', '/b/a']);
    expect(findInJson(sample, '')).toEqual([]);
  });

  it('lists ancestors outermost first', () => {
    expect(ancestorPointers('/a/0/b')).toEqual(['', '/a', '/a/0']);
    expect(ancestorPointers('')).toEqual([]);
  });
});

describe('previewJson', () => {
  it('summarises containers and cuts long ones', () => {
    expect(previewJson({ id: 'a', n: 2, o: {}, l: [] })).toBe('{id: "a", n: 2, o: {…}, l: […]}');
    expect(previewJson([1, 'two', null])).toBe('[1, "two", null]');
    const long = previewJson(
      Array.from({ length: 100_000 }, (_, index) => index),
      30,
    );
    expect(long.length).toBeLessThanOrEqual(34);
    expect(long.endsWith('…]')).toBe(true);
    expect(previewJson('x'.repeat(200), 20)).toHaveLength(20);
  });
});

describe('createJsonSearch', () => {
  it('gives the same matches in steps as in one go, and stops at the limit', () => {
    const value = {
      list: Array.from({ length: 300 }, (_, index) => ({ name: `n${index}`, tags: ['x', `t${index % 7}`] })),
    };
    const whole = findInJson(value, 't3');
    expect(whole.length).toBeGreaterThan(40);
    const search = createJsonSearch(value, 't3');
    let steps = 0;
    while (!search.step(50)) steps += 1;
    expect(steps).toBeGreaterThan(10);
    expect(search.found).toEqual(whole);
    const limited = createJsonSearch(value, 't3', 3);
    while (!limited.step(10));
    expect(limited.found).toEqual(whole.slice(0, 3));
    expect(createJsonSearch(value, '').done).toBe(true);
    const scalar = createJsonSearch('Hello', 'ell');
    expect(scalar.found).toEqual(['']);
  });
});

describe('deeply nested values', () => {
  it('lists the rows of a chain 3,000 deep opened all the way, without recursing', () => {
    let value: unknown = 'leaf';
    for (let at = 0; at < 3000; at += 1) value = [value];
    const rows = flattenJson(value, pointersToDepth(value, Number.POSITIVE_INFINITY));
    expect(rows).toHaveLength(3001);
    expect(rows[3000]).toMatchObject({ depth: 3000, value: 'leaf' });
  });
});
