/**
 * One Chromium with the built extension, a fresh platform sandbox and a signed-in profile, shared by the
 * browser benchmarks of a run (launching and signing in once saves seconds and changes nothing measured).
 */
import type { Page } from 'playwright-core';
import {
  type SandboxedExtension,
  signInOrFail,
  startSandboxedExtension,
} from '../test/e2e/support/sandboxed-extension.ts';

export interface BrowserSession {
  ext: SandboxedExtension;
  chromiumVersion: string;
  extensionUrl(path: string): string;
  /**
   * A tab on an extension document that runs no code of ours (the packaged manifest.json shown as text):
   * extension origin, secure context, Web Crypto, nothing else competing for the main thread.
   */
  openQuietPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserSession(): Promise<BrowserSession> {
  // Log streams at 1 000 lines/s from the start, so the stream benchmark finds a 100 000-line history.
  const ext = await startSandboxedExtension({ platform: { logLinesPerSecond: 1000 } });
  try {
    await signInOrFail(ext);
  } catch (error) {
    await ext.close();
    throw error;
  }
  const extensionUrl = (path: string) => `chrome-extension://${ext.extensionId}/${path}`;
  return {
    ext,
    chromiumVersion: ext.context.browser()?.version() ?? 'unknown',
    extensionUrl,
    async openQuietPage() {
      const page = await ext.context.newPage();
      await page.goto(extensionUrl('manifest.json'));
      return page;
    },
    close: () => ext.close(),
  };
}

/** Keeps a page on 127.0.0.1: sandbox data names avatar hosts that must never be reached. */
export async function keepPageLocal(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}
