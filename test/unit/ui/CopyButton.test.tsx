// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../src/ui/CopyButton.tsx';
import { button, mount, text, unmountAll, user } from '../support/dom.ts';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies its value and says so for three seconds', async () => {
    vi.useFakeTimers();
    const copy = vi.fn(async () => {});
    const { root } = mount(<CopyButton value="sbx_secret" label="Copy" copy={copy} />);
    await user.click(button(root, 'Copy'));
    expect(copy).toHaveBeenCalledWith('sbx_secret');
    expect(button(root, 'Copied')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(button(root, 'Copied')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button(root, 'Copy')).toBeDefined();
  });

  it('says when the browser refused, in a status screen readers announce', async () => {
    const { root } = mount(<CopyButton value="x" label="Copy" copy={() => Promise.reject(new Error('denied'))} />);
    await user.click(button(root, 'Copy'));
    expect(text(root.querySelector('[role="status"]'))).toBe('Copy failed: select the value and copy it yourself.');
    expect(button(root, 'Copy')).toBeDefined();
  });
});
