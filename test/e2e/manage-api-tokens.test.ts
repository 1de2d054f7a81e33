/**
 * A user manages personal API tokens in the panel's Tokens view against the sandbox bridge: creates one (its value
 * shown once), uses it for bridge calls, revokes it (bridge calls with it stop), and meets the bridge's refusals:
 * a wrong password, a two-factor code that is missing or wrong, a token revoked elsewhere.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreated, SendResponse } from '../../src/core/protocol.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function openTokens(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await ext.openPage('src/devtools/panel.html#tokens', {
    errors: pageErrors,
    viewport: { width: 1100, height: 800 },
    colorScheme,
  });
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  return page;
}

const snap = (page: Page, name: string) => saveScreenshot(page, `tokens-${name}`, { fullPage: true });

function bridgeSelf() {
  return ext.message<SendResponse>('request/send', {
    target: 'bridge',
    method: 'GET',
    path: '/v2/self',
    bridgeAuth: 'token',
  });
}

async function fillCreateForm(page: Page, fields: { name: string; email?: string; password: string }) {
  await page.getByRole('button', { name: 'New token' }).click();
  await page.getByLabel('Name', { exact: true }).fill(fields.name);
  if (fields.email) await page.getByLabel('Account email').fill(fields.email);
  await page.getByLabel('Account password').fill(fields.password);
}

function storedEverywhere(): Promise<string> {
  return ext.worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
}

describe('managing API tokens', () => {
  let createdValue = '';

  it('creates a token whose value is shown once, and uses it for bridge calls', async () => {
    const page = await openTokens();
    // The pre-seeded sandbox token is listed; its value is nowhere on the page.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expect(page.content()).resolves.not.toContain(ext.platform.apiToken);

    await fillCreateForm(page, { name: 'e2e laptop', password: ext.platform.user.password });
    await page.getByLabel('7 days').check();
    await page.getByRole('button', { name: 'Create token' }).click();

    await page.getByText('Copy it now: you won’t see it again.').waitFor();
    createdValue = await page.getByLabel('Token value').inputValue();
    expect(createdValue).toMatch(/^sbx_/);
    const record = [...ext.platform.state.apiTokens.values()].find((token) => token.name === 'e2e laptop');
    expect(record).toBeDefined();
    expect(record!.expirationDate - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(record!.expirationDate - Date.now()).toBeLessThan(7.1 * 86_400_000);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await snap(page, 'created-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Use for bridge calls', exact: true }).click();
    await page.getByText('Bridge calls now use the API token “e2e laptop”.').waitFor();
    const call = await bridgeSelf();
    if (!call.ok) throw new Error(call.error.message);
    expect(call.value).toMatchObject({ status: 200, auth: 'bearer' });
    expect(call.value.body).toMatchObject({ kind: 'text' });
    expect(JSON.stringify(call.value.body)).toContain(ext.platform.user.email);

    // Shown once: "Done" drops it from the page, and no storage a page can read holds it.
    await page.getByRole('button', { name: 'Done, I copied it' }).click();
    await expect(page.content()).resolves.not.toContain(createdValue);
    expect(await storedEverywhere()).not.toContain(createdValue);
    expect(await storedEverywhere()).not.toContain(ext.platform.user.password);
    await page.close();
  });

  it('shows the list as JSON and in dark mode, with the token in use marked', async () => {
    const page = await openTokens('dark');
    const row = page.locator('tr', { hasText: 'e2e laptop' });
    await row.getByText('Used for bridge calls').waitFor();
    await snap(page, 'list-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'JSON' }).click();
    const json = JSON.parse((await page.getByRole('region', { name: 'API tokens as JSON' }).textContent()) ?? '');
    expect(json.map((token: { name: string }) => token.name).sort()).toEqual(['e2e laptop', 'sandbox-default']);
    expect(JSON.stringify(json)).not.toContain(createdValue);
    await page.close();
  });

  it('renames a token', async () => {
    const page = await openTokens();
    await page.getByRole('button', { name: 'Rename sandbox-default' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename “sandbox-default”' });
    await dialog.getByLabel('Name').fill('seeded token');
    await dialog.getByLabel('Name').press('Enter');
    await page.getByText('Token renamed.').waitFor();
    await page.locator('tr', { hasText: 'seeded token' }).waitFor();
    expect([...ext.platform.state.apiTokens.values()].some((token) => token.name === 'seeded token')).toBe(true);
    await page.close();
  });

  it('revokes the token after confirmation; bridge calls with it then fail with a clear message', async () => {
    const page = await openTokens();
    await page.getByRole('button', { name: 'Revoke e2e laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “e2e laptop”?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await snap(page, 'revoke-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Escape cancels; nothing is revoked.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect([...ext.platform.state.apiTokens.values()].find((token) => token.name === 'e2e laptop')?.revoked).toBe(
      false,
    );

    await page.getByRole('button', { name: 'Revoke e2e laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('Token “e2e laptop” revoked.').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect([...ext.platform.state.apiTokens.values()].find((token) => token.name === 'e2e laptop')?.revoked).toBe(true);

    const call = await bridgeSelf();
    expect(call).toMatchObject({
      ok: false,
      error: { code: 'not-signed-in', message: expect.stringContaining('No API token is chosen for bridge calls') },
    });
    await page.close();
  });

  it('says clearly when the token in use was revoked elsewhere, and falls back to OAuth on request', async () => {
    const created = await ext.message<ApiTokenCreated>('tokens/create', {
      email: ext.platform.user.email,
      password: ext.platform.user.password,
      name: 'revoked in the console',
      expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    if (!created.ok) throw new Error(created.error.message);
    const used = await ext.message('tokens/use-for-bridge', { apiTokenId: created.value.apiTokenId });
    expect(used.ok).toBe(true);
    ext.platform.state.apiTokens.get(created.value.apiTokenId)!.revoked = true;

    const call = await bridgeSelf();
    expect(call).toMatchObject({ ok: true, value: { status: 401, auth: 'bearer' } });

    const page = await openTokens();
    await page.getByText('The bridge refused the API token in use (revoked or expired?)').waitFor();
    await page.getByRole('button', { name: 'Stop using that token and retry with OAuth' }).click();
    await page.locator('tr', { hasText: 'seeded token' }).waitFor();
    await page.close();
  });

  it('refuses a wrong password clearly, keeping the form as typed', async () => {
    const page = await openTokens();
    await fillCreateForm(page, { name: 'typo', password: 'not-the-password' });
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('alert').getByText('Wrong email or password. Check them and try again.').waitFor();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('typo');
    expect([...ext.platform.state.apiTokens.values()].some((token) => token.name === 'typo')).toBe(false);
    await page.close();
  });

  it('asks for the two-factor code of an MFA account, refuses a wrong one, accepts the right one', async () => {
    const { mfaUser } = ext.platform;
    const page = await openTokens();
    await fillCreateForm(page, { name: 'grace ci', email: mfaUser.email, password: mfaUser.password });
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByText('This account uses two-factor authentication: enter the code from your authenticator app.')
      .waitFor();
    const code = page.getByLabel('Two-factor code');
    await expect.poll(() => code.evaluate((element) => element === document.activeElement)).toBe(true);
    await snap(page, 'mfa-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const current = ext.platform.currentTotp(mfaUser.email);
    await code.fill(current === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('That two-factor code is wrong or expired. Enter the current code.').waitFor();

    await code.fill(ext.platform.currentTotp(mfaUser.email));
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Copy it now: you won’t see it again.').waitFor();
    const grace = [...ext.platform.state.users.values()].find((user) => user.email === mfaUser.email)!;
    expect([...ext.platform.state.apiTokens.values()].some((t) => t.name === 'grace ci' && t.userId === grace.id)).toBe(
      true,
    );
    await page.close();
  });
});
