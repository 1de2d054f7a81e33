/**
 * Following ids in a response: an application id in `GET /v2/organisations/{id}/applications` opens a menu of the
 * calls it fits (its organisation known from the call it came from); choosing one composes it with both ids filled,
 * and it sends. The menu also copies the id and links to the application's console page. An address on the
 * profile's own API composes that call; any other address is only copyable. Checked with the keyboard, at
 * 1280×800, 900×500 and 1400×380, axe clean, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const CONSOLE = 'https://console.example.test';
let ext: SandboxedExtension;
const pageErrors: string[] = [];

function engines() {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === 'Analytical Engines Ltd');
  if (!found) throw new Error('no seeded organisation');
  return found;
}

function firstApplicationOf(orgId: string) {
  const found = [...ext.platform.state.applications.values()].find((app) => app.ownerId === orgId);
  if (!found) throw new Error('no seeded application');
  return found;
}

beforeAll(async () => {
  ext = await startSignedInExtension({ profile: { consoleUrl: CONSOLE } });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function listApplications(page: Page, orgId: string) {
  await compose(page, 'GET', `/v2/organisations/${orgId}/applications`);
  expect(await sendAndWait(page)).toMatch(/200/);
}

describe('following an id in the response tree', () => {
  it('composes the next call with the id and its organisation filled, and it sends', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, width: 1280, height: 800 });
    const org = engines();
    const app = firstApplicationOf(org.id);
    await listApplications(page, org.id);
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });
    // Open the first application and follow its id.
    await tree.getByRole('treeitem').nth(1).click();
    const follow = tree.getByRole('button', { name: `Follow application ${app.view.id}` }).first();
    await follow.click();
    const menu = page.getByRole('dialog', { name: 'Follow application' });
    const calls = menu.getByRole('list', { name: 'Calls this id fits' });
    await calls.waitFor();
    const texts = await calls.getByRole('button').allInnerTexts();
    expect(texts[0]).toMatch(/^GET/);
    expect(texts.some((text) => text.includes('/v2/organisations/{organisationId}/applications/{applicationId}'))).toBe(
      true,
    );
    // The console page of this application, in the profile's console.
    expect(await menu.getByRole('link', { name: 'Open in console' }).getAttribute('href')).toBe(
      `${CONSOLE}/organisations/${org.id}/applications/${app.view.id}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'devtools-follow-menu-1280x800-light');
    await calls
      .getByRole('button', {
        name: /^GET\s+\/v2\/organisations\/\{organisationId\}\/applications\/\{applicationId\}\s/,
      })
      .click();
    expect(await page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe(
      '/v2/organisations/{organisationId}/applications/{applicationId}',
    );
    expect(await sendAndWait(page)).toMatch(/200/);
    expect(await tree.innerText()).toContain(app.view.id);
    await page.close();
  });

  it('in /v2/summary, an application is followed under the organisation it is listed in', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, width: 1280, height: 800 });
    const org = engines();
    const app = firstApplicationOf(org.id);
    await compose(page, 'GET', '/v2/summary');
    expect(await sendAndWait(page)).toMatch(/200/);
    // Reveal the application's id through the tree's search, then follow it.
    const search = page.getByRole('searchbox', { name: 'Search in the body' });
    await search.fill(app.view.id);
    await search.press('Enter');
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });
    await tree
      .getByRole('button', { name: `Follow application ${app.view.id}` })
      .first()
      .click();
    const menu = page.getByRole('dialog', { name: 'Follow application' });
    const calls = menu.getByRole('list', { name: 'Calls this id fits' });
    await calls.waitFor();
    expect((await calls.getByRole('button').first().innerText()).replace(/\s+/g, ' ')).toMatch(
      /^GET \/v2\/organisations\/\{organisationId\}\/applications\/\{applicationId\}/,
    );
    await calls.getByRole('button').first().click();
    expect(await sendAndWait(page)).toMatch(/200/);
    expect(await page.getByRole('tree', { name: 'Response body as a tree' }).innerText()).toContain(app.view.id);
    await page.close();
  });

  it('opens the menu from the keyboard (Enter on the row) and copies the id', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, width: 900, height: 500 });
    const org = engines();
    const app = firstApplicationOf(org.id);
    await listApplications(page, org.id);
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });
    await tree.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    // Down to the first application's "id" row.
    let found = false;
    for (let step = 0; step < 60 && !found; step += 1) {
      const active = await tree.getAttribute('aria-activedescendant');
      const text = active ? await page.locator(`[id="${active}"]`).innerText() : '';
      found = text.includes(`"${app.view.id}"`) && /^\s*id\s*:/.test(text);
      if (!found) await page.keyboard.press('ArrowDown');
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Follow application' });
    await menu.waitFor();
    expect(await menu.innerText()).toContain(app.view.id);
    await menu.getByRole('button', { name: 'Copy id' }).click();
    await expect.poll(() => menu.getByRole('status').last().innerText()).toMatch(/Copied the id|clipboard|denied/i);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'devtools-follow-menu-900x500-light');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.close();
  });

  it('composes an address on the profile’s API; any other address is only copyable (1400×380, dark)', async () => {
    const page = await openPanel(ext, pageErrors, {
      devtools: { themeName: 'dark' },
      width: 1400,
      height: 380,
      colorScheme: 'dark',
    });
    // The user's name holds an address on this profile's API; the seeded avatar is on another host.
    const own = `${ext.platform.api}/v2/summary?from=name`;
    await compose(page, 'PUT', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill(JSON.stringify({ name: own }));
    expect(await sendAndWait(page)).toMatch(/200/);
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });

    await tree.getByRole('button', { name: /^Follow https:\/\/assets\./ }).click();
    const outside = page.getByRole('dialog', { name: 'An outside address' });
    await outside.waitFor();
    // Copy only: no call, no link that would open or fetch it.
    expect(await outside.getByRole('button', { name: 'Copy address' }).count()).toBe(1);
    expect(await outside.getByRole('link').count()).toBe(0);
    expect(await outside.getByRole('button', { name: /^GET/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'devtools-follow-outside-1400x380-dark');
    await page.keyboard.press('Escape');
    await outside.waitFor({ state: 'detached' });

    await tree.getByRole('button', { name: `Follow ${own}` }).click();
    const call = page.getByRole('dialog', { name: 'Follow this address' });
    await call.getByRole('button', { name: /^GET\s+\/v2\/summary/ }).click();
    expect(await page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe('/v2/summary');
    expect(await page.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('GET');
    await composerTab(page, 'Query').click();
    expect(await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).inputValue()).toBe('name');
    expect(await sendAndWait(page)).toMatch(/200/);
    await page.close();
  });
});
