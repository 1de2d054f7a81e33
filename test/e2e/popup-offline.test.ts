/**
 * The popup opened a second time: the account saved in IndexedDB is on screen before the platform answers,
 * and when the platform cannot be reached (or fails) the saved account stays, with its age and a Retry.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_SNAPSHOT_STORAGE_KEY } from '../../src/popup/account-cache.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { openPopup as openExtensionPopup } from './support/extension-pages.ts';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension | undefined;
afterEach(async () => {
  await ext?.close();
  ext = undefined;
});

const openPopup = (target: SandboxedExtension, colorScheme: 'light' | 'dark' = 'light') =>
  openExtensionPopup(target, { colorScheme });

async function openOnceAndSave(target: SandboxedExtension): Promise<string[]> {
  const page = await openPopup(target);
  await expect.poll(() => page.locator('.kp-updated').textContent(), { timeout: 10_000 }).toBe('Updated just now');
  // "Updated just now" shows before the cache is written (two IndexedDB transactions, then the synchronous mirror):
  // closing at once could drop that write on a busy machine, and the next popup would have nothing to paint first.
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, ACCOUNT_SNAPSHOT_STORAGE_KEY, {
    timeout: 10_000,
  });
  const names = await page.locator('.kp-space__name').allInnerTexts();
  await page.close();
  return names;
}

/** Moves the saved account's fetch time into the past, as if it had been saved `minutes` ago. */
async function ageSavedAccount(page: Page, minutes: number): Promise<void> {
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyhole-popup');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('cache', 'readwrite').objectStore('cache');
          const last = store.get('last');
          last.onsuccess = () => {
            const entry = store.get(last.result as string);
            entry.onsuccess = () => {
              store.put({ ...entry.result, fetchedAt: Date.now() - ms }, last.result as string);
              store.transaction.oncomplete = () => resolve();
            };
          };
        };
      }),
    minutes * 60_000,
  );
}

describe('opening the popup again', () => {
  it('renders the saved account before the network answers, then updates it in place', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    const names = await openOnceAndSave(running);
    expect(names.length).toBeGreaterThan(1);

    running.platform.faults.add({ path: '/v2/summary', delayMs: 3000 });
    const page = await openPopup(running);
    await expect.poll(() => page.locator('.kp-space__name').allInnerTexts(), { timeout: 2000 }).toEqual(names);
    // What is on screen came from the cache: the names were there before the summary was even asked for (the app
    // starts after the first-paint script's frame) or while the sandbox holds it back for 3 s.
    await expect.poll(() => running.platform.faults.list().length, { timeout: 2000 }).toBe(0); // now in flight
    // Saved data painted before the worker answers says so, with its age.
    expect(await page.locator('.kp-updated').textContent()).toBe('Refreshing… (saved just now)');
    await saveScreenshot(page, 'popup-saved-refreshing-light');
    const [firstRender, domContentLoaded] = await page.evaluate(() => [
      performance.getEntriesByName('keyhole:first-account-render')[0]?.startTime ?? -1,
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
    ]);
    expect(firstRender).toBeGreaterThan(0);
    // Nothing is awaited before the first paint: the account is rendered while the module script runs.
    expect(firstRender).toBeLessThanOrEqual(domContentLoaded!);

    const heading = await page.locator('h1').elementHandle();
    await expect.poll(() => page.locator('.kp-updated').textContent(), { timeout: 8000 }).toBe('Updated just now');
    expect(await heading?.evaluate((node) => node.isConnected)).toBe(true);
    expect(await page.locator('.kp-space__name').allInnerTexts()).toEqual(names);

    running.platform.faults.add({ path: '/v2/summary', delayMs: 3000 });
    const dark = await openPopup(running, 'dark');
    await expect
      .poll(() => dark.locator('.kp-updated').textContent(), { timeout: 2000 })
      .toBe('Refreshing… (saved just now)');
    await saveScreenshot(dark, 'popup-saved-refreshing-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
  });

  it('offline: keeps the saved account with "updated 3 min ago" and a Retry that recovers', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    const names = await openOnceAndSave(running);

    running.platform.faults.add({ path: '/v2/summary', drop: true, times: Number.POSITIVE_INFINITY });
    const first = await openPopup(running);
    await ageSavedAccount(first, 3);
    await first.close();

    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopup(running, scheme);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(1);
      expect(await alert.getAttribute('data-error-code')).toBe('network');
      expect(await page.locator('.kp-stale').textContent()).toBe('Showing saved data · updated 3 min ago');
      expect(await page.locator('.kp-space__name').allInnerTexts()).toEqual(names);
      await saveScreenshot(page, `popup-offline-${scheme}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (scheme === 'light') await page.close();
      else {
        running.platform.faults.clear();
        await page.getByRole('button', { name: 'Retry' }).click();
        await expect
          .poll(() => page.locator('.kp-updated').textContent(), { timeout: 10_000 })
          .toBe('Updated just now');
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await page.locator('.kp-stale').count()).toBe(0);
      }
    }
  });

  it('server error: says the platform had a problem, keeps the saved account, Retry recovers', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    const names = await openOnceAndSave(running);

    running.platform.faults.add({ path: '/v2/summary', status: 503 });
    const page = await openPopup(running);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(1);
    expect(await alert.getAttribute('data-error-code')).toBe('http-error');
    expect(await alert.textContent()).toContain('The platform had a problem (503)');
    expect(await page.locator('.kp-stale').textContent()).toMatch(
      /^Showing saved data · updated (just now|1 min ago)$/,
    );
    expect(await page.locator('.kp-space__name').allInnerTexts()).toEqual(names);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('.kp-updated').textContent(), { timeout: 10_000 }).toBe('Updated just now');
    expect(await alert.count()).toBe(0);
  });

  it('signed out elsewhere: the saved account gives way to the signed-out screen, and its mirror is dropped', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    await openOnceAndSave(running);
    // The worker forgets the popup's saved account in IndexedDB; the popup's localStorage mirror stays behind.
    await running.message('session/sign-out');
    const page = await openPopup(running);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('You are signed out');
    expect(await page.locator('.kp-space').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('keyhole-popup:last'))).toBeNull();
  });
});
