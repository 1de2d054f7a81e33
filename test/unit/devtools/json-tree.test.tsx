// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonTree } from '../../../src/ui/JsonTree.tsx';
import { mount, settle, user } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function rows(root: HTMLElement) {
  return [...root.querySelectorAll('[role="treeitem"]')].map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
}

describe('JsonTree', () => {
  it('opens the first level, then toggles nodes with clicks', async () => {
    const { root, unmount } = mount(<JsonTree value={{ id: 'a', tags: ['x', 'y'], n: null }} label="Body" />);
    cleanup = unmount;
    await settle();
    expect(rows(root)).toEqual(['▾{ 3 keys }', 'id: "a"', '▸tags: ["x", "y"] 2 items', 'n: null']);
    const tags = root.querySelectorAll<HTMLElement>('[role="treeitem"]')[2] as HTMLElement;
    expect(tags.getAttribute('aria-expanded')).toBe('false');
    tags.click();
    await settle();
    expect(rows(root)).toEqual(['▾{ 3 keys }', 'id: "a"', '▾tags: [ 2 items ]', '0: "x"', '1: "y"', 'n: null']);
    (root.querySelectorAll<HTMLElement>('[role="treeitem"]')[0] as HTMLElement).click();
    await settle();
    expect(rows(root)).toEqual(['▸{id: "a", tags: […], n: null} 3 keys']);
  });

  it('moves and opens with the keyboard, keeping aria-activedescendant on the focused row', async () => {
    const { root, unmount } = mount(<JsonTree value={{ a: { b: { c: 1 } } }} label="Body" />);
    cleanup = unmount;
    await settle();
    const tree = root.querySelector('[role="tree"]') as HTMLElement;
    await user.press(tree, 'ArrowDown');
    const active = () =>
      root.querySelector(`#${CSS.escape(tree.getAttribute('aria-activedescendant') ?? '')}`)?.textContent;
    expect(active()).toMatch(/^▸a:/);
    await user.press(tree, 'ArrowRight');
    await user.press(tree, 'ArrowRight');
    expect(active()).toMatch(/^▸b:/);
    await user.press(tree, 'Enter');
    await user.press(tree, 'End');
    expect(active()).toBe('c: 1');
    await user.press(tree, 'ArrowLeft');
    expect(active()).toMatch(/^▾b:/);
    await user.press(tree, 'ArrowLeft');
    expect(active()).toMatch(/^▸b:/);
  });

  it('renders only a window of rows for a 200 000 item array', async () => {
    const big = Array.from({ length: 200_000 }, (_, index) => ({ index, name: `item ${index}` }));
    const { root, unmount } = mount(<JsonTree value={big} label="Body" />);
    cleanup = unmount;
    await settle();
    const rendered = root.querySelectorAll('[role="treeitem"]').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(80);
    expect(root.textContent).toMatch(/200,001 rows shown/);
  });

  it('reveals a searched pointer by opening its ancestors and marks matches', async () => {
    const value = { list: [{ name: 'alpha' }, { name: 'needle here' }] };
    const { root, unmount } = mount(
      <JsonTree value={value} label="Body" reveal="/list/1/name" revealToken={1} highlight="needle" />,
    );
    cleanup = unmount;
    await settle();
    const tree = root.querySelector('[role="tree"]') as HTMLElement;
    const active = root.querySelector(`#${CSS.escape(tree.getAttribute('aria-activedescendant') ?? '')}`);
    expect(active?.textContent).toBe('name: "needle here"');
    expect(active?.querySelector('mark')?.textContent).toBe('needle');
  });

  it('copies the focused value with Ctrl+C', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { root, unmount } = mount(<JsonTree value={{ a: { b: 1 } }} label="Body" />);
    cleanup = unmount;
    await settle();
    const tree = root.querySelector('[role="tree"]') as HTMLElement;
    await user.press(tree, 'ArrowDown');
    await user.press(tree, 'c', { ctrlKey: true });
    await settle();
    expect(writeText).toHaveBeenCalledWith('{\n  "b": 1\n}');
  });
});

describe('JsonTree on a deeply nested body', () => {
  it('expands all of a 3,000-deep body to 500 levels and says the rest opens node by node', async () => {
    let value: unknown = 'leaf';
    for (let at = 0; at < 3000; at += 1) value = { next: value };
    const { root, unmount } = mount(<JsonTree value={value} label="Body" />);
    cleanup = unmount;
    await settle();
    const expandAll = [...root.querySelectorAll('button')].find((button) => button.textContent === 'Expand all');
    expandAll?.click();
    await settle();
    expect(root.textContent).toContain('500 levels; open the rest node by node');
    expect(root.querySelector('[role="tree"]')?.getAttribute('aria-rowcount') ?? String(501)).toBe('501');
  });
});
