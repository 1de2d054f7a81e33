/**
 * DevTools docked to the side of a small screen leaves the panel 480 px wide. The composer's request line
 * (method, target, path, Send) then wraps instead of overflowing: before, the composer scrolled sideways once Send
 * had focus, cutting its left edge (method and tabs) out of view.
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
