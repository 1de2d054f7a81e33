/**
 * Opening the popup a second time: the account it showed last is in its very first frame, drawn by the classic
 * first-paint script while the page is still being parsed (before any of the app's modules has run), in the
 * system's theme; then the app takes its place without moving anything, and leaves one account, named once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SNAPSHOT_STORAGE_KEY } from '../../src/popup/account-cache.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

/** Runs before the page's own scripts: notes how and when the account first entered the DOM, and where it sat. */
const RECORD_FIRST_PAINT = `(() => {
  const state = (globalThis.__firstPaint = {});
  new MutationObserver((_, observer) => {
    const identity = document.querySelector('.kp-identity');
    if (!identity) return;
    observer.disconnect();
    state.readyState = document.readyState;
    state.at = performance.now();
    state.byFirstPaint = identity.closest('[data-first-paint]') !== null;
    state.topbarBackground = getComputedStyle(document.querySelector('.kp-topbar')).backgroundColor;
    state.boxes = boxesOf(document);
  }).observe(document, { childList: true, subtree: true });
  // No named inner functions in evaluated code: this one is global on purpose, the test calls it again later.
  globalThis.boxesOf = (doc) =>
    ['.kp-topbar', '.kp-identity', '.kp-identity__name', '.kp-expiry', '.kp-spaces', '.kp-space', '.kp-footer', '.kp-signout']
      .flatMap((selector) => [...doc.querySelectorAll(selector)].map((element) => {
        const box = element.getBoundingClientRect();
        return selector + ' ' + [box.x, box.y, box.width, box.height].map(Math.round).join(',');
      }));
})()`;

interface FirstPaint {
  readyState: string;
  at: number;
  byFirstPaint: boolean;
  topbarBackground: string;
  boxes: string[];
}

let ext: SandboxedExtension;
const errors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  // A first opening fills the account cache and its synchronous mirror, as any opening does.
  const first = await openPopup('light');
  await first.waitForFunction(() => document.querySelector('.kp-updated')?.textContent === 'Updated just now', null, {
    timeout: 10_000,
  });
  // "Updated just now" shows before the cache is written (two IndexedDB transactions, then the mirror): closing the
  // page at once could drop that write on a busy machine, and the next popup would have nothing to paint first.
  await first.waitForFunction((key) => localStorage.getItem(key) !== null, ACCOUNT_SNAPSHOT_STORAGE_KEY, {
    timeout: 10_000,
  });
  await first.close();
});

afterAll(async () => {
  await ext?.close();
  expect(errors).toEqual([]);
});

function openPopup(colorScheme: 'light' | 'dark'): Promise<Page> {
  return ext.openPage('src/popup/index.html', {
    viewport: { width: 360, height: 600 },
    loopbackOnly: true,
    colorScheme,
    errors,
    initScript: RECORD_FIRST_PAINT,
  });
}

async function readFirstPaint(page: Page): Promise<FirstPaint> {
  await page.waitForFunction(() => (globalThis as { __firstPaint?: { at?: number } }).__firstPaint?.at !== undefined);
  return page.evaluate(() => (globalThis as unknown as { __firstPaint: FirstPaint }).__firstPaint);
}

/** Mounted: the first paint replaced, and the worker's confirmation shown. */
async function waitForApp(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-first-paint]').count()).toBe(0);
  await expect.poll(() => page.locator('.kp-updated').textContent(), { timeout: 10_000 }).toBe('Updated just now');
}

describe('the popup, opened with an account to show', () => {
  it('has the account in its first contentful paint, drawn while the page was parsed', async () => {
    const page = await openPopup('light');
    const firstPaint = await readFirstPaint(page);
    // 'loading': the parser had not finished, so no module script (deferred until it has) had run yet.
    expect(firstPaint).toMatchObject({ readyState: 'loading', byFirstPaint: true });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const firstContentfulPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
    expect(firstPaint.at).toBeLessThanOrEqual(firstContentfulPaint);
    expect(await page.evaluate(() => performance.getEntriesByName('keyhole:first-account-render').length)).toBe(1);
    await page.close();
  });

  it('is taken over by the app with nothing moved, and one account region, named once', async () => {
    const page = await openPopup('light');
    const firstPaint = await readFirstPaint(page);
    await expect.poll(() => page.locator('[data-first-paint]').count()).toBe(0);
    const mounted = await page.evaluate(() =>
      (globalThis as unknown as { boxesOf(doc: Document): string[] }).boxesOf(document),
    );
    expect(mounted).toEqual(firstPaint.boxes);
    expect(firstPaint.boxes.length).toBeGreaterThan(8);

    await waitForApp(page);
    const name = (await page.locator('.kp-identity__name').textContent()) ?? '';
    expect(name).not.toBe('');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Signed-in account' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1, name }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Copy user ID' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.locator('[inert]').count()).toBe(0);
    // The app's buttons work: the first organisation opens on a click.
    const toggle = page.locator('.kp-space__toggle').first();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('paints in the theme of the system from the first frame, light and dark', async () => {
    const backgrounds: Record<string, string> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopup(scheme);
      const firstPaint = await readFirstPaint(page);
      await waitForApp(page);
      const mounted = await page.evaluate(
        () => getComputedStyle(document.querySelector('.kp-topbar')!).backgroundColor,
      );
      expect(firstPaint.topbarBackground).toBe(mounted);
      backgrounds[scheme] = mounted;
      await saveScreenshot(page, `popup-first-paint-app-${scheme}`);
      // The first paint itself, to look at: the same script run again over the mounted app.
      await showFirstPaintAgain(page);
      await saveScreenshot(page, `popup-first-paint-${scheme}`);
      await page.close();
    }
    expect(backgrounds.light).toBe('rgb(246, 247, 249)');
    expect(backgrounds.dark).toBe('rgb(22, 27, 34)');
  });
});

/** Loads the page's first-paint script once more: it replaces the app's screen with its own, for a screenshot. */
async function showFirstPaintAgain(page: Page): Promise<void> {
  const src = await page.evaluate(
    () => [...document.scripts].find((script) => !script.type && script.src.includes('/assets/first-paint'))?.src,
  );
  if (!src) throw new Error('the popup has no first-paint script');
  await page.addScriptTag({ url: src });
  await expect.poll(() => page.locator('[data-first-paint]').count()).toBe(1);
}
