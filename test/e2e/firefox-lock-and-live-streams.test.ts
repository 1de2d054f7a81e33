/**
 * The passphrase lock and live streams in Firefox ESR, and Firefox unloading the add-on's background (as it does
 * with an idle event page) mid-call and mid-stream, with one Firefox for the file, signed in: the lock turned on from
 * the settings page, an unload (the vault locks and says why), a panel call waiting for the unlock and going, the
 * popup refusing a wrong passphrase and unlocking, the auto-lock after a minute unused; a read and a write cut by an unload; a log stream resuming after
 * a dropped connection and an unload without gap or repeat, and the events socket; then "forget every secret".
 * The Chromium counterparts: passphrase-lock, worker-restart-during-calls and devtools-live-log-stream.test.ts.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../bench/browser-bundle.ts';
import type { SessionStatus, VaultStatus } from '../../src/core/protocol.ts';
import { useSignedInFirefox } from './support/firefox-file.ts';
import {
  choose,
  click,
  countOf,
  labelled,
  poll,
  saveFirefoxScreenshot,
  setViewport,
  textOf,
  type,
  withText,
} from './support/firefox-page.ts';
import type { SandboxedFirefox } from './support/firefox-sandbox.ts';
import { countArrivals, restartAppRequest, userApp } from './support/sandbox-records.ts';

const PASSPHRASE = 'four words make a passphrase';
const SELF = { target: 'api', method: 'GET', path: '/v2/self' } as const;
const SEND = '.kh-request-line button[type="submit"]';
const PAGE_SEND = new URL('./support/page-send.ts', import.meta.url).pathname;

let ext: SandboxedFirefox;
useSignedInFirefox((started) => {
  ext = started;
});

const LOCK_SECTION = '//section[@id="passphrase-lock"]';

async function vaultStatus(): Promise<VaultStatus> {
  const reply = await ext.message<VaultStatus>('vault/status');
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}

/** Reads the page's visible text until it matches. */
function pageText(pattern: RegExp): Promise<string | null> {
  return poll(
    () => textOf(ext, 'body'),
    (text) => pattern.test(text ?? ''),
  );
}

/** Opens the panel and waits (up to `timeoutMs`) for its banner to say Keyhole is locked; returns the banner's text. */
async function openPanelUntilLocked(timeoutMs?: number): Promise<string | null> {
  await ext.openPage('src/devtools/panel.html#catalog');
  await setViewport(ext, 1280, 800);
  return poll(
    () => textOf(ext, '.kh-vault-banner'),
    (text) => /Keyhole is locked/.test(text ?? ''),
    timeoutMs,
  );
}

/**
 * On the open panel, locked: a GET /v2/self sent waits for the unlock (the banner says so), then the passphrase typed
 * in the banner (Enter) unlocks, and the call goes (200) with the banner gone.
 */
async function sendAndUnlock(screenshot?: string): Promise<void> {
  await type(ext, 'input[aria-label="Path"]', '/v2/self');
  await click(ext, SEND);
  expect(
    await poll(
      () => textOf(ext, '.kh-vault-banner'),
      (text) => /waits for the unlock/.test(text ?? ''),
    ),
  ).toMatch(/waits for the unlock/);
  if (screenshot) await saveFirefoxScreenshot(ext, screenshot);
  await type(ext, '.kh-vault-banner input[type="password"]', `${PASSPHRASE}\uE006`);
  expect(
    await poll(
      () => textOf(ext, '.kh-status-line .kh-status'),
      (text) => text !== null,
    ),
  ).toMatch(/^200/);
  expect(await countOf(ext, '.kh-vault-banner')).toBe(0);
}

