/**
 * Large response bodies (≥ 256 KB) stay in the service worker, and a page fetches them from it at
 * `/__keyhole/body/<id>`. A page the worker does not control never reaches it that way: one opened right
 * after install or update, or one hard-reloaded (Shift+Reload bypasses the service worker). Such a page must
 * still get the whole body, by message. Here the panel is hard-reloaded, checked to be uncontrolled, and a
 * 1 MB JSON body must arrive byte for byte.
 */
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamHugeJson } from '../platform/huge-json.ts';
import { bodyAction, compose, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';

const BYTES = 1_000_000;
const PATH = '/v2/organisations/orga_big/applications';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

/** The body the sandbox streams for `hugeJsonBytes`, collected in memory. */
async function expectedBody(): Promise<string> {
  const chunks: string[] = [];
  const sink = {
    destroyed: false,
    writeHead: () => sink,
    write: (chunk: string) => chunks.push(chunk) > 0,
    end: () => sink,
  };
  await streamHugeJson(sink as unknown as ServerResponse, BYTES);
  return chunks.join('');
}

/** What the panel's Copy button copies (the raw body in Tree mode), caught before the clipboard. */
const CATCH_COPY = `(() => {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text) => { window.__copied = text; } },
  });
})();`;

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { devtools: true });
  await page.addInitScript(CATCH_COPY);
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('a large body in a page the worker does not control', () => {
  it('arrives whole after a hard reload', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Shift+Reload: the reloaded page bypasses the service worker and is not controlled by it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForLoadState('load');
    await page.getByRole('textbox', { name: 'Path' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    ext.platform.faults.add({ server: 'api', path: PATH, hugeJsonBytes: BYTES, times: 1 });
    await compose(page, 'GET', PATH);
    expect(await sendAndWait(page)).toBe('200');
    await bodyAction(page, 'Copy');
    const copied = await page.waitForFunction(() => (window as unknown as { __copied?: string }).__copied);
    const received = (await copied.jsonValue()) as string;
    const expected = await expectedBody();
    expect(received.length).toBe(expected.length);
    expect(received === expected).toBe(true);
    expect(expected.length).toBeGreaterThanOrEqual(BYTES);
  });
});
