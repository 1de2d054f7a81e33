/**
 * Issue 16 item 10, keyboard: `/` focuses the catalog search, arrows move into the results, Enter picks; at most
 * 10 Tab stops from the search to Send (47 before: every endpoint was one; 12 once the request tabs came, each
 * tab and its close button a stop: the tabs are now one stop, arrows inside); `?` lists the shortcuts. And a
 * keyboard-only run of compose → send, at the three sizes people dock DevTools at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openPanel } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      id: element?.id ?? '',
      label: element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 40) ?? '',
      endpoint: element?.dataset.endpointId ?? '',
    };
  });

describe('the panel from the keyboard', () => {
  for (const [width, height] of [
    [1280, 800],
    [900, 500],
    [1400, 380],
  ] as const) {
    it(`composes and sends without the mouse at ${width}×${height}`, async () => {
      const page = await openPanel(ext, pageErrors, { width, height });
      await page.locator('.kh-endpoint').first().waitFor();
      await page.locator('body').press('/');
      expect((await focused(page)).id).toBe('kh-catalog-search');
      await page.keyboard.type('get self');
      await page.keyboard.press('ArrowDown');
      const first = await focused(page);
      expect(first.endpoint).not.toBe('');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      expect((await focused(page)).endpoint).toBe(first.endpoint);
      const picked = await page.evaluate(
        () => (document.activeElement as HTMLElement).querySelector('.kh-endpoint-path')?.textContent ?? '',
      );
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe(picked);
      await page.keyboard.press('Control+Enter');
      await page.locator('.kh-status-line .kh-status').waitFor();
      expect(await page.locator('.kh-status-line .kh-status').innerText()).toBe('200');
      await saveScreenshot(page, `keyboard-sent-${width}x${height}`);
      await page.close();
    });
  }

  it('takes at most 10 Tab stops from the search to Send', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    await page.locator('.kh-endpoint').first().waitFor();
    await page.locator('#kh-catalog-search').focus();
    const stops: string[] = [];
    for (let stop = 1; stop <= 60; stop += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      stops.push(now.endpoint ? 'endpoint' : now.label);
      if (now.label === 'Send') break;
    }
    expect(stops.at(-1)).toBe('Send');
    expect(stops.length, stops.join(' → ')).toBeLessThanOrEqual(10);
    await page.close();
  });

  it('keeps the request tabs one Tab stop: arrows inside, Delete closes, New tab and close buttons reachable', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    const toolbar = page.getByRole('toolbar', { name: 'Request tabs' });
    await toolbar.getByRole('button', { name: 'New tab' }).click();
    await expect.poll(() => toolbar.locator('.kh-request-tab-open').count()).toBe(2);
    const where = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const item = element.closest('.kh-request-tab');
        const tabs = [...document.querySelectorAll('.kh-request-tab')];
        return {
          label: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
          tab: item ? tabs.indexOf(item) : -1,
          current: element.getAttribute('aria-current') === 'true',
          stops: [...document.querySelectorAll('.kh-request-tab-bar [tabindex="0"]')].length,
        };
      });
    // Backwards from the path: the toolbar is entered once, on the current (new, second) tab.
    await page.getByRole('textbox', { name: 'Path' }).focus();
    const back: string[] = [];
    for (let press = 0; press < 8 && !(await where()).current; press += 1) {
      await page.keyboard.press('Shift+Tab');
      back.push((await where()).label);
    }
    expect(back.join(' → ')).toMatch(/Save request… → GET \S+$/);
    expect(await where()).toMatchObject({ tab: 1, current: true, stops: 1 });
    await page.keyboard.press('Home');
    expect(await where()).toMatchObject({ tab: 0, current: false, stops: 1 });
    await page.keyboard.press('ArrowRight');
    expect((await where()).label).toMatch(/^Close tab /);
    await page.keyboard.press('ArrowRight');
    expect(await where()).toMatchObject({ tab: 1, current: true });
    await page.keyboard.press('End');
    expect((await where()).label).toBe('New tab');
    await page.keyboard.press('ArrowLeft');
    expect(await where()).toMatchObject({ tab: 1, label: expect.stringMatching(/^Close tab /) });
    // Out and back in: on the current tab again, not where focus left.
    await page.keyboard.press('Shift+Tab');
    expect((await where()).tab).toBe(-1);
    await page.keyboard.press('Tab');
    expect(await where()).toMatchObject({ tab: 1, current: true, stops: 1 });
    // Delete closes the focused tab; focus stays in the toolbar, on the tab now current.
    await page.keyboard.press('Delete');
    await expect.poll(() => toolbar.locator('.kh-request-tab-open').count()).toBe(1);
    await expect.poll(where).toMatchObject({ tab: 0, current: true, stops: 1 });
    await saveScreenshot(page, 'keyboard-request-tabs');
    await page.close();
  });

  it('lists the shortcuts on ?', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    await page.locator('body').press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Search the catalog/);
    expect(await dialog.innerText()).toMatch(/close the focused tab/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // In a text field, ? and / are text.
    await page.getByRole('textbox', { name: 'Path' }).fill('');
    await page.getByRole('textbox', { name: 'Path' }).press('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await page.close();
  });

  it('/ and Ctrl+K focus the search with its query selected; Ctrl+S saves, never the browser’s Save page', async () => {
    const page = await openPanel(ext, pageErrors, { width: 900, height: 500 });
    await page.locator('.kh-endpoint').first().waitFor();
    const search = page.locator('#kh-catalog-search');
    await search.fill('applications');
    const selection = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement;
        return {
          id: element.id,
          selected: element.value.slice(element.selectionStart ?? 0, element.selectionEnd ?? 0),
        };
      });
    // Out of the field (as after a click elsewhere), where / is a shortcut, not text.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    expect(await selection()).toEqual({ id: 'kh-catalog-search', selected: 'applications' });
    // Typing replaces the old query rather than appending to it.
    await page.keyboard.type('zones');
    expect(await search.inputValue()).toBe('zones');
    // Ctrl+K from inside a text field.
    await page.getByRole('textbox', { name: 'Path' }).focus();
    await page.keyboard.press('Control+k');
    expect(await selection()).toEqual({ id: 'kh-catalog-search', selected: 'zones' });

    // Ctrl+S: whether the panel took the key from the browser, seen by a listener after the panel's.
    await page.evaluate(() => {
      addEventListener('keydown', (event: KeyboardEvent) => {
        if (event.key.toLowerCase() === 's' && event.ctrlKey)
          (window as unknown as { __saveKept: boolean[] }).__saveKept.push(event.defaultPrevented);
      });
      (window as unknown as { __saveKept: boolean[] }).__saveKept = [];
    });
    const kept = () => page.evaluate(() => (window as unknown as { __saveKept: boolean[] }).__saveKept);
    const path = page.getByRole('textbox', { name: 'Path' });
    await path.fill('/v2/self/applications');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Save request as' });
    await dialog.waitFor();
    // With the dialog open, Ctrl+S is still kept from the browser (and does nothing more).
    await page.keyboard.press('Control+s');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ctrl S apps');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const toolbar = page.getByRole('toolbar', { name: 'Request tabs' });
    await expect.poll(() => toolbar.locator('.kh-request-tab--current').innerText()).toContain('Ctrl S apps');
    // A saved request: Ctrl+S updates it in place, no dialog.
    await path.fill('/v2/self/applications/{applicationId}');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.locator('.kh-saved-note').innerText()).toBe('Saved “Ctrl S apps”');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await kept()).toEqual([true, true, true]);
    await page.getByRole('navigation', { name: 'Keyhole views' }).getByRole('tab', { name: 'Saved' }).click();
    const savedFilter = page.getByRole('searchbox', { name: 'Filter saved requests' });
    // Beside the Export and Import buttons, the filter keeps room to read what is typed (it was squeezed to a sliver).
    expect((await savedFilter.boundingBox())?.width).toBeGreaterThan(120);
    await savedFilter.fill('Ctrl S apps');
    await expect
      .poll(() => page.getByRole('treeitem', { name: 'GET Ctrl S apps' }).getAttribute('title'))
      .toContain('GET /v2/self/applications/{applicationId}');
    await saveScreenshot(page, 'keyboard-ctrl-s-saved');
    await page.close();
  });
});