describe('the passphrase lock in Firefox', () => {
  it('is turned on from the settings page while signed in; calls still go', async () => {
    await ext.openPage('src/options/index.html#passphrase-lock');
    await setViewport(ext, 1000, 900);
    await click(ext, `${LOCK_SECTION}${withText('button', 'Turn on the passphrase lock')}`);
    await type(ext, labelled(LOCK_SECTION, 'Passphrase'), PASSPHRASE);
    await type(ext, labelled(LOCK_SECTION, 'Repeat the passphrase'), PASSPHRASE);
    await choose(ext, labelled(LOCK_SECTION, 'Lock after this long without use', 'select'), '15');
    await click(ext, `${LOCK_SECTION}${withText('button', 'Turn on the passphrase lock')}`);
    expect(await pageText(/On · unlocked/)).toMatch(/On · unlocked/);
    await saveFirefoxScreenshot(ext, 'firefox-settings-passphrase-lock-unlocked', '#passphrase-lock');
    expect(await vaultStatus()).toEqual({ state: 'unlocked', autoLockMinutes: 15 });
    expect(await ext.message('request/send', SELF)).toMatchObject({ ok: true, value: { status: 200 } });
  });

  it('Firefox unloading the background leaves the vault locked and says why; the panel’s call waits, then goes', async () => {
    await ext.stopBackground();
    expect(await vaultStatus()).toEqual({ state: 'locked', autoLockMinutes: 15, reason: 'worker-restarted' });
    expect(await ext.message('request/send', SELF)).toMatchObject({
      ok: false,
      error: { code: 'vault-locked', message: /background worker restarted/ },
    });

    expect(await openPanelUntilLocked()).toMatch(/background worker restarted/);
    await sendAndUnlock('firefox-panel-vault-locked');
  });

  it('locked now: the popup asks, refuses a wrong passphrase, unlocks and shows the account', async () => {
    expect(await ext.message('vault/lock')).toMatchObject({ ok: true, value: { state: 'locked', reason: 'manual' } });
    await ext.openPage('src/popup/index.html');
    await setViewport(ext, 360, 600);
    expect(
      await poll(
        () => textOf(ext, 'h1'),
        (text) => text === 'Keyhole is locked',
      ),
    ).toBe('Keyhole is locked');
    expect(await ext.evaluate<boolean>(`done(document.activeElement?.type === 'password');`)).toBe(true);
    await type(ext, 'input[type="password"]', 'not the passphrase at all');
    await click(ext, withText('button', 'Unlock'));
    expect(
      await poll(
        () => textOf(ext, '[role="alert"]'),
        (text) => text !== null,
      ),
    ).toContain('Wrong passphrase');
    await saveFirefoxScreenshot(ext, 'firefox-popup-vault-wrong-passphrase');
    await type(ext, 'input[type="password"]', PASSPHRASE);
    await click(ext, withText('button', 'Unlock'));
    // The summary call the popup made while locked went through once unlocked: the account shows.
    expect(
      await poll(
        () => countOf(ext, '.kp-space__name'),
        (count) => count > 0,
      ),
    ).toBeGreaterThan(0);
    expect((await vaultStatus()).state).toBe('unlocked');
  });

  // The idle lock runs on the background's timers, which Firefox's event page keeps only while it is not unloaded
  // (30 s idle): a minute without a secret used must end in the idle lock, not in an unload ('worker-restarted').
  it('auto-locks after the idle time set in the settings; the panel’s call then asks, and goes after the unlock', async () => {
    await ext.openPage('src/options/index.html#passphrase-lock');
    await setViewport(ext, 1000, 900);
    expect(await pageText(/On · unlocked/)).toMatch(/On · unlocked/);
    await choose(ext, labelled(LOCK_SECTION, 'Lock after this long without use', 'select'), '1');
    expect(await pageText(/now locks after 1 minute without use/)).toMatch(/1 minute/);
    expect(await vaultStatus()).toEqual({ state: 'unlocked', autoLockMinutes: 1 });

    // The panel, left open and unused, is told when the vault locks itself.
    expect(await openPanelUntilLocked(150_000)).toMatch(/no secret was used for 1 minute/);
    expect(await vaultStatus()).toMatchObject({ state: 'locked', autoLockMinutes: 1, reason: 'idle' });
    await saveFirefoxScreenshot(ext, 'firefox-panel-vault-auto-locked');

    await sendAndUnlock();
    expect(await vaultStatus()).toEqual({ state: 'unlocked', autoLockMinutes: 1 });
  }, 240_000);
});

