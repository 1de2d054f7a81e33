// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import { reorder, type SavedRequest } from '../../../../../src/core/workbench/saved-requests.ts';
import EditSavedDialog from '../../../../../src/devtools/panel/collections/EditSavedDialog.tsx';
import {
  createMemorySavedRequestStore,
  placements,
} from '../../../../../src/devtools/panel/collections/saved-store.ts';
import { button, field, mount, typeInto, unmountAll, user, waitForValue } from '../../../support/dom.ts';

afterEach(unmountAll);

const saved = (id: string, order: number, folder = 'Sandbox'): SavedRequest => ({
  id,
  name: id,
  folder,
  order,
  draft: createDraft({ method: 'GET', path: `/v2/${id}` }),
  updatedAt: 1,
});

describe('renaming a saved request', () => {
  it('keeps the order and folder another window gave it while the dialog was open', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0), saved('b', 1), saved('c', 0, 'Other')]);
    const shown = await store.list();
    const item = shown.find((entry) => entry.id === 'b') as SavedRequest;
    let closed = false;
    const { root } = mount(
      <EditSavedDialog
        item={item}
        list={shown}
        store={store}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    // Meanwhile, in another window: b moved up above a.
    await store.update(placements(reorder(shown, 'b', -1)));
    typeInto(field(root, 'Name'), 'Renamed');
    await user.click(button(root, 'Save'));
    await waitForValue(() => closed || undefined);
    const now = await store.list();
    const byId = (id: string) => now.find((entry) => entry.id === id);
    expect(byId('b')?.name).toBe('Renamed');
    expect([byId('b')?.order, byId('a')?.order]).toEqual([0, 1]);
  });

  it('leaves it in the folder another window moved it to while the dialog was open', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0), saved('b', 0, 'Other')]);
    const shown = await store.list();
    let closed = false;
    const { root } = mount(
      <EditSavedDialog
        item={shown.find((entry) => entry.id === 'a') as SavedRequest}
        list={shown}
        store={store}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    await store.update([{ id: 'a', folder: 'Other', order: 1 }]);
    typeInto(field(root, 'Name'), 'Renamed');
    await user.click(button(root, 'Save'));
    await waitForValue(() => closed || undefined);
    const a = (await store.list()).find((entry) => entry.id === 'a');
    expect([a?.name, a?.folder, a?.order]).toEqual(['Renamed', 'Other', 1]);
  });

  it('moves it to another folder without putting back the name it had when the dialog opened', async () => {
    const store = createMemorySavedRequestStore();
    await store.put([saved('a', 0)]);
    const shown = await store.list();
    let closed = false;
    const { root } = mount(
      <EditSavedDialog
        item={shown[0] as SavedRequest}
        list={shown}
        store={store}
        focus="folder"
        onClose={() => {
          closed = true;
        }}
      />,
    );
    // Meanwhile, in another window: renamed.
    await store.update([{ id: 'a', name: 'Renamed elsewhere' }]);
    typeInto(field(root, 'Folder (empty for none, / for sub-folders)'), 'Archive');
    await user.click(button(root, 'Save'));
    await waitForValue(() => closed || undefined);
    const a = (await store.list())[0];
    expect([a?.name, a?.folder]).toEqual(['Renamed elsewhere', 'Archive']);
  });
});
