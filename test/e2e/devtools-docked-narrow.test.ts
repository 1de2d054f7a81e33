/**
 * The sizes people dock DevTools at. At the bottom (1400×380, 900×500) a response, once there is one, gets most of
 * the height (the composer kept 55 % before and the tree showed two rows). At the side of a small screen (480 px
 * wide) the composer's request line (method, target, path, Send) wraps instead of overflowing: before, the composer
 * scrolled sideways once Send had focus, cutting its left edge (method and tabs) out of view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;

beforeAll(async () => {
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
});

describe('the panel docked at the bottom (short)', () => {
  for (const [width, height] of [
    [1400, 380],
    [900, 500],
  ] as const) {
    it(`gives a response at least 60 % of the workbench's height at ${width}×${height}`, async () => {
      const page = await ext.openPage('src/devtools/panel.html', { viewport: { width, height } });
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('.kh-status-line .kh-status').waitFor();
      const share = await page.evaluate(() => {
        const response = document.querySelector('.kh-response')?.getBoundingClientRect();
        const workbench = document.querySelector('.kh-workbench')?.getBoundingClientRect();
        return response && workbench ? response.height / workbench.height : 0;
      });
      expect(share).toBeGreaterThanOrEqual(0.6);
      // The request line stays in view above it.
      expect(await page.getByRole('button', { name: 'Send', exact: true }).isVisible()).toBe(true);
      await saveScreenshot(page, `devtools-docked-${width}x${height}`);
      await page.close();
    });
  }
});

describe('the panel docked 480 px wide', () => {
  it('shows the whole request line, Send included, with nothing cut after a send', async () => {
    const page = await ext.openPage('src/devtools/panel.html', { viewport: { width: 480, height: 700 } });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await send.click();
    await page.locator('.kh-status-line .kh-status').waitFor();
    const composer = await page.evaluate(() => {
      const form = document.querySelector<HTMLElement>('.kh-composer');
      return form
        ? { scrollWidth: form.scrollWidth, clientWidth: form.clientWidth, scrollLeft: form.scrollLeft }
        : null;
    });
    expect(composer).not.toBeNull();
    expect(composer?.scrollWidth).toBeLessThanOrEqual(composer?.clientWidth ?? 0);
    expect(composer?.scrollLeft).toBe(0);
    for (const control of [page.getByRole('combobox', { name: 'Method' }), send]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(480);
    }
    await saveScreenshot(page, 'devtools-docked-480');
    await page.close();
  });
});