describe('Firefox unloads the background mid-call', () => {
  it('a read comes back by itself; a cut write says its outcome is unknown and is sent once', async () => {
    // Unlock state does not matter here: the lock is off again for these calls.
    expect(await ext.message('vault/remove-passphrase', { current: PASSPHRASE })).toEqual({
      ok: true,
      value: { state: 'off' },
    });
    const arrivals = countArrivals(ext.platform);
    ext.platform.faults.add({ server: 'api', path: '/v2/self', delayMs: 1500, times: 2 });
    await ext.openPage('src/devtools/panel.html#catalog');
    // Both calls through the pages' own send() (src/ui/send.ts: its retries and its errors), bundled into the page.
    const bundle = await bundleForBrowser(PAGE_SEND);
    await ext.evaluate(
      `${bundle};
      window.__khCalls = {};
      const call = (name, method) => globalThis.__khSend('request/send', {
        target: 'api', method, path: '/v2/self?n=' + name,
        ...(method === 'PUT' ? { body: { kind: 'json', text: '{"name":"cut"}' } } : {}),
      }).then((response) => { window.__khCalls[name] = { ok: true, status: response.status }; },
        (error) => { window.__khCalls[name] = { ok: false, code: error.code, message: error.message }; });
      call('read', 'GET'); call('write', 'PUT'); done(true);`,
    );
    // Both are at the server (held there) when Firefox unloads the background.
    await poll(
      async () => arrivals.size,
      (size) => size === 2,
    );
    await ext.stopBackground();
    const answers = await poll(
      () => ext.evaluate<Record<string, unknown>>('done(window.__khCalls);'),
      (calls) => Object.keys(calls).length === 2,
      30_000,
    );
    expect(answers.write).toMatchObject({
      ok: false,
      code: 'outcome-unknown',
      message: /may have been applied — check before retrying/,
    });
    expect(answers.read).toEqual({ ok: true, status: 200 });
    expect(arrivals.get('write')).toBe(1);
    const status = await ext.message<SessionStatus>('session/status');
    expect(status).toMatchObject({ ok: true, value: { state: 'signed-in' } });
  });
});

const logsPath = () =>
  `/v4/logs/organisations/${userApp(ext.platform).ownerId}/applications/${userApp(ext.platform).appId}/logs`;

/** The count the stream's status line shows ("1,234 lines"). */
async function receivedLines(): Promise<number> {
  return Number(((await textOf(ext, '.kh-stream-count')) ?? '').replace(/[^\d]/g, ''));
}

async function waitForLines(atLeast: number): Promise<number> {
  return poll(receivedLines, (count) => count >= atLeast, 30_000);
}

async function startStream(path: string): Promise<void> {
  await choose(ext, 'select[aria-label="Method"]', 'GET');
  await choose(ext, 'select[aria-label="Target"]', 'api');
  await type(ext, 'input[aria-label="Path"]', path);
  await click(ext, SEND);
  await poll(
    () => countOf(ext, '.kh-stream'),
    (count) => count > 0,
  );
}

