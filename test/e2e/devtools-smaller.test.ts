/**
 * Issue 32 items 5 and 9: the context fills an id only under its owner and says so; a PUT replacing all
 * environment variables asks first, listing what goes; a GET whose connection dropped is retried once and says so.
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

  it('fills an organisation’s app id only under that organisation, marked “from context”', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    const { state } = ext.platform;
    const app = [...state.applications.values()].find((candidate) => state.organisations.has(candidate.ownerId))!;
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'GET', '/v2/organisations/{organisationId}/applications/{applicationId}');
    await page.getByRole('combobox', { name: '{organisationId}' }).fill(app.ownerId);
    await page.getByRole('combobox', { name: '{applicationId}' }).fill(app.view.id);
    expect(await sendAndWait(page)).toBe('200');

    // A personal path: the organisation's app is not put there (the platform would answer 404).
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'GET', '/v2/self/applications/{applicationId}/instances');
    const field = page.getByRole('combobox', { name: '{applicationId}' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await page.locator('.kh-param-from-context').count()).toBe(0);

    // Its own organisation's path: filled, and the field says where the value came from.
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'GET', '/v2/organisations/{organisationId}/applications/{applicationId}/instances');
    await expect.poll(() => field.inputValue()).toBe(app.view.id);
    await expect.poll(() => field.getAttribute('aria-describedby')).toMatch(/-context\b/);
    expect(await page.locator('.kh-param-from-context').count()).toBe(2);
    const described = await page.evaluate(() => {
      const input = [...document.querySelectorAll('input')].find((each) => each.id.endsWith('-applicationId'));
      const ids = input?.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
    });
    expect(described).toContain('from context');
    await saveScreenshot(page, 'smaller-from-context');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('asks before a PUT replaces all environment variables, listing what goes', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    const { state } = ext.platform;
    const app = [...state.applications.values()].find(
      (candidate) => state.organisations.has(candidate.ownerId) && candidate.env.length >= 2,
    )!;
    const before = app.env.map((variable) => ({ ...variable }));
    const [kept, changed, ...removed] = before;
    const path = `/v2/organisations/${app.ownerId}/applications/${app.view.id}/env`;
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'PUT', path);
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    const body = { [kept!.name]: kept!.value, [changed!.name]: `${changed!.value}-new`, ADDED_BY_E2E: '1' };
    await page.getByRole('textbox', { name: 'JSON body' }).fill(JSON.stringify(body));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace all environment variables of the application?' });
    await dialog.getByRole('button', { name: 'Replace' }).and(page.locator(':enabled')).waitFor();
    const listed = await dialog.innerText();
    expect(listed).toMatch(new RegExp(`Changed \\(1\\): ${changed!.name}`));
    expect(listed).toMatch(/Added \(1\): ADDED_BY_E2E/);
    if (removed.length > 0)
      expect(listed).toContain(`Removed (${removed.length}): ${removed.map((v) => v.name).join(', ')}`);
    expect(listed).toContain('1 unchanged');
    await saveScreenshot(page, 'smaller-replace-env-confirm');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Cancel (focused first): nothing sent, nothing changed.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(app.env).toEqual(before);
    // Replace: sent, and the platform holds exactly the body.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByRole('button', { name: 'Replace' }).and(page.locator(':enabled')).click();
    await expect.poll(() => page.locator('.kh-status-line .kh-status').innerText()).toBe('200');
    expect(Object.fromEntries(app.env.map((variable) => [variable.name, variable.value]))).toEqual(body);
    // One variable at a time (PUT …/env/{name}) replaces nothing else: no question.
    await compose(page, 'PUT', `${path}/ONE_MORE`);
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"value":"x"}');
    expect(await sendAndWait(page)).toBe('200');
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it('says a GET was retried once after its connection dropped, and never retries a write', async () => {
    const page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'New tab' }).click();
    // The head arrives, then the connection drops mid-body: the browser never resends that itself.
    ext.platform.faults.add({ server: 'api', method: 'GET', path: '/v2/self/consumers', dropMidBody: true });
    await compose(page, 'GET', '/v2/self/consumers');
    expect(await sendAndWait(page)).toBe('200');
    const line = page.locator('.kh-status-line');
    expect(await line.innerText()).toContain('retried once after the connection dropped');
    expect(ext.platform.faults.list()).toEqual([]);
    await saveScreenshot(page, 'smaller-retried-after-drop');

    ext.platform.faults.add({ server: 'api', method: 'PUT', path: '/v2/self', dropMidBody: true });
    await compose(page, 'PUT', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"name":"not twice"}');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.kh-response [data-error-code="network"]').waitFor();
    expect(ext.platform.faults.list()).toEqual([]);
    expect(await page.locator('.kh-status-line').count()).toBe(0);
    await page.close();
  });
});
