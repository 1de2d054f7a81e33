import { describe, expect, it } from 'vitest';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import {
  addTab,
  closeTab,
  createTabSet,
  MAX_TABS,
  moveTab,
  type RequestTab,
  tabLabel,
} from '../../../../src/core/workbench/request-tabs.ts';

const tab = (id: string, path = '/v2/self'): RequestTab => ({ id, draft: createDraft({ path }) });
const fresh = () => tab('fresh');

describe('request tabs', () => {
  it('labels a tab by its saved name, else method and the last two path segments', () => {
    expect(tabLabel(tab('a', '/v2/organisations/{organisationId}/applications'))).toBe(
      'GET /{organisationId}/applications',
    );
    expect(tabLabel({ ...tab('a'), name: 'My apps' })).toBe('My apps');
  });

  it('adds after the active tab and activates it, up to MAX_TABS', () => {
    let set = createTabSet(createDraft(), 'a');
    set = addTab(set, tab('b')) ?? set;
    set = { ...set, activeId: 'a' };
    set = addTab(set, tab('c')) ?? set;
    expect(set.tabs.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(set.activeId).toBe('c');
    let full = createTabSet(createDraft(), 't0');
    for (let i = 1; i < MAX_TABS; i += 1) full = addTab(full, tab(`t${i}`)) ?? full;
    expect(full.tabs).toHaveLength(MAX_TABS);
    expect(addTab(full, tab('extra'))).toBeUndefined();
  });

  it('closing the active tab activates its right neighbour, then the left one; the last leaves a fresh one', () => {
    const set = { tabs: [tab('a'), tab('b'), tab('c')], activeId: 'b' };
    expect(closeTab(set, 'b', fresh).activeId).toBe('c');
    expect(closeTab({ ...set, activeId: 'c' }, 'c', fresh).activeId).toBe('b');
    expect(closeTab(set, 'a', fresh)).toEqual({ tabs: [set.tabs[1], set.tabs[2]], activeId: 'b' });
    expect(closeTab({ tabs: [tab('a')], activeId: 'a' }, 'a', fresh)).toEqual({ tabs: [fresh()], activeId: 'fresh' });
  });

  it('moves a tab within the strip, not past its ends', () => {
    const set = { tabs: [tab('a'), tab('b')], activeId: 'a' };
    expect(moveTab(set, 'a', 1).tabs.map((item) => item.id)).toEqual(['b', 'a']);
    expect(moveTab(set, 'a', -1)).toBe(set);
  });
});
