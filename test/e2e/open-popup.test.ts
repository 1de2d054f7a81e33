/**
 * A user clicks the toolbar icon: the popup (opened here as a tab, as Playwright cannot see the real toolbar
 * popup) shows each session state against the platform sandbox, looks right in light and dark, and passes axe.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openPopup as openExtensionPopup } from './support/extension-pages.ts';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';
import {
  answerAuthorizePage,
  type SandboxedExtension,
  signInOrFail,
  startSandboxedExtension,
} from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: { close(): Promise<void> } | undefined;
let pageErrors: string[] = [];
afterEach(async () => {
  await ext?.close();
  ext = undefined;
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

/** Opens the popup page at the real popup's size. Avatars on sandbox hosts are refused: only 127.0.0.1 is reached. */
const openPopup = (target: LaunchedExtension, colorScheme: 'light' | 'dark' = 'light') =>
  openExtensionPopup(target, { colorScheme, errors: pageErrors });

const snap = (page: Page, name: string) => saveScreenshot(page, `popup-${name}`);

async function spaceNames(page: Page): Promise<string[]> {
  return page.locator('.kp-space__name').allInnerTexts();
}

/** Names of the organisations the sandbox user belongs to, from the platform's own state. */
function sandboxOrganisationNames(target: SandboxedExtension): string[] {
  const user = [...target.platform.state.users.values()].find((u) => u.email === target.platform.user.email)!;
  return [...target.platform.state.organisations.values()]
    .filter((org) => !org.personal && org.members.some((member) => member.userId === user.id))
    .map((org) => org.name);
}

