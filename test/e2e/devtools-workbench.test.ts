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
 * Issue #32: the Saved tree (⋯ menu, F2, drag into a folder, Move to…, Delete after asking, import notes on demand),
 * 2,000 saved requests (rows virtualised, filter, scroll, folders opened and remembered; long tasks counted and
 * logged), the preview tab (the catalog never replaces a tab with a response) and an overflowing tab strip (the
 * current tab in view, a menu of all), with screenshots at 1280×800, 900×500, 1400×380 and 480×700, light and dark.
 * Screenshots of each state at each size, and axe (no serious or critical violation).
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPostmanCollection } from '../unit/support/platform-postman.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { composerTab, longTasks, openPanel, responseTab, sendAndWait } from './support/devtools-panel-page.ts';
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

/** The strip beside a note: the current tab shown whole, nothing over “New tab”, the note's button on screen. */
async function stripFits(page: Page): Promise<void> {
  const box = async (locator: Locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const list = await box(tabList(page).locator('.kh-request-tab-list'));
  const current = await box(tabList(page).locator('.kh-request-tab--current'));
  const save = await box(page.getByRole('button', { name: 'Save request…' }));
  const newTab = await box(page.getByRole('button', { name: 'New tab' }));
  expect(current.x).toBeGreaterThanOrEqual(list.x - 1);
  expect(current.x + current.width).toBeLessThanOrEqual(list.x + list.width + 1);
  expect(newTab.x + newTab.width).toBeLessThanOrEqual(save.x);
  const reopen = await box(page.getByRole('button', { name: 'Reopen' }));
  expect(reopen.x + reopen.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const savedTree = (page: Page) => page.getByRole('tree', { name: 'Saved requests' });
const savedRow = (page: Page, name: string) =>
  savedTree(page).getByRole('treeitem', { name: new RegExp(`^[A-Z]+ ${name.replace(/[()]/g, '\\$&')}$`) });

/** Chooses an action from a saved request's “⋯” menu. */
async function rowMenu(page: Page, name: string, action: string): Promise<void> {
  await savedRow(page, name).hover();
  // The “⋯” button is the mouse's way (hidden from the accessibility tree; the keyboard has Shift+F10).
  await savedRow(page, name).locator('.kh-saved-more').click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByRole('menuitem', { name: action })
    .click();
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
    // The new tab's path is focused and selected: what is typed replaces it.
    await expect.poll(() => pathField(page).evaluate((field) => document.activeElement === field)).toBe(true);
    await page.keyboard.type('/v2/summary');
    expect(await pathField(page).inputValue()).toBe('/v2/summary');
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

    // Closing asks nothing; a tab closed by mistake comes back as it was, from the note beside the strip.
    const names = await tabNames(page);
    const closing = names[1] as string;
    await tabList(page)
      .getByRole('button', { name: `Close tab ${closing}` })
      .click();
    await expect.poll(() => tabNames(page)).toEqual([names[0]]);
    await expect.poll(() => page.locator('.kh-saved-note').innerText()).toBe(`Closed “${closing}”`);
    // The note goes after 10 s unless Reopen has focus; axe alone can take that long on a loaded machine.
    await page.getByRole('button', { name: 'Reopen' }).focus();
    await look(page, `devtools-tab-closed-${size}`);
    await stripFits(page);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => tabNames(page)).toEqual(names);
    expect(await page.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
  });

  // At one size: what is tested is storage, not layout (and the three sizes' item 1 together outgrew a test's minute
  // on a loaded two-core machine).
  it.runIf(width === SIZES[0].width)(
    'item 1: a reload while a body arrives, or while its storing waits for idle time',
    async () => {
      const status = page.locator('.kh-status-line');
      // Reloaded while a large body still arrives: the response shown is not stored (that waits for the whole body,
      // then for idle time), so the reload must not bring back the tab's previous one (/v2/summary) as its last.
      const huge = '/v2/organisations/orga_huge/applications';
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      ext.platform.faults.add({ server: 'api', path: huge, hugeJsonBytes: 2_000_000, endAfter: held, times: 1 });
      await pathField(page).fill(huge);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => status.innerText()).toContain(huge);
      await page.reload();
      release();
      await pathField(page).waitFor();
      await expect.poll(() => pathField(page).inputValue()).toBe(huge);
      await expect
        .poll(() => page.locator('.kh-response-lost').innerText())
        .toMatch(
          /^The last response \(200 OK, sent .+\) was not kept: the panel was reloaded before it could be saved\.$/,
        );
      expect(await status.count()).toBe(0);
      await look(page, 'devtools-tab-response-lost');

      // A small response still waiting for idle time (the panel too busy for one: here its idle callbacks never
      // run) is stored as the page goes (pagehide), and the reload brings it back.
      await page.evaluate(() => {
        window.requestIdleCallback = () => 0;
      });
      await pathField(page).fill('/v2/summary');
      expect(await sendAndWait(page)).toBe('200');
      await expect.poll(() => status.innerText()).toMatch(/\/v2\/summary/);
      await page.reload();
      await status.waitFor();
      await expect.poll(() => status.innerText()).toMatch(/restored ·/);
      await expect.poll(() => status.innerText()).toMatch(/\/v2\/summary/);
    },
  );

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

    if (width === SIZES[0].width) {
      // Two DevTools windows share the variables: an environment made in the other one shows here without a
      // reload, and this panel's next save keeps it (it used to write its older copy back over it).
      const environments = (panel: Page) =>
        panel.getByRole('combobox', { name: 'Environment' }).locator('option').allInnerTexts();
      const other = await openPanel(ext, pageErrors, { devtools: true, width, height });
      await other.getByRole('button', { name: 'Variables…' }).click();
      const otherDialog = other.getByRole('dialog', { name: 'Variables' });
      await otherDialog.getByRole('button', { name: 'New environment' }).click();
      await otherDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('staging');
      await otherDialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => environments(page)).toEqual(['None', 'sandbox', 'staging']);
      await page.getByRole('button', { name: 'Variables…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Variables' });
      await dialog.getByRole('combobox', { name: 'Edit' }).selectOption({ label: 'staging' });
      await dialog.getByRole('button', { name: 'Make active' }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => other.getByRole('combobox', { name: 'Environment' }).inputValue()).not.toBe('');
      await other.reload();
      await expect.poll(() => environments(other)).toEqual(['None', 'sandbox', 'staging']);
      expect(await other.getByRole('combobox', { name: 'Environment' }).locator('option:checked').innerText()).toBe(
        'staging',
      );
      // Deleted here, gone there; the secret typed in this panel is still this panel's (never stored).
      await page.getByRole('button', { name: 'Variables…' }).click();
      await dialog.getByRole('combobox', { name: 'Edit' }).selectOption({ label: 'staging (active)' });
      await dialog.getByRole('button', { name: 'Delete environment' }).click();
      await dialog.getByRole('combobox', { name: 'Edit' }).selectOption({ label: 'sandbox' });
      await dialog.getByRole('button', { name: 'Make active' }).click();
      expect(await dialog.getByRole('textbox', { name: 'Value of variables of sandbox row 2' }).inputValue()).toBe(
        'tok-not-for-eyes',
      );
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => environments(other)).toEqual(['None', 'sandbox']);
      await other.close();
    }
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
    // A tree, filtered to this size's requests (the name holds the size): Sandbox/ › <size>/ › the requests.
    const tree = savedTree(page);
    await page.getByRole('searchbox', { name: 'Filter saved requests' }).fill(size);
    const names = () => tree.locator('.kh-saved-item .kh-saved-name').allTextContents();
    await expect.poll(names).toEqual([name]);
    await rowMenu(page, name, 'Duplicate');
    await expect.poll(names).toEqual([name, `${name} copy`]);
    await rowMenu(page, `${name} copy`, 'Move up');
    await expect.poll(names).toEqual([`${name} copy`, name]);
    // F2 renames the current row: End, then ↑, from the tree's keyboard.
    await tree.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('F2');
    const edit = page.getByRole('dialog', { name: /^Edit/ });
    // The name is selected, as in a file manager's rename: what is typed replaces it.
    await expect
      .poll(() =>
        edit
          .getByRole('textbox', { name: 'Name' })
          .evaluate(
            (field: HTMLInputElement) =>
              document.activeElement === field &&
              field.selectionStart === 0 &&
              field.selectionEnd === field.value.length,
          ),
      )
      .toBe(true);
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} (copy)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(names).toEqual([`${name} (copy)`, name]);
    // Dragged onto the folder Sandbox, a request moves into it (one level up); “Move to…” does it from the keyboard.
    await savedRow(page, name).dragTo(tree.getByRole('treeitem', { name: /^Sandbox ?, / }));
    await expect.poll(() => savedRow(page, name).getAttribute('aria-level')).toBe('2');
    await tree.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: `Actions for ${name} (copy)` }).waitFor();
    // The menu takes focus on its first item once drawn.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('OpenEnter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: /^Move/ });
    await move.getByLabel(/^Folder/).fill(`Sandbox/${size}/Kept`);
    await move.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedRow(page, `${name} (copy)`).getAttribute('aria-level')).toBe('4');
    await look(page, `devtools-saved-tree-${size}`);
    // Delete asks first (rows: Sandbox/, <size>/, Kept/, the copy, the request).
    await tree.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Delete');
    await page
      .getByRole('dialog', { name: `Delete “${name} (copy)”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(names).toEqual([name]);

    if (width === SIZES[0].width) {
      // Another DevTools window's Saved list follows this one's changes without a reload, and this one follows
      // it. A rename made from a list that is behind (the record rewritten by a writer that tells no one, as the
      // import worker or an older version could) changes the name only, not the request stored since.
      const other = await openPanel(ext, pageErrors, { devtools: true, width, height, hash: '#saved' });
      await other.getByRole('searchbox', { name: 'Filter saved requests' }).fill(size);
      const otherNames = () => savedTree(other).locator('.kh-saved-item .kh-saved-name').allTextContents();
      await expect.poll(otherNames).toEqual([name]);
      await rowMenu(page, name, 'Duplicate');
      await expect.poll(otherNames).toEqual([name, `${name} copy`]);
      const storedRequest = (panel: Page, wanted: string) =>
        panel.evaluate(
          (named) =>
            new Promise<{ name: string; draft: { path: string } } | undefined>((resolve, reject) => {
              const open = indexedDB.open('keyhole-saved-requests');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const read = open.result.transaction('requests').objectStore('requests').getAll();
                read.onsuccess = () => {
                  resolve(read.result.find((item: { name: string }) => item.name === named));
                  open.result.close();
                };
              };
            }),
          wanted,
        );
      await other.evaluate(
        (named) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('keyhole-saved-requests');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const transaction = open.result.transaction('requests', 'readwrite');
              const objects = transaction.objectStore('requests');
              const cursor = objects.openCursor();
              cursor.onsuccess = () => {
                const at = cursor.result;
                if (!at) return;
                if (at.value.name === named)
                  at.update({ ...at.value, draft: { ...at.value.draft, path: '/v2/rewritten-elsewhere' } });
                at.continue();
              };
              transaction.oncomplete = () => {
                open.result.close();
                resolve();
              };
            };
          }),
        `${name} copy`,
      );
      await rowMenu(page, `${name} copy`, 'Rename…');
      await page.getByRole('dialog', { name: /^Edit/ }).getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
      await page.getByRole('dialog', { name: /^Edit/ }).getByRole('button', { name: 'Save' }).click();
      await expect.poll(otherNames).toEqual([name, `${name} renamed`]);
      expect((await storedRequest(other, `${name} renamed`))?.draft.path).toBe('/v2/rewritten-elsewhere');
      await rowMenu(other, `${name} renamed`, 'Delete…');
      await other
        .getByRole('dialog', { name: `Delete “${name} renamed”?` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect.poll(names).toEqual([name]);
      await other.close();
    }
    await page.getByRole('searchbox', { name: 'Filter saved requests' }).fill('');

    // Export: the file holds the requests and none of the sandbox's secrets, nor any Authorization header.
    await page.getByRole('button', { name: 'Export' }).click();
    // Item 3 left the environment “sandbox”: it goes with the requests.
    await expect
      .poll(() => page.getByRole('region', { name: 'Saved requests' }).innerText())
      .toMatch(/Exported \d+ requests? and 1 environment to keyhole-collection/);
    const files = async () => (await readdir(ext.downloadsDir)).filter((file) => file.startsWith('keyhole-collection'));
    // Each export is uniquified by the downloads API (“keyhole-collection (1).json”), and an earlier size's file may
    // be there first: wait for the one that holds this size's request.
    let exported = '';
    await expect
      .poll(
        async () => {
          for (const file of await files()) {
            const text = await readFile(join(ext.downloadsDir, file), 'utf8').catch(() => '');
            if (text.includes(name)) exported = text;
          }
          return exported !== '';
        },
        { timeout: 15_000 },
      )
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
    await page.getByLabel('Import a collection file').setInputFiles(postman);
    await expect.poll(() => page.locator('.kh-saved-notices').innerText()).toContain('Imported 1 request');
    // One line; the notes on demand.
    expect(await page.locator('.kh-saved-notices').innerText()).not.toContain('Self: dropped its auth settings');
    await page.locator('.kh-saved-notices summary').click();
    expect(await page.locator('.kh-saved-notices').innerText()).toContain('Self: dropped its auth settings');
    await savedTree(page).locator(`[role="treeitem"][title="Postman ${size}"] + [role="treeitem"]`).click();
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
    // Closing asked nothing: the note's Reopen is the next Tab stops away, brings the tab back and focus onto it.
    // Reached first: with focus on it the note stays past its 10 s while the 480-wide strip is looked at.
    await tabTo(page, /^Reopen “Keyboard apps”/);
    await page.setViewportSize({ width: 480, height: 700 });
    await look(page, 'devtools-tab-closed-480');
    await stripFits(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Enter');
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'Keyboard apps']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keyboard apps');
    await page.keyboard.press('Delete');
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self']);
    // Back to the start of the page (as F6 or a click on nothing would), then into the rail, a tab list whose
    // arrows move between views.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, /^Catalog$/);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('region', { name: 'Saved requests' }).waitFor();
    // The filter, ↓ into the tree (its first match is current), Enter opens it.
    await tabTo(page, /^Filter saved requests/);
    await page.keyboard.type('Keyboard apps');
    // What the user sees before going down: the match in the tree (the saved list loads from storage; under load
    // it was not in yet, and Enter opened nothing).
    await page
      .getByRole('tree', { name: 'Saved requests' })
      .getByRole('treeitem', { name: /Keyboard apps/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
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

/** Two animation frames: what was asked of the page has been drawn. */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('issue #32: 2,000 saved requests, preview tabs and an overflowing tab strip', () => {
  const FOUR_SIZES = [...SIZES, { width: 480, height: 700 }] as const;

  it('keeps the Saved tree smooth with 2,000 requests: rows virtualised, filter, scroll, open and close', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, colorScheme: 'light', width: 1280, height: 800 });
    await showView(page, 'Saved');
    const requests = Array.from({ length: 2000 }, (_, index) => ({
      name: `List the applications of organisation ${index}`,
      folder: `Scale/Group ${String(Math.floor(index / 50)).padStart(2, '0')}`,
      method: index % 4 === 0 ? 'POST' : 'GET',
      target: 'api',
      path: `/v2/organisations/orga_${index}/applications`,
      params: {},
      query: [],
      headers: [],
      body: { mode: 'none' },
    }));
    const dir = await mkdtemp(join(tmpdir(), 'keyhole-scale-'));
    const file = join(dir, 'scale.json');
    await writeFile(
      file,
      JSON.stringify({ format: 'keyhole-collection', version: 1, exportedAt: new Date().toISOString(), requests }),
    );
    await page.getByLabel('Import a collection file').setInputFiles(file);
    await expect
      .poll(() => page.locator('.kh-saved-notices').innerText(), { timeout: 60_000 })
      .toContain('Imported 2000 requests');
    const tree = savedTree(page);
    const rows = tree.getByRole('treeitem');
    await tree.getByRole('treeitem', { name: /^Scale ?, / }).waitFor();
    await drawn(page);
    // Only the rows in view are in the page.
    expect(await rows.count()).toBeLessThan(80);

    const since = await page.evaluate(() => performance.now());
    const marks: string[] = [];
    const mark = async (label: string) =>
      marks.push(`${label} +${Math.round((await page.evaluate(() => performance.now())) - since)}`);
    // Filter as you type: name, method and path, with the folders that lead to the match.
    const filter = page.getByRole('searchbox', { name: 'Filter saved requests' });
    await filter.click();
    await page.keyboard.type('post organisation 1996', { delay: 20 });
    await expect.poll(() => rows.allTextContents()).toHaveLength(3);
    expect(await savedRow(page, 'List the applications of organisation 1996').getAttribute('aria-level')).toBe('3');
    await mark('filtered');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    await mark('cleared');
    // Scroll the whole tree (2,041 rows) down, a wheel turn per frame.
    await tree.hover();
    for (let turn = 0; turn < 30; turn += 1) {
      await page.mouse.wheel(0, 1800);
      await drawn(page);
    }
    await expect.poll(() => tree.evaluate((element) => element.scrollTop)).toBeGreaterThan(20_000);
    expect(await rows.count()).toBeLessThan(80);
    await mark('scrolled');
    // Close every folder, then open Scale with a click and its first group from the keyboard.
    await page.getByRole('button', { name: 'Close every folder' }).click();
    const scale = tree.getByRole('treeitem', { name: /^Scale ?, / });
    await expect.poll(() => scale.getAttribute('aria-expanded')).toBe('false');
    await mark('closed');
    await scale.click();
    await expect.poll(() => scale.getAttribute('aria-expanded')).toBe('true');
    const group = tree.getByRole('treeitem', { name: /^Group 00 ?, 50 requests$/ });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    await drawn(page);
    const tasks = (await longTasks(page)).filter((task) => task.start >= since);
    console.log(
      `Saved tree, 2,000 requests (filter typed, cleared, 30 wheel turns, close all, open two): ${tasks.length} long tasks, ` +
        `longest ${Math.round(Math.max(0, ...tasks.map((task) => task.duration)))} ms ` +
        `(${tasks.map((task) => `${Math.round(task.duration)} ms at +${Math.round(task.start - since)}`).join(', ')}; ${marks.join(', ')})`,
    );
    // Reported, not asserted: on the shared 2-core machine (load average 25 when measured) 30 wheel turns of 1,800
    // px each saw 4–9 tasks of 54–207 ms, all while scrolling; filtering and opening saw none. The filter's own
    // cost per keystroke is a bench row (bench/saved-tree.ts).

    // Which folders are open is remembered.
    await page.reload();
    await showView(page, 'Saved');
    await expect
      .poll(() => tree.getByRole('treeitem', { name: /^Group 00 ?, / }).getAttribute('aria-expanded'))
      .toBe('true');
    await tree.getByRole('treeitem', { name: /^Group 00 ?, / }).click();
    await expect
      .poll(() => tree.getByRole('treeitem', { name: /^Group 01 ?, / }).getAttribute('aria-expanded'))
      .toBe('false');
    await tree.getByRole('treeitem', { name: /^Group 00 ?, / }).click();
    // The full name on hover; the end of a long name (what tells it apart) stays in view.
    const row = savedRow(page, 'List the applications of organisation 7');
    expect(await row.getAttribute('title')).toContain(
      'List the applications of organisation 7\nGET /v2/organisations/orga_7',
    );
    expect(await row.locator('.kh-saved-name-tail').textContent()).toBe(' of organisation 7');
    await page.getByRole('searchbox', { name: 'Filter saved requests' }).fill('organisation 5');
    for (const { width, height } of FOUR_SIZES) {
      await page.setViewportSize({ width, height });
      await savedRow(page, 'List the applications of organisation 5').hover();
      await savedRow(page, 'List the applications of organisation 5').locator('.kh-saved-more').click();
      await page.getByRole('menu').waitFor();
      await saveScreenshot(page, `devtools-saved-2000-${width}x${height}`);
      await page.keyboard.press('Escape');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
    const dark = await openPanel(ext, pageErrors, { devtools: { themeName: 'dark' }, width: 480, height: 700 });
    await showView(dark, 'Saved');
    await dark.getByRole('searchbox', { name: 'Filter saved requests' }).fill('organisation 19');
    await savedRow(dark, 'List the applications of organisation 19').waitFor();
    await look(dark, 'devtools-saved-2000-dark-480x700');
    await dark.setViewportSize({ width: 1280, height: 800 });
    await look(dark, 'devtools-saved-2000-dark-1280x800');
    await dark.close();
  }, 180_000);

  it('opens the catalog in a preview tab, keeps the sent tab and its response, and lists overflowing tabs', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, colorScheme: 'light', width: 900, height: 500 });
    await startClean(page);
    await pathField(page).fill('/v2/self');
    expect(await sendAndWait(page)).toBe('200');
    await showView(page, 'Catalog');
    const search = page.getByRole('searchbox', { name: 'Search endpoints' });
    await search.fill('summary');
    await page.getByRole('button', { name: /^GET \/v2\/summary / }).click();
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'GET /v2/summary']);
    await expect.poll(() => page.locator('.kh-request-tab--preview').count()).toBe(1);
    expect(await page.locator('.kh-request-tab--preview .kh-request-tab-open').textContent()).toBe('GET /v2/summary');
    await saveScreenshot(page, 'devtools-tabs-preview-900x500');
    // No response under the new request; the next endpoint opened replaces the preview.
    expect(await page.locator('.kh-response--empty').count()).toBe(1);
    await search.fill('zones');
    await page.getByRole('button', { name: /^GET \/v2\/products\/zones / }).click();
    await expect.poll(() => tabNames(page)).toEqual(['GET /v2/self', 'GET /products/zones']);
    await tabList(page).getByRole('button', { name: 'GET /v2/self', exact: true }).click();
    await expect.poll(() => page.locator('.kh-status-url').innerText()).toMatch(/\/v2\/self(\?|$)/);
    // Sent, the preview is kept: the next one opens beside it.
    await tabList(page).getByRole('button', { name: 'GET /products/zones', exact: true }).click();
    expect(await sendAndWait(page)).toBe('200');
    expect(await page.locator('.kh-request-tab--preview').count()).toBe(0);

    // Many tabs: the strip scrolls, the current tab stays in view, a menu lists them all.
    for (let tab = 0; tab < 14; tab += 1) await page.getByRole('button', { name: 'New tab' }).click();
    const all = tabList(page).getByRole('button', { name: /^All \d+ tabs$/ });
    await all.waitFor();
    const inView = () =>
      page.evaluate(() => {
        const list = document.querySelector('.kh-request-tab-list') as HTMLElement;
        const current = document.querySelector('.kh-request-tab--current') as HTMLElement;
        const outer = list.getBoundingClientRect();
        const box = current.getBoundingClientRect();
        return box.left >= outer.left - 1 && box.right <= outer.right + 1;
      });
    await expect.poll(inView).toBe(true);
    for (const { width, height } of FOUR_SIZES) {
      await page.setViewportSize({ width, height });
      await all.click();
      const menu = page.getByRole('menu', { name: 'Open tabs' });
      await menu.waitFor();
      expect(await menu.getByRole('menuitemradio').count()).toBe(16);
      await saveScreenshot(page, `devtools-tabs-overflow-${width}x${height}`);
      await page.keyboard.press('Escape');
    }
    await all.click();
    await page.getByRole('menu', { name: 'Open tabs' }).getByRole('menuitemradio').first().click();
    await expect
      .poll(() => page.locator('.kh-request-tab').first().getAttribute('class'))
      .toContain('kh-request-tab--current');
    await expect.poll(inView).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});

// Last: the 798 requests it imports stay saved, and the tests above expect a short list.
describe('the platform’s own OpenAPI as a Postman collection', () => {
  it('imports its 798 requests as catalog endpoints, and they run against the sandbox as imported', async () => {
    // openapi-to-postmanv2 over the platform's OpenAPI, folders by tag (test/unit/support/platform-postman.ts).
    const dir = await mkdtemp(join(tmpdir(), 'keyhole-platform-postman-'));
    const file = join(dir, 'clever-cloud.postman_collection.json');
    await writeFile(file, await platformPostmanCollection());
    const page = await openPanel(ext, pageErrors, { devtools: true, width: 1280, height: 800 });
    await showView(page, 'Saved');
    await page.getByLabel('Import a collection file').setInputFiles(file);
    const notices = page.locator('.kh-saved-notices');
    await expect.poll(() => notices.innerText(), { timeout: 60_000 }).toContain('Imported 798 requests');
    await notices.locator('summary').click();
    expect(await notices.innerText()).toContain('798 of 798 requests are catalog endpoints');
    expect(await notices.innerText()).toContain('(https://api.clever-cloud.com) was left out');
    // A few grouped lines, not one per request.
    expect(await notices.locator('li').count()).toBeLessThan(8);
    await look(page, 'devtools-import-platform-notices');

    const org = engines();
    const apps = [...ext.platform.state.applications.values()].filter((app) => app.ownerId === org.id);
    const runs: { name: string; path: string; shows: string }[] = [
      { name: 'get Self', path: '/v2/self', shows: ext.platform.user.email },
      { name: 'get Summary', path: '/v2/summary', shows: 'organisations' },
      {
        name: 'get Organisations Id Applications',
        path: '/v2/organisations/{organisationId}/applications',
        shows: apps[0]!.view.name,
      },
      {
        name: 'get Organisations Id',
        path: '/v2/organisations/{organisationId}',
        shows: org.name,
      },
    ];
    for (const run of runs) {
      await showView(page, 'Saved');
      // The collection lists an operation under each of its tags: the filter finds it, the row opens it.
      await page.getByRole('searchbox', { name: 'Filter saved requests' }).fill(run.name);
      await savedRow(page, run.name).first().click();
      // The /v2 of {{baseUrl}} kept, `:id` under the catalog's name: the composer shows the organisation picker.
      await expect.poll(() => pathField(page).inputValue()).toBe(run.path);
      if (run.path.includes('{organisationId}')) {
        const picker = page.getByRole('combobox', { name: '{organisationId}' });
        await picker.fill(org.id);
      }
      expect(await sendAndWait(page), run.name).toBe('200');
      await expect.poll(() => page.locator('.kh-tree-rows').innerText()).toContain(run.shows);
    }
    await look(page, 'devtools-import-platform-postman');

    // A Bruno collection picked as a folder (webkitdirectory), its base URL in an environment file.
    const bruno = join(dir, 'Platform bruno');
    await mkdir(join(bruno, 'environments'), { recursive: true });
    await mkdir(join(bruno, 'Self'), { recursive: true });
    await writeFile(
      join(bruno, 'bruno.json'),
      JSON.stringify({ version: '1', name: 'Bruno platform', type: 'collection' }),
    );
    await writeFile(join(bruno, 'environments', 'Prod.bru'), 'vars {\n  baseUrl: https://api.clever-cloud.com/v2\n}\n');
    await writeFile(
      join(bruno, 'Self', 'Apps.bru'),
      'meta {\n  name: Org apps\n  seq: 1\n}\n\nget {\n  url: {{baseUrl}}/organisations/:id/applications\n  body: none\n  auth: inherit\n}\n\nparams:path {\n  id: ' +
        org.id +
        '\n}\n',
    );
    await showView(page, 'Saved');
    await page.getByLabel('Import a Bruno collection folder').setInputFiles(bruno);
    await expect.poll(() => notices.innerText(), { timeout: 60_000 }).toContain('Imported 1 request');
    await page.getByRole('searchbox', { name: 'Filter saved requests' }).fill('Org apps');
    await savedRow(page, 'Org apps').click();
    await expect.poll(() => pathField(page).inputValue()).toBe('/v2/organisations/{organisationId}/applications');
    await expect.poll(() => page.getByRole('combobox', { name: '{organisationId}' }).inputValue()).toBe(org.id);
    expect(await sendAndWait(page)).toBe('200');
    await expect.poll(() => page.locator('.kh-tree-rows').innerText()).toContain(apps[0]!.view.name);
    await page.close();
  });
});
