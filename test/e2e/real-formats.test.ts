/**
 * The panel against answers in the real platform's formats (platform-notes.md), injected as sandbox faults so the
 * exact bytes are the real ones: `…Z[UTC]` dates in the invoices list and the bridge's token list (which Date.parse
 * cannot read), and an error body whose `id` is the platform's internal code, not the HTTP status. Screenshots of
 * each, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

/** `2026-01-01T00:00:00.000Z[UTC]`: how the real platform writes an instant. */
const utc = (ms: number) => `${new Date(ms).toISOString()}[UTC]`;

/** The date as the page formats it, in the page's own locale. */
function formatted(page: Page, ms: number, withTime: boolean): Promise<string> {
  return page.evaluate(
    ([at, time]) =>
      new Intl.DateTimeFormat(undefined, time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' })
        .format(at as number)
        .replace(/\s+/g, ' '),
    [ms, withTime] as const,
  );
}

const cellText = async (page: Page, selector: string) =>
  (await page.locator(selector).innerText()).replace(/\s+/g, ' ');

describe('answers in the real platform’s formats', () => {
  it('lists invoices with [UTC] dates, newest first, with their dates shown', async () => {
    const org = [...ext.platform.state.organisations.values()].find((item) => item.name === 'Analytical Engines Ltd')!;
    const november = Date.UTC(2025, 10, 1, 6);
    const december = Date.UTC(2025, 11, 1, 6);
    const paid = Date.UTC(2025, 10, 3, 10, 15, 30);
    ext.platform.faults.add({
      server: 'api',
      method: 'GET',
      path: `/v4/billing/organisations/${org.id}/invoices`,
      times: Number.POSITIVE_INFINITY,
      status: 200,
      body: JSON.stringify([
        {
          invoice_number: 'REAL202511-0001',
          kind: 'INVOICE',
          category: 'SUBSCRIPTION',
          address: { address_id: 'addr_1', name: 'Ada', company: 'Analytical Engines', country_alpha2: 'FR' },
          emission_date: utc(november),
          pay_date: utc(paid),
          status: 'PAID',
          currency: 'EUR',
          vat_percent: 20,
          total_tax_excluded: { amount: 42.5, currency: 'EUR' },
          total_tax: { amount: 8.5, currency: 'EUR' },
          transaction_id: null,
        },
        {
          invoice_number: 'REAL202512-0002',
          kind: 'INVOICE',
          emission_date: utc(december),
          pay_date: null,
          status: 'PENDING',
          currency: 'EUR',
          total_tax_excluded: { amount: 10, currency: 'EUR' },
          total_tax: { amount: 2, currency: 'EUR' },
        },
      ]),
    });
    for (const scheme of ['light', 'dark'] as const) {
      const page = await ext.openPage(`src/devtools/panel.html#invoices?org=${encodeURIComponent(org.id)}`, {
        errors: pageErrors,
        viewport: { width: 1000, height: 600 },
        colorScheme: scheme,
      });
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      expect(await page.locator('tbody tr th').allInnerTexts()).toEqual(['REAL202512-0002', 'REAL202511-0001']);
      expect(await cellText(page, 'tbody tr:nth-child(1) td:nth-child(2)')).toBe(
        await formatted(page, december, false),
      );
      expect(await cellText(page, 'tbody tr:nth-child(2) td:nth-child(2)')).toBe(
        `${await formatted(page, november, false)} Paid ${await formatted(page, paid, false)}`,
      );
      expect(await page.locator('tbody').innerText()).not.toContain('[UTC]');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `real-formats-invoices-${scheme}`, { fullPage: true });
      await page.close();
    }
  });

  it('lists API tokens with [UTC] dates and warns about the one that expires soon', async () => {
    const now = Date.now();
    const created = now - 20 * DAY;
    const soon = now + 3 * DAY - 3_600_000;
    ext.platform.faults.add({
      server: 'bridge',
      method: 'GET',
      path: '/api-tokens',
      times: Number.POSITIVE_INFINITY,
      status: 200,
      body: JSON.stringify([
        {
          apiTokenId: 'apitoken_real_1',
          userId: 'user_real',
          creationDate: utc(created),
          expirationDate: utc(soon),
          ip: '203.0.113.7',
          name: 'ci runner',
          state: 'ACTIVE',
        },
        {
          apiTokenId: 'apitoken_real_2',
          userId: 'user_real',
          creationDate: utc(created - DAY),
          expirationDate: utc(now - DAY),
          ip: '203.0.113.7',
          name: 'old laptop',
          description: null,
          state: 'EXPIRED',
        },
      ]),
    });
    for (const scheme of ['light', 'dark'] as const) {
      const page = await ext.openPage('src/devtools/panel.html#tokens', {
        errors: pageErrors,
        viewport: { width: 1100, height: 600 },
        colorScheme: scheme,
      });
      await page.getByRole('heading', { name: 'API tokens' }).waitFor();
      const row = page.locator('tr[data-token-id="apitoken_real_1"]');
      await row.waitFor();
      expect(await cellText(page, 'tr[data-token-id="apitoken_real_1"] td:nth-child(2)')).toBe(
        await formatted(page, created, true),
      );
      expect(await cellText(page, 'tr[data-token-id="apitoken_real_1"] td:nth-child(3)')).toBe(
        `${await formatted(page, soon, true)} Expires in 3 days.`,
      );
      await page.locator('tr[data-token-id="apitoken_real_2"]').getByText('Expired', { exact: true }).waitFor();
      expect(await page.locator('tbody').innerText()).not.toContain('[UTC]');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `real-formats-tokens-${scheme}`, { fullPage: true });
      await page.close();
    }
  });

  it('names the platform’s internal error code as such, apart from the HTTP status', async () => {
    ext.platform.faults.add({
      server: 'api',
      method: 'GET',
      path: '/v2/organisations/orga_gone/applications',
      times: 2,
      status: 404,
      body: JSON.stringify({ id: '550', message: 'Organisation not found', type: 'error' }),
    });
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPanel(ext, pageErrors, { colorScheme: scheme, width: 1100, height: 700 });
      await compose(page, 'GET', '/v2/organisations/orga_gone/applications');
      expect(await sendAndWait(page)).toBe('404');
      const banner = page.locator('.kh-banner--error[data-status="404"]');
      await banner.waitFor();
      expect((await banner.innerText()).replace(/\s+/g, ' ')).toContain(
        'Not Found: Organisation not found (platform code 550)',
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `real-formats-error-${scheme}`);
      await page.close();
    }
  });
});
