import { describe, expect, it } from 'vitest';
import { ancestorPointers, flattenJson, type JsonRow } from '../../../../src/core/workbench/json-lines.ts';
import { revealRow } from '../../../../src/core/workbench/json-reveal.ts';

const value = {
  items: [
    { id: 'a', tags: ['x', 'y'], owner: { name: 'n', roles: ['admin'] } },
    { id: 'b', tags: [], owner: { name: 'm', roles: ['dev', 'ops'] } },
  ],
  'a/b': { '~k': 1 },
  count: 2,
};

/** What the tree showed before: every row rebuilt with the ancestors added. */
function rebuilt(expanded: Set<string>, pointer: string): { rows: JsonRow[]; index: number } {
  const next = new Set(expanded);
  for (const ancestor of ancestorPointers(pointer)) next.add(ancestor);
  const rows = flattenJson(value, next);
  return { rows, index: rows.findIndex((row) => row.id === pointer) };
}

describe('revealRow', () => {
  const pointers = ['/items/1/owner/roles/1', '/items/0/tags/0', '/a~1b/~0k', '/count', '/items', ''];
  const starts = [[''], ['', '/items'], ['', '/items', '/items/1', '/items/0/owner'], []];

  it('gives the rows and index a rebuild of every row gives, from any opened state', () => {
    for (const start of starts)
      for (const pointer of pointers) {
        const expanded = new Set(start);
        const expected = rebuilt(expanded, pointer);
        const shown = flattenJson(value, expanded);
        const result = revealRow(shown, pointer, expanded);
        expect(result.rows).toEqual(expected.rows);
        expect(result.index).toBe(expected.index);
        expect(result.rows[result.index]?.id).toBe(pointer);
        for (const ancestor of ancestorPointers(pointer)) expect(expanded.has(ancestor)).toBe(true);
      }
  });

  it('keeps the rows as they are when the node is already shown, and says -1 for a node with no row', () => {
    const expanded = new Set(['', '/items']);
    const shown = flattenJson(value, expanded);
    expect(revealRow(shown, '/items/1', expanded).rows).toBe(shown);
    expect(revealRow(flattenJson(value, new Set([''])), '/nothing/here', new Set([''])).index).toBe(-1);
  });

  it('builds only the opened items’ rows in a large array', () => {
    const many = Array.from({ length: 50_000 }, (_, index) => ({ id: index, tags: ['t'] }));
    const expanded = new Set(['']);
    const shown = flattenJson(many, expanded);
    const { rows, index } = revealRow(shown, '/40000/tags/0', expanded);
    expect(rows.length).toBe(shown.length + 3);
    expect(rows[index]?.value).toBe('t');
    // Rows not on the way are the same objects, not rebuilt ones.
    expect(rows[1]).toBe(shown[1]);
    expect(rows.at(-1)).toBe(shown.at(-1));
  });
});
