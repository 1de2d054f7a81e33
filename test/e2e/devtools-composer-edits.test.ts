/**
 * Issue 16 item 9, the composer: a pasted URL of another host and a curl for another platform say that they go
 * to the profile's addresses (before: silently retargeted); a pasted query replaces the rows there were (before,
 * `?x=1&x=2&x=1` went out); Format can be undone; switching to GET with a body asks what to do (before: refused
 * at Send); the JSON problem line stays in view in a short or narrow docked panel.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import {
  compose,
  composerTab,
  jsonBodyText,
  openCodeEditor,
  openPanel,
  sendAndWait,
} from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

const notices = () => page.locator('.kh-notices').innerText();
const pathField = () => page.getByRole('textbox', { name: 'Path' });

describe('the composer', () => {
  it('says where a pasted URL of another platform goes, and its query replaces the rows', async () => {
    await compose(page, 'GET', '/v2/self/applications?x=1');
    await pathField().blur();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).first().inputValue()).toBe('x');

    await pathField().fill('https://api.clever-cloud.com/v2/self?x=2');
    await expect.poll(notices).toMatch(/The pasted URL was for https:\/\/api\.clever-cloud\.com; it will go to/);
    expect(await notices()).toMatch(/The pasted query replaced the query parameter there was \(x\)/);
    expect(await pathField().inputValue()).toBe('/v2/self');
    await saveScreenshot(page, 'composer-pasted-url');
    expect(await sendAndWait(page)).toBe('200');
    expect(await page.locator('.kh-status-url').innerText()).toMatch(/\/v2\/self\?x=2$/);
    await page.locator('.kh-notices').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('says where a curl command for another platform goes', async () => {
    await page.getByRole('button', { name: 'Import curl…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a curl command' });
    await dialog.getByRole('textbox', { name: 'curl command' }).fill("curl 'https://api.clever-cloud.com/v2/self'");
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(notices)
      .toMatch(/The command was for https:\/\/api\.clever-cloud\.com; it will go to your profile's API/);
    await page.locator('.kh-notices').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('undoes Format with Ctrl+Z', async () => {
    await compose(page, 'POST', '/v2/self/applications');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    // Undo is the code editor's: wait for it to replace the textarea that stands in while its chunk loads (under
    // load, Format could otherwise land in the stand-in, and the editor would start from the formatted text).
    await openCodeEditor(page);
    const editor = page.getByRole('textbox', { name: 'JSON body' });
    await editor.fill('{"name":"web","zone":"par"}');
    await page.getByRole('button', { name: 'Format', exact: true }).click();
    await expect.poll(() => jsonBodyText(page)).toBe('{\n  "name": "web",\n  "zone": "par"\n}');
    await editor.press('Control+z');
    await expect.poll(() => jsonBodyText(page)).toBe('{"name":"web","zone":"par"}');
  });

  it('asks what to do with the body when the method becomes GET', async () => {
    const method = page.getByRole('combobox', { name: 'Method' });
    await method.selectOption('GET');
    const prompt = page.getByRole('group', { name: 'The body of a GET' });
    await prompt.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'composer-get-with-body');
    await prompt.getByRole('button', { name: 'Back to POST' }).click();
    expect(await method.inputValue()).toBe('POST');

    await method.selectOption('GET');
    await prompt.getByRole('button', { name: 'Send without it' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    // Nothing typed is lost: the JSON comes back with the body type.
    await method.selectOption('POST');
    await page.getByRole('radio', { name: 'JSON' }).check();
    expect(await jsonBodyText(page)).toBe('{"name":"web","zone":"par"}');

    // Form fields can become the query.
    await page.getByRole('radio', { name: 'Form (urlencoded)' }).check();
    const fields = page.getByRole('table', { name: 'Form fields' });
    await fields.getByRole('textbox', { name: 'Name' }).first().fill('zone');
    await fields.getByRole('textbox', { name: 'Value' }).first().fill('par');
    await method.selectOption('GET');
    await prompt.getByRole('button', { name: 'Move the fields to the query' }).click();
    await composerTab(page, 'Query').click();
    expect(await page.getByRole('textbox', { name: 'Name' }).first().inputValue()).toBe('zone');
  });

  for (const [width, height] of [
    [1400, 380],
    [900, 500],
    [480, 700],
  ] as const) {
    it(`keeps the JSON problem in view at ${width}×${height}`, async () => {
      const small = await openPanel(ext, pageErrors, { width, height });
      await compose(small, 'POST', '/v2/self/applications');
      await composerTab(small, 'Body').click();
      await small.getByRole('radio', { name: 'JSON' }).check();
      await small.getByRole('textbox', { name: 'JSON body' }).fill(`{"name": "${'long-name-'.repeat(12)}", }`);
      const problem = small.locator('.kh-body-editor .kh-field-error');
      await problem.waitFor();
      expect(await problem.innerText()).toMatch(/Trailing comma before \}/);
      const inView = await problem.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const composer = element.closest('.kh-composer')?.getBoundingClientRect();
        return (
          !!composer &&
          box.top >= composer.top &&
          box.bottom <= Math.min(composer.bottom, window.innerHeight) &&
          box.left >= 0 &&
          box.right <= window.innerWidth &&
          element.scrollWidth <= element.clientWidth
        );
      });
      await saveScreenshot(small, `composer-json-problem-${width}x${height}`);
      expect(inView).toBe(true);
      await small.close();
    });
  }
});
