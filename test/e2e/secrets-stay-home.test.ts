/**
 * Issue 14 (Trust): a secret is bound to the address it was entered for. Against the sandbox and a second host
 * that only logs what it receives (127.0.0.1, random port): moving a profile there (settings page or message)
 * needs the consumer secret again and ends the session; onboarding does not send the stored API token to another
 * bridge; a failed re-sign-in keeps the session and two sign-ins share one window; sign-out stops bridge calls
 * with the stored token; deleting a profile leaves no record of it at rest.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView, SendResponse, SessionStatus } from '../../src/core/protocol.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { openPopup, openSettings } from './support/extension-pages.ts';
import { type RequestLog, startRequestLog } from './support/request-log.ts';
import {
  answerAuthorizePage,
  messageVia,
  type SandboxedExtension,
  signIn,
  startSignedInExtension,
} from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { dumpIndexedDb, dumpStorage } from './support/storage-dump.ts';

async function status(ext: SandboxedExtension): Promise<SessionStatus> {
  const reply = await ext.message<SessionStatus>('session/status');
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}

async function activeProfile(ext: SandboxedExtension): Promise<ProfileView> {
  const current = await status(ext);
  if (current.state === 'unconfigured') throw new Error('no profile');
  return current.profile;
}

const call = (ext: SandboxedExtension, request: Record<string, unknown>) =>
  ext.message<SendResponse>('request/send', { method: 'GET', path: '/v2/self', ...request });

/** Chooses the sandbox's pre-seeded API token for bridge calls, as a user pasting it would. */
async function chooseBridgeToken(ext: SandboxedExtension): Promise<void> {
  const reply = await ext.message('tokens/use-for-bridge', {
    apiTokenId: 'seeded',
    value: ext.platform.apiToken,
    name: 'Seeded token',
  });
  expect(reply.ok, JSON.stringify(reply)).toBe(true);
}

/** Every secret the extension holds for the sandbox: its consumer secret, each token secret, the API token. */
function sandboxSecrets(ext: SandboxedExtension): string[] {
  const tokenSecrets = [...ext.platform.state.accessTokens.values()].map((token: { secret: string }) => token.secret);
  return [ext.platform.consumerSecret, ...tokenSecrets, ext.platform.apiToken];
}

function expectNoSecretIn(text: string, secrets: string[]): void {
  expect(secrets.length).toBeGreaterThanOrEqual(3);
  for (const secret of secrets) expect(text.includes(secret), 'a secret reached the other host').toBe(false);
}

