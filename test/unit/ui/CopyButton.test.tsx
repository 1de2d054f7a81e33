// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../src/ui/CopyButton.tsx';
import { button, mount, text, unmountAll, user, waitFor } from '../support/dom.ts';

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

  it('falls back to a selected textarea when the Clipboard API is refused, as in a DevTools panel', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('Write permission denied.')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand as typeof document.execCommand;
    try {
      const { root } = mount(<CopyButton value="sbx_secret" label="Copy" />);
      await user.click(button(root, 'Copy'));
      await waitFor(() => button(root, 'Copied'));
      expect(writeText).toHaveBeenCalledWith('sbx_secret');
      expect(execCommand).toHaveBeenCalledWith('copy');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
