/**
 * An integrator browses the whole platform API in the DevTools panel's catalog: the generated description (more
 * than 380 endpoints, grouped), a typo-tolerant search, endpoints the session's token lacks a right for marked,
 * and a picker that lists the user's own add-ons for `{addonId}`, from which a signed call goes to the sandbox.
 * Screenshots at 1280×800 and 900×500, light and dark, each scanned by axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_RIGHTS } from '../../src/core/platform/right-names.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

function engines() {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === 'Analytical Engines Ltd');
  if (!found) throw new Error('no seeded organisation');
  return found;
}

/**
 * The sandbox does not serve GET /v2/self/tokens/current (yet): answer it from the sandbox's own record of the
 * session's token, shaped like the platform's token records (`{token, rights: {name: boolean}}`).
 */
function answerCurrentToken(): void {
  const tokens = [...ext.platform.state.accessTokens.values()].filter((token) => !token.revoked);
  const current = tokens.at(-1);
  if (!current) throw new Error('no access token in the sandbox');
  const rights = Object.fromEntries(SPEC_RIGHTS.map((right) => [right, current.rights.includes(right as never)]));
  ext.platform.faults.add({
    server: 'api',
    method: 'GET',
    path: '/v2/self/tokens/current',
    status: 200,
    body: JSON.stringify({ token: current.token, rights, consumer: { key: current.consumerKey } }),
    times: Number.POSITIVE_INFINITY,
  });
}

const status = (target: Page) => target.locator('.kh-side-head [role="status"]');
const endpoint = (target: Page, id: string) => target.locator(`[data-endpoint-id="${id}"]`);

beforeAll(async () => {
  // The consumer asks for every right but the bills one, so the token lacks it.
  ext = await startSandboxedExtension({
    platform: { consumerRights: SPEC_RIGHTS.filter((right) => right !== 'access_organisations_bills') as never },
  });
  await signInOrFail(ext);
  answerCurrentToken();
  page = await openPanel(ext, pageErrors, { colorScheme: 'light', width: 1280, height: 800 });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('browsing the platform API in the catalog', () => {
  it('lists every described endpoint, grouped, and marks those needing a right the token lacks', async () => {
    await expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toMatch(/^\d+ endpoints$/);
    const total = Number((await status(page).innerText()).split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(380);
    // The list fills in slices of their own tasks (no long task on the panel's thread), then is no longer busy.
    await expect.poll(() => page.locator('[data-endpoint-id]').count(), { timeout: 15_000 }).toBe(total);
    await page.locator('.kh-side-body [aria-busy="false"]').waitFor();
    await page.getByRole('heading', { name: /^Network groups \(\d+\)$/ }).waitFor();
    await page.getByText(/This session holds 10 rights \(GET \/v2\/self\/tokens\/current\)/).waitFor();
    await expect.poll(() => endpoint(page, 'invoices').getAttribute('data-right-check')).toBe('lacking');
    // Groups out of view are not laid out (content-visibility): read it where the user would, once scrolled to.
    await endpoint(page, 'invoices').scrollIntoViewIfNeeded();
    await expect.poll(() => endpoint(page, 'invoices').innerText()).toContain('This session lacks this right');
    await page.locator('.kh-side-body').evaluate((list) => list.scrollTo(0, 0));
    expect(await endpoint(page, 'organisations').getAttribute('data-right-check')).toBe('granted');
    expect(await seriousAxeViolations(page, { wholeCatalog: true })).toEqual([]);
    await saveScreenshot(page, 'devtools-catalog-1280-light');
  });

  it('finds endpoints despite typos, and Enter opens the best match', async () => {
    const search = page.getByRole('searchbox', { name: 'Search endpoints' });
    await search.fill('orgnisation membrs');
    await expect.poll(() => status(page).innerText()).toMatch(/^\d+ of \d+ endpoints$/);
    expect(await page.locator('[data-endpoint-id]').first().innerText()).toContain(
      '/v2/organisations/{organisationId}/members',
    );
    await search.fill('invocie pdf');
    await expect.poll(() => page.locator('[data-endpoint-id]').first().innerText()).toMatch(/\.pdf/);
    await saveScreenshot(page, 'devtools-catalog-search-1280-light');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'Path' }).inputValue()).toMatch(/\.pdf$/);
  });

  it('fills {addonId} from a picker listing the organisation’s add-ons, and the signed call succeeds', async () => {
    const org = engines();
    const addons = [...ext.platform.state.addons.values()].filter((addon) => addon.ownerId === org.id);
    expect(addons.length).toBeGreaterThan(0);
    const search = page.getByRole('searchbox', { name: 'Search endpoints' });
    await search.fill('get addon');
    await page
      .getByRole('button', { name: /^GET \/v2\/organisations\/\{organisationId\}\/addons\/\{addonId\}/ })
      .first()
      .click();
    const addonField = page.getByRole('combobox', { name: '{addonId}' });
    await page.getByText('Choose the organisation first to list the add-on values.').waitFor();
    await page.getByRole('combobox', { name: '{organisationId}' }).fill(org.id);
    const offered = () =>
      addonField.evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value).sort());
    await expect.poll(offered).toEqual(addons.map((addon) => String(addon.view.id)).sort());
    await page.getByText(`${addons.length} from GET /v2/organisations/{organisationId}/addons.`).waitFor();
    const chosen = addons[0]!;
    await addonField.fill(String(chosen.view.id));
    // The chosen add-on's name shows under the field.
    await page.locator('.kh-param .kh-hint', { hasText: String(chosen.view.name) }).waitFor();
    await saveScreenshot(page, 'devtools-catalog-picker-1280-light');
    expect(await sendAndWait(page)).toBe('200');
    await expect.poll(() => page.locator('.kh-tree-rows').innerText()).toContain(String(chosen.view.name));
  });

  it('keeps screenshots at 900×500 and in dark, without serious axe violations', async () => {
    for (const [scheme, width, height] of [
      ['dark', 1280, 800],
      ['light', 900, 500],
      ['dark', 900, 500],
    ] as const) {
      const view = await openPanel(ext, pageErrors, { colorScheme: scheme, width, height });
      await expect.poll(() => status(view).innerText(), { timeout: 15_000 }).toMatch(/endpoints$/);
      await view.getByText(/This session holds/).waitFor();
      if (width === 900) await view.getByRole('searchbox', { name: 'Search endpoints' }).fill('invoices');
      else await view.locator('.kh-side-body [aria-busy="false"]').waitFor();
      expect(await seriousAxeViolations(view, { wholeCatalog: true })).toEqual([]);
      await saveScreenshot(view, `devtools-catalog-${width}-${scheme}`);
      await view.close();
    }
  });
});
