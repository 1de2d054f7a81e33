import { describe, expect, it } from 'vitest';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { SavedRequest } from '../../../../../src/core/workbench/saved-requests.ts';
import { reorder } from '../../../../../src/core/workbench/saved-requests.ts';
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
});
