// @vitest-environment happy-dom
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, tabPanelProps } from '../../../src/ui/Tabs.tsx';
import { mount, user } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function Harness({ orientation }: { orientation: 'horizontal' | 'vertical' }) {
  const [selected, setSelected] = useState('a');
  return (
    <>
      <Tabs
        idBase="t"
        label="Parts"
        orientation={orientation}
        selected={selected}
        onSelect={setSelected}
        tabs={[
          { id: 'a', label: 'Alpha' },
          { id: 'b', label: 'Beta', badge: 2 },
          { id: 'c', label: 'Gamma' },
        ]}
      />
      <div {...tabPanelProps('t', selected)}>{selected}</div>
    </>
  );
}

const selectedTab = (root: HTMLElement) => root.querySelector('[role="tab"][aria-selected="true"]');

describe('Tabs', () => {
  it('keeps one tab in the Tab order and links it to its panel', () => {
    const { root, unmount } = mount(<Harness orientation="horizontal" />);
    cleanup = unmount;
    expect([...root.querySelectorAll('[role="tab"]')].map((tab) => tab.getAttribute('tabindex'))).toEqual([
      '0',
      '-1',
      '-1',
    ]);
    const panel = root.querySelector('[role="tabpanel"]');
    expect(panel?.getAttribute('aria-labelledby')).toBe(selectedTab(root)?.id);
    expect(selectedTab(root)?.getAttribute('aria-controls')).toBe(panel?.id);
  });

  it('moves with arrows (wrapping), Home and End, and focuses the new tab', async () => {
    const { root, unmount } = mount(<Harness orientation="horizontal" />);
    cleanup = unmount;
    const list = root.querySelector('[role="tablist"]') as HTMLElement;
    await user.press(list, 'ArrowRight');
    expect(selectedTab(root)?.textContent).toBe('Beta2');
    expect(document.activeElement).toBe(selectedTab(root));
    await user.press(list, 'ArrowLeft');
    await user.press(list, 'ArrowLeft');
    expect(selectedTab(root)?.textContent).toBe('Gamma');
    await user.press(list, 'Home');
    expect(selectedTab(root)?.textContent).toBe('Alpha');
    await user.press(list, 'End');
    expect(root.querySelector('[role="tabpanel"]')?.textContent).toBe('c');
  });

  it('uses up and down when vertical', async () => {
    const { root, unmount } = mount(<Harness orientation="vertical" />);
    cleanup = unmount;
    const list = root.querySelector('[role="tablist"]') as HTMLElement;
    expect(list.getAttribute('aria-orientation')).toBe('vertical');
    await user.press(list, 'ArrowRight');
    expect(selectedTab(root)?.textContent).toBe('Alpha');
    await user.press(list, 'ArrowDown');
    expect(selectedTab(root)?.textContent).toBe('Beta2');
  });
});
