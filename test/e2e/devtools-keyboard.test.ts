/**
 * Issue 16 item 10, keyboard: `/` focuses the catalog search, arrows move into the results, Enter picks; at most
 * 10 Tab stops from the search to Send (47 before: every endpoint was one); `?` lists the shortcuts. And a
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

  it('lists the shortcuts on ?', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    await page.locator('body').press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Search the catalog/);
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
});