describe('a profile moved to another host (items 1 and 2)', () => {
  let ext: SandboxedExtension;
  let log: RequestLog;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    log = await startRequestLog();
    // PLAINTEXT: the worst case, where a signature is the secrets themselves, in clear.
    ext = await startSignedInExtension({ profile: { signatureMethod: 'PLAINTEXT' } });
    await chooseBridgeToken(ext);
    expect(await call(ext, { target: 'api' })).toMatchObject({ value: { status: 200 } });
  });

  afterAll(async () => {
    await ext?.close();
    await log?.close();
    expect(pageErrors).toEqual([]);
  });

  it('onboarding without a pasted token does not send the stored API token to another bridge', async () => {
    const before = await ext.message('profiles/list');
    const reply = await ext.message('onboarding/setup-consumer', {
      rights: ['access_organisations'],
      keepTokenForBridge: false,
      apiBaseUrl: log.url,
      bridgeUrl: log.url,
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'origin-refused' } });
    if (!reply.ok) expect(reply.error.message).toContain(`will not send the API token “Seeded token” to ${log.url}`);
    expect(log.requests).toEqual([]);
    expect(await ext.message('profiles/list')).toEqual(before);
  });

  it('settings: a new API address asks for the secret again and says why; saved, the session ends', async () => {
    const profile = await activeProfile(ext);
    const page = await openSettings(ext, '', { errors: pageErrors });
    await page.getByRole('button', { name: `Edit ${profile.name}` }).click();
    const api = page.getByLabel('API base URL');
    const secret = page.getByLabel('Consumer secret');
    await api.fill(log.url);
    const reason = page.getByText(/^The API address changed: type the consumer secret again\./);
    await expect.poll(() => reason.isVisible()).toBe(true);
    expect(await secret.getAttribute('placeholder')).toBe('Required: the address changed');
    await snapForm(page, 'light');
    const dark = await openSettings(ext, '', { colorScheme: 'dark', errors: pageErrors });
    await dark.getByRole('button', { name: `Edit ${profile.name}` }).click();
    await dark.getByLabel('API base URL').fill(log.url);
    await expect.poll(() => dark.getByText(/^The API address changed/).isVisible()).toBe(true);
    await snapForm(dark, 'dark');
    await dark.close();

    // Saving without the secret: refused on that field, focus there, nothing typed lost, still signed in.
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await secret.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await secret.getAttribute('aria-invalid')).toBe('true');
    expect(await api.inputValue()).toBe(log.url);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await status(ext)).state).toBe('signed-in');
    // Any extension page asking the worker directly gets the same refusal.
    const direct = await ext.message('profiles/save', { ...profile, apiBaseUrl: log.url });
    expect(direct).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: /type the consumer secret again/ },
    });
    if (!direct.ok) expect(JSON.parse(direct.error.detail!)).toHaveProperty('consumerSecret');

    await secret.fill('secret-typed-for-the-new-host');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText(`Saved the changes to “${profile.name}”.`).isVisible()).toBe(true);
    const after = await status(ext);
    expect(after).toMatchObject({
      state: 'signed-out',
      profile: { apiBaseUrl: log.url },
      lastError: { message: expect.stringMatching(/^Signed out because the profile’s address changed/) },
    });
    await expect.poll(() => page.locator('#session').innerText()).toMatch(/Signed out because the profile’s address/);
    await saveScreenshot(page.locator('#session'), 'secrets-stay-home-signed-out-light');
    await page.close();

    // The next calls: nothing signed for the new host; a sign-in there carries only the secret typed for it.
    expect(await call(ext, { target: 'api' })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    const signInThere = await ext.message('session/sign-in');
    expect(signInThere.ok).toBe(false);
    expect(log.requests.map((request) => request.url)).toEqual(['/v2/oauth/request_token']);
    expect(log.text()).toContain('secret-typed-for-the-new-host&');
    expectNoSecretIn(log.text(), sandboxSecrets(ext));
  });

  it('a new bridge address forgets the API token chosen for the old one', async () => {
    const profile = await activeProfile(ext);
    expect(await status(ext)).toMatchObject({ bridgeToken: { name: 'Seeded token' } });
    const saved = await ext.message('profiles/save', {
      ...profile,
      bridgeUrl: log.url,
      consumerSecret: 'secret-typed-again',
    });
    expect(saved.ok).toBe(true);
    const after = await status(ext);
    expect('bridgeToken' in after).toBe(false);
    expect(await call(ext, { target: 'bridge' })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    expect(await call(ext, { target: 'bridge', bridgeAuth: 'token' })).toMatchObject({ ok: false });
    expectNoSecretIn(log.text(), sandboxSecrets(ext));
  });
});

async function snapForm(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const form = page.getByRole('form', { name: /^Edit “/ });
  await form.scrollIntoViewIfNeeded();
  await saveScreenshot(form, `secrets-stay-home-edit-address-${scheme}`);
}

describe('sign-in while signed in (item 5)', () => {
  let ext: SandboxedExtension | undefined;
  afterEach(async () => {
    await ext?.close();
    ext = undefined;
  });

  it('a closed window, a denial or a 503 keeps the working session; two sign-ins share one window', async () => {
    ext = await startSignedInExtension();
    const running = ext;
    const email = running.platform.user.email;
    const stillSignedIn = async (reply: Awaited<ReturnType<typeof signIn>>, code: string) => {
      expect(reply).toMatchObject({ ok: false, error: { code } });
      if (!reply.ok) expect(reply.error.message).toMatch(new RegExp(`You are still signed in as ${email}\\.$`));
      expect(await status(running)).toMatchObject({ state: 'signed-in', user: { email }, lastError: { code } });
      expect(await call(running, { target: 'api' })).toMatchObject({ ok: true, value: { status: 200 } });
    };

    // Without the sandbox's login cookie the authorize page asks again, so the window can be closed or denied.
    await running.context.clearCookies();
    await stillSignedIn(await signIn(running, { action: 'close' }), 'sign-in-cancelled');
    await running.context.clearCookies();
    await stillSignedIn(await signIn(running, { action: 'deny' }), 'sign-in-cancelled');
    running.platform.faults.add({ server: 'api', path: '/v2/oauth/request_token', status: 503 });
    await stillSignedIn(await running.message('session/sign-in'), 'sign-in-failed');

    // The popup starts a sign-in, then the settings page does too while the window is open: one dance, one result.
    await running.context.clearCookies();
    const counter = running.platform.faults.add({
      server: 'api',
      path: '/v2/oauth/request_token',
      times: 100,
      delayMs: 1,
    });
    const authorizePage = running.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('/v2/oauth/authorize'),
    });
    const popup = await openPopup(running);
    const settings = await openSettings(running);
    const fromPopup = messageVia(popup)<SessionStatus>('session/sign-in');
    const window = await authorizePage;
    await window.getByLabel('Email address').waitFor();
    const fromSettings = messageVia(settings)<SessionStatus>('session/sign-in');
    await answerAuthorizePage(window, running.platform, {});
    const [first, second] = await Promise.all([fromPopup, fromSettings]);
    expect(first).toMatchObject({ ok: true, value: { state: 'signed-in', user: { email } } });
    expect(second).toMatchObject({ ok: true, value: { state: 'signed-in', user: { email } } });
    expect(100 - (running.platform.faults.list().find((fault) => fault.id === counter.id)?.remaining ?? 0)).toBe(1);
    expect('lastError' in (await status(running))).toBe(false);
  });
});