/** Saves the received lines with the view's Save button; returns their sequence numbers (the sandbox's), in order. */
async function savedSequence(): Promise<number[]> {
  const before = new Set(await readdir(ext.downloadsDir));
  await click(ext, withText('button', 'Save'));
  // Firefox makes the file under its final name at once, empty, writes a .part beside it and renames that over it
  // at the end: the download is whole once no .part is left and the file is not empty.
  const name = await poll(
    async () => {
      const files = await readdir(ext.downloadsDir);
      const saved = files.find((file) => !before.has(file) && /^keyhole-logs-.*\.ndjson$/.test(file));
      const writing = files.some((file) => file.endsWith('.part'));
      return saved && !writing && (await stat(join(ext.downloadsDir, saved))).size > 0 ? saved : undefined;
    },
    (found) => found !== undefined,
  );
  if (!name) throw new Error('no saved log file in the downloads folder');
  const text = await readFile(join(ext.downloadsDir, name), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => Number(/^#(\d+) /.exec(JSON.parse(line).message)?.[1]));
}

describe('live log streams and the events socket in Firefox', () => {
  it('resumes after a dropped connection and after Firefox unloads the background, without gap or repeat', async () => {
    await fetch(`${ext.platform.api}/__sandbox/streams`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ linesPerSecond: 100 }),
    });
    await ext.openPage('src/devtools/panel.html#catalog');
    await setViewport(ext, 900, 500);
    // The first connection breaks after 150 lines (a sandbox fault); the background reconnects from the last line.
    ext.platform.faults.add({ path: logsPath(), dropAfterEvents: 150 });
    const since = new Date(ext.platform.clock.now() - 1000).toISOString();
    await startStream(`${logsPath()}?since=${since}`);
    expect(await waitForLines(300)).toBeGreaterThanOrEqual(300);
    expect(ext.platform.faults.list()).toEqual([]);

    await ext.stopBackground();
    const before = await receivedLines();
    expect(await waitForLines(before + 200)).toBeGreaterThanOrEqual(before + 200);
    expect(
      await poll(
        () => textOf(ext, '.kh-stream-state'),
        (text) => /^Live · OAuth/.test(text ?? ''),
      ),
    ).toMatch(/^Live · OAuth/);
    await saveFirefoxScreenshot(ext, 'firefox-live-log-stream');
    await click(ext, withText('button', 'Stop'));
    // Stop closes the stream at once: the count read with "Stopped" is final and is what Save writes.
    await poll(
      () => textOf(ext, '.kh-stream-state'),
      (text) => /^Stopped/.test(text ?? ''),
    );
    const shownAtStop = await receivedLines();

    const seqs = await savedSequence();
    const gaps = seqs.flatMap((seq, index) =>
      index > 0 && seq !== seqs[index - 1]! + 1 ? [[seqs[index - 1], seq]] : [],
    );
    expect(gaps).toEqual([]);
    expect(seqs.length).toBeGreaterThanOrEqual(500);
    expect(seqs.length).toBe(shownAtStop);
    expect(await receivedLines()).toBe(shownAtStop);
  });

  it('the events socket: a deployment event arrives after an app restart', async () => {
    await ext.openPage('src/devtools/panel.html#catalog');
    await startStream('/v2/events/event-socket');
    expect(
      await poll(
        () => textOf(ext, '.kh-stream-state'),
        (text) => /^Live/.test(text ?? ''),
      ),
    ).toMatch(/^Live/);
    const restart = await ext.message('request/send', restartAppRequest(ext.platform));
    expect(restart.ok).toBe(true);
    expect(
      await poll(
        () => textOf(ext, '.kh-stream-lines'),
        (text) => (text ?? '').includes('DEPLOYMENT_ACTION_BEGIN'),
      ),
    ).toContain('DEPLOYMENT_ACTION_BEGIN');
    await click(ext, withText('button', 'Stop'));
  });
});

describe('forgetting every secret', () => {
  it('from the locked settings page: the lock is off, the session signed out, the profile kept', async () => {
    expect(await ext.message('vault/set-passphrase', { next: PASSPHRASE, autoLockMinutes: 5 })).toMatchObject({
      ok: true,
      value: { state: 'unlocked', autoLockMinutes: 5 },
    });
    expect((await ext.message('vault/lock')).ok).toBe(true);
    await ext.openPage('src/options/index.html#passphrase-lock');
    expect(await pageText(/Locked: you locked Keyhole/)).toMatch(/Locked: you locked Keyhole/);
    await click(ext, `${LOCK_SECTION}//summary[normalize-space(.)="Forgot your passphrase?"]`);
    await click(ext, `${LOCK_SECTION}${withText('button', 'Forget all secrets and the lock…')}`);
    await click(ext, `${LOCK_SECTION}${withText('button', 'Forget every secret')}`);
    expect(await pageText(/Every secret is forgotten/)).toMatch(/Every secret is forgotten/);
    expect(await vaultStatus()).toEqual({ state: 'off' });
    expect(await ext.message('session/status')).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    const profiles = await ext.message<{ profiles: unknown[] }>('profiles/list');
    expect(profiles.ok && profiles.value.profiles.length).toBe(1);
  });
});
