/**
 * The DevTools panel as a daily workbench (issue #16, items 1–3), at the three panel sizes people use
 * (1280×800, docked at the bottom 900×500 and 1400×380), against the sandbox that verifies every signature:
 * - request tabs: two requests open, each with its own response, both back after a reload; another DevTools
 *   window has its own tabs;
 * - context and variables: the organisation chosen once fills every later endpoint that names it; an environment
 *   variable used in the query is resolved before signing (the signature debugger lists the value); a variable
 *   without a value stops Send, named;
 * - saved requests: save with a name and folder, duplicate, reorder, rename, export (scanned for the sandbox's
 *   secrets and for any Authorization header), import a Postman v2.1 collection;
 * - a keyboard-only run: compose → send → save → close → reopen from Saved.
 * Screenshots of each state at each size, and axe (no serious or critical violation).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { composerTab, openPanel, responseTab, sendAndWait } from './support/devtools-panel-page.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 500 },
  { width: 1400, height: 380 },
] as const;

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
});

afterAll(async () => {
  await ext?.close();
});

function engines() {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === 'Analytical Engines Ltd');
  if (!found) throw new Error('no seeded organisation');
  return found;
}

const tabList = (page: Page) => page.getByRole('toolbar', { name: 'Request tabs' });
const tabNames = (page: Page) =>
  tabList(page)
    .locator('.kh-request-tab-open')
    .evaluateAll((buttons) => buttons.map((button) => button.textContent));
const pathField = (page: Page) => page.getByRole('textbox', { name: 'Path' });

async function look(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, name);
}

/** The text of a field's accessible description (every element its aria-describedby names). */
const describedBy = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/** Moves the mouse over an element's centre (a variable's mark lies under its transparent field). */
async function hover(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to hover');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

async function showView(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Keyhole views' }).getByRole('tab', { name: label }).click();
}

/** Presses Tab (or Shift+Tab) until the focused element's accessible text matches; fails after 80 presses. */
async function tabTo(page: Page, name: RegExp, backwards = false): Promise<void> {
  for (let press = 0; press < 80; press += 1) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return `${element?.getAttribute('aria-label') ?? ''} ${element?.textContent ?? ''}`.trim();
    });
    if (name.test(focused)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`no focusable element matching ${name}`);
}

/** A new window starts from the last draft edited anywhere: set it aside for a fresh tab. */
async function startClean(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New tab' }).click();
  await tabList(page)
    .getByRole('button', { name: /^Close tab/ })
    .first()
    .click();
  await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self']);
}

