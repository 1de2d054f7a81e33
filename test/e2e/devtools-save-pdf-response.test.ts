/**
 * An integrator fetches an invoice PDF in the workbench: the binary body is previewed, and Save… asks where to
 * save it (downloads API with saveAs), suggesting the name the platform gives in Content-Disposition. Headless
 * Chromium shows no Save dialog and writes nothing for a saveAs download, so the test records the call's options
 * and lets it through without the dialog, to check the file too.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('a PDF response', () => {
  it('is previewed and saved with its real file name', async () => {
    const org = [...ext.platform.state.organisations.values()].find((item) => item.name === 'Analytical Engines Ltd');
    const invoice = ext.platform.state.invoices.find((item) => item.ownerId === org?.id);
    if (!org || !invoice) throw new Error('no seeded invoice');
    await page.getByRole('searchbox', { name: 'Search endpoints' }).fill('invoice pdf spec');
    await page.locator('[data-endpoint-id="invoice-pdf"]').click();
    await page.getByRole('combobox', { name: '{organisationId}' }).fill(org.id);
    await page.getByRole('textbox', { name: '{invoiceNumber}' }).fill(invoice.invoice_number);
    expect(await sendAndWait(page)).toBe('200');

    const name = `invoice-${invoice.invoice_number}.pdf`;
    await page.getByTitle(`PDF preview of ${name}`).waitFor();
    await saveScreenshot(page, 'devtools-pdf-preview');
    await page.evaluate(() => {
      const downloads = chrome.downloads as unknown as { download: (...args: unknown[]) => unknown };
      const original = downloads.download.bind(downloads);
      const seen: unknown[] = [];
      (window as unknown as { __downloads: unknown[] }).__downloads = seen;
      downloads.download = (options, ...rest) => {
        seen.push(options);
        return original({ ...(options as object), saveAs: false }, ...rest);
      };
    });
    await page.getByRole('button', { name: `Save ${name}` }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __downloads: unknown[] }).__downloads))
      .toEqual([expect.objectContaining({ filename: name, saveAs: true })]);
    await expect
      .poll(() => page.getByText(`Saving: the browser asks where (suggested name ${name}).`).isVisible())
      .toBe(true);

    const path = join(ext.downloadsDir, name);
    await expect.poll(() => existsSync(path), { timeout: 15_000 }).toBe(true);
    // Chromium writes a .crdownload first and renames at the end; wait for the complete file.
    await expect
      .poll(async () => (await readFile(path)).subarray(-6).toString('latin1'), { timeout: 10_000 })
      .toContain('%%EOF');
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(invoice.invoice_number);
  });
});
