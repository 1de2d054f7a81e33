/**
 * A user sets Keyhole up from the settings page with nothing but an API token: picks the local sandbox, pastes the
 * token, creates the consumer and profile, signs in from the result and sees their account in the popup — never
 * typing a consumer key or secret. Running it again (this time creating the token in the form with email and
 * password) reuses the consumer. Real Chromium, the real worker, the platform sandbox; screenshots and axe scans.
 */
import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../platform/index.ts';
import { seriousAxeViolations as seriousAxeViolationsIn } from './support/axe.ts';
import { openSettings } from './support/extension-pages.ts';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';
import { answerAuthorizePage, type Platform } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let platform: Platform;
let ext: LaunchedExtension;
let page: Page;
let section: Locator;
const pageErrors: string[] = [];

beforeAll(async () => {
  // The sandbox's own consumer is registered for another app, so it is not a Keyhole consumer to reuse.
  platform = await startPlatform({ consumerBaseUrl: 'https://another-app.example/' });
  ext = await launchExtension();
  page = await openSettings(ext, '#onboarding', { errors: pageErrors });
  section = page.locator('#onboarding');
});

afterAll(async () => {
  await ext?.close();
  await platform?.close();
  expect(pageErrors).toEqual([]);
});

async function snap(name: string): Promise<void> {
  // The sticky header would be drawn over the section while the capture scrolls through it.
  const setHeader = (position: string) =>
    page.evaluate((value) => {
      document.querySelector<HTMLElement>('.opt-header')!.style.position = value;
    }, position);
  await setHeader('static');
  await saveScreenshot(section, `options-onboarding-${name}`);
  await setHeader('');
}

const seriousAxeViolations = () => seriousAxeViolationsIn(page);

/** Everything the page could keep a secret in: its markup, every input's live value, its own storage. */
async function pageText(): Promise<string> {
  const values = await page.evaluate(() => [...document.querySelectorAll('input')].map((input) => input.value));
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  return [await page.content(), ...values, storage].join('\n');
}

async function workerStorage(): Promise<string> {
  return JSON.stringify(await ext.worker.evaluate(() => chrome.storage.local.get()));
}

async function fillSandboxAddresses(): Promise<void> {
  await section.getByRole('radio', { name: /^Local sandbox/ }).check();
  await section.getByLabel('API base URL').fill(platform.api);
  await section.getByLabel('Bridge URL').fill(platform.bridge);
}

const tokenField = () => section.getByLabel('API token', { exact: true });
const alert = () => section.getByRole('alert');

