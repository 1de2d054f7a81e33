// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TABS } from '../../../../../src/core/workbench/request-tabs.ts';
import { TabStrip } from '../../../../../src/devtools/panel/tabs/TabStrip.tsx';
import { createWorkbench } from '../../../../../src/devtools/panel/workbench.ts';
import { button, click, mount, queryButton, text, unmountAll } from '../../../support/dom.ts';
import { createFakeServices } from '../../fake-services.ts';

afterEach(unmountAll);

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function stripWithClosedTab() {
  const { services } = createFakeServices();
  const workbench = createWorkbench(services);
  await workbench.ready;
  workbench.edit((draft) => ({ ...draft, path: '/v2/summary' }));
  act(() => workbench.newTab());
  const { root } = mount(<TabStrip workbench={workbench} />);
  const first = workbench.tabs.get().tabs[0]?.id as string;
  act(() => click(button(root, 'Close tab GET /v2/summary')));
  expect(text(root.querySelector('.kh-saved-note'))).toBe('Closed “GET /v2/summary”');
  return { workbench, root, first };
}

describe('the closed-tab note', () => {
  it('puts focus on the reopened tab: the Reopen button that had it is gone', async () => {
    const { root } = await stripWithClosedTab();
    await frame();
    const reopen = button(root, 'Reopen');
    reopen.focus();
    act(() => click(reopen));
    await frame();
    expect(document.activeElement?.textContent).toBe('GET /v2/summary');
    expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
  });

  it('stays when the tab cannot be reopened (all tabs open): the closed tab is still one click away', async () => {
    const { root, workbench } = await stripWithClosedTab();
    act(() => {
      while (workbench.tabs.get().tabs.length < MAX_TABS) workbench.newTab();
    });
    act(() => click(button(root, 'Reopen')));
    expect(workbench.notices.get()).toEqual([`${MAX_TABS} tabs are open: close one to open another.`]);
    expect(queryButton(root, 'Reopen')).toBeDefined();
    expect(text(root.querySelector('.kh-saved-note'))).toBe('Closed “GET /v2/summary”');
  });

  it('keeps Reopen while it has focus (a keyboard user reached it late), then goes once focus leaves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { root } = await stripWithClosedTab();
      const reopen = button(root, 'Reopen');
      reopen.focus();
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      expect(queryButton(root, 'Reopen')).toBe(reopen);
      expect(document.activeElement).toBe(reopen);
      act(() => reopen.blur());
      expect(queryButton(root, 'Reopen')).toBeUndefined();
      expect(text(root.querySelector('.kh-saved-note'))).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps Reopen while the pointer is on it, then goes once the pointer leaves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { root } = await stripWithClosedTab();
      const reopen = button(root, 'Reopen');
      act(() => {
        reopen.dispatchEvent(new MouseEvent('mouseenter'));
        vi.advanceTimersByTime(15_000);
      });
      expect(queryButton(root, 'Reopen')).toBe(reopen);
      act(() => {
        reopen.dispatchEvent(new MouseEvent('mouseleave'));
      });
      expect(queryButton(root, 'Reopen')).toBeUndefined();
      expect(text(root.querySelector('.kh-saved-note'))).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes after a while for the next tab closed, after Reopen was clicked under the pointer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { root, workbench } = await stripWithClosedTab();
      const reopen = button(root, 'Reopen');
      act(() => {
        reopen.dispatchEvent(new MouseEvent('mouseenter'));
        click(reopen);
      });
      expect(queryButton(root, 'Reopen')).toBeUndefined();
      act(() => click(button(root, 'Close tab GET /v2/summary')));
      expect(queryButton(root, 'Reopen')).toBeDefined();
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      expect(queryButton(root, 'Reopen')).toBeUndefined();
      expect(workbench.tabs.get().tabs).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes after a while when nothing reached it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { root } = await stripWithClosedTab();
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      expect(queryButton(root, 'Reopen')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the tab Reopen brings back, whatever the note beside it says', async () => {
    const { root } = await stripWithClosedTab();
    expect(button(root, 'Reopen').getAttribute('aria-label')).toBe('Reopen “GET /v2/summary”');
  });
});
