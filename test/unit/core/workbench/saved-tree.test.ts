import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../../src/core/protocol.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import type { SavedRequest } from '../../../../src/core/workbench/saved-requests.ts';
import {
  flattenTree,
  indexSaved,
  listFolders,
  moveToFolder,
  type TreeRow,
  treeKey,
} from '../../../../src/core/workbench/saved-tree.ts';

function saved(
  id: string,
  name: string,
  folder: string,
  order: number,
  method: HttpMethod = 'GET',
  path = '/v2/self',
): SavedRequest {
  return { id, name, folder, order, draft: createDraft({ method, path }), updatedAt: 0 };
}

const LIST = [
  saved('a', 'List apps', 'Apps', 1, 'GET', '/v2/self/applications'),
  saved('b', 'Deploy', 'Apps/Deploy', 0, 'POST', '/v2/self/applications/{applicationId}/instances'),
  saved('c', 'Self', '', 0),
  saved('d', 'Create app', 'Apps', 0, 'POST', '/v2/self/applications'),
  saved('e', 'Invoices', 'Billing', 0, 'GET', '/v4/billing/organisations/{id}/invoices'),
];

const labels = (rows: TreeRow[]) =>
  rows.map((row) => `${'  '.repeat(row.depth)}${row.kind === 'folder' ? `${row.name}/` : row.item.name}`);

describe('the saved requests tree', () => {
  it('nests folders by their path: folders first by name, then requests by order; root requests last', () => {
    const rows = flattenTree(indexSaved(LIST), new Set());
    expect(labels(rows)).toEqual([
      'Apps/',
      '  Deploy/',
      '    Deploy',
      '  Create app',
      '  List apps',
      'Billing/',
      '  Invoices',
      'Self',
    ]);
    const apps = rows[0] as Extract<TreeRow, { kind: 'folder' }>;
    expect([apps.count, apps.position, apps.siblings, apps.expanded]).toEqual([3, 1, 3, true]);
    expect(rows.map((row) => `${row.position}/${row.siblings}`)).toEqual([
      '1/3',
      '1/3',
      '1/1',
      '2/3',
      '3/3',
      '2/3',
      '1/1',
      '3/3',
    ]);
  });

  it('hides what a closed folder holds, and a closed parent hides its open children', () => {
    expect(labels(flattenTree(indexSaved(LIST), new Set(['Apps/Deploy', 'Billing'])))).toEqual([
      'Apps/',
      '  Deploy/',
      '  Create app',
      '  List apps',
      'Billing/',
      'Self',
    ]);
    expect(labels(flattenTree(indexSaved(LIST), new Set(['Apps'])))).toEqual([
      'Apps/',
      'Billing/',
      '  Invoices',
      'Self',
    ]);
  });

  it('filters on name, method and path (every word, any case), with the folders that lead to each match, open', () => {
    const index = indexSaved(LIST);
    const closed = new Set(['Apps', 'Apps/Deploy', 'Billing']);
    expect(labels(flattenTree(index, closed, 'post instances'))).toEqual(['Apps/', '  Deploy/', '    Deploy']);
    expect(labels(flattenTree(index, closed, 'INVOICES'))).toEqual(['Billing/', '  Invoices']);
    expect(labels(flattenTree(index, closed, 'APPLICATIONS  post'))).toEqual([
      'Apps/',
      '  Deploy/',
      '    Deploy',
      '  Create app',
    ]);
    const apps = flattenTree(index, closed, 'post')[0] as Extract<TreeRow, { kind: 'folder' }>;
    expect(apps.count).toBe(2);
    expect(flattenTree(index, closed, 'nothing-like-it')).toEqual([]);
  });

  it('lists every folder with its parents for “Move to…”', () => {
    expect(listFolders(LIST)).toEqual(['Apps', 'Apps/Deploy', 'Billing']);
  });

  it('moves a request into another folder, before a request or at the end, renumbering that folder', () => {
    const end = moveToFolder(LIST, 'c', 'Apps', undefined, 5);
    expect(end).toEqual([{ ...LIST[2], folder: 'Apps', order: 2, updatedAt: 5 }]);
    const before = moveToFolder(LIST, 'e', ' Apps / ', 'a', 5);
    expect(before.map((item) => [item.id, item.folder, item.order])).toEqual([
      ['e', 'Apps', 1],
      ['a', 'Apps', 2],
    ]);
    // Within its own folder: a reorder.
    expect(moveToFolder(LIST, 'a', 'Apps', 'd', 5).map((item) => [item.id, item.order])).toEqual([
      ['a', 0],
      ['d', 1],
    ]);
    expect(moveToFolder(LIST, 'a', 'Apps', 'a')).toEqual([]);
    expect(moveToFolder(LIST, 'missing', 'Apps')).toEqual([]);
  });

  it('answers the tree pattern keys', () => {
    const rows = flattenTree(indexSaved(LIST), new Set(['Billing']));
    // Apps/, Deploy/, Deploy, Create app, List apps, Billing/ (closed), Self
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ action: 'focus', index: 1 });
    expect(treeKey(rows, 0, 'ArrowUp')).toEqual({ action: 'focus', index: 0 });
    expect(treeKey(rows, 3, 'End')).toEqual({ action: 'focus', index: 6 });
    expect(treeKey(rows, 3, 'Home')).toEqual({ action: 'focus', index: 0 });
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ action: 'focus', index: 1 });
    expect(treeKey(rows, 5, 'ArrowRight')).toEqual({ action: 'toggle', index: 5, path: 'Billing' });
    expect(treeKey(rows, 1, 'ArrowLeft')).toEqual({ action: 'toggle', index: 1, path: 'Apps/Deploy' });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ action: 'focus', index: 1 });
    expect(treeKey(rows, 4, 'ArrowLeft')).toEqual({ action: 'focus', index: 0 });
    expect(treeKey(rows, 6, 'ArrowLeft')).toEqual({ action: 'none' });
    expect(treeKey(rows, 4, 'Enter')).toEqual({ action: 'open', index: 4, id: 'a' });
    expect(treeKey(rows, 5, 'Enter')).toEqual({ action: 'toggle', index: 5, path: 'Billing' });
    expect(treeKey(rows, -1, 'ArrowDown')).toEqual({ action: 'focus', index: 0 });
    expect(treeKey([], 0, 'ArrowDown')).toEqual({ action: 'none' });
  });
});
