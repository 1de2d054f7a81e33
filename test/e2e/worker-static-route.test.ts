/**
 * Issue 18 (popup and panel first paint): the worker has a fetch handler for the bodies it holds
 * (`/__keyhole/body/<id>`), and a service worker with a fetch handler is asked for every file the pages in its
 * scope load, each module of the popup and the panel included, and is woken for them. Its install adds a static
 * route (Chromium's Static Routing API) that sends everything else straight to the extension's files. (That the
 * body paths still reach the worker is what devtools-streamed-response and devtools-huge-response rely on.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';

interface Loaded {
  url: string;
  fromServiceWorker: boolean;
  source?: string;
}

describe('the extension pages’ own files', () => {
  let ext: LaunchedExtension;

  beforeAll(async () => {
    ext = await launchExtension();
    // Right after install the worker may not be active yet, and a page it does not control never asks it for
    // anything: wait until it controls its pages, so the check below is about the route, not about timing.
    const first = await ext.openPage('src/popup/index.html');
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.close();
  });
  afterAll(async () => {
    await ext?.close();
  });

  for (const path of ['src/devtools/panel.html', 'src/popup/index.html']) {
    it(`load straight from the extension, not through the worker, awake or stopped (${path})`, async () => {
      for (const state of ['running', 'stopped'] as const) {
        if (state === 'stopped') await ext.stopServiceWorker();
        const tab = await ext.context.newPage();
        const cdp = await ext.context.newCDPSession(tab);
        await cdp.send('Network.enable');
        const loaded: Loaded[] = [];
        cdp.on('Network.responseReceived', ({ response }) =>
          loaded.push({
            url: response.url,
            fromServiceWorker: response.fromServiceWorker ?? false,
            source: response.serviceWorkerRouterInfo?.matchedSourceType,
          }),
        );
        await tab.goto(`chrome-extension://${ext.extensionId}/${path}`);
        await tab.waitForLoadState('load');
        const files = loaded.filter((file) => /\.(html|js|css)$/.test(new URL(file.url).pathname));
        expect(files.filter((file) => file.url.endsWith('.js')).length, `${state}: scripts seen`).toBeGreaterThan(2);
        expect(
          files.filter((file) => file.fromServiceWorker || file.source !== 'network'),
          `${state}: files the worker was asked for`,
        ).toEqual([]);
        await tab.close();
      }
    });
  }
});
