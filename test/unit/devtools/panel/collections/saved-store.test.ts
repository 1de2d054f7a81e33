import { describe, expect, it } from 'vitest';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { SavedRequest } from '../../../../../src/core/workbench/saved-requests.ts';
import { reorder } from '../../../../../src/core/workbench/saved-requests.ts';
import { moveToFolder } from '../../../../../src/core/workbench/saved-tree.ts';
import {
  createMemorySavedRequestStore,
  placements,
} from '../../../../../src/devtools/panel/collections/saved-store.ts';

const saved = (id: string, order: number, path: string): SavedRequest => ({
  id,
  name: id,
  folder: 'Sandbox',
  order,
  draft: createDraft({ method: 'GET', path }),
  updatedAt: 1,
});

describe('the saved requests store', () => {
  it('moves requests from a list shown a moment ago without writing back what changed since, nor the deleted', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0, '/v2/a'), saved('b', 1, '/v2/b'), saved('c', 2, '/v2/c')]);
    const shown = await store.list();
    // Meanwhile, in another window: b saved again with another path, c deleted.
    await store.put([{ ...saved('b', 1, '/v2/b-changed'), updatedAt: 2 }]);
    await store.remove('c');
    let heard = 0;
    store.subscribe(() => {
      heard += 1;
    });
    await store.update(placements(reorder(shown, 'a', 1)));
    const now = await store.list();
    expect(now.map((item) => [item.id, item.order, item.draft.path])).toEqual([
      ['a', 1, '/v2/a'],
      ['b', 0, '/v2/b-changed'],
    ]);
    expect(heard).toBe(1);
  });

  it('renames only the fields given', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0, '/v2/a')]);
    await store.update([{ id: 'a', name: 'Renamed', updatedAt: 5 }]);
    expect(await store.list()).toEqual([{ ...saved('a', 0, '/v2/a'), name: 'Renamed', updatedAt: 5 }]);
  });

  it('moves a request up without pulling back a neighbour another window moved to another folder meanwhile', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0, '/v2/a'), saved('b', 1, '/v2/b'), saved('c', 2, '/v2/c')]);
    const shown = await store.list();
    // Meanwhile, in another window: c moved to another folder, and saved again (a newer updatedAt).
    await store.update([{ id: 'c', folder: 'Other', order: 0, updatedAt: 2 }]);
    await store.update(placements(reorder(shown, 'b', -1)));
    const c = (await store.list()).find((item) => item.id === 'c');
    expect([c?.folder, c?.updatedAt]).toEqual(['Other', 2]);
  });

  it('drops a request into a folder: it alone changes folder, its new neighbours only their order', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0, '/v2/a'), { ...saved('x', 0, '/v2/x'), folder: 'Other' }]);
    const shown = await store.list();
    // Meanwhile, in another window: a moved to a third folder.
    await store.update([{ id: 'a', folder: 'Third', order: 0 }]);
    await store.update(placements(moveToFolder(shown, 'x', 'Sandbox', 'a', 7), 'x'));
    const now = await store.list();
    expect(now.map((item) => [item.id, item.folder])).toEqual([
      ['a', 'Third'],
      ['x', 'Sandbox'],
    ]);
    expect(now.find((item) => item.id === 'x')?.updatedAt).toBe(7);
  });
});