describe('sign-out and profile deletion (item 6)', () => {
  let ext: SandboxedExtension | undefined;
  afterEach(async () => {
    await ext?.close();
    ext = undefined;
  });

  /** Opens the popup until it shows the account, so it has cached it; closes it. */
  async function cacheAccountInPopup(target: SandboxedExtension): Promise<void> {
    const popup = await openPopup(target);
    await expect.poll(() => popup.locator('.kp-space__name').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await dumpIndexedDb(popup)).includes(`account:${target.profile.id}:`)).toBe(true);
    await popup.close();
  }

  it('sign-out stops bridge calls with the stored API token and says so', async () => {
    ext = await startSignedInExtension();
    await chooseBridgeToken(ext);
    expect(await call(ext, { target: 'bridge' })).toMatchObject({ ok: true, value: { auth: 'bearer', status: 200 } });
    const settings = await openSettings(ext, '#session');
    await expect.poll(() => settings.locator('#session').innerText()).toMatch(/Signing out stops that/);
    await saveScreenshot(settings.locator('#session'), 'secrets-stay-home-bridge-token-light');
    const dark = await openSettings(ext, '#session', { colorScheme: 'dark' });
    await expect.poll(() => dark.locator('#session').innerText()).toMatch(/Signing out stops that/);
    await saveScreenshot(dark.locator('#session'), 'secrets-stay-home-bridge-token-dark');
    await dark.close();
    await settings.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(async () => (await status(ext!)).state).toBe('signed-out');
    expect('bridgeToken' in (await status(ext))).toBe(false);
    await expect.poll(() => settings.locator('#session').innerText()).not.toMatch(/Bridge calls use/);
    expect(await call(ext, { target: 'bridge' })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    const { local } = await dumpStorage(ext);
    expect(local).not.toContain(`bridge-token:${ext.profile.id}`);
    expect(await dumpIndexedDb(settings)).not.toContain(`bridge-token:${ext.profile.id}`);
  });

  it('deleting a profile removes every record of it: storage.local, the vault, the popup’s cache', async () => {
    ext = await startSignedInExtension();
    const { id } = ext.profile;
    await chooseBridgeToken(ext);
    await cacheAccountInPopup(ext);
    // A second profile, whose records must stay.
    const other = await ext.message<ProfileView>('profiles/save', {
      ...ext.profile,
      id: undefined,
      name: 'Other',
      consumerSecret: ext.platform.consumerSecret,
    });
    expect(other.ok).toBe(true);

    const settings = await openSettings(ext);
    // Pages share the extension origin's localStorage, where the popup mirrors its cached account.
    const localStorageOf = () => settings.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(await localStorageOf(), 'the popup mirrored the account').toContain(`account:${id}`);
    const before = [JSON.stringify(await dumpStorage(ext)), await dumpIndexedDb(settings)].join('\n');
    for (const record of ['session', 'bridge-token', 'consumer-secret', 'access-token', `account:${id}`])
      expect(before, `${record} exists before the deletion`).toContain(
        record.startsWith('account:') ? record : `${record}:${id}`,
      );

    await settings.getByRole('button', { name: `Delete ${ext.profile.name}` }).click();
    await settings.getByRole('button', { name: 'Delete profile' }).click();
    await expect.poll(() => settings.getByText(`Deleted “${ext!.profile.name}”.`).isVisible()).toBe(true);

    const after = [JSON.stringify(await dumpStorage(ext)), await dumpIndexedDb(settings), await localStorageOf()].join(
      '\n',
    );
    expect(after.includes(id), 'a record of the deleted profile is left').toBe(false);
    if (other.ok) expect(after).toContain(`consumer-secret:${other.value.id}`);
  });
});
