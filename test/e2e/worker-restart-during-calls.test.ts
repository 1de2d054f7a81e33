/**
 * Issue 22: the worker stops (as MV3 does at any time) while the panel's `send()` has a burst of calls in flight.
 * Reads must come back by themselves once the worker is up again; a write that may have reached the server must
 * say its outcome is unknown and must never be sent twice; nothing says "no handler" or "reload the extension".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../bench/browser-bundle.ts';
import { compose, openPanel } from './support/devtools-panel-page.ts';
import { countArrivals } from './support/sandbox-records.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const PAGE_SEND = new URL('./support/page-send.ts', import.meta.url).pathname;

type Outcome = { ok: true; status: number } | { ok: false; code: string; message: string; detail?: string };

/** Starts calls through the page's own send(); resolves with every outcome once all are settled. */
function burst(page: Page, calls: { method: string; path: string }[]): Promise<Outcome[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map(({ method, path }) =>
          (globalThis as unknown as { __khSend: (name: string, request: unknown) => Promise<{ status: number }> })
            .__khSend('request/send', {
              target: 'api',
              method,
              path,
              ...(method === 'POST' ? { body: { kind: 'json', text: '{"name":"load"}' } } : {}),
            })
            .then(
              (response): Outcome => ({ ok: true, status: response.status }),
              (error: { code: string; message: string; detail?: string }): Outcome => ({
                ok: false,
                code: error.code,
                message: error.message,
                detail: error.detail,
              }),
            ),
        ),
      ),
    calls,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the worker restarts during a burst of calls from a page', () => {
  let ext: SandboxedExtension;
  /** A page sending on the call port alone (as the popup does), and one on the panel's channel (worker-channel.ts). */
  const pages: Partial<Record<'port' | 'channel', Page>> = {};

  beforeAll(async () => {
    ext = await startSignedInExtension();
    const script = await bundleForBrowser(PAGE_SEND);
    pages.port = ext.control;
    await pages.port.evaluate(script);
    pages.channel = await ext.openPage('src/options/index.html');
    await pages.channel.evaluate(script);
    await pages.channel.evaluate(() => (globalThis as unknown as { __khUseChannel: () => void }).__khUseChannel());
    // The worker controls the page, so its line is the channel, not the port.
    expect(await pages.channel.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await ext?.close();
  });

  it.each(['port', 'channel'] as const)(
    '%s: reads come back without user action; cut writes say their outcome is unknown and are never sent twice',
    async (transport) => {
      const page = pages[transport] as Page;
      const arrivals = countArrivals(ext.platform);
      // Every call waits at the server, so the worker is stopped with all of them under way.
      ext.platform.faults.add({ server: 'api', path: '/v2/self', delayMs: 600, times: Number.POSITIVE_INFINITY });
      const calls = Array.from({ length: 40 }, (_, i) => ({
        method: i % 2 === 0 ? 'GET' : 'POST',
        path: `/v2/self?n=${transport}-${i}`,
      }));
      const first = burst(page, calls);
      await sleep(300);
      await ext.stopServiceWorker();
      // Calls sent within a few ms of the stop: the worker is gone or starting again.
      const late = burst(
        page,
        Array.from({ length: 20 }, (_, i) => ({
          method: i % 2 === 0 ? 'GET' : 'POST',
          path: `/v2/self?n=${transport}-late-${i}`,
        })),
      );
      const outcomes = [...(await first), ...(await late)];
      const all = [
        ...calls,
        ...Array.from({ length: 20 }, (_, i) => ({
          method: i % 2 === 0 ? 'GET' : 'POST',
          path: `${transport}-late-${i}`,
        })),
      ];
      ext.platform.faults.clear();

      const summary = outcomes.map((outcome, i) => `${all[i]?.method} ${all[i]?.path}: ${JSON.stringify(outcome)}`);
      console.log(summary.join('\n'));
      for (const [i, outcome] of outcomes.entries()) {
        const { method, path } = all[i] ?? { method: '?', path: '?' };
        if (!outcome.ok) expect(outcome.message, `${method} ${path}`).not.toMatch(/no handler|Reload the extension/);
        if (method === 'GET') expect(outcome, `${method} ${path}`).toEqual({ ok: true, status: 200 });
        else if (!outcome.ok) {
          expect(outcome.code, `${method} ${path}`).toBe('outcome-unknown');
          expect(outcome.message).toMatch(/may have been applied — check before retrying/);
        }
      }
      const unknown = outcomes.filter((outcome) => !outcome.ok);
      // The first burst was at the server when the worker stopped: its writes cannot have answered.
      expect(unknown.length).toBeGreaterThanOrEqual(10);
      // No write reached the server twice: only reads were sent again.
      for (const [i, { method }] of all.entries()) {
        const marker = all[i]?.path.replace(/^.*n=/, '') ?? '';
        if (method === 'POST') expect(arrivals.get(marker) ?? 0, marker).toBeLessThanOrEqual(1);
      }
      // And the worker is back for the next call without anyone reloading anything.
      expect(await burst(page, [{ method: 'GET', path: '/v2/self' }])).toEqual([{ ok: true, status: 200 }]);
    },
    60_000,
  );

  it('the panel says a cut write may have been applied, offers no blind retry, and checks with a GET', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const errors: string[] = [];
      const panel = await openPanel(ext, errors, { colorScheme: scheme });
      await compose(panel, 'PUT', '/v2/self');
      ext.platform.faults.add({ server: 'api', method: 'PUT', path: '/v2/self', delayMs: 1500 });
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await sleep(400);
      await ext.stopServiceWorker();
      const banner = panel.locator('.kh-response [data-error-code="outcome-unknown"]');
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.innerText()).toMatch(
        /PUT \/v2\/self was under way[\s\S]*may have been applied — check before retrying/,
      );
      expect(await panel.locator('.kh-response').getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await saveScreenshot(panel, `panel-outcome-unknown-${scheme}`);
      const check = panel.getByRole('button', { name: 'Check: GET /v2/self' });
      await check.focus();
      await panel.keyboard.press('Enter');
      await expect.poll(() => panel.locator('.kh-status-line .kh-status').innerText()).toMatch(/^200/);
      // The write stays in the composer, for the user to send again if the check says it was not applied.
      expect(await panel.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('PUT');
      expect(errors).toEqual([]);
      await panel.close();
    }
  }, 90_000);
});
