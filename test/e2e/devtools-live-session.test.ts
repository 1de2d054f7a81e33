/**
 * Issue 16 item 7: the panel follows session, profile and API-token changes made elsewhere, without a reload
 * (before, the Signing tab kept naming an API token after "Stop using this token" in another view, while the
 * call went out with OAuth PLAINTEXT). An expired session offers Sign in in the panel, and the platform's 401
 * is shown as it came.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { answerAuthorizePage, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  const apiToken = [...ext.platform.state.apiTokens.values()][0];
  if (!apiToken) throw new Error('no seeded API token');
  const chosen = await ext.message('tokens/use-for-bridge', {
    apiTokenId: apiToken.apiTokenId,
    value: ext.platform.apiToken,
    name: 'live-e2e',
  });
  if (!chosen.ok) throw new Error(chosen.error.message);
  page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('a live session in the panel', () => {
  it('stops naming the API token once another view stops using it', async () => {
    await compose(page, 'GET', '/v2/self', 'bridge');
    await composerTab(page, 'Signing').click();
    const automatic = page.getByRole('radio', { name: /^Automatic:/ });
    expect(await automatic.evaluate((input) => input.parentElement?.textContent)).toMatch(/the API token “live-e2e”/);

    // The settings page (another extension page) stops using it.
    const stopped = await ext.message('tokens/stop-using-for-bridge');
    expect(stopped.ok).toBe(true);
    await expect
      .poll(() => automatic.evaluate((input) => input.parentElement?.textContent))
      .toMatch(/your OAuth session \(no API token is chosen\)/);
    await composerTab(page, 'Query').click();
  });

  it('shows the signed-out state, then the signed-in one, as the popup changes them', async () => {
    const out = await ext.message('session/sign-out');
    expect(out.ok).toBe(true);
    const banner = page.locator('.kh-session-banner');
    await expect.poll(() => banner.innerText()).toMatch(/You are signed out of/);
    expect(await banner.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'live-session-signed-out');
    await signInFromPanel(banner.getByRole('button', { name: 'Sign in' }));
  });

  it('offers Sign in where an expired session refused a call, with the platform’s 401', async () => {
    ext.platform.expireAccessTokens();
    await compose(page, 'GET', '/v2/self');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const refusal = page.locator('.kh-response [data-error-code="session-expired"]');
    await refusal.waitFor();
    await saveScreenshot(page, 'live-session-expired-1280x800');
    // The 401 of this call, or, when the panel's own background calls met the expiry first and this one was
    // refused before it was sent, the 401 that ended the session.
    const answer = page.getByRole('figure', { name: /^The platform’s answer/ });
    expect(await answer.innerText()).toMatch(/401[\s\S]*expired/i);
    // The session banner says so too (the worker marked the session expired).
    await expect.poll(() => page.locator('.kh-session-banner').innerText()).toMatch(/has expired/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'live-session-expired-1280x800');

    // Edited meanwhile: the re-send offered after signing in is the refused call, not the composer's.
    await compose(page, 'GET', '/v2/summary');
    await signInFromPanel(page.locator('.kh-response').getByRole('button', { name: 'Sign in' }));
    const resend = page.getByRole('button', { name: 'Re-send GET /v2/self' });
    await resend.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'live-session-resend-offer');
    await resend.click();
    await expect
      .poll(() =>
        page
          .locator('.kh-status-line .kh-status')
          .innerText()
          .catch(() => ''),
      )
      .toBe('200');
    expect(await page.locator('.kh-status-url').innerText()).toMatch(/^GET \S+\/v2\/self$/);
    await expect.poll(() => page.locator('.kh-response').innerText()).toContain(ext.platform.user.email);
    expect(await sendAndWait(page)).toBe('200');
  });
});

/**
 * Clicks a Sign in button of the panel and answers the platform's authorize window, if one stays open: a browser
 * that granted access before is sent back at once. Resolves when the panel no longer shows a session banner.
 */
async function signInFromPanel(button: ReturnType<Page['locator']>): Promise<void> {
  const signedIn = page.locator('.kh-session-banner').waitFor({ state: 'detached', timeout: 30_000 });
  const authorize = ext.context
    .waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/v2/oauth/authorize'),
      timeout: 30_000,
    })
    .catch(() => undefined);
  await button.click();
  const window = await Promise.race([authorize, signedIn.then(() => undefined)]);
  if (window) {
    const form = window
      .getByLabel('Email address')
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (await Promise.race([form, window.waitForEvent('close').then(() => false)]))
      await answerAuthorizePage(window, ext.platform, {});
  }
  await signedIn;
}
