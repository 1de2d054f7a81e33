// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyDevtoolsTheme } from '../../../src/devtools/panel/theme.ts';

describe('applyDevtoolsTheme', () => {
  it('follows the DevTools theme and leaves the system preference alone outside DevTools', () => {
    const root = document.createElement('html');
    applyDevtoolsTheme('dark', root);
    expect(root.dataset.theme).toBe('dark');
    applyDevtoolsTheme('default', root);
    expect(root.dataset.theme).toBe('light');
    applyDevtoolsTheme(undefined, root);
    expect(root.dataset.theme).toBeUndefined();
  });
});
