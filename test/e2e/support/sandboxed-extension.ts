/**
 * The usual e2e arrangement: a fresh platform sandbox on random loopback ports, the built extension in
 * Chromium, and a profile pointing at that sandbox. `signIn` then clicks through the real authorize page
 * that `identity.launchWebAuthFlow` opens, like a user.
 */
import type { Page } from 'playwright-core';
import type { ProfileInput, ProfileView, SessionStatus } from '../../../src/core/protocol.ts';
import { startPlatform } from '../../platform/index.ts';
import { type LaunchedExtension, launchExtension } from './launch-extension.ts';

export type Platform = Awaited<ReturnType<typeof startPlatform>>;
export type PlatformOptions = Parameters<typeof startPlatform>[0];

export interface SandboxedExtension extends LaunchedExtension {
  platform: Platform;
  /** An extension page kept open to talk to the worker like any page does. */
  control: Page;
  profile: ProfileView;
  /** Sends one protocol message from an extension page; resolves with the worker's raw reply. */
  message<T = unknown>(name: string, request?: unknown): Promise<Reply<T>>;
}

export type Reply<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: string; message: string; detail?: string } };

export async function startSandboxedExtension(
  options: {
    platform?: PlatformOptions;
    profile?: Partial<ProfileInput>;
    dist?: string;
    alsoLoad?: readonly string[];
    /** How the browser starts (the bench's call rows start one they can also drive without Playwright). */
    launch?: typeof launchExtension;
  } = {},
): Promise<SandboxedExtension> {
  const platform = await startPlatform({ apiPort: 0, bridgePort: 0, sftpPort: 0, ...options.platform });
  let ext: LaunchedExtension | undefined;
  try {
    ext = await (options.launch ?? launchExtension)({
      ...(options.dist ? { dist: options.dist } : {}),
      ...(options.alsoLoad ? { alsoLoad: options.alsoLoad } : {}),
    });
    return await withSandboxProfile(ext, platform, options.profile);
  } catch (error) {
    // Whatever failed (no Chromium, a profile refused), nothing started here outlives the error: a script using
    // this (the bench, the demo) exits instead of hanging on the sandbox's open servers.
    await ext?.close().catch(() => undefined);
    await platform.close().catch(() => undefined);
    throw error;
  }
}

async function withSandboxProfile(
  ext: LaunchedExtension,
  platform: Platform,
  profile: Partial<ProfileInput> | undefined,
): Promise<SandboxedExtension> {
  const control = await ext.openPage('src/options/index.html');
  const message = messageVia(control);
  const saved = await message<ProfileView>('profiles/save', {
    name: 'E2E sandbox',
    preset: 'sandbox',
    apiBaseUrl: platform.api,
    bridgeUrl: platform.bridge,
    consumerKey: platform.consumerKey,
    consumerSecret: platform.consumerSecret,
    signatureMethod: 'HMAC-SHA512',
    tokenEndpoint: 'form',
    ...profile,
  });
  if (!saved.ok) throw new Error(`profile not saved: ${saved.error.message}`);
  return {
    ...ext,
    platform,
    control,
    profile: saved.value,
    message,
    async close() {
      await ext.close();
      await platform.close();
    },
  };
}

/** Sends protocol messages from an extension page, as the pages do; resolves with the worker's raw reply. */
export function messageVia(control: Page): SandboxedExtension['message'] {
  return <T>(name: string, request?: unknown) =>
    control.evaluate(([n, r]) => chrome.runtime.sendMessage({ keyhole: 1, name: n, request: r }), [
      name,
      request,
    ] as const) as Promise<Reply<T>>;
}

/** A sandboxed extension, already signed in through the authorize page. */
export async function startSignedInExtension(
  options: Parameters<typeof startSandboxedExtension>[0] = {},
): Promise<SandboxedExtension> {
  const ext = await startSandboxedExtension(options);
  try {
    await signInOrFail(ext);
  } catch (error) {
    await ext.close().catch(() => undefined);
    throw error;
  }
  return ext;
}

/** Downloads keep the name the page gives them: Playwright would force GUID file names (browser-testing.md). */
export async function keepDownloadNames(ext: SandboxedExtension): Promise<void> {
  const browser = ext.context.browser();
  const session = browser ? await browser.newBrowserCDPSession() : await ext.context.newCDPSession(ext.control);
  await session.send('Browser.setDownloadBehavior', { behavior: 'default' });
}

export interface AuthorizeAnswer {
  email?: string;
  password?: string;
  /** 'approve' (default), 'deny', or 'close' the window. */
  action?: 'approve' | 'deny' | 'close';
}

/**
 * Starts sign-in from an extension page and answers the authorize window. Resolves with the worker's reply
 * to `session/sign-in` (ok with the new status, or the error the user would see).
 */
export async function signIn(ext: SandboxedExtension, answer: AuthorizeAnswer = {}): Promise<Reply<SessionStatus>> {
  const authorizePage = ext.context.waitForEvent('page', {
    predicate: (page) => page.url().includes('/v2/oauth/authorize'),
    timeout: 20_000,
  });
  const reply = ext.message<SessionStatus>('session/sign-in');
  const page = await Promise.race([authorizePage, reply.then(() => undefined)]);
  if (!page) return reply; // refused before any window opened
  // A browser that already granted these rights is redirected at once: the window closes by itself. Otherwise the
  // form comes, however slowly on a busy machine: taking a slow form for a closed window would leave the sign-in
  // waiting for an answer nobody gives (until the test's timeout, with no word of why).
  const shown = await page
    .getByLabel('Email address')
    .waitFor({ timeout: 45_000 })
    .then(
      () => 'form' as const,
      (error: unknown) => {
        if (page.isClosed()) return 'closed' as const;
        throw new Error(`the authorize window showed no form and did not close: ${String(error)}`);
      },
    );
  if (shown === 'form') await answerAuthorizePage(page, ext.platform, answer);
  return reply;
}

export async function answerAuthorizePage(page: Page, platform: Platform, answer: AuthorizeAnswer): Promise<void> {
  if (answer.action === 'close') {
    await page.close();
    return;
  }
  await page.getByLabel('Email address').fill(answer.email ?? platform.user.email);
  await page.getByLabel('Password').fill(answer.password ?? platform.user.password);
  await page.getByRole('button', { name: answer.action === 'deny' ? 'Deny' : 'Allow access' }).click();
}

/** Signs in and fails the test with the worker's message if that did not work. */
export async function signInOrFail(ext: SandboxedExtension): Promise<SessionStatus> {
  const reply = await signIn(ext);
  if (!reply.ok)
    throw new Error(`sign-in failed: ${reply.error.code}: ${reply.error.message} (${reply.error.detail ?? ''})`);
  return reply.value;
}
