/**
 * The Firefox counterpart of sandboxed-extension.ts: a fresh platform sandbox whose consumer is registered with the
 * Firefox build's redirect URL, the Firefox build in Firefox ESR, a sandbox profile saved, and host access granted
 * the way a user does it (settings page's "Grant access", then "Allow" in Firefox's own prompt). `signInFirefox`
 * then answers the authorize window that `identity.launchWebAuthFlow` opens, like a user.
 */

import { redirectUrlFor, type TargetManifest } from '../../../src/core/browser-target.ts';
import type { ProfileInput, ProfileView, SessionStatus } from '../../../src/core/protocol.ts';
import { startPlatform } from '../../platform/index.ts';
import {
  acceptBrowserPrompt,
  click,
  countOf,
  currentUrl,
  currentWindow,
  textOf,
  type,
  windowHandles,
} from './firefox-page.ts';
import { type LaunchedFirefox, launchFirefox } from './launch-firefox.ts';
import type { AuthorizeAnswer, Platform, PlatformOptions, Reply } from './sandboxed-extension.ts';

export interface SandboxedFirefox extends LaunchedFirefox {
  platform: Platform;
  profile: ProfileView;
  /** Sends one protocol message from the current extension page; resolves with the worker's raw reply. */
  message<T = unknown>(name: string, request?: unknown): Promise<Reply<T>>;
}

export async function startSandboxedFirefox(
  options: { platform?: PlatformOptions; profile?: Partial<ProfileInput>; dist?: string } = {},
): Promise<SandboxedFirefox> {
  // Firefox's redirect URL depends only on the add-on id, not on the manifest's other fields.
  const consumerBaseUrl = await redirectUrlFor('firefox', {} as TargetManifest);
  const platform = await startPlatform({
    apiPort: 0,
    bridgePort: 0,
    sftpPort: 0,
    consumerBaseUrl,
    ...options.platform,
  });
  let ff: LaunchedFirefox | undefined;
  try {
    ff = await launchFirefox(options.dist ? { dist: options.dist } : {});
    const launched = ff;
    const message = <T>(name: string, request?: unknown) =>
      launched.evaluate<Reply<T>>(
        `browser.runtime.sendMessage({ keyhole: 1, name: arguments[0], request: arguments[1] }).then(done, (error) =>
          done({ ok: false, error: { code: 'rejected', message: String(error) } }));`,
        [name, request ?? null],
      );
    await ff.openPage('src/options/index.html');
    const saved = await message<ProfileView>('profiles/save', {
      name: 'E2E sandbox',
      preset: 'sandbox',
      apiBaseUrl: platform.api,
      bridgeUrl: platform.bridge,
      consumerKey: platform.consumerKey,
      consumerSecret: platform.consumerSecret,
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
      ...options.profile,
    });
    if (!saved.ok) throw new Error(`profile not saved: ${saved.error.message}`);
    await grantAccessInSettings(ff);
    return {
      ...ff,
      platform,
      profile: saved.value,
      message,
      async close() {
        await launched.close();
        await platform.close();
      },
    };
  } catch (error) {
    await ff?.close();
    await platform.close();
    throw error;
  }
}

const GRANT = '//button[starts-with(normalize-space(.), "Grant access")]';

/**
 * Settings → Host access → "Grant access to …", then "Allow" in Firefox's prompt: what a user does once per
 * self-hosted platform. Firefox then holds `http://127.0.0.1/*` (host-only: it ignores ports).
 */
export async function grantAccessInSettings(ff: LaunchedFirefox): Promise<void> {
  await ff.openPage('src/options/index.html');
  await click(ff, GRANT);
  await acceptBrowserPrompt(ff, 'addon-webext-permissions');
  const deadline = Date.now() + 10_000;
  while ((await ff.evaluate<number>(`done(document.querySelectorAll('[data-origin-state="granted"]').length);`)) < 2) {
    if (Date.now() > deadline) throw new Error(`Host access not granted: ${await textOf(ff, '.opt-access')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts sign-in from the current extension page and answers the authorize window. Resolves with the worker's
 * reply to `session/sign-in`.
 */
export async function signInFirefox(
  ext: SandboxedFirefox,
  answer: AuthorizeAnswer = {},
): Promise<Reply<SessionStatus>> {
  const known = await windowHandles(ext);
  const main = await currentWindow(ext);
  await ext.evaluate(
    `window.__keyholeSignIn = undefined;
    browser.runtime.sendMessage({ keyhole: 1, name: 'session/sign-in', request: null }).then(
      (reply) => { window.__keyholeSignIn = reply; },
      (error) => { window.__keyholeSignIn = { ok: false, error: { code: 'rejected', message: String(error) } }; },
    );
    done(true);`,
  );
  const replied = async () =>
    (await ext.evaluate<boolean>('done(window.__keyholeSignIn !== undefined);').catch(() => false)) === true;
  await answerAuthorizeWindow(ext, ext.platform, answer, { known, main, finished: replied });
  return waitForGlobal<Reply<SessionStatus>>(ext, '__keyholeSignIn');
}

/**
 * Answers the window `launchWebAuthFlow` opens (the one not among `known`): fills and submits its form, or closes
 * it, then switches back to `main`. Returns early once `finished()` says the page got its answer: a browser that
 * already granted the rights is redirected at once and the window closes by itself, with nothing to answer.
 */
export async function answerAuthorizeWindow(
  ff: LaunchedFirefox,
  platform: Platform,
  answer: AuthorizeAnswer,
  window: { known: string[]; main: string; finished: () => Promise<boolean> },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await window.finished())) {
    const handle = (await windowHandles(ff)).find((candidate) => !window.known.includes(candidate));
    if (handle && (await answerIfAsked(ff, platform, answer, handle).finally(() => switchTo(ff, window.main)))) return;
    if (Date.now() > deadline) throw new Error('No authorize window to answer, and no answer from the worker');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function switchTo(ff: LaunchedFirefox, handle: string): Promise<void> {
  await ff.command('WebDriver:SwitchToWindow', { handle });
}

/** True once the authorize form in window `handle` was answered; false while it is loading (or already gone). */
async function answerIfAsked(
  ff: LaunchedFirefox,
  platform: Platform,
  answer: AuthorizeAnswer,
  handle: string,
): Promise<boolean> {
  try {
    await switchTo(ff, handle);
    if (!(await currentUrl(ff)).includes('/v2/oauth/authorize')) return false;
    if (answer.action === 'close') {
      await ff.command('WebDriver:CloseWindow');
      return true;
    }
    if ((await countOf(ff, 'form button[value="approve"]')) === 0) return false;
  } catch {
    return false; // closed by its redirect meanwhile
  }
  if ((await countOf(ff, '#email')) > 0) {
    await type(ff, '#email', answer.email ?? platform.user.email);
    await type(ff, '#password', answer.password ?? platform.user.password);
  }
  await click(ff, `form button[value="${answer.action === 'deny' ? 'deny' : 'approve'}"]`);
  return true;
}

/** Polls the current page until `window[name]` is set, and returns it. */
export async function waitForGlobal<T>(ff: LaunchedFirefox, name: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ff.evaluate<T | null>(`done(window[arguments[0]] ?? null);`, [name]);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function signInFirefoxOrFail(ext: SandboxedFirefox): Promise<SessionStatus> {
  const reply = await signInFirefox(ext);
  if (!reply.ok)
    throw new Error(`sign-in failed: ${reply.error.code}: ${reply.error.message} (${reply.error.detail ?? ''})`);
  return reply.value;
}
