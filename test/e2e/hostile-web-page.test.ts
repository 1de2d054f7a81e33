/**
 * A web page, not an extension page, tries the worker's newest doors: a large response body held at
 * `/__keyhole/body/<id>` (it even knows the id, the worst case), the message channel and the stream port. The
 * manifest declares no web_accessible_resources and no externally_connectable, so every attempt must fail, and the
 * held body must still be there, whole, for the extension page it belongs to (a fetch that reached the worker would
 * have taken it: a body is handed over once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse } from '../../src/core/protocol.ts';
import { type EvilServer, startEvilServer } from './support/evil-server.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';

const PATH = '/v2/organisations/orga_big/applications';
const BYTES = 400_000;

let ext: SandboxedExtension;
let evil: EvilServer;

beforeAll(async () => {
  evil = await startEvilServer();
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
  await evil?.close();
});

describe('a web page and the worker', () => {
  it('cannot fetch, frame or navigate to a held body, nor message or connect to the worker', async () => {
    ext.platform.faults.add({ server: 'api', path: PATH, hugeJsonBytes: BYTES, times: 1 });
    const reply = await ext.message<SendResponse>('request/send', { target: 'api', method: 'GET', path: PATH });
    if (!reply.ok) throw new Error(reply.error.message);
    const ref = reply.value.bodyRef;
    expect(ref).toMatch(/^[0-9a-f-]{36}$/);
    const held = `chrome-extension://${ext.extensionId}/__keyhole/body/${ref}`;

    const page = await ext.context.newPage();
    await page.goto(`${evil.origin}/hostile`);
    const attempts = await page.evaluate(
      async ([url, id]) => {
        const results: Record<string, string> = {};
        try {
          const response = await fetch(url);
          results.fetch = `read ${(await response.text()).length} characters`;
        } catch (error) {
          results.fetch = `failed: ${(error as Error).name}`;
        }
        try {
          await fetch(url, { mode: 'no-cors' });
          results.noCors = 'answered';
        } catch (error) {
          results.noCors = `failed: ${(error as Error).name}`;
        }
        const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown; connect?: unknown } } }).chrome
          ?.runtime;
        results.runtime = runtime?.sendMessage || runtime?.connect ? `exposed to ${id}` : 'absent';
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
        await new Promise((resolve) => setTimeout(resolve, 500));
        try {
          results.frame = `readable: ${frame.contentDocument?.body?.innerText.length ?? 'no document'}`;
        } catch {
          results.frame = 'cross-origin';
        }
        return results;
      },
      [held, ext.extensionId] as const,
    );
    expect(attempts.fetch).toMatch(/^failed/);
    expect(attempts.noCors).toMatch(/^failed/);
    expect(attempts.runtime).toBe('absent');
    expect(attempts.frame).not.toMatch(/readable: [1-9]/);

    // A navigation the web page starts itself (not one typed in the address bar) is blocked too.
    const navigated = page.waitForEvent('framenavigated');
    await page.evaluate((url) => {
      setTimeout(() => {
        location.href = url;
      }, 0);
    }, held);
    await navigated;
    await page.waitForLoadState('load');
    const landed = { url: page.url(), text: (await page.content()).slice(0, 2000) };
    expect(landed.text).not.toContain('"id"');
    expect(landed.url).toBe('chrome-error://chromewebdata/');
    await page.close();

    // Untouched by all of that: an extension page reads it whole, once. Through the worker's fetch route, so from a
    // page the worker controls (one opened before the worker was active is not: it would ask by message instead,
    // src/ui/held-body.ts), opened now and checked.
    const reader = await ext.openPage('src/options/index.html');
    await expect
      .poll(() => reader.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    const read = await reader.evaluate(async (url) => {
      const first = await fetch(url);
      const text = await first.text();
      const again = await fetch(url);
      return { status: first.status, length: text.length, againStatus: again.status };
    }, held);
    expect(read).toEqual({ status: 200, length: expect.any(Number), againStatus: 410 });
    expect(read.length).toBeGreaterThanOrEqual(BYTES);
    await reader.close();
  });
});
