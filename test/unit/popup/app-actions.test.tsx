// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SpaceCard } from '../../../src/popup/SpaceCard.tsx';
import { mount, waitFor, waitForValue } from '../support/dom.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const space = {
  id: 'orga_1',
  name: 'Engines',
  personal: false,
  role: 'ADMIN',
  addonCount: 0,
  applications: [{ id: 'app_1', name: 'difference', state: 'SHOULD_BE_UP', archived: false }],
};

describe('an application’s actions in the popup', () => {
  it('load on ⋯ and link to its console page and to the panel’s follow menu', async () => {
    const { root, unmount } = mount(
      <ul>
        <SpaceCard
          space={space as never}
          consoleUrl="https://console.example.test"
          extensionUrl={(path) => `chrome-extension://x/${path}`}
        />
      </ul>,
    );
    cleanup = unmount;
    const more = root.querySelector('[aria-label="Actions for difference"]') as HTMLButtonElement;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    more.click();
    const group = await waitForValue(() => root.querySelector('fieldset'));
    expect(group.getAttribute('aria-label')).toBe('difference: actions');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const links = [...group.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Open in console', 'https://console.example.test/organisations/orga_1/applications/app_1'],
      ['Tail logs', 'chrome-extension://x/src/devtools/panel.html#catalog?tail=logs&owner=orga_1&app=app_1'],
      ['Access logs', 'chrome-extension://x/src/devtools/panel.html#catalog?tail=accesslogs&owner=orga_1&app=app_1'],
      [
        'Compose a call…',
        'chrome-extension://x/src/devtools/panel.html#catalog?follow=application%3Aapp_1&owner=orga_1',
      ],
    ]);
    more.click();
    await waitFor(() => expect(root.querySelector('fieldset')).toBeNull());
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});
