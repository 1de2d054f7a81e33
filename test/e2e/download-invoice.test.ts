/**
 * A user downloads an invoice PDF from the panel's Invoices view: the popup links to `#invoices?org=<id>`, the
 * organisation is preselected, and the PDF lands in the downloads folder as `<organisation>-<number>.pdf`, also
 * when the platform only serves the console's path. A missing bills right and an organisation without invoices
 * are said as such, not shown as an empty list.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

function organisation(name: string) {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === name);
  if (!found) throw new Error(`no organisation ${name}`);
  return found;
}

function newestInvoiceOf(organisationId: string) {
  return ext.platform.state.invoices
    .filter((invoice) => invoice.ownerId === organisationId)
    .sort((a, b) => b.emission_date.localeCompare(a.emission_date))[0]!;
}

async function openInvoices(hash: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await ext.openPage(`src/devtools/panel.html${hash}`, {
    errors: pageErrors,
    viewport: { width: 1000, height: 700 },
    colorScheme,
  });
  await page.getByRole('heading', { name: 'Invoices' }).waitFor();
  return page;
}

const snap = (page: Page, name: string) => saveScreenshot(page, `invoices-${name}`, { fullPage: true });

async function downloaded(filename: string): Promise<Buffer> {
  const path = join(ext.downloadsDir, filename);
  await expect.poll(() => existsSync(path), { timeout: 10_000 }).toBe(true);
  // Chromium writes to a .crdownload first and renames at the end: wait for the final size to settle.
  await expect
    .poll(async () => (await readFile(path)).subarray(-6).toString('latin1'), { timeout: 10_000 })
    .toContain('%%EOF');
  return readFile(path);
}

describe('downloading an invoice', () => {
  it('preselects the organisation from the link and saves the PDF as <organisation>-<number>.pdf', async () => {
    const engines = organisation('Analytical Engines Ltd');
    const invoice = newestInvoiceOf(engines.id);
    const page = await openInvoices(`#invoices?org=${encodeURIComponent(engines.id)}`);
    await expect.poll(() => page.locator('#ki-organisation').inputValue()).toBe(engines.id);
    const count = ext.platform.state.invoices.filter((item) => item.ownerId === engines.id).length;
    await expect.poll(() => page.locator('tbody tr').count()).toBe(count);
    const row = page.locator('tbody tr').first();
    await row.getByText(invoice.invoice_number, { exact: true }).waitFor();
    const total = invoice.total_tax.amount + invoice.total_tax_excluded.amount;
    await row.getByText(`€${total.toFixed(2)}`, { exact: true }).waitFor();
    await snap(page, 'light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Download PDF of invoice ${invoice.invoice_number}` }).click();
    const filename = `Analytical-Engines-Ltd-${invoice.invoice_number}.pdf`;
    await page.getByText(`Saved as ${filename}`).waitFor();
    const bytes = await downloaded(filename);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(invoice.invoice_number);
    await page.close();
  });

  it('falls back to the console’s path when the spec’s path answers 404', async () => {
    ext.platform.state.settings.specPdfPath = false;
    try {
      const works = organisation('Difference Works');
      const invoice = newestInvoiceOf(works.id);
      const page = await openInvoices(`#invoices?org=${encodeURIComponent(works.id)}`, 'dark');
      await page.getByRole('button', { name: `Download PDF of invoice ${invoice.invoice_number}` }).click();
      const filename = `Difference-Works-${invoice.invoice_number}.pdf`;
      await page.getByText(`Saved as ${filename}`).waitFor();
      expect((await downloaded(filename)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await snap(page, 'dark');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.close();
    } finally {
      ext.platform.state.settings.specPdfPath = true;
    }
  });

  it('switches organisation from the picker; one without invoices says so', async () => {
    const user = [...ext.platform.state.users.values()].find((u) => u.email === ext.platform.user.email)!;
    const removed = ext.platform.state.invoices.filter((invoice) => invoice.ownerId === user.id);
    ext.platform.state.invoices.splice(
      0,
      ext.platform.state.invoices.length,
      ...ext.platform.state.invoices.filter((i) => i.ownerId !== user.id),
    );
    try {
      const page = await openInvoices('#invoices');
      // By id: the composer's hidden path picker may also be labelled “Organisation” once the summary loads.
      await page.locator('#ki-organisation').selectOption({ label: `Personal space (${user.name})` });
      await page.getByText(`No invoices for ${user.name} yet.`).waitFor();
      expect(await page.evaluate(() => location.hash)).toBe(`#invoices?org=${encodeURIComponent(user.id)}`);
      await page.close();
    } finally {
      ext.platform.state.invoices.push(...removed);
    }
  });

  it('explains a missing access_organisations_bills right instead of showing an empty list', async () => {
    const tokens = [...ext.platform.state.accessTokens.values()];
    const saved = tokens.map((token) => [...token.rights]);
    // As if the user had unticked the bills right on the consent page.
    for (const token of tokens) token.rights = token.rights.filter((right) => right !== 'access_organisations_bills');
    try {
      const engines = organisation('Analytical Engines Ltd');
      const page = await openInvoices(`#invoices?org=${encodeURIComponent(engines.id)}`);
      const alert = page.getByRole('alert');
      await alert.getByText('needs the access_organisations_bills right').waitFor();
      expect(await page.locator('tbody tr').count()).toBe(0);
      await snap(page, 'missing-right-light');
      await page.close();
    } finally {
      tokens.forEach((token, index) => {
        token.rights = saved[index]!;
      });
    }
  });
});
