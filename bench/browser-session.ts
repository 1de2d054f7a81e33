/**
 * One Chromium with the built extension, a fresh platform sandbox and a signed-in profile, shared by the
 * browser benchmarks of a run (launching and signing in once saves seconds and changes nothing measured).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { SignatureMethod } from '../src/core/protocol.ts';
import { OUTPUT } from '../test/e2e/support/launch-extension.ts';
import {
  type SandboxedExtension,
  signInOrFail,
  startSandboxedExtension,
} from '../test/e2e/support/sandboxed-extension.ts';
import { FLOOR_WORKER_FILE, writeFloorExtension } from './wake-floor.ts';

export interface BrowserSession {
  ext: SandboxedExtension;
  chromiumVersion: string;
  /** The blank extension loaded beside ours (wake-floor.ts): the floor of the worker-wake figure. */
  floorExtensionId: string;
  extensionUrl(path: string): string;
  /**
   * A tab on an extension document that runs no code of ours (the packaged manifest.json shown as text):
   * extension origin, secure context, Web Crypto, nothing else competing for the main thread.
   */
  openQuietPage(): Promise<Page>;
  close(): Promise<void>;
}

/** `dist`: another build of the extension (an A/B against main's, run by hand). */
export async function startBrowserSession(options: { dist?: string } = {}): Promise<BrowserSession> {
  // Log streams at 1 000 lines/s from the start, so the stream benchmark finds a 100 000-line history.
  const floor = await writeFloorExtension(join(OUTPUT, 'bench-wake-floor'));
  // KEYHOLE_BENCH_SIGNATURE=PLAINTEXT: the profile signs with PLAINTEXT, so every body is searched for its secrets
  // on the way to the page (core/http/mask-bytes.ts): that search's cost, against the same run's HMAC figure.
  const signatureMethod = process.env.KEYHOLE_BENCH_SIGNATURE as SignatureMethod | undefined;
  const ext = await startSandboxedExtension({
    platform: { logLinesPerSecond: 1000 },
    alsoLoad: [floor],
    ...(options.dist ? { dist: options.dist } : {}),
    ...(signatureMethod ? { profile: { signatureMethod } } : {}),
  });
  let floorExtensionId: string;
  try {
    const isFloor = (worker: { url(): string }) => worker.url().endsWith(`/${FLOOR_WORKER_FILE}`);
    const floorWorker =
      ext.context.serviceWorkers().find(isFloor) ??
      (await ext.context.waitForEvent('serviceworker', { predicate: isFloor, timeout: 10_000 }));
    floorExtensionId = new URL(floorWorker.url()).host;
    await signInOrFail(ext);
  } catch (error) {
    await ext.close();
    throw error;
  }
  const extensionUrl = (path: string) => `chrome-extension://${ext.extensionId}/${path}`;
  return {
    ext,
    chromiumVersion: ext.context.browser()?.version() ?? 'unknown',
    floorExtensionId,
    extensionUrl,
    openQuietPage: () => openQuietPage(ext),
    close: () => ext.close(),
  };
}

/** BrowserSession.openQuietPage, for any sandboxed extension. */
export async function openQuietPage(ext: SandboxedExtension): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/manifest.json`);
  return page;
}

/** Keeps a page on 127.0.0.1: sandbox data names avatar hosts that must never be reached. */
export async function keepPageLocal(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}
