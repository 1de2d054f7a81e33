/**
 * Issue 20: an integrator tails an application's logs from the DevTools panel. The worker holds the stream and
 * signs it (HMAC-SHA512, PLAINTEXT, or an API token through the bridge); the panel shows the lines live. A dropped
 * connection (a sandbox fault) and a stopped worker both resume from the last line: the saved lines' sequence
 * numbers (the sandbox numbers every line) have no gap and no repeat. The events socket receives a deployment
 * event after an app restart. Screenshots at 900×500, light and dark.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, composerTab, openPanel } from './support/devtools-panel-page.ts';
import { restartAppRequest, userApp } from './support/sandbox-records.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];

const logsPath = () =>
  `/v4/logs/organisations/${userApp(ext.platform).ownerId}/applications/${userApp(ext.platform).appId}/logs`;

async function setRate(linesPerSecond: number): Promise<void> {
  const response = await fetch(`${ext.platform.api}/__sandbox/streams`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ linesPerSecond }),
  });
  if (!response.ok) throw new Error(`rate not set: ${response.status}`);
}

/** Log streams and sockets the sandbox holds open now. */
async function openStreams(): Promise<number> {
  const response = await fetch(`${ext.platform.api}/__sandbox/streams`);
  return ((await response.json()) as { open: number }).open;
}

