// @vitest-environment happy-dom
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueRow } from '../../../src/core/workbench/request-draft.ts';
import { KeyValueEditor } from '../../../src/ui/KeyValueEditor.tsx';
import { byLabel, mount, settle, user } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

let latest: KeyValueRow[] = [];
function Harness({ initial, issues }: { initial: KeyValueRow[]; issues?: Map<number, string> }) {
  const [rows, setRows] = useState(initial);
  latest = rows;
  return <KeyValueEditor label="Headers" rows={rows} onChange={setRows} issues={issues} />;
}

describe('KeyValueEditor', () => {
  it('grows from its blank row and keeps the blank row out of the data', async () => {
    const { root, unmount } = mount(<Harness initial={[]} />);
    cleanup = unmount;
    await user.type(byLabel(root, 'Name of new headers row'), 'Accept');
    expect(latest).toEqual([{ name: 'Accept', value: '', enabled: true }]);
    await user.type(byLabel(root, 'Value of headers row 1'), 'application/json');
    expect(latest).toEqual([{ name: 'Accept', value: 'application/json', enabled: true }]);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('switches a row off without losing it, removes rows, and shows problems under their row', async () => {
    const rows = [
      { name: 'A', value: '1', enabled: true },
      { name: 'B', value: '2', enabled: true },
    ];
    const { root, unmount } = mount(<Harness initial={rows} issues={new Map([[1, 'Bad header']])} />);
    cleanup = unmount;
    await user.click(byLabel(root, 'Send headers row 1'));
    expect(latest[0]).toEqual({ name: 'A', value: '1', enabled: false });
    const invalid = byLabel(root, 'Name of headers row 2');
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector(`#${CSS.escape(invalid.getAttribute('aria-describedby') ?? '')}`)?.textContent).toBe(
      'Bad header',
    );
    await user.click(byLabel(root, 'Remove headers row 1'));
    await settle(20);
    expect(latest).toEqual([{ name: 'B', value: '2', enabled: true }]);
  });

  it('moves between rows of the same column with the arrow keys', async () => {
    const { root, unmount } = mount(<Harness initial={[{ name: 'A', value: '1', enabled: true }]} />);
    cleanup = unmount;
    const first = byLabel(root, 'Value of headers row 1');
    first.focus();
    await user.press(first, 'ArrowDown');
    expect(document.activeElement).toBe(byLabel(root, 'Value of new headers row'));
    await user.press(document.activeElement as HTMLElement, 'ArrowUp');
    expect(document.activeElement).toBe(first);
  });
});