describe.each(SIZES)('the workbench at $width×$height', ({ width, height }) => {
  const size = `${width}x${height}`;
  let page: Page;

  beforeAll(async () => {
    page = await openPanel(ext, pageErrors, { devtools: true, colorScheme: 'light', width, height });
  });

  afterAll(async () => {
    await page?.close();
  });

  it('item 1: keeps two request tabs with their own responses across a reload; another window has its own', async () => {
    await startClean(page);
    await pathField(page).fill('/v2/self');
    expect(await sendAndWait(page)).toBe('200');
    await page.getByRole('button', { name: 'New tab' }).click();
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'GET /v2/self']);
    await expect.poll(() => page.locator('.kh-response--empty').count()).toBe(1);
    await pathField(page).fill('/v2/summary');
    expect(await sendAndWait(page)).toBe('200');
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'GET /v2/summary']);

    await tabList(page).getByRole('button', { name: 'GET /v2/self', exact: true }).click();
    await expect.poll(() => pathField(page).inputValue()).toBe('/v2/self');
    await expect.poll(() => page.locator('.kh-status-url').innerText()).toMatch(/\/v2\/self(\?|$)/);

    await page.reload();
    await pathField(page).waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'GET /v2/summary']);
    expect(await pathField(page).inputValue()).toBe('/v2/self');
    const status = page.locator('.kh-status-line');
    await expect.poll(() => status.innerText()).toMatch(/restored ·/);
    await expect.poll(() => status.innerText()).toMatch(/\/v2\/self/);
    await tabList(page).getByRole('button', { name: 'GET /v2/summary', exact: true }).click();
    await expect.poll(() => status.innerText()).toMatch(/\/v2\/summary/);
    await look(page, `devtools-tabs-${size}`);

    // Another DevTools window (its own sessionStorage here) starts with one tab, not this window's two.
    const other = await openPanel(ext, pageErrors, { devtools: true, width, height });
    await expect.poll(() => tabNames(other)).toHaveLength(1);
    await other.close();
    await expect.poll(() => tabNames(page)).toHaveLength(2);
  });

  it('item 3: the organisation chosen once fills later endpoints; variables resolve before signing', async () => {
    const org = engines();
    await page.getByRole('button', { name: 'New tab' }).click();
    await showView(page, 'Catalog');
    const search = page.getByRole('searchbox', { name: 'Search endpoints' });
    await search.fill('organisations applications');
    await page
      .getByRole('button', { name: /^GET \/v2\/organisations\/\{organisationId\}\/applications An organisation/ })
      .click();
    await page.getByRole('combobox', { name: '{organisationId}' }).fill(org.id);
    await pathField(page).fill('/v2/self');
    await search.fill('consumers');
    await page.getByRole('button', { name: /^GET \/v2\/organisations\/\{organisationId\}\/consumers / }).click();
    await expect.poll(() => page.getByRole('combobox', { name: '{organisationId}' }).inputValue()).toBe(org.id);
    // Shown above the composer (docked at the bottom, the head keeps to one line and the ids show in Variables…).
    if (height > 560)
      await expect.poll(() => page.getByRole('list', { name: 'Context' }).innerText()).toContain(org.name);

    // An environment with a variable, used in the query.
    await page.getByRole('button', { name: 'Variables…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Variables' });
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Value of context values row 1' }).inputValue())
      .toBe(org.id);
    if ((await dialog.getByRole('combobox', { name: 'Edit' }).inputValue()) === '')
      await dialog.getByRole('button', { name: 'New environment' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('sandbox');
    const variables = dialog.getByRole('table', { name: 'Variables of sandbox' });
    if ((await variables.getByRole('textbox', { name: 'Value of variables of sandbox row 1' }).count()) === 0) {
      await dialog.getByRole('textbox', { name: 'Name of new variables of sandbox row' }).fill('fields');
      await dialog.getByRole('textbox', { name: 'Value of variables of sandbox row 1' }).fill('id,name');
      // A secret (stored masked, as its name says): the fields never show its value.
      await dialog.getByRole('textbox', { name: 'Name of new variables of sandbox row' }).fill('apiToken');
      await dialog.getByRole('textbox', { name: 'Value of variables of sandbox row 2' }).fill('tok-not-for-eyes');
    }
    await look(page, `devtools-variables-dialog-${size}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Environment' }).inputValue()).not.toBe('');

    await composerTab(page, 'Query').click();
    await page.getByRole('textbox', { name: 'Name of new query parameters row' }).fill('fields');
    await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).fill('{fields}');
    expect(await sendAndWait(page)).toBe('200');
    await responseTab(page, 'Signature').click();
    await expect
      .poll(() => page.getByRole('table', { name: /Signed parameters/ }).innerText())
      .toMatch(/fields\s+id%2Cname\s+query/);
    await responseTab(page, 'Body').click();
    await look(page, `devtools-variables-${size}`);

    // Issue 32 item 3: variables marked in the fields, their value on hover and in the field's description.
    const queryValue = page.getByRole('textbox', { name: 'Value of query parameters row 1' });
    const queryMark = page.locator('.kh-var-field:has([aria-label="Value of query parameters row 1"]) .kh-var');
    await expect.poll(() => queryMark.getAttribute('class')).toContain('kh-var--resolved');
    expect(await describedBy(queryValue)).toContain('{fields} = id,name');
    await queryValue.scrollIntoViewIfNeeded();
    await hover(page, queryMark);
    await expect.poll(() => queryValue.getAttribute('title')).toBe('{fields} = id,name');
    const pathMark = page.locator('.kh-var-field.kh-path .kh-var');
    expect(await pathMark.getAttribute('class')).toContain('kh-var--resolved');
    await hover(page, pathMark);
    await expect.poll(() => pathField(page).getAttribute('title')).toBe(`{organisationId} = ${org.id}`);
    // A secret says so, never its value (masked once stored: then it has no usable value, also said).
    await queryValue.fill('{{apiToken}}');
    await expect.poll(() => queryMark.getAttribute('class')).toMatch(/kh-var--(secret|unresolved)/);
    expect(await describedBy(queryValue)).toMatch(/\{apiToken\}: (secret|no usable value)/);
    await queryValue.scrollIntoViewIfNeeded();
    await hover(page, queryMark);
    await expect.poll(() => queryValue.getAttribute('title')).toMatch(/^\{apiToken\}: /);
    expect(await page.locator('.kh-composer').evaluate((form) => form.outerHTML)).not.toContain('tok-not-for-eyes');
    // Typing { offers the known names; Enter inserts one (and does not send), Escape closes the list.
    await queryValue.fill('');
    await queryValue.pressSequentially('{fi');
    const options = page.getByRole('listbox', { name: 'Variables' });
    await expect.poll(() => options.getByRole('option').allInnerTexts()).toEqual([expect.stringMatching(/^fields/)]);
    expect(await queryValue.getAttribute('aria-activedescendant')).toBe(
      await options.getByRole('option').first().getAttribute('id'),
    );
    await saveScreenshot(page, `devtools-variables-completion-${size}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => queryValue.inputValue()).toBe('{fields}');
    expect(await options.count()).toBe(0);
    await page.keyboard.press('End');
    await page.keyboard.type(' {');
    await expect.poll(() => options.getByRole('option').count()).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('ArrowDown');
    expect(await queryValue.getAttribute('aria-activedescendant')).toBe(
      await options.getByRole('option').nth(1).getAttribute('id'),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => options.count()).toBe(0);
    expect(await queryValue.inputValue()).toBe('{fields} {');
    expect(await page.locator('.kh-status-line').innerText()).toMatch(/200/);

    // A variable without a value: not sent, and the message names it.
    const before = await page.locator('.kh-status-line').innerText();
    await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).fill('{nothing}');
    await expect.poll(() => queryMark.getAttribute('class')).toContain('kh-var--unresolved');
    expect(await describedBy(queryValue)).toContain('{nothing}: no value');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.locator('.kh-notices').innerText()).toContain('Not sent: {nothing} has no value');
    expect(await page.locator('.kh-status-line').innerText()).toBe(before);
    await look(page, `devtools-variables-unresolved-${size}`);
  });

  it('item 2: saves, organises, exports without credentials and imports a Postman collection', async () => {
    const name = `Org consumers ${size}`;
    await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).fill('{fields}');
    // A header Keyhole never sends nor saves (it signs itself), typed to check the export leaves it out.
    await composerTab(page, 'Headers').click();
    await page.getByLabel('Name of new headers row').fill('Authorization');
    await page.getByLabel('Value of headers row 1').fill('OAuth typed-credential-e2e');
    await page.getByRole('button', { name: 'Save request…' }).click();
    const save = page.getByRole('dialog', { name: 'Save request as' });
    await save.getByRole('textbox', { name: 'Name' }).fill(name);
    await save.getByLabel(/^Folder/).fill(`Sandbox/${size}`);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => tabNames(page)).toContain(name);

    await showView(page, 'Saved');
    const folder = page.getByRole('list', { name: `Sandbox/${size}` });
    await folder
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .waitFor();
    await folder.getByRole('button', { name: `Duplicate ${name}` }).click();
    await expect.poll(() => folder.locator('.kh-saved-name').allInnerTexts()).toEqual([name, `${name} copy`]);
    await folder.getByRole('button', { name: `Move ${name} copy up` }).click();
    await expect.poll(() => folder.locator('.kh-saved-name').allInnerTexts()).toEqual([`${name} copy`, name]);
    await folder.getByRole('button', { name: `Rename or move ${name} copy` }).click();
    const edit = page.getByRole('dialog', { name: /^Edit/ });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} (copy)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => folder.locator('.kh-saved-name').allInnerTexts()).toEqual([`${name} (copy)`, name]);

    // Export: the file holds the requests and none of the sandbox's secrets, nor any Authorization header.
    await page.getByRole('button', { name: 'Export' }).click();
    // Item 3 left the environment “sandbox”: it goes with the requests.
    await page.getByText(/^Exported \d+ requests and 1 environment to keyhole-collection/).waitFor();
    const files = async () => (await readdir(ext.downloadsDir)).filter((file) => file.startsWith('keyhole-collection'));
    await expect.poll(async () => (await files()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Each export is uniquified by the downloads API (“keyhole-collection (1).json”): take the newest.
    const dated = await Promise.all(
      (await files()).map(async (file) => ({ file, at: (await stat(join(ext.downloadsDir, file))).mtimeMs })),
    );
    const newest = dated.sort((a, b) => a.at - b.at).at(-1)?.file as string;
    const path = join(ext.downloadsDir, newest);
    await expect.poll(() => existsSync(path)).toBe(true);
    let exported = '';
    await expect
      .poll(async () => {
        exported = await readFile(path, 'utf8').catch(() => '');
        return exported.includes(name);
      })
      .toBe(true);
    const secrets = [
      ext.platform.consumerSecret,
      ...[...ext.platform.state.accessTokens.values()].map((token: { secret: string }) => token.secret),
      ext.platform.apiToken,
      'typed-credential-e2e',
    ];
    for (const secret of secrets) {
      expect(exported.includes(secret), 'the export holds a secret').toBe(false);
      expect(exported.includes(encodeURIComponent(secret)), 'the export holds an encoded secret').toBe(false);
    }
    expect(exported).not.toMatch(/authorization/i);
    expect(JSON.parse(exported).format).toBe('keyhole-collection');
    const environments = JSON.parse(exported).environments;
    expect(environments.map((environment: { name: string }) => environment.name)).toEqual(['sandbox']);
    expect(environments[0].variables[0]).toEqual(['fields', 'id,name', true]);
    // The secret variable (issue 32 item 3's) is not exported with its value.
    expect(exported).not.toContain('tok-not-for-eyes');

    // Import a Postman v2.1 collection: its folder appears, its auth is dropped with a notice.
    const dir = await mkdtemp(join(tmpdir(), 'keyhole-postman-'));
    const postman = join(dir, `platform-${size}.postman_collection.json`);
    await writeFile(
      postman,
      JSON.stringify({
        info: {
          name: `Postman ${size}`,
          schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
        },
        item: [
          {
            name: 'Self',
            request: {
              method: 'GET',
              url: '{{baseUrl}}/v2/self',
              auth: { type: 'bearer', bearer: [{ key: 'token', value: 'pm-e2e-secret' }] },
            },
          },
        ],
      }),
    );
    await page.getByLabel('Import a collection (Keyhole, Postman v2.1, HAR or curl)').setInputFiles(postman);
    await expect.poll(() => page.locator('.kh-saved-notices').innerText()).toContain('Imported 1 request');
    expect(await page.locator('.kh-saved-notices').innerText()).toContain('Self: dropped its auth settings');
    await page
      .getByRole('list', { name: `Postman ${size}` })
      .getByRole('button', { name: 'GET Self' })
      .click();
    await expect.poll(() => pathField(page).inputValue()).toBe('/v2/self');
    await look(page, `devtools-saved-${size}`);
  });
});

