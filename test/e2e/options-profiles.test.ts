/**
 * Setting up profiles on the settings page, in real Chromium against the real worker: add the sandbox preset,
 * edit it, check the consumer secret never reaches the page or storage.local, refuse an invalid address, show the
 * redirect URL and the host-access section; then several profiles, switching and deleting. Screenshots in light
 * and dark, and an axe scan of each state.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openSettings } from './support/extension-pages.ts';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const SANDBOX_SECRET = 'sandbox-secret-not-for-production';
const REDIRECT_URL = 'https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/';

let ext: LaunchedExtension | undefined;
let pageErrors: string[] = [];
afterEach(async () => {
  await ext?.close();
  ext = undefined;
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

const openOptions = (target: LaunchedExtension, colorScheme: 'light' | 'dark' = 'light') =>
  openSettings(target, '', { colorScheme, errors: pageErrors });

async function snap(page: Page, name: string): Promise<void> {
  // From the top: a full-page capture of a scrolled page draws the sticky header in the middle.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, `options-${name}`, { fullPage: true });
}

interface StoredProfiles {
  profiles: { id: string; name: string }[];
  activeProfileId: string | null;
}

async function storedProfiles(target: LaunchedExtension): Promise<StoredProfiles | undefined> {
  return target.worker.evaluate(async () => (await chrome.storage.local.get('profiles')).profiles) as Promise<
    StoredProfiles | undefined
  >;
}

/** Everything a page could leak a secret through: its markup, every input's live value, its own storage. */
async function pageText(page: Page): Promise<string> {
  const values = await page.evaluate(() => [...document.querySelectorAll('input')].map((input) => input.value));
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  return [await page.content(), ...values, storage].join('\n');
}

