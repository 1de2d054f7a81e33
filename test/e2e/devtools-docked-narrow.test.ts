/**
 * The sizes people dock DevTools at (issue 32 item 8), one page resized between them as a user docks it elsewhere:
 * at the bottom of a small screen (900×500), at the bottom of a wide one (1400×380), at the side (480×700), and a
 * laptop's undocked window (1280×800). Measured in what the user can read: the JSON rows of the response wholly
 * inside the tree's box and the window (at least 10, 6, 8, and all of them at 1280×800), and Send in the window and
 * not covered by anything. The response's tools are one row (secondary actions in "⋯", by keyboard too); the rail
 * shows glyphs when narrow; the side pane hides and comes back with its button or Ctrl+\, remembered.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Tree rows wholly inside the tree's visible box and the window: what can be read without scrolling. */
const readableRows = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.kh-tree-rows')?.getBoundingClientRect();
    if (!box) return 0;
    return [...document.querySelectorAll('.kh-tree-row')].filter((row) => {
      const at = row.getBoundingClientRect();
      return at.top >= box.top - 0.5 && at.bottom <= box.bottom + 0.5 && at.bottom <= innerHeight + 0.5;
    }).length;
  });

/** Send's box is inside the window and the element at its centre is Send itself (nothing covers it). */
const sendReachable = (page: Page) =>
  page.evaluate(() => {
    const send = [...document.querySelectorAll<HTMLButtonElement>('.kh-request-line button')].find(
      (button) => button.textContent?.trim() === 'Send',
    );
    if (!send) return 'no Send button';
    const box = send.getBoundingClientRect();
    if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight)
      return `outside the window: ${JSON.stringify(box)}`;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && send.contains(hit) ? 'ok' : `covered by ${hit?.className}`;
  });

const SIZES = [
  { width: 1280, height: 800, rows: 21 },
  { width: 900, height: 500, rows: 10 },
  { width: 480, height: 700, rows: 8 },
  { width: 1400, height: 380, rows: 6 },
] as const;