describe('keyboard only', () => {
  it('composes, sends, saves, closes and reopens a request without the mouse', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, width: 1280, height: 800 });
    await startClean(page);
    await pathField(page).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('/v2/self/applications');
    await page.keyboard.press('Control+Enter');
    await page.locator('.kh-status-line .kh-status').waitFor();
    await tabTo(page, /^Save request…$/, true);
    await page.keyboard.press('Enter');
    const save = page.getByRole('dialog', { name: 'Save request as' });
    await save.waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Keyboard apps');
    await page.keyboard.press('Enter');
    await expect.poll(() => tabNames(page)).toEqual(['Keyboard apps']);
    // The tabs are one Tab stop (it lands on the current tab); Delete closes the focused tab.
    await tabTo(page, /^Keyboard apps$/, true);
    await page.keyboard.press('Delete');
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self']);
    // Back to the start of the page (as F6 or a click on nothing would), then into the rail, a tab list whose
    // arrows move between views.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, /^Catalog$/);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('region', { name: 'Saved requests' }).waitFor();
    await tabTo(page, /Keyboard apps$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'Keyboard apps']);
    expect(await pathField(page).inputValue()).toBe('/v2/self/applications');
    await page.close();
  });

  it('shows the workbench in dark too, without page errors', async () => {
    const dark = await openPanel(ext, pageErrors, { devtools: { themeName: 'dark' }, width: 1280, height: 800 });
    await showView(dark, 'Saved');
    await dark.getByRole('region', { name: 'Saved requests' }).waitFor();
    await dark.locator('.kh-saved-item').first().waitFor();
    await look(dark, 'devtools-workbench-dark');
    await dark.close();
    expect(pageErrors).toEqual([]);
  });
});
