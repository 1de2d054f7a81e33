// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { MoreMenu } from '../../../src/ui/MoreMenu.tsx';
import { click, mount, press, textOf, unmountAll } from '../support/dom.ts';

afterEach(unmountAll);

function setUp() {
  const ran: string[] = [];
  const { root } = mount(
    <MoreMenu
      label="More body actions"
      items={[
        { label: 'Expand all', run: () => ran.push('expand') },
        { label: 'Copy value', run: () => ran.push('copy'), disabled: true },
        { label: 'Save…', run: () => ran.push('save'), title: 'keyhole-response.json' },
      ]}
    />,
  );
  const opener = root.querySelector('button') as HTMLButtonElement;
  const menu = () => document.querySelector<HTMLElement>('[role="menu"]');
  const items = () => [...(menu()?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  return { ran, opener, menu, items };
}

function pointerDownOn(target: Element) {
  act(() => {
    target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  });
}

describe('MoreMenu', () => {
  it('opens on a click with the first item focused, and says so on its button', () => {
    const { opener, menu, items } = setUp();
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    click(opener);
    expect(menu()?.getAttribute('aria-label')).toBe('More body actions');
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(opener.getAttribute('aria-controls')).toBe(menu()?.id);
    expect(items().map(textOf)).toEqual(['Expand all', 'Copy value', 'Save…']);
    expect(items()[2]?.title).toBe('keyhole-response.json');
    expect(document.activeElement).toBe(items()[0]);
  });

  it('opens on the last item with ArrowUp, and Escape closes it back onto the button', () => {
    const { opener, menu, items } = setUp();
    press(opener, 'ArrowUp');
    expect(document.activeElement).toBe(items()[2]);
    press(document.activeElement as Element, 'Escape');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('runs a chosen item once and closes; a disabled one does nothing', () => {
    const { ran, opener, menu, items } = setUp();
    click(opener);
    click(items()[1] as Element);
    expect(ran).toEqual([]);
    expect(menu()).not.toBeNull();
    click(items()[2] as Element);
    expect(ran).toEqual(['save']);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a press elsewhere, without taking focus back', () => {
    const { opener, menu } = setUp();
    const elsewhere = document.body.appendChild(document.createElement('input'));
    click(opener);
    elsewhere.focus();
    pointerDownOn(elsewhere);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });

  it('closes when its own button is pressed again, rather than closing and reopening', () => {
    const { opener, menu } = setUp();
    click(opener);
    pointerDownOn(opener);
    click(opener);
    expect(menu()).toBeNull();
    expect(opener.getAttribute('aria-expanded')).toBe('false');
  });
});