const profileItem = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('setting up profiles on the settings page', () => {
  it('adds the sandbox preset, edits it, keeps the secret out of the page, refuses a bad address', async () => {
    ext = await launchExtension();
    const page = await openOptions(ext);

    // A first visit opens the form.
    await expect.poll(() => page.getByRole('heading', { name: 'Add a profile' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'first-visit-light');

    await page.getByRole('button', { name: /^Local sandbox/ }).click();
    await expect.poll(() => page.getByText('npm run sandbox').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add profile', exact: true }).click();

    const item = profileItem(page, 'Local sandbox');
    await expect.poll(() => item.isVisible()).toBe(true);
    expect(await item.innerText()).toContain('Active');
    expect(await item.innerText()).toContain('http://127.0.0.1:8780');
    expect(await page.getByRole('status').first().innerText()).toBe('Added “Local sandbox”.');
    const afterAdd = await storedProfiles(ext);
    expect(afterAdd?.profiles).toHaveLength(1);
    expect(afterAdd?.activeProfileId).toBe(afterAdd?.profiles[0]?.id);

    // Edit: the stored secret is not shown, only said to be there.
    await page.getByRole('button', { name: 'Edit Local sandbox' }).click();
    const secret = page.getByLabel('Consumer secret');
    expect(await secret.inputValue()).toBe('');
    expect(await secret.getAttribute('placeholder')).toBe('Stored — leave empty to keep');
    expect(await secret.getAttribute('type')).toBe('password');
    await snap(page, 'edit-light');
    await page.getByLabel('Name', { exact: true }).fill('Sandbox on this machine');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => profileItem(page, 'Sandbox on this machine').isVisible()).toBe(true);
    expect((await storedProfiles(ext))?.profiles.map((profile) => profile.name)).toEqual(['Sandbox on this machine']);

    // The secret was sent once to the worker: it is in neither the page nor storage.local.
    expect(await pageText(page)).not.toContain(SANDBOX_SECRET);
    const local = await ext.worker.evaluate(() => chrome.storage.local.get());
    expect(JSON.stringify(local)).not.toContain(SANDBOX_SECRET);
    // And the worker still has it: the profile reports a stored secret.
    const listed = await page.evaluate(() => chrome.runtime.sendMessage({ keyhole: 1, name: 'profiles/list' }));
    expect(listed.value.profiles[0].hasConsumerSecret).toBe(true);

    // An invalid address: a message under the field, focus on it, nothing saved.
    await page.getByRole('button', { name: 'Add profile', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Self-hosted');
    const api = page.getByLabel('API base URL');
    await api.fill('http://api.example.com');
    await api.blur();
    const message = 'Use https:// for the API address: plain http is only allowed for 127.0.0.1 and localhost.';
    await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
    expect(await api.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Add profile', exact: true }).click();
    expect(await api.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Consumer key').getAttribute('aria-invalid')).toBe('true');
    expect((await storedProfiles(ext))?.profiles).toHaveLength(1);
    expect(await api.inputValue()).toBe('http://api.example.com');
    await snap(page, 'invalid-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The redirect URL to register on the consumer.
    expect(await page.getByRole('textbox', { name: 'Redirect URL' }).inputValue()).toBe(REDIRECT_URL);
    await ext.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('Copied', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(REDIRECT_URL);

    // The sandbox runs on 127.0.0.1, outside the manifest's origins: host access is offered.
    const access = page.locator('[data-profile-name="Sandbox on this machine"]');
    await expect.poll(() => access.locator('[data-origin-state="missing"]').count()).toBe(2);
    expect(await access.innerText()).toContain('http://127.0.0.1:8780');
    expect(await access.innerText()).toContain('Not granted');
    expect(
      await page
        .getByRole('button', { name: 'Grant access to http://127.0.0.1:8780 and http://127.0.0.1:8781' })
        .isVisible(),
    ).toBe(true);

    await snap(page, 'sandbox-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const dark = await openOptions(ext, 'dark');
    await expect.poll(() => profileItem(dark, 'Sandbox on this machine').isVisible()).toBe(true);
    await expect.poll(() => dark.getByRole('textbox', { name: 'Redirect URL' }).inputValue()).toBe(REDIRECT_URL);
    await snap(dark, 'sandbox-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.getByRole('button', { name: 'Edit Sandbox on this machine' }).click();
    await dark.getByLabel('Bridge URL').fill('bridge');
    await dark.getByRole('button', { name: 'Save changes' }).click();
    await snap(dark, 'invalid-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
  });

  it('keeps several profiles: makes one active, deletes one after confirming', async () => {
    ext = await launchExtension();
    const page = await openOptions(ext);
    await expect.poll(() => page.getByRole('heading', { name: 'Add a profile' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: /^Local sandbox/ }).click();
    await page.getByRole('button', { name: 'Add profile', exact: true }).click();
    await expect.poll(() => profileItem(page, 'Local sandbox').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add profile', exact: true }).click();
    await page.getByRole('button', { name: /^Clever Cloud \(real platform\)/ }).click();
    expect(await page.getByLabel('API base URL').inputValue()).toBe('https://api.clever-cloud.com');
    expect(await page.getByLabel('Consumer key').inputValue()).toBe('');
    await page.getByLabel('Consumer key').fill('my-consumer-key');
    await page.getByLabel('Consumer secret').fill('my-consumer-secret');
    await page.getByLabel(/^PLAINTEXT/).check();
    await page.getByRole('button', { name: 'Add profile', exact: true }).click();
    const real = profileItem(page, 'Clever Cloud');
    await expect.poll(() => real.isVisible()).toBe(true);
    expect(await real.innerText()).toContain('PLAINTEXT');
    expect(await real.innerText()).not.toContain('Active');

    await page.getByRole('button', { name: 'Make active Clever Cloud' }).click();
    await expect.poll(() => real.innerText()).toContain('Active');
    expect(await profileItem(page, 'Local sandbox').innerText()).not.toContain('Active');
    expect(await page.locator('#session').innerText()).toContain('Clever Cloud');
    const stored = await storedProfiles(ext);
    expect(stored?.profiles.find((profile) => profile.id === stored.activeProfileId)?.name).toBe('Clever Cloud');
    await snap(page, 'two-profiles-light');

    await page.getByRole('button', { name: 'Delete Local sandbox' }).click();
    expect(await page.getByText('Delete “Local sandbox”?').isVisible()).toBe(true);
    // The confirmation takes focus (after its render); Escape is read there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('Delete “Local sandbox”?').count()).toBe(0);
    expect((await storedProfiles(ext))?.profiles).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete Local sandbox' }).click();
    await page.getByRole('button', { name: 'Delete profile' }).click();
    await expect.poll(() => profileItem(page, 'Local sandbox').count()).toBe(0);
    expect((await storedProfiles(ext))?.profiles.map((profile) => profile.name)).toEqual(['Clever Cloud']);
    // Only the real platform is left: no host access to ask for.
    expect(await page.getByText('Your profiles only use the platform’s own addresses').isVisible()).toBe(true);
  });
});
