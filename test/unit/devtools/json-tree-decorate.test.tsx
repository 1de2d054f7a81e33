// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recogniseFollowValue } from '../../../src/core/platform/follow-ids.ts';
import type { JsonRow } from '../../../src/core/workbench/json-lines.ts';
import { JsonTree, type JsonTreeDecoration } from '../../../src/ui/JsonTree.tsx';
import { mount, settle, user } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** The follow links' decoration, reduced to what the tree sees: a marker before each id, Enter opening it. */
function followDecoration(opened: string[]): JsonTreeDecoration & { calls: () => number } {
  const render = vi.fn((row: JsonRow) =>
    recogniseFollowValue(row.key, row.value, undefined) ? <button type="button">↪</button> : null,
  );
  return {
    renderBeforeValue: render,
    activate(row) {
      const target = recogniseFollowValue(row.key, row.value, undefined);
      if (target?.type === 'id') opened.push(target.value);
      return target !== undefined;
    },
    calls: () => render.mock.calls.length,
  };
}

describe('JsonTree decoration (follow ids)', () => {
  it('is asked only for the rows on screen, even in a 100 000-row body', async () => {
    const value = Array.from({ length: 100_000 }, (_, index) => `app_${String(index).padStart(8, '0')}`);
    const decoration = followDecoration([]);
    const { root, unmount } = mount(<JsonTree value={value} label="Body" decorate={decoration} />);
    cleanup = unmount;
    await settle();
    const rendered = root.querySelectorAll('[role="treeitem"]').length;
    expect(rendered).toBeLessThan(500);
    // Each rendered row is decorated once per render, not every row of the body.
    expect(decoration.calls()).toBeLessThan(2_000);
    expect(root.querySelectorAll('[role="treeitem"] button').length).toBeGreaterThan(0);
  });

  it('Enter on a leaf row with an id follows it; on a container it still toggles', async () => {
    const opened: string[] = [];
    const { root, unmount } = mount(
      <JsonTree
        value={{ app: { id: 'app_12345678', name: 'web' } }}
        label="Body"
        decorate={followDecoration(opened)}
      />,
    );
    cleanup = unmount;
    await settle();
    const tree = root.querySelector('[role="tree"]') as HTMLElement;
    await user.press(tree, 'ArrowDown');
    await user.press(tree, 'Enter');
    expect(root.querySelectorAll('[role="treeitem"]').length).toBe(4);
    await user.press(tree, 'ArrowDown');
    await user.press(tree, 'Enter');
    expect(opened).toEqual(['app_12345678']);
    // A leaf without an id: Enter does nothing.
    await user.press(tree, 'ArrowDown');
    await user.press(tree, 'Enter');
    expect(opened).toEqual(['app_12345678']);
  });
});