describe('setting Keyhole up with an API token', () => {
  it('offers the section from the nav, read rights on and write rights off', async () => {
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Token setup' }).getAttribute('href')).toBe(
      '#onboarding',
    );
    expect(
      await section
        .getByRole('checkbox', { name: /^access_organisations\b/ })
        .first()
        .isChecked(),
    ).toBe(true);
    expect(await section.getByRole('checkbox', { name: /^manage_ssh_keys/ }).isChecked()).toBe(false);
    expect(await section.getByRole('checkbox', { name: 'Keep this token for bridge calls' }).isChecked()).toBe(false);
  });

  it('works from the keyboard: show the token, open the token creator', async () => {
    await tokenField().focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Show token');
    await page.keyboard.press('Enter');
    expect(await tokenField().getAttribute('type')).toBe('text');
    await page.keyboard.press('Enter');
    expect(await tokenField().getAttribute('type')).toBe('password');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('No token yet? Create one with your email and password');
    await page.keyboard.press('Enter');
    // No profile yet: the creator still asks for credentials, to send to the bridge chosen above.
    await expect.poll(() => section.getByLabel('Account email').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await section.getByLabel('Account email').isVisible()).toBe(false);
  });

  it('explains a refused token, keeps what was typed and creates nothing', async () => {
    const before = platform.state.consumers.size;
    await fillSandboxAddresses();
    await tokenField().fill('sbx_not-a-real-token');
    await section.getByRole('button', { name: 'Create consumer and profile' }).click();
    await expect.poll(() => alert().textContent()).toContain('The API token was refused');
    expect(await section.getByText('Paste the token again, or create a new one below.').isVisible()).toBe(true);
    expect(await tokenField().inputValue()).toBe('sbx_not-a-real-token');
    expect(await section.getByLabel('Bridge URL').inputValue()).toBe(platform.bridge);
    expect(platform.state.consumers.size).toBe(before);
    await snap('refused-light');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('creates the consumer and profile from the sandbox’s token, signs in, and the popup shows the account', async () => {
    const before = platform.state.consumers.size;
    await tokenField().fill(platform.apiToken);
    expect(await tokenField().getAttribute('type')).toBe('password');
    await snap('form-light');
    expect(await seriousAxeViolations()).toEqual([]);

    await section.getByRole('button', { name: 'Create consumer and profile' }).click();
    const heading = section.getByRole('heading', { name: /^Consumer .* created$/ });
    await heading.waitFor({ timeout: 15_000 });
    expect(platform.state.consumers.size).toBe(before + 1);
    const key = (await heading.textContent())!.replace(/^Consumer (.*) created$/, '$1');
    const consumer = platform.state.consumers.get(key);
    expect(consumer?.baseUrl).toBe(`https://${ext.extensionId}.chromiumapp.org/`);
    expect(consumer?.rights).toMatchObject({
      access_organisations: true,
      access_personal_information: true,
      manage_organisations: false,
      manage_ssh_keys: false,
    });
    expect(await section.textContent()).toContain('Local sandbox (onboarded)');
    // The new profile is in the list, active, with the consumer's key.
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Local sandbox (onboarded)', exact: true }) });
    await expect.poll(() => item.textContent()).toContain('Active');
    expect(await item.textContent()).toContain(key);

    // The token was not asked to be kept: neither the page nor the worker's storage holds it.
    expect(await pageText()).not.toContain(platform.apiToken);
    expect(await workerStorage()).not.toContain(platform.apiToken);

    const authorizeWindow = ext.context.waitForEvent('page', {
      predicate: (opened) => opened.url().includes('/v2/oauth/authorize'),
      timeout: 20_000,
    });
    await section.getByRole('button', { name: 'Sign in' }).click();
    await answerAuthorizePage(await authorizeWindow, platform, {});
    await expect
      .poll(() => section.getByRole('status').last().textContent(), { timeout: 15_000 })
      .toContain(`Signed in as ${platform.user.email}`);
    await expect.poll(() => page.locator('#session').textContent()).toContain(platform.user.email);
    await snap('signed-in-light');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap('signed-in-dark');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    const popup = await ext.openPage('src/popup/index.html');
    await expect.poll(() => popup.locator('body').textContent(), { timeout: 10_000 }).toContain(platform.user.email);
    await popup.close();
  });

  it('running it again, with a token created in the form, reuses the consumer', async () => {
    const before = platform.state.consumers.size;
    await section.getByRole('button', { name: 'Set up again' }).click();
    // Everything but the token is as it was chosen.
    expect(await tokenField().inputValue()).toBe('');
    expect(await section.getByLabel('Bridge URL').inputValue()).toBe(platform.bridge);

    await section.getByText('No token yet? Create one with your email and password').click();
    await section.getByLabel('Account email').fill(platform.user.email);
    await section.getByLabel('Account password').fill(platform.user.password);
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap('create-token-dark');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await section.getByLabel('Account password').press('Enter');
    await expect.poll(() => section.textContent()).toContain('Created the token “Keyhole onboarding”');
    // The field holds the token the sandbox just made (it keeps only a hash of the value).
    const createdValue = await tokenField().inputValue();
    const created = [...platform.state.apiTokens.values()].find((token) => token.name === 'Keyhole onboarding');
    expect(created?.hash).toBe(createHash('sha256').update(createdValue).digest('hex'));
    expect(await section.getByLabel('Account password').isVisible()).toBe(false); // the disclosure closed

    await section.getByRole('button', { name: 'Create consumer and profile' }).click();
    await section.getByRole('heading', { name: 'Existing Keyhole consumer reused' }).waitFor({ timeout: 15_000 });
    expect(platform.state.consumers.size).toBe(before);
    expect(await pageText()).not.toContain(createdValue);
    await snap('reused-light');
  });
});
