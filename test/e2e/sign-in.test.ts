/**
 * Sign-in through the real authorize page opened by identity.launchWebAuthFlow, against the sandbox, for
 * every signature method and token-endpoint variant, and every way it can go wrong.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SendResponse, SessionStatus } from '../../src/core/protocol.ts';
import {
  answerAuthorizePage,
  type SandboxedExtension,
  signIn,
  signInOrFail,
  startSandboxedExtension,
} from './support/sandboxed-extension.ts';

let ext: SandboxedExtension | undefined;
afterEach(async () => {
  await ext?.close();
  ext = undefined;
});

async function status(target: SandboxedExtension): Promise<SessionStatus> {
  const reply = await target.message<SessionStatus>('session/status');
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}

function getSelf(target: SandboxedExtension) {
  return target.message<SendResponse>('request/send', { target: 'api', method: 'GET', path: '/v2/self' });
}

describe('sign in with each signature method and token-endpoint variant', () => {
  const methods = ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'] as const;
  const variants = ['form', 'query'] as const;

  it('signs in and calls /v2/self for all six combinations', async () => {
    ext = await startSandboxedExtension();
    const running = ext;
    for (const signatureMethod of methods) {
      for (const tokenEndpoint of variants) {
        const saved = await running.message('profiles/save', {
          ...running.profile,
          signatureMethod,
          tokenEndpoint,
        });
        expect(saved.ok, `${signatureMethod}/${tokenEndpoint} profile`).toBe(true);
        const result = await signInOrFail(running);
        expect(result).toMatchObject({ state: 'signed-in', user: { email: running.platform.user.email } });
        const self = await getSelf(running);
        expect(self.ok && self.value.status, `${signatureMethod}/${tokenEndpoint} GET /v2/self`).toBe(200);
        if (self.ok) {
          expect(self.value.signature?.signatureMethod).toBe(signatureMethod);
          expect(JSON.parse((self.value.body as { text: string }).text).email).toBe(running.platform.user.email);
        }
        const out = await running.message<SessionStatus>('session/sign-out');
        expect(out.ok && out.value.state).toBe('signed-out');
      }
    }
  });
});

describe('sign-in failures end in the right state with a clear message', () => {
  it('wrong password: the form says so, nothing is redirected, then closing the window cancels', async () => {
    ext = await startSandboxedExtension();
    const running = ext;
    const authorizePage = running.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('/v2/oauth/authorize'),
    });
    const reply = running.message('session/sign-in');
    const page = await authorizePage;
    await answerAuthorizePage(page, running.platform, { password: 'not-the-password' });
    await expect.poll(() => page.locator('body').innerText()).toMatch(/password/i);
    await expect.poll(async () => (await status(running)).state).toBe('signing-in');
    await page.close();
    const result = await reply;
    expect(result).toMatchObject({ ok: false, error: { code: 'sign-in-cancelled' } });
    const after = await status(running);
    expect(after).toMatchObject({ state: 'signed-out', lastError: { code: 'sign-in-cancelled' } });
  });

  it('a worker stopped mid-dance (MV3) ends in a clear message, never a stuck "signing in"', async () => {
    ext = await startSandboxedExtension();
    const running = ext;
    const authorizePage = running.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('/v2/oauth/authorize'),
    });
    const pending = running.message('session/sign-in').catch((error: unknown) => error);
    const orphanedWindow = await authorizePage;
    expect((await status(running)).state).toBe('signing-in');
    await running.stopServiceWorker();
    await pending;
    const after = await status(running);
    expect(after).toMatchObject({ state: 'signed-out', lastError: { code: 'sign-in-failed' } });
    if (after.state === 'signed-out') expect(after.lastError?.message).toMatch(/interrupted.*Sign in again/);
    // The browser still holds the old window; until it is closed a new sign-in says so.
    const blocked = await running.message('session/sign-in');
    expect(blocked).toMatchObject({ ok: false, error: { message: /still open.*Close it/ } });
    await orphanedWindow.close();
    expect((await signInOrFail(running)).state).toBe('signed-in');
  });

  it('closed window', async () => {
    ext = await startSandboxedExtension();
    const result = await signIn(ext, { action: 'close' });
    expect(result).toMatchObject({ ok: false, error: { code: 'sign-in-cancelled' } });
    if (!result.ok) expect(result.error.message).toMatch(/window was closed/);
  });

  it('denied on the consent page', async () => {
    ext = await startSandboxedExtension();
    const result = await signIn(ext, { action: 'deny' });
    expect(result.ok).toBe(false);
    expect((await status(ext)).state).toBe('signed-out');
  });

  it('mismatched oauth_token in the redirect (CSRF) is refused', async () => {
    ext = await startSandboxedExtension();
    const running = ext;
    // The authorize POST answers with a redirect for another request token, as a forged page would.
    await running.context.route(/\/v2\/oauth\/authorize/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fulfill({
        status: 303,
        headers: {
          location: `https://${running.extensionId}.chromiumapp.org/?oauth_token=forged-token&oauth_verifier=forged`,
        },
      });
    });
    const result = await signIn(running);
    expect(result).toMatchObject({ ok: false, error: { code: 'csrf-mismatch' } });
    expect(await status(running)).toMatchObject({ state: 'signed-out', lastError: { code: 'csrf-mismatch' } });
  });

  it('a callback outside the consumer base URL is refused before any window opens', async () => {
    ext = await startSandboxedExtension({ platform: { consumerBaseUrl: 'https://someone-else.example/' } });
    const result = await signIn(ext);
    expect(result).toMatchObject({ ok: false, error: { code: 'callback-mismatch' } });
    if (!result.ok) expect(result.error.message).toMatch(/chromiumapp\.org.*base URL/);
  });

  it('a wrong consumer secret is reported as a refused signature, not as a callback to register', async () => {
    // The server's refusal quotes its base string, which holds oauth_callback on this step.
    ext = await startSandboxedExtension({ profile: { consumerSecret: 'not-the-consumer-secret' } });
    const result = await signIn(ext);
    expect(result).toMatchObject({ ok: false, error: { code: 'signature-refused', status: 401 } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/refused the signature.*consumer secret/);
      expect(result.error.message).not.toMatch(/base URL/);
      expect(result.error.detail).toMatch(/oauth_callback/);
    }
  });

  it('an expired access token moves the session to "expired"', async () => {
    ext = await startSandboxedExtension();
    await signInOrFail(ext);
    ext.platform.expireAccessTokens();
    const result = await getSelf(ext);
    expect(result).toMatchObject({ ok: false, error: { code: 'session-expired' } });
    expect(await status(ext)).toMatchObject({ state: 'expired' });
  });

  it('an expiry date in the past is noticed without any network call', async () => {
    ext = await startSandboxedExtension({ platform: { accessTokenLifetimeSeconds: 2 } });
    await signInOrFail(ext);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await status(ext)).toMatchObject({ state: 'expired', lastError: { message: /expired/ } });
  });

  it('clock skew: a server 10 minutes ahead is detected from its Date header and corrected', async () => {
    ext = await startSandboxedExtension();
    ext.platform.clock.shift(600);
    const signedIn = await signInOrFail(ext);
    expect(signedIn.state).toBe('signed-in');
    const self = await getSelf(ext);
    expect(self.ok && self.value.status).toBe(200);
    const stored = await ext.worker.evaluate(() => chrome.storage.local.get(null));
    const offsets = Object.entries(stored).filter(([key]) => key.startsWith('clock:'));
    expect(offsets).toHaveLength(1);
    expect(Math.abs((offsets[0]?.[1] as number) - 600)).toBeLessThanOrEqual(5);
  });
});
