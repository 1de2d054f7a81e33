/**
 * A web page, not an extension page, tries the worker's newest doors: a large response body held at
 * `/__keyhole/body/<id>` (it even knows the id, the worst case), the message channel and the stream port. The
 * manifest declares no web_accessible_resources and no externally_connectable, so every attempt must fail, and the
 * held body must still be there, whole, for the extension page it belongs to (a fetch that reached the worker would
 * have taken it: a body is handed over once). Nor does another extension page with the same URL get it (two DevTools
 * panels are the same page): a held body is bound to the document that asked.
 */
import type { Page } from 'playwright-core';
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

    // A second page at the very URL of the one that sent the call (as a second panel is): not on the worker's fetch
    // route (controlled, so the fetch reaches the worker; with no page key, or a guessed one), nor by message.
    const other = await ext.openPage(new URL(ext.control.url()).pathname.slice(1));
    expect(other.url()).toBe(ext.control.url());
    await expect
      .poll(() => other.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    const taken = await other.evaluate(
      async ([url, id]) => ({
        bare: (await fetch(url)).status,
        guessed: (await fetch(url, { headers: { 'X-Keyhole-Page': crypto.randomUUID() } })).status,
        message: await chrome.runtime.sendMessage({
          keyhole: 1,
          name: 'request/held-body',
          request: { bodyRef: id, kind: 'text' },
        }),
      }),
      [held, ref] as const,
    );
    expect(taken).toMatchObject({ bare: 410, guessed: 410, message: { ok: false, error: { code: 'not-found' } } });
    await other.close();

    // Untouched by all of that: the page that sent the call reads it whole, once.
    const read = await ext.message<{ kind: string; text: string }>('request/held-body', { bodyRef: ref, kind: 'text' });
    expect(read.ok && read.value.text.length).toBeGreaterThanOrEqual(BYTES);
    const again = await ext.message('request/held-body', { bodyRef: ref, kind: 'text' });
    expect(again).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('gets no PLAINTEXT secret a server echoes in a body streamed through the worker or sent as bytes', async () => {
    const secret = ext.platform.consumerSecret;
    const leaks = (text: string) => [secret, encodeURIComponent(secret)].some((form) => text.includes(form));
    // 1 MB of the Authorization header again and again, streamed to the page; then 100 KB of it as a binary body.
    ext.platform.faults.add({ server: 'api', path: '/v2/echo', echoAuthorizationBytes: 1_000_000, times: 1 });
    const send = { target: 'api', method: 'GET', path: '/v2/echo', signatureMethod: 'PLAINTEXT' };
    const streamed = await ext.message<SendResponse>('request/send', send);
    if (!streamed.ok) throw new Error(streamed.error.message);
    expect(streamed.value.bodyStreamed).toBe(true);
    const text = await ext.message<{ text: string }>('request/held-body', {
      bodyRef: streamed.value.bodyRef,
      kind: 'text',
    });
    if (!text.ok) throw new Error(text.error.message);
    expect(text.value.text.length).toBeGreaterThan(500_000);
    expect(leaks(text.value.text)).toBe(false);
    // Every copy, whichever read it fell across: both secrets, as the signature carries them, are masked.
    const copies = text.value.text.split('\n').slice(0, -1);
    expect(copies.length).toBeGreaterThan(1000);
    expect(copies.filter((copy) => !copy.includes('oauth_signature="•••%26•••"'))).toEqual([]);

    // Echoed in the content type too, and read as a page reads it: its key registered on the call port, the body
    // fetched from the worker's route with it. The route serves the body whole, without the masked content type.
    ext.platform.faults.add({
      server: 'api',
      path: '/v2/echo',
      echoAuthorizationBytes: 600_000,
      echoAuthorizationInContentType: true,
      times: 1,
    });
    // A page opened now, with the worker running: controlled from its load. The control page, opened as the
    // extension started, was not yet controlled in a run with a CPU hog (no claim reached it in 30 s).
    const reader = await ext.openPage(new URL(ext.control.url()).pathname.slice(1));
    await expect
      .poll(() => reader.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    const routed = await reader.evaluate(
      async ([request, forms]) => {
        const key = crypto.randomUUID();
        const port = chrome.runtime.connect({ name: 'keyhole-calls' });
        port.postMessage({ page: key });
        const answer = await new Promise<{ reply: { ok: boolean; value: SendResponse } }>((resolve) => {
          port.onMessage.addListener(resolve);
          port.postMessage({ id: 1, envelope: { keyhole: 1, name: 'request/send', request } });
        });
        port.disconnect();
        const { value } = answer.reply;
        const served = await fetch(`/__keyhole/body/${value.bodyRef}`, { headers: { 'X-Keyhole-Page': key } });
        const body = await served.text();
        const told = JSON.stringify(value);
        // How it ended is told to the same key only: a guessed one (a second panel's) neither reads it nor uses it up.
        const end = `/__keyhole/body/${value.bodyRef}/end`;
        const endGuessed = (await fetch(end, { headers: { 'X-Keyhole-Page': crypto.randomUUID() } })).status;
        const endBare = (await fetch(end)).status;
        const endOwn = await fetch(end, { headers: { 'X-Keyhole-Page': key } });
        return {
          streamed: value.bodyStreamed,
          ends: [endGuessed, endBare, endOwn.status, endOwn.ok && ((await endOwn.json()) as { ok: boolean }).ok],
          contentType: value.contentType,
          status: served.status,
          servedType: served.headers.get('content-type'),
          length: body.length,
          leaks: forms.some((form) => body.includes(form) || told.includes(form)),
        };
      },
      [send, [secret, encodeURIComponent(secret)]] as const,
    );
    expect(routed).toMatchObject({
      status: 200,
      servedType: null,
      leaks: false,
      streamed: true,
      ends: [410, 410, 200, true],
    });
    expect(routed.length).toBeGreaterThan(400_000);
    expect(routed.contentType).toMatch(/^text\/plain; echo=OAuth .*oauth_signature=•••%26•••/);
    await reader.close();

    ext.platform.faults.add({
      server: 'api',
      path: '/v2/echo',
      echoAuthorizationBytes: 100_000,
      echoContentType: 'application/octet-stream',
      times: 1,
    });
    const binary = await ext.message<SendResponse>('request/send', send);
    if (!binary.ok) throw new Error(binary.error.message);
    expect(binary.value.body.kind).toBe('bytes');
    const bytes = Buffer.from((binary.value.body as { base64: string }).base64, 'base64').toString('latin1');
    expect(bytes.length).toBeGreaterThan(50_000);
    expect(leaks(bytes)).toBe(false);
  });

  it('cannot tell the extension’s pages that saved requests changed (their BroadcastChannel is the extension’s own)', async () => {
    // The channel name saved-store.ts uses: a message on it makes every open Saved list read IndexedDB again.
    const CHANNEL = 'keyhole-saved-requests/requests';
    await ext.control.evaluate((name) => {
      const heard: unknown[] = [];
      const channel = new BroadcastChannel(name);
      channel.onmessage = (event) => heard.push(event.data);
      Object.assign(globalThis, { keyholeHeard: heard, keyholeChannel: channel });
    }, CHANNEL);
    // Posted from a page's own script, as any page of any site may.
    const postFrom = (from: Page, data: string) =>
      from.evaluate(
        ([name, message]) => {
          const channel = new BroadcastChannel(name);
          channel.postMessage(message);
          channel.close();
        },
        [CHANNEL, data] as const,
      );
    const page = await ext.context.newPage();
    await page.goto(`${evil.origin}/hostile`);
    await postFrom(page, 'from-a-web-page');
    // Another extension page is heard (the listener works), after the web page posted: only it is.
    const other = await ext.openPage('src/options/index.html');
    await postFrom(other, 'from-the-options-page');
    const heard = () => ext.control.evaluate(() => (globalThis as { keyholeHeard?: unknown[] }).keyholeHeard);
    await expect.poll(heard).toContain('from-the-options-page');
    expect(await heard()).toEqual(['from-the-options-page']);
    await page.close();
    await other.close();
  });
});
