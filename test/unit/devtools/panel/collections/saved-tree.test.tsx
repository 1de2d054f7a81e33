// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../../../src/core/protocol.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { SavedRequest } from '../../../../../src/core/workbench/saved-requests.ts';
import {
  SavedTree,
  type SavedTreeActions,
  splitName,
} from '../../../../../src/devtools/panel/collections/SavedTree.tsx';
import { click, mount, press, textOf, unmountAll } from '../../../support/dom.ts';

afterEach(unmountAll);

function saved(id: string, name: string, folder: string, method: HttpMethod = 'GET'): SavedRequest {
  return { id, name, folder, order: 0, draft: createDraft({ method, path: `/v2/${id}` }), updatedAt: 0 };
}

const LIST = [saved('a', 'Apps', 'Org'), saved('b', 'Create', 'Org', 'POST'), saved('c', 'Self', '')];

/** A row's text as a screen reader gets it: without what is aria-hidden (the twisty, the mouse's “⋯”). */
function spoken(element: Element | null): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return textOf(copy);
}

function setup(query = '', collapsed: ReadonlySet<string> = new Set()) {
  const calls: string[] = [];
  const record = (what: string) => (item: SavedRequest) => calls.push(`${what} ${item.id}`);
  const actions: SavedTreeActions = {
    open: record('open'),
    rename: record('rename'),
    moveTo: record('move'),
    remove: record('remove'),
    drop: (id, folder, before) => calls.push(`drop ${id} ${folder} ${before ?? ''}`),
    more: () => [],
  };
  const toggles: string[][] = [];
  const { root } = mount(
    <SavedTree
      list={LIST}
      query={query}
      collapsed={collapsed}
      onCollapsed={(next) => toggles.push([...next])}
      actions={actions}
    />,
  );
  const tree = root.querySelector('[role="tree"]') as HTMLElement;
  const rows = () => [...root.querySelectorAll('[role="treeitem"]')].map((row) => spoken(row));
  const current = () => spoken(root.querySelector(`#${tree.getAttribute('aria-activedescendant')}`));
  return { root, tree, rows, current, calls, toggles };
}

describe('the Saved tree', () => {
  it('is a tree of treeitems with levels and sizes, the first row current', () => {
    const { tree, rows, current, root } = setup();
    expect(tree.getAttribute('aria-label')).toBe('Saved requests');
    expect(rows()).toEqual(['Org, 2 requests', 'GET Apps', 'POST Create', 'GET Self']);
    const apps = root.querySelectorAll('[role="treeitem"]')[1] as HTMLElement;
    expect([
      apps.getAttribute('aria-level'),
      apps.getAttribute('aria-posinset'),
      apps.getAttribute('aria-setsize'),
    ]).toEqual(['2', '1', '2']);
    expect(apps.getAttribute('title')).toBe('Apps\nGET /v2/a\nin Org');
    expect(current()).toBe('Org, 2 requests');
  });

  it('answers the keys: arrows move, ← closes a folder, Enter opens, F2 renames, Delete removes, Shift+F10 opens the menu', () => {
    const { tree, current, calls, toggles, root } = setup();
    press(tree, 'ArrowDown');
    expect(current()).toBe('GET Apps');
    press(tree, 'Enter');
    press(tree, 'F2');
    press(tree, 'Delete');
    expect(calls).toEqual(['open a', 'rename a', 'remove a']);
    press(tree, 'End');
    expect(current()).toBe('GET Self');
    press(tree, 'Home');
    press(tree, 'ArrowLeft');
    expect(toggles).toEqual([['Org']]);
    press(tree, 'ArrowDown');
    press(tree, 'Shift+F10', { shiftKey: true, key: 'F10' });
    const menu = root.querySelector('[role="menu"]') as HTMLElement;
    expect(menu.getAttribute('aria-label')).toBe('Actions for Apps');
    expect(
      [...menu.querySelectorAll('[role="menuitem"]')].map((item) =>
        [...item.children].map((part) => textOf(part)).join(' '),
      ),
    ).toEqual(['Open Enter', 'Rename… F2', 'Move to…', 'Delete… Delete']);
    click(menu.querySelectorAll('[role="menuitem"]')[2] as HTMLElement);
    expect(calls.at(-1)).toBe('move a');
    expect(root.querySelector('[role="menu"]')).toBeNull();
  });

  it('shows the matches of a filter under their folders, and says when nothing matches', () => {
    expect(setup('post', new Set(['Org'])).rows()).toEqual(['Org, 1 request', 'POST Create']);
    unmountAll();
    const empty = setup('nothing');
    expect(empty.rows()).toEqual([]);
    expect(textOf(empty.root.querySelector('[role="status"]'))).toBe('No saved request matches “nothing”.');
  });

  it('filtered, makes the first matching request current, so Enter opens it (not its folder)', () => {
    const { tree, current, calls } = setup('create');
    expect(current()).toBe('POST Create');
    press(tree, 'Enter');
    expect(calls).toEqual(['open b']);
  });

  it('cuts a long name in the middle, keeping its last words', () => {
    expect(splitName('Short name')).toEqual(['Short name', '']);
    expect(splitName('List the applications of an organisation')).toEqual([
      'List the applications',
      ' of an organisation',
    ]);
  });
});