describe('opening the popup', () => {
  it('not configured: a short guide and a button that opens the settings page', async () => {
    const launched = await launchExtension();
    ext = launched;
    const page = await openPopup(launched);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Set up Keyhole');
    const optionsPage = launched.context.waitForEvent('page', { predicate: (p) => p.url().includes('src/options/') });
    await snap(page, 'unconfigured');
    await page.getByRole('button', { name: 'Open settings' }).click();
    expect((await optionsPage).url()).toBe(`chrome-extension://${launched.extensionId}/src/options/index.html`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('signed out → signing in (a second popup polls) → signed in', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    const page = await openPopup(running);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are signed out');
    expect(await page.locator('.kp-chip').textContent()).toContain('E2E sandbox');
    await snap(page, 'signed-out');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const authorizeWindow = running.context.waitForEvent('page', {
      predicate: (p) => p.url().includes('/v2/oauth/authorize'),
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const authorize = await authorizeWindow;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Signing in…');

    // The real popup closes when the window opens; opened again meanwhile, it shows the dance and polls.
    const reopened = await openPopup(running);
    await expect.poll(() => reopened.getByRole('heading', { level: 1 }).textContent()).toBe('Signing in…');
    expect(await reopened.getByRole('button').count()).toBe(0);
    await snap(reopened, 'signing-in');

    await answerAuthorizePage(authorize, running.platform, {});
    for (const view of [page, reopened]) {
      await expect.poll(() => view.locator('.kp-identity__name').textContent(), { timeout: 10_000 }).not.toBe('');
      await expect.poll(() => spaceNames(view)).toEqual(expect.arrayContaining(sandboxOrganisationNames(running)));
    }
  });

  it('signed in: identity, session expiry, organisations expanding to applications, shortcuts, sign out', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    const status = await signInOrFail(running);
    if (status.state !== 'signed-in') throw new Error(status.state);
    const page = await openPopup(running);

    await expect
      .poll(() => page.locator('.kp-identity__name').textContent())
      .toBe(status.user.name ?? status.user.email);
    expect(await page.locator('.kp-code').textContent()).toBe(status.user.id);
    expect(await page.getByRole('button', { name: 'Copy user ID' }).isVisible()).toBe(true);
    // The sandbox issues 3-month tokens: calm, no warning.
    expect(await page.locator('.kp-expiry').textContent()).toMatch(/Session expires in (2|3) months/);
    expect(await page.locator('.kp-expiry').getAttribute('class')).toContain('kp-expiry--ok');

    await expect
      .poll(() => spaceNames(page))
      .toEqual([status.user.name ?? 'Personal space', ...sandboxOrganisationNames(running)]);
    await expect.poll(() => page.locator('.kp-updated').textContent()).toBe('Updated just now');

    // Each space: a disclosure button; its applications are those the platform lists for it.
    const org = [...running.platform.state.organisations.values()].find((o) =>
      sandboxOrganisationNames(running).includes(o.name),
    )!;
    const appNames = [...running.platform.state.applications.values()]
      .filter((app) => app.ownerId === org.id)
      .map((app) => app.view.name as string);
    expect(appNames.length).toBeGreaterThan(0);
    const card = page.locator(`.kp-space[data-space-id="${org.id}"]`);
    const toggle = card.getByRole('button', { expanded: false });
    expect(await toggle.textContent()).toContain(`${appNames.length} app`);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => card.getByRole('button', { expanded: true }).count()).toBe(1);
    const apps = card.getByRole('list', { name: `Applications of ${org.name}` });
    await expect.poll(() => apps.locator('.kp-app__name').allInnerTexts()).toEqual(appNames);
    await page.keyboard.press('Space');
    await expect.poll(() => apps.isVisible()).toBe(false);

    // No console address in the sandbox profile: no console link; invoices open the panel page.
    expect(await card.getByRole('link', { name: /Console/ }).count()).toBe(0);
    expect(await card.getByRole('link', { name: `Invoices of ${org.name}` }).getAttribute('href')).toBe(
      `chrome-extension://${running.extensionId}/src/devtools/panel.html#invoices?org=${org.id}`,
    );
    expect(await page.getByText('press F12, then the Keyhole tab').isVisible()).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByName('keyhole:first-account-render').length)).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are signed out');
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('keyhole-popup');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const count = request.result.transaction('cache').objectStore('cache').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(stored).toBe(0);
  });

  it('console links follow the profile, and the profile can be switched from the top bar', async () => {
    const running = await startSandboxedExtension({ profile: { consoleUrl: 'http://127.0.0.1:9/console' } });
    ext = running;
    await signInOrFail(running);
    const other = await running.message<{ id: string }>('profiles/save', {
      ...running.profile,
      id: undefined,
      name: 'Second sandbox',
      consumerSecret: running.platform.consumerSecret,
    });
    if (!other.ok) throw new Error(other.error.message);
    const page = await openPopup(running);
    await expect.poll(() => spaceNames(page)).not.toEqual([]);
    expect(
      await page
        .getByRole('link', { name: /^Console for/ })
        .first()
        .getAttribute('href'),
    ).toBe('http://127.0.0.1:9/console/users/me');

    const select = page.getByRole('combobox', { name: 'Active profile' });
    expect(await select.locator('option').allInnerTexts()).toEqual(
      expect.arrayContaining(['E2E sandbox', 'Second sandbox']),
    );
    await select.selectOption({ label: 'Second sandbox' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are signed out');
    expect(await page.getByText('Sign in to Second sandbox').count()).toBe(1);
  });

  it('expired session: asks to sign in again, and signing in shows the account', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    running.platform.expireAccessTokens();
    // The worker learns of the expiry from the summary call's 401; the popup then shows the new state.
    const page = await openPopup(running);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Session expired — sign in again');
    await snap(page, 'expired');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The grant exists already, so the platform may redirect at once and the window close by itself.
    running.context.on('page', async (window) => {
      const form = await window
        .getByLabel('Email address')
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (form) await answerAuthorizePage(window, running.platform, {});
    });
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await expect.poll(() => spaceNames(page), { timeout: 10_000 }).not.toEqual([]);
  });

  it('looks right in light and dark, signed in, with no serious accessibility violation', async () => {
    const running = await startSandboxedExtension();
    ext = running;
    await signInOrFail(running);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopup(running, scheme);
      await expect.poll(() => page.locator('.kp-updated').textContent()).toBe('Updated just now');
      const toggles = page.locator('.kp-space__toggle');
      await toggles.nth(1).click();
      await snap(page, `signed-in-${scheme}`);
      await page.evaluate(() => document.body.scrollTo(0, document.body.scrollHeight));
      await snap(page, `signed-in-${scheme}-bottom`);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
