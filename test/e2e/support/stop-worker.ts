/**
 * Stops the extension's service worker the way Chromium's idle stop does: only a worker that is activated and running,
 * and only once Chromium says so; then waits until Chromium reports it stopped.
 *
 * Why not `Target.closeTarget` on the worker's target as soon as Playwright reports the worker: Playwright's
 * 'serviceworker' event comes when DevTools attaches to the worker, before its first run has installed and activated
 * it. A stop that lands then (a test's first step, on a loaded machine) either costs the extension its worker until the
 * browser restarts, or does not stop it. Reproduced by sending the old stop right after launch (Chromium 156,
 * Playwright 1.65): in 1 round of 5 the worker's target was destroyed with its registration (`ServiceWorker.enable`
 * then reported none) and every `runtime.sendMessage` got "Could not establish connection. Receiving end does not
 * exist." for the 20 s watched; in the other 4 the worker was running 15 s later, its target never gone. Those are the
 * two ways worker-code-cache.test.ts failed in whole e2e runs. Chromium's own idle stop cannot do this: it stops a
 * worker idle for 30 s, never one still installing, so the product is not at fault. Waiting for the activated version,
 * stopping that version (`ServiceWorker.stopWorker`, the same StopWorker as the idle timer) and waiting for 'stopped'
 * makes the next message a real wake of an installed worker.
 */
import type { BrowserContext } from 'playwright-core';

/** What `ServiceWorker.workerVersionUpdated` says of a version (the fields used here). */
interface Version {
  versionId: string;
  scriptURL: string;
  status: string;
  runningStatus: string;
}

/** Under the e2e tests' 60 s, so a worker that never settles fails with what Chromium did report. */
const GIVE_UP_MS = 30_000;

export async function stopWorkerLikeIdle(context: BrowserContext, extensionId: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const ours = `chrome-extension://${extensionId}/`;
  const versions = new Map<string, Version>();
  let recheck = () => {};
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) if (version.scriptURL.startsWith(ours)) versions.set(version.versionId, version);
    recheck();
  });
  /** The first of our versions `predicate` accepts, as soon as Chromium reports one. */
  const until = (what: string, predicate: (version: Version) => boolean) =>
    new Promise<Version>((resolve, reject) => {
      const timer = setTimeout(() => {
        const seen = [...versions.values()].map((v) => `${v.versionId}: ${v.status}, ${v.runningStatus}`);
        reject(new Error(`the extension's worker never got ${what} (Chromium reported: ${seen.join('; ') || 'none'})`));
      }, GIVE_UP_MS);
      recheck = () => {
        const found = [...versions.values()].find(predicate);
        if (!found) return;
        clearTimeout(timer);
        resolve(found);
      };
      recheck();
    });
  try {
    await cdp.send('ServiceWorker.enable');
    // Settled: activated, and either running (to stop) or already stopped; not mid-start or mid-stop.
    const version = await until(
      'activated and settled',
      (v) => v.status === 'activated' && (v.runningStatus === 'running' || v.runningStatus === 'stopped'),
    );
    if (version.runningStatus === 'stopped') return;
    await cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId });
    await until('stopped', (v) => v.versionId === version.versionId && v.runningStatus === 'stopped');
  } finally {
    await cdp.detach().catch(() => {});
  }
}
