/**
 * A user browses the OAuth rights in the panel's Rights view: the spec's eleven with a meaning each, what the
 * profile's consumer asks for (read from its record), and the catalog endpoints that need each right.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_RIGHTS } from '../../src/core/platform/right-names.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

beforeAll(async () => {
  // The consumer asks for all rights but manage_ssh_keys, so "requested" and "not requested" both show.
  ext = await startSandboxedExtension({
    platform: { consumerRights: SPEC_RIGHTS.filter((right) => right !== 'manage_ssh_keys') as never },
  });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function openRights(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await ext.openPage('src/devtools/panel.html#rights', {
    errors: pageErrors,
    viewport: { width: 1000, height: 800 },
    colorScheme,
  });
  await page.getByRole('heading', { name: 'Rights' }).waitFor();
  return page;
}

const snap = (page: Page, name: string) => saveScreenshot(page, `rights-${name}`, { fullPage: true });

const listed = (page: Page) =>
  page.locator('[data-right]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.right));

describe('browsing rights', () => {
  it('says the consumer is unknown while signed out, yet lists the spec’s 11 rights', async () => {
    const page = await openRights();
    await page.getByText('Sign in to read what your consumer asks for.').waitFor();
    expect(await listed(page)).toEqual(SPEC_RIGHTS);
    await page.close();
  });

  it('lists the spec’s 11 rights with meanings, what the consumer asks for, and the endpoints needing each', async () => {
    await signInOrFail(ext);
    const page = await openRights();
    await page.getByText('asks for 10 of the spec’s 11 rights').waitFor();
    const names = await listed(page);
    expect(names.slice(0, 11)).toEqual(SPEC_RIGHTS);
    // The consumer record also reports the read-only "almighty".
    expect(names[11]).toBe('almighty');

    const bills = page.locator('[data-right="access_organisations_bills"]');
    await bills.getByText('Requested by your consumer').waitFor();
    await bills.getByText(/Needed by \d+ catalog endpoints/).click();
    await bills.getByText('/v4/billing/organisations/{organisationId}/invoices', { exact: true }).waitFor();
    await page.locator('[data-right="manage_ssh_keys"]').getByText('Not requested').waitFor();
    for (const right of SPEC_RIGHTS) {
      const text = await page.locator(`[data-right="${right}"] p`).first().textContent();
      expect(text?.length ?? 0, right).toBeGreaterThan(15);
    }
    await snap(page, 'light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Each endpoint opens in the panel's composer.
    await bills
      .getByRole('button', { name: 'Open GET /v4/billing/organisations/{organisationId}/invoices in the composer' })
      .click();
    await expect
      .poll(() => page.getByLabel('Path', { exact: true }).inputValue())
      .toContain('/v4/billing/organisations/');
    await page.close();
  });

  it('filters, and looks right in dark mode', async () => {
    const page = await openRights('dark');
    await page.getByText('asks for 10 of the spec’s 11 rights').waitFor();
    await page.getByLabel('Filter rights').fill('bills');
    await expect.poll(() => listed(page)).toEqual(['access_organisations_bills']);
    await page.getByLabel('Filter rights').fill('');
    await snap(page, 'dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