describe('the panel docked at every size', () => {
  let page: Page;

  it('shows the response and Send at the four sizes, light and dark, with one row of body tools', async () => {
    page = await openPanel(ext, pageErrors, { width: 1280, height: 800, colorScheme: 'light' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.kh-tree-row').first().waitFor();
    // GET /v2/self: an object of 20 keys, 21 rows with the root.
    const all = await page.locator('.kh-tree-row').count();
    expect(all).toBe(21);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const { width, height, rows } of SIZES) {
        await page.setViewportSize({ width, height });
        await expect.poll(() => readableRows(page), { message: `${width}×${height}` }).toBeGreaterThanOrEqual(rows);
        expect(await sendReachable(page)).toBe('ok');
        // The body's tools are one row: no taller than its tallest control.
        const toolbar = await page.getByRole('toolbar', { name: 'Body tools' }).boundingBox();
        expect(toolbar!.height).toBeLessThan(36);
        expect(toolbar!.x + toolbar!.width).toBeLessThanOrEqual(width);
        // Nothing in the composer runs off sideways.
        const composer = await page
          .locator('.kh-composer')
          .evaluate((form) => ({ scroll: form.scrollWidth, client: form.clientWidth, left: form.scrollLeft }));
        expect(composer.scroll).toBeLessThanOrEqual(composer.client);
        expect(composer.left).toBe(0);
        await saveScreenshot(page, `devtools-docked-${width}x${height}-${scheme}`);
      }
    }
  });

  it('keeps the secondary body actions in a "⋯" menu, by keyboard', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 900, height: 500 });
    const more = page.getByRole('button', { name: 'More body actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'More body actions' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Expand all',
      'Collapse all',
      'Copy value',
      'Copy path',
      'Copy',
      'Save…',
    ]);
    // The menu is wholly in the window (placed above or below the button, whichever has room).
    const box = await menu.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(500);
    await saveScreenshot(page, 'devtools-docked-more-menu');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Expand all');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save…');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More body actions');
    // ArrowUp opens it on the last item; the one above it copies the body, and says so in the row.
    await page.keyboard.press('ArrowUp');
    await menu.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save…');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.locator('.kh-body-note').innerText()).not.toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More body actions');
  });

  it('folds the request parts away for more response, and a tab unfolds them', async () => {
    // Tall enough that the composer is not already kept to its request line and tabs.
    await page.setViewportSize({ width: 900, height: 720 });
    const response = () => page.locator('.kh-response').evaluate((element) => element.getBoundingClientRect().height);
    await page.getByRole('tabpanel', { name: 'Query' }).waitFor();
    const before = await response();
    await page.getByRole('button', { name: 'Fold the request parts' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Query' }).count()).toBe(0);
    await expect.poll(response).toBeGreaterThan(before + 40);
    expect(await sendReachable(page)).toBe('ok');
    await saveScreenshot(page, 'devtools-docked-900x720-folded');
    expect(await page.getByRole('button', { name: 'Unfold the request parts' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await page.getByRole('tab', { name: 'Headers', exact: true }).click();
    await page.getByRole('tabpanel', { name: 'Headers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Fold the request parts' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.getByRole('tab', { name: 'Query', exact: true }).click();
  });

  it('hides the side pane with its button or Ctrl+\\, remembered after a reload; the rail shows glyphs', async () => {
    await page.setViewportSize({ width: 900, height: 500 });
    const side = page.locator('.kh-side');
    const rail = await page.locator('.kh-rail').boundingBox();
    expect(rail!.width).toBeLessThan(50);
    // Glyphs only, the label still each tab's name.
    await page.getByRole('tab', { name: 'History', exact: true }).waitFor();
    const before = await page.locator('.kh-workbench').evaluate((element) => element.getBoundingClientRect().width);
    await page.getByRole('button', { name: 'Hide the side pane' }).click();
    await expect.poll(() => side.isVisible()).toBe(false);
    const after = await page.locator('.kh-workbench').evaluate((element) => element.getBoundingClientRect().width);
    expect(after).toBeGreaterThan(before + 200);
    await saveScreenshot(page, 'devtools-docked-side-hidden-900x500');
    await page.reload();
    await page.getByRole('textbox', { name: 'Path' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Show the side pane' }).isVisible()).toBe(true);
    expect(await side.isVisible()).toBe(false);
    // Ctrl+\ from the path field (typing there stays untouched) brings it back.
    await page.getByRole('textbox', { name: 'Path' }).focus();
    await page.keyboard.press('Control+Backslash');
    await expect.poll(() => side.isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe('/v2/self');
    await page.keyboard.press('Control+Backslash');
    await expect.poll(() => side.isVisible()).toBe(false);
    // Picking a side view from the rail shows the pane again.
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await expect.poll(() => side.isVisible()).toBe(true);
    await page.close();
  });

  it('keeps the current request tab readable when the head is narrow, three tabs open (1400×380 beside the response)', async () => {
    const narrow = await openPanel(ext, pageErrors, { width: 1400, height: 380, colorScheme: 'light' });
    await narrow.getByRole('button', { name: 'New tab' }).click();
    await narrow.getByRole('button', { name: 'New tab' }).click();
    // What of the current tab the tab list shows (it scrolls sideways): the head's other controls once left it
    // 62 px, cutting the current tab to a sliver.
    const shown = () =>
      narrow.locator('.kh-request-tab--current').evaluate((tab) => {
        const list = tab.closest('.kh-request-tab-list')!.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return Math.round(Math.min(box.right, list.right) - Math.max(box.left, list.left));
      });
    await expect.poll(shown).toBeGreaterThan(100);
    await saveScreenshot(narrow, 'devtools-docked-1400x380-three-tabs');
    await narrow.close();
  });
});
