/**
 * Signing in and out from the settings page's Session section, against the platform sandbox: the button shows
 * "Signing in…" while the authorize window is open, then who is signed in; a closed window shows why it failed.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openSettings } from './support/extension-pages.ts';
import {
  answerAuthorizePage,
  type SandboxedExtension,
  startSandboxedExtension,
} from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension | undefined;
let pageErrors: string[] = [];
afterEach(async () => {
  await ext?.close();
  ext = undefined;
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

const openOptions = (target: SandboxedExtension, colorScheme: 'light' | 'dark') =>
  openSettings(target, '#session', { colorScheme, errors: pageErrors });

const snapSession = (page: Page, name: string) => saveScreenshot(page.locator('#session'), `options-session-${name}`);

describe('the Session section of the settings page', () => {
  it('signs in through the authorize window, shows who and until when, signs out', async () => {
    ext = await startSandboxedExtension();
    const page = await openOptions(ext, 'light');
    const session = page.locator('#session');
    await expect.poll(() => session.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await snapSession(page, 'signed-out-light');

    const authorize = ext.context.waitForEvent('page', {
      predicate: (opened) => opened.url().includes('/v2/oauth/authorize'),
    });
    await session.getByRole('button', { name: 'Sign in' }).click();
    const window = await authorize;
    expect(await session.getByRole('button', { name: 'Signing in…' }).isDisabled()).toBe(true);
    expect(await session.innerText()).toContain('finish in the authorization window');
    await answerAuthorizePage(window, ext.platform, {});

    await expect
      .poll(() => session.innerText(), { timeout: 15_000 })
      .toContain(`Signed in as ${ext.platform.user.email}`);
    expect(await session.innerText()).toMatch(/until .+\. Expires in \d+ (days|months)\./);
    await snapSession(page, 'signed-in-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const dark = await openOptions(ext, 'dark');
    await expect.poll(() => dark.locator('#session').innerText()).toContain('Signed in as');
    await snapSession(dark, 'signed-in-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.close();

    await session.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => session.innerText()).toContain('Signed out');
  });

  it('shows why sign-in failed when the authorize window is closed', async () => {
    ext = await startSandboxedExtension();
    const page = await openOptions(ext, 'dark');
    const session = page.locator('#session');
    await expect.poll(() => session.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    const authorize = ext.context.waitForEvent('page', {
      predicate: (opened) => opened.url().includes('/v2/oauth/authorize'),
    });
    await session.getByRole('button', { name: 'Sign in' }).click();
    await (await authorize).close();
    const alert = session.getByRole('alert');
    await expect.poll(() => alert.getAttribute('data-error-code'), { timeout: 15_000 }).toBe('sign-in-cancelled');
    expect(await alert.innerText()).toContain('Sign-in was cancelled');
    expect(await session.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await snapSession(page, 'cancelled-dark');
  });
});
