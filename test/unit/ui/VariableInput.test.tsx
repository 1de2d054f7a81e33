// @vitest-environment happy-dom
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueRow } from '../../../src/core/workbench/request-draft.ts';
import { KeyValueEditor } from '../../../src/ui/KeyValueEditor.tsx';
import type { VariableHints } from '../../../src/ui/VariableInput.tsx';
import { byLabel, mount, user } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const HINTS: VariableHints = {
  kind: 'row',
  values: { org: 'orga_1', apiToken: 'tok-hidden' },
  names: ['apiToken', 'org'],
};

let latest: KeyValueRow[] = [];
function Harness() {
  const [rows, setRows] = useState<KeyValueRow[]>([{ name: 'X-Org', value: '', enabled: true }]);
  latest = rows;
  return <KeyValueEditor label="Headers" rows={rows} onChange={setRows} variables={HINTS} />;
}

/** Presses `key` in the field and says whether the field took it (prevented what the key does by default). */
async function taken(field: HTMLElement, key: string, init: KeyboardEventInit = {}): Promise<boolean> {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  await act(async () => {
    field.dispatchEvent(event);
  });
  return event.defaultPrevented;
}

/** The harness mounted; its first row's value field. */
function mountValueField(): HTMLInputElement {
  const { root, unmount } = mount(<Harness />);
  cleanup = unmount;
  return byLabel(root, 'Value of headers row 1') as HTMLInputElement;
}

const options = () => [...document.querySelectorAll('[role="listbox"] [role="option"]')];
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('variables in a key-value editor', () => {
  it('offers the names after {, moves with the arrows (not to another row), inserts with Enter', async () => {
    const { root, unmount } = mount(<Harness />);
    cleanup = unmount;
    const value = byLabel(root, 'Value of headers row 1');
    await user.type(value, '{o');
    // Prefix matches first, then names containing what is typed.
    expect(options().map((option) => option.querySelector('.kh-mono')?.textContent)).toEqual(['org', 'apiToken']);
    expect(value.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    await user.press(value, 'ArrowDown');
    expect(value.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    // The secret's value is never listed.
    expect(document.body.textContent).not.toContain('tok-hidden');
    await user.press(value, 'Enter');
    expect(latest[0]?.value).toBe('{apiToken}');
    expect(options()).toHaveLength(0);
  });

  it('puts the caret after the inserted name at once, so a key typed before the next frame lands there', async () => {
    const { root, unmount } = mount(<Harness />);
    cleanup = unmount;
    const value = byLabel(root, 'Value of headers row 1') as HTMLInputElement;
    await act(async () => {
      value.value = '{o tail';
      value.setSelectionRange(2, 2);
      value.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(options().length).toBeGreaterThan(0);
    await user.press(value, 'Enter');
    // Checked without waiting for any frame: before the fix the caret moved in a frame, after keys already typed.
    expect(value.value).toBe('{org} tail');
    expect([value.selectionStart, value.selectionEnd]).toEqual([5, 5]);
    expect(latest[0]?.value).toBe('{org} tail');
  });

  it('inserts where the caret is when Enter is pressed, and closes a list the caret has left', async () => {
    const value = mountValueField();
    await user.type(value, 'a/{o');
    expect(options().length).toBeGreaterThan(0);
    // Home: the caret leaves the `{o` without an input event, so the list is still there.
    value.setSelectionRange(0, 0);
    expect(await taken(value, 'Enter')).toBe(false);
    expect(value.value).toBe('a/{o');
    expect(latest[0]?.value).toBe('a/{o');
    expect(options()).toHaveLength(0);
    // Back inside the name (between `{` and `o`): the chosen name replaces what follows the brace.
    await act(async () => {
      value.setSelectionRange(4, 4);
      value.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(options().length).toBeGreaterThan(0);
    value.setSelectionRange(3, 3);
    await user.press(value, 'Enter');
    expect(latest[0]?.value).toBe('a/{org}');
    expect([value.selectionStart, value.selectionEnd]).toEqual([7, 7]);
  });

  it('leaves Enter and the arrows to an input method while it composes', async () => {
    const value = mountValueField();
    await user.type(value, '{o');
    expect(options().length).toBeGreaterThan(0);
    for (const key of ['ArrowDown', 'Enter', 'Tab'])
      expect(await taken(value, key, { isComposing: true }), key).toBe(false);
    expect(value.value).toBe('{o');
    expect(latest[0]?.value).toBe('{o');
    expect(value.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    // Once the composition ends, Enter inserts again.
    await user.press(value, 'Enter');
    expect(latest[0]?.value).toBe('{org}');
  });

  it('marks each variable and describes it: a value, "secret", or none; Escape closes the list', async () => {
    const { root, unmount } = mount(<Harness />);
    cleanup = unmount;
    const value = byLabel(root, 'Value of headers row 1');
    await user.type(value, '{org}-{{apiToken}}-{nothing}');
    const marks = [...root.querySelectorAll('.kh-var')].map((mark) => [mark.textContent, mark.className]);
    expect(marks).toEqual([
      ['{org}', 'kh-var kh-var--resolved'],
      ['{{apiToken}}', 'kh-var kh-var--secret'],
      ['{nothing}', 'kh-var kh-var--unresolved'],
    ]);
    const described = description(value);
    expect(described).toContain('{org} = orga_1');
    expect(described).toContain('{apiToken}: secret');
    expect(described).toContain('{nothing}: no value');
    expect(described).not.toContain('tok-hidden');
    await user.type(value, '{');
    expect(options().length).toBe(2);
    await user.press(value, 'Escape');
    expect(options()).toHaveLength(0);
    expect(latest[0]?.value).toBe('{');
  });
});
