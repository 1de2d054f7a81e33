// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BodyLoad, ReceivingState } from '../../../../../src/devtools/panel/response/body-loader.ts';
import { ReceivingBody } from '../../../../../src/devtools/panel/response/ReceivingBody.tsx';
import { createStore } from '../../../../../src/devtools/panel/store.ts';
import { button, click, mount, text, unmountAll } from '../../../support/dom.ts';

afterEach(unmountAll);

function fakeLoad(state: ReceivingState): BodyLoad {
  return { progress: createStore(state), finished: new Promise(() => undefined), cancel: vi.fn(), shown: vi.fn() };
}

describe('ReceivingBody', () => {
  it('shows the JSON that has arrived as a tree, how much has come, and stops on request', () => {
    const root = [{ id: 'app_1' }, { id: 'app_2' }];
    const load = fakeLoad({ bytes: 3 * 1024 * 1024, head: '[{"id":"app_1"}', json: { root, values: 4 } });
    const { root: view } = mount(<ReceivingBody load={load} />);
    expect(text(view.querySelector('[role="status"]'))).toBe('Receiving… 3.0 MB · 4 values read');
    expect(view.querySelector('[role="tree"]')?.getAttribute('aria-label')).toBe(
      'Response body as a tree, still arriving',
    );
    expect(view.querySelectorAll('[role="treeitem"]').length).toBe(3);
    // Painted: the loader, waiting for its first screen, may read on.
    expect(load.shown).toHaveBeenCalled();
    click(button(view, 'Stop receiving'));
    expect(load.cancel).toHaveBeenCalledTimes(1);
  });

  it('text that is not JSON, or JSON found invalid on the way: its first part as raw text, and why', () => {
    const load = fakeLoad({
      bytes: 20,
      head: '{"a" 1} and more',
      jsonError: 'Expected “:” after a key (at character 5)',
    });
    const { root: view } = mount(<ReceivingBody load={load} />);
    expect(view.querySelector('[role="tree"]')).toBeNull();
    expect(view.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Response body, raw, first part');
    expect(text(view)).toContain('Not valid JSON (Expected “:” after a key (at character 5))');
  });

  it('says it is waiting before the first bytes', () => {
    const load = fakeLoad({ bytes: 0, head: '' });
    const { root: view } = mount(<ReceivingBody load={load} />);
    expect(text(view)).toContain('Waiting for the first bytes…');
    expect(load.shown).not.toHaveBeenCalled();
  });
});
