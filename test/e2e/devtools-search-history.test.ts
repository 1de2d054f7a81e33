/**
 * An integrator finds a past call after closing and reopening the panel: history lives in IndexedDB, search by
 * path words and status finds it, opening it brings back the request and its stored response, export gives a
 * HAR file. Nothing secret is stored: no Authorization header, no signature, no password.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, jsonBodyText, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
let tokenValue = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function storedHistoryText(): Promise<string> {
  return page.evaluate(async () => {
    const dump = (name: string, store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      });
    return JSON.stringify([await dump('keyhole-history', 'entries'), await dump('keyhole-history-bodies', 'bodies')]);
  });
}

describe('history across panel reloads', () => {
  it('finds a past call by search after the panel reloads and reopens it', async () => {
    const org = [...ext.platform.state.organisations.values()].find((item) => item.name === 'Difference Works');
    if (!org) throw new Error('no seeded organisation');
    await compose(page, 'GET', '/v2/self');
    expect(await sendAndWait(page)).toBe('200');
    await compose(page, 'GET', `/v2/organisations/${org.id}/applications`);
    expect(await sendAndWait(page)).toBe('200');
    await compose(page, 'GET', '/v2/organisations/orga_nope/applications');
    expect(await sendAndWait(page)).toBe('404');
    // An API token creation carries a password in its body and returns the token once: neither may be stored.
    await compose(page, 'POST', '/api-tokens', 'bridge');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill(
      JSON.stringify({
        email: ext.platform.user.email,
        password: ext.platform.user.password,
        name: 'history-test',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const created = await sendAndWait(page);
    expect(['200', '201']).toContain(created);
    // The live response shows the new token once (the user needs it); history must not keep it.
    const tokenRow = page.locator('.kh-tree-row', { hasText: 'apiToken:' }).first();
    tokenValue = /"([^"]+)"/.exec((await tokenRow.textContent()) ?? '')?.[1] ?? '';
    expect(tokenValue.length).toBeGreaterThan(10);

    // Let the debounced draft save land, then close and reopen the panel: the draft is back, its password not.
    await page.waitForTimeout(600);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe('/api-tokens');
    await composerTab(page, 'Body').click();
    const draftBody = JSON.parse(await jsonBodyText(page));
    expect(draftBody).toMatchObject({
      email: ext.platform.user.email,
      name: 'history-test',
      password: '[redacted by Keyhole]',
    });
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.locator('.kh-history-path').count()).toBe(4);
    const search = page.getByRole('searchbox', { name: 'Search history' });
    await search.fill(`${org.id} applications`);
    // The row shortens a platform id (the start of the path gives way first); its title has the whole call.
    await expect
      .poll(() => page.locator('.kh-history-path').allTextContents())
      .toEqual([`/v2/organisations/${org.id.slice(0, 9)}…/applications`]);
    expect(await page.locator('.kh-history-open').getAttribute('title')).toBe(
      `GET /v2/organisations/${org.id}/applications`,
    );
    await search.fill('status:404');
    await expect
      .poll(() => page.locator('.kh-history-path').allTextContents())
      .toEqual(['/v2/organisations/orga_nope/applications']);
    await search.fill('applications');
    await page.getByRole('combobox', { name: 'Status filter' }).selectOption('2xx');
    await expect.poll(() => page.locator('.kh-history-path').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'devtools-history-search');

    await page.locator('.kh-history-open').first().click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Path' }).inputValue())
      .toBe(`/v2/organisations/${org.id}/applications`);
    await expect.poll(() => page.locator('.kh-status-line').textContent()).toMatch(/from history/);
    await expect.poll(() => page.locator('.kh-tree-rows').textContent()).toMatch(/items/);
  });

  it('stores no credential, signature, password or token value', async () => {
    const stored = await storedHistoryText();
    expect(stored).toContain('/api-tokens');
    expect(stored).not.toMatch(/Authorization/i);
    expect(stored).not.toMatch(/oauth_signature/);
    expect(stored).not.toContain(ext.platform.user.password);
    expect(tokenValue).not.toBe('');
    expect(stored).not.toContain(tokenValue);
    const [entries, bodies] = JSON.parse(stored) as [
      { id: string; request: { path: string } }[],
      { id: string; body: { text: string } }[],
    ];
    const tokenEntry = entries.find((entry) => entry.request.path === '/api-tokens');
    const tokenBody = bodies.find((body) => body.id === tokenEntry?.id);
    expect(JSON.parse(tokenBody?.body.text ?? '{}').apiToken).toBe('[redacted by Keyhole]');
  });

  it('exports the history as a HAR file', async () => {
    await page.getByRole('searchbox', { name: 'Search history' }).fill('');
    await page.getByRole('combobox', { name: 'Status filter' }).selectOption('');
    await page.getByRole('button', { name: 'Export HAR' }).click();
    const note = page.getByText(/^Exported 4 calls to keyhole-history-\d{8}-\d{4}\.har\.$/);
    await note.waitFor();
    const name = (await note.textContent())?.match(/keyhole-history-\d{8}-\d{4}\.har/)?.[0] as string;
    const path = join(ext.downloadsDir, name);
    await expect
      .poll(async () => (existsSync(path) ? 'found' : (await readdir(ext.downloadsDir)).join(', ')), {
        timeout: 15_000,
      })
      .toBe('found');
    await expect
      .poll(async () => {
        try {
          return JSON.parse(await readFile(path, 'utf8')).log.entries.length;
        } catch {
          return -1;
        }
      })
      .toBe(4);
    const text = await readFile(path, 'utf8');
    expect(JSON.parse(text).log.version).toBe('1.2');
    expect(text).not.toContain(ext.platform.user.password);
    expect(text).not.toMatch(/oauth_signature/);
  });
});
