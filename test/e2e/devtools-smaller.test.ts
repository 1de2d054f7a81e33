/**
 * Issue 16 item 11, the smaller things seen in the panel: the dark theme uses DevTools' own greys; catalog search
 * is typo-tolerant ("orgnisation" finds the organisations); the history's HAR export and delete act on the calls
 * the filters show (before: "Delete all 31" while 3 were shown), and the HAR's requests carry their Content-Type.
 * (Save… asking where is in devtools-save-pdf-response.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
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

describe('the smaller things', () => {
  it('is dark in DevTools’ greys, finds endpoints despite a typo, and stays axe clean', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800, devtools: { themeName: 'dark' } });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(36, 36, 36)');
    await page.getByRole('searchbox', { name: 'Search endpoints' }).fill('orgnisation');
    const first = page.locator('.kh-endpoint .kh-endpoint-path').first();
    await expect.poll(() => first.innerText()).toMatch(/\/organisations/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'smaller-dark-devtools-greys');
    await page.close();
  });

  it('exports and deletes the calls the filter shows, with their Content-Type', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    await compose(page, 'GET', '/v2/self');
    await sendAndWait(page);
    await compose(page, 'POST', '/v2/self/consumers');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"name":"har-e2e","description":"x"}');
    await sendAndWait(page);
    await page.getByRole('tab', { name: 'History' }).click();
    // By its name: the catalog's and the response body's search boxes may be in the page too.
    await page.getByRole('searchbox', { name: 'Search history' }).fill('method:post');
    const exportButton = page.getByRole('button', { name: /^Export these \d+ as HAR$/ });
    await exportButton.waitFor();
    const count = Number((await exportButton.innerText()).replace(/\D/g, ''));
    const download = page.waitForEvent('download').catch(() => undefined);
    await exportButton.click();
    const note = page.getByText(/^Exported \d+ calls? to keyhole-history-/);
    await note.waitFor();
    const name = (await note.innerText()).replace(/^.* to /, '').replace(/\.$/, '');
    await download;
    await expect.poll(async () => readFile(join(ext.downloadsDir, name), 'utf8').catch(() => '')).toMatch(/"log"/);
    const har = JSON.parse(await readFile(join(ext.downloadsDir, name), 'utf8'));
    expect(har.log.entries).toHaveLength(count);
    for (const entry of har.log.entries) {
      expect(entry.request.method).toBe('POST');
      expect(entry.request.headers).toContainEqual({ name: 'Content-Type', value: 'application/json' });
    }
    await page.getByRole('button', { name: 'Delete these…' }).click();
    await page.getByRole('button', { name: `Delete these ${count}` }).click();
    await page
      .getByRole('searchbox', { name: /Search/ })
      .first()
      .fill('');
    await expect.poll(() => page.locator('.kh-history-path').allInnerTexts()).not.toContain('/v2/self/consumers');
    expect(await page.locator('.kh-history-path').allInnerTexts()).toContain('/v2/self');
    await page.close();
  });
});