/** The count the status line shows ("1,234 lines"). */
async function receivedLines(page: Page): Promise<number> {
  const text = (await page.locator('.kh-stream-count').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function waitForMoreLines(page: Page, atLeast: number): Promise<void> {
  await expect.poll(() => receivedLines(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(atLeast);
}

async function startStream(page: Page, path: string, target: 'api' | 'bridge' = 'api'): Promise<void> {
  await compose(page, 'GET', path, target);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.kh-stream').waitFor();
}

/** Saves the received lines through the view's Save button; returns the sequence numbers, in order. */
async function savedSequence(page: Page): Promise<number[]> {
  const before = new Set(await readdir(ext.downloadsDir).catch(() => []));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  let path = '';
  await expect
    .poll(async () => {
      const name = (await readdir(ext.downloadsDir)).find(
        (file) => !before.has(file) && /^keyhole-(logs|events)-.*\.ndjson$/.test(file),
      );
      path = name ? join(ext.downloadsDir, name) : '';
      return path ? (await stat(path)).size : 0;
    })
    .toBeGreaterThan(0);
  const text = await readFile(path, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => Number(/^#(\d+) /.exec(JSON.parse(line).message)?.[1]));
}

function expectConsecutive(seqs: number[]): void {
  expect(seqs.length).toBeGreaterThan(0);
  const gaps = seqs.flatMap((seq, index) =>
    index > 0 && seq !== seqs[index - 1]! + 1 ? [[seqs[index - 1], seq]] : [],
  );
  expect(gaps).toEqual([]);
}

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
  await setRate(100);
});

afterAll(async () => {
  await ext?.close();
});

describe('live log streams in the panel', () => {
  it('HMAC-SHA512: resumes after a dropped connection and after the worker stops, without gap or repeat', async () => {
    const page = await openPanel(ext, pageErrors, { devtools: true, colorScheme: 'light', width: 900, height: 500 });
    // The first connection breaks after 150 lines (a sandbox fault); the worker reconnects from the last line.
    ext.platform.faults.add({ path: logsPath(), dropAfterEvents: 150 });
    const since = new Date(ext.platform.clock.now() - 1000).toISOString();
    await startStream(page, `${logsPath()}?since=${since}`);
    await waitForMoreLines(page, 300);
    expect(ext.platform.faults.list()).toEqual([]);

    // MV3 stops workers at any time: the panel reopens the stream with its cursor.
    await ext.stopServiceWorker();
    const before = await receivedLines(page);
    await waitForMoreLines(page, before + 200);
    await expect.poll(() => page.locator('.kh-stream-state').innerText()).toMatch(/^Live · OAuth/);
    // Issue 32 item 8: docking elsewhere (the same page resized) keeps following the tail, the newest line in view.
    const followTail = page.getByRole('button', { name: 'Follow tail' });
    for (const [width, height] of [
      [480, 700],
      [1400, 380],
      [1280, 800],
      [900, 500],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => followTail.getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() =>
          page.locator('.kh-stream-list').evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight),
        )
        .toBeLessThan(40);
    }
    await saveScreenshot(page, 'live-log-stream-light');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    // Stop closes the stream at once and shows every line taken: the count read with "Stopped" is final, and Save
    // writes exactly those lines (a batch still queued on the port is dropped, not added a second later).
    await expect.poll(() => page.locator('.kh-stream-state').innerText()).toMatch(/^Stopped/);
    const shownAtStop = await receivedLines(page);

    const seqs = await savedSequence(page);
    expectConsecutive(seqs);
    expect(seqs.length).toBeGreaterThanOrEqual(500);
    expect(seqs.length).toBe(shownAtStop);
    expect(await receivedLines(page)).toBe(shownAtStop);
    // Follow tail kept the newest line in view through the drop and the restart.
    await expect.poll(() => page.locator('.kh-stream-row').last().innerText()).toContain(`#${seqs.at(-1)} `);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('PLAINTEXT: the same stream signed with PLAINTEXT (loopback only), the key never in the page', async () => {
    const page = await openPanel(ext, pageErrors, { colorScheme: 'dark', width: 900, height: 500 });
    await compose(page, 'GET', logsPath());
    await composerTab(page, 'Signing').click();
    await page.getByRole('combobox', { name: 'OAuth signature method' }).selectOption('PLAINTEXT');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.locator('.kh-stream-state').innerText()).toMatch(/^Live · OAuth/);
    await waitForMoreLines(page, 100);
    await page.getByRole('searchbox', { name: 'Filter lines' }).fill('ERROR');
    await expect.poll(() => page.locator('.kh-stream-row').first().innerText()).toContain('request failed');
    await page.getByRole('searchbox', { name: 'Filter lines' }).fill('');
    await saveScreenshot(page, 'live-log-stream-dark');
    const html = await page.content();
    expect(html).not.toContain(ext.platform.consumerSecret);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    expectConsecutive(await savedSequence(page));
    await page.close();
  });

  it('an API token through the bridge: access logs as Bearer', async () => {
    const token = [...ext.platform.state.apiTokens.values()][0]!;
    const chosen = await ext.message('tokens/use-for-bridge', {
      apiTokenId: token.apiTokenId,
      value: ext.platform.apiToken,
      name: token.name,
    });
    expect(chosen.ok).toBe(true);
    const page = await openPanel(ext, pageErrors, { width: 900, height: 500 });
    const { ownerId, appId } = userApp(ext.platform);
    await startStream(page, `/v4/accesslogs/organisations/${ownerId}/applications/${appId}/accesslogs`, 'bridge');
    await expect.poll(() => page.locator('.kh-stream-state').innerText()).toMatch(/^Live · API token/);
    await waitForMoreLines(page, 30);
    // Pause freezes the view while lines keep arriving; Resume shows them.
    await page.getByRole('button', { name: 'Pause' }).click();
    const frozen = await page.locator('.kh-stream-row').last().innerText();
    await waitForMoreLines(page, (await receivedLines(page)) + 20);
    expect(await page.locator('.kh-stream-row').last().innerText()).toBe(frozen);
    await page.getByRole('button', { name: /^Resume \(\+\d+\)$/ }).click();
    await expect.poll(() => page.locator('.kh-stream-row').last().innerText()).not.toBe(frozen);
    await expect
      .poll(() => page.locator('.kh-stream-row').first().innerText())
      .toMatch(/GET app\.sandbox\.test\/.*→ \d{3}/);
    expect(await page.content()).not.toContain(ext.platform.apiToken);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.close();
  });

  it('events socket: a deployment event arrives after an app restart', async () => {
    const page = await openPanel(ext, pageErrors, { width: 900, height: 500 });
    await startStream(page, '/v2/events/event-socket');
    await expect.poll(() => page.locator('.kh-stream-state').innerText()).toMatch(/^Live/);
    const restart = await ext.message('request/send', restartAppRequest(ext.platform));
    expect(restart.ok).toBe(true);
    await expect
      .poll(() => page.locator('.kh-stream-lines').innerText(), { timeout: 15_000 })
      .toContain('DEPLOYMENT_ACTION_BEGIN');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.close();
  });

  it('“Tail logs” in the popup’s application menu opens the panel streaming that application’s logs', async () => {
    const popup = await ext.openPage('src/popup/index.html', {
      errors: pageErrors,
      viewport: { width: 380, height: 600 },
      loopbackOnly: true,
    });
    const { ownerId, appId } = userApp(ext.platform);
    const appName = ext.platform.state.applications.get(appId)!.view.name;
    const card = popup.locator(`.kp-space[data-space-id="${ownerId}"]`);
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: `Actions for ${appName}` }).click();
    const link = card.getByRole('link', { name: `Tail logs of ${appName}` });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: `Access logs of ${appName}` }).isVisible()).toBe(true);
    await saveScreenshot(popup, 'popup-app-log-links');
    const href = (await link.getAttribute('href'))!;
    await popup.close();

    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 900, height: 500 });
    await page.goto(href);
    await expect.poll(() => page.locator('.kh-stream-state').textContent()).toMatch(/^Live · OAuth/);
    expect(await page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe(logsPath());
    // The route is used once: a reload does not open a second stream by itself.
    expect(new URL(page.url()).hash).toBe('#catalog');
    // Closing the panel (no Stop) disconnects the port, and the worker ends the stream at the server; the streams
    // of the tests before (stopped with Stop) are all closed there too.
    expect(await openStreams()).toBe(1);
    await page.close();
    await expect.poll(openStreams, { timeout: 15_000 }).toBe(0);
  });

  it('the stream port refuses what a hostile page sends: unknown commands, another origin, a body, PLAINTEXT elsewhere', async () => {
    const answers = await ext.control.evaluate(async (path) => {
      const ask = (command: unknown) =>
        new Promise<unknown[]>((resolve) => {
          const port = chrome.runtime.connect({ name: 'keyhole-stream' });
          const got: unknown[] = [];
          const timer = setTimeout(() => resolve([...got, 'timeout']), 5000);
          port.onMessage.addListener((message) => got.push(message));
          port.onDisconnect.addListener(() => {
            clearTimeout(timer);
            resolve([...got, 'disconnected']);
          });
          port.postMessage(command);
        });
      return {
        unknown: await ask({ type: 'exec', code: 'x' }),
        elsewhere: await ask({
          type: 'open',
          kind: 'sse',
          request: { target: 'api', method: 'GET', path: `https://evil.example${path}` },
        }),
        post: await ask({ type: 'open', kind: 'sse', request: { target: 'api', method: 'POST', path } }),
        cursor: await ask({
          type: 'open',
          kind: 'sse',
          request: { target: 'api', method: 'GET', path },
          cursor: { idsAtLastDate: 'x', received: 1 },
        }),
      };
    }, logsPath());
    const failure = (answer: unknown[]) => (answer[0] as { type: string; error: { code: string } }) ?? {};
    for (const answer of Object.values(answers)) {
      expect(answer.at(-1)).toBe('disconnected');
      expect(failure(answer).type).toBe('failed');
    }
    expect(failure(answers.unknown).error.code).toBe('invalid-input');
    expect(['invalid-path', 'origin-refused']).toContain(failure(answers.elsewhere).error.code);
    expect(failure(answers.post).error.code).toBe('invalid-input');
    expect(failure(answers.cursor).error.code).toBe('invalid-input');
  });
});
