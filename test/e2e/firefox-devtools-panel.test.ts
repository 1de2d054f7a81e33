/**
 * The DevTools panel's other views in Firefox ESR, and the panel inside Firefox's real DevTools, with one Firefox
 * for the file (signed in as in firefox-user-path.test.ts): an invoice PDF downloaded from the panel page, an API
 * token created, used and revoked; the SFTP kit's deployment through the API (plan, run to the push across a
 * reload and an unloaded background, clean-up back to the account as it was); a 20 MB JSON answer shown from its
 * first chunk, streamed on the body port; then DevTools opened on a sandbox page, where Firefox gives the panel no
 * downloads API and no runtime.openOptionsPage, and the panel still saves invoices and opens the settings; its
 * Capture view lists the inspected page's real calls to the API, and one replays signed with the user's session.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse, SessionStatus } from '../../src/core/protocol.ts';
import { type DevtoolsPanel, openDevtoolsPanel } from './support/firefox-devtools.ts';
import { noFirefox, useSignedInFirefox } from './support/firefox-file.ts';
import {
  click,
  currentWindow,
  fieldValue,
  labelled,
  poll,
  saveFirefoxScreenshot,
  saveWindowScreenshot,
  setViewport,
  textOf,
  type,
  withText,
} from './support/firefox-page.ts';
import type { SandboxedFirefox } from './support/firefox-sandbox.ts';
import { EXTENSION_ORIGIN } from './support/launch-firefox.ts';

let ext: SandboxedFirefox;
useSignedInFirefox((started) => {
  ext = started;
});

function organisation(name: string) {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === name);
  if (!found) throw new Error(`no organisation ${name}`);
  return found;
}

describe('invoices', () => {
  it('downloads an invoice PDF into the downloads folder under <organisation>-<number>.pdf', async () => {
    const engines = organisation('Analytical Engines Ltd');
    const invoice = ext.platform.state.invoices
      .filter((item) => item.ownerId === engines.id)
      .sort((a, b) => b.emission_date.localeCompare(a.emission_date))[0]!;
    await ext.openPage(`src/devtools/panel.html#invoices?org=${encodeURIComponent(engines.id)}`);
    await setViewport(ext, 1000, 700);
    const download = `button[aria-label="Download PDF of invoice ${invoice.invoice_number}"]`;
    await click(ext, download);
    const filename = `Analytical-Engines-Ltd-${invoice.invoice_number}.pdf`;
    expect(
      await poll(
        () => textOf(ext, withText('*', `Saved as ${filename}`)),
        (text) => text !== null,
      ),
    ).toBe(`Saved as ${filename}`);
    const path = join(ext.downloadsDir, filename);
    // Firefox writes to a .part file and renames it at the end, but it also puts an empty file under the final name
    // when the download starts (seen once under load: '' read): wait for the whole file.
    expect(await poll(async () => existsSync(path), Boolean)).toBe(true);
    const bytes = await poll(
      () => readFile(path),
      (read) => read.subarray(-6).toString('latin1').includes('%%EOF'),
    );
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(invoice.invoice_number);
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  });
});

describe('API tokens', () => {
  it('creates a token shown once, uses it for a bridge call, then revokes it', async () => {
    await ext.openPage('src/devtools/panel.html#tokens');
    await setViewport(ext, 1100, 800);
    await click(ext, withText('button', 'New token'));
    await type(ext, '#kt-create-name', 'firefox laptop');
    await type(ext, '#kt-create-password', ext.platform.user.password);
    await click(ext, '//label[normalize-space(.)="7 days"]/input');
    await click(ext, withText('button', 'Create token'));
    const value = await poll(
      () => ext.evaluate<string | null>(`done(document.getElementById('kt-new-token-value')?.value ?? null);`),
      (text) => !!text,
    );
    expect(value).toMatch(/^sbx_/);
    const record = () => [...ext.platform.state.apiTokens.values()].find((token) => token.name === 'firefox laptop');
    expect(record()?.revoked).toBe(false);
    await saveFirefoxScreenshot(ext, 'firefox-tokens-created-light');

    await click(ext, withText('button', 'Use for bridge calls'));
    await poll(
      () => textOf(ext, withText('*', 'Bridge calls now use the API token “firefox laptop”.')),
      (text) => text !== null,
    );
    const bridgeSelf = () =>
      ext.message<SendResponse>('request/send', {
        target: 'bridge',
        method: 'GET',
        path: '/v2/self',
        bridgeAuth: 'token',
      });
    const call = await bridgeSelf();
    expect(call.ok && call.value).toMatchObject({ status: 200, auth: 'bearer' });
    await click(ext, withText('button', 'Done, I copied it'));
    expect(await ext.evaluate<string>('done(document.documentElement.outerHTML);')).not.toContain(value);

    await click(ext, 'button[aria-label="Revoke firefox laptop"]');
    await click(ext, '//dialog//button[normalize-space(.)="Revoke token"]');
    expect(
      await poll(
        () => textOf(ext, withText('*', 'Token “firefox laptop” revoked.')),
        (text) => text !== null,
      ),
    ).not.toBeNull();
    expect(record()?.revoked).toBe(true);
    const after = await bridgeSelf();
    expect(after.ok).toBe(false);
  });
});

describe('the SFTP kit in Firefox', () => {
  const PROVISION = '//section[@id="provision"]';
  let owner: string;
  let before: ReturnType<typeof accountSnapshot>;
  let adminPassword: string;

  function accountSnapshot() {
    const state = ext.platform.state;
    return {
      apps: [...state.applications.values()].filter((app) => app.ownerId === owner).map((app) => app.view.id),
      addons: [...state.addons.values()].filter((addon) => addon.ownerId === owner).map((addon) => addon.view.id),
      redirs: [...state.tcpRedirs.values()].flat().length,
    };
  }
  const statusOf = (step: string) =>
    ext.evaluate<string | null>(
      `done(document.querySelector('[data-step="' + arguments[0] + '"]')?.getAttribute('data-status') ?? null);`,
      [step],
    );
  const until = <T>(read: () => Promise<T>, wanted: T, timeoutMs = 30_000) =>
    poll(read, (value) => value === wanted, timeoutMs);

  it('plans the deployment with every secret masked, and makes no call before Start', async () => {
    owner = [...ext.platform.state.organisations.values()].find((org) => org.personal)!.id;
    before = accountSnapshot();
    await ext.openPage('src/sftp-kit/index.html');
    await setViewport(ext, 1100, 900);
    await click(ext, `${PROVISION}${withText('button', 'Plan a deployment')}`);
    const org = labelled(PROVISION, 'Organisation', 'select');
    expect(
      await poll(
        () => fieldValue(ext, org),
        (value) => value === owner,
      ),
    ).toBe(owner);
    await type(ext, labelled(PROVISION, 'Application name'), 'sftp-firefox');
    await type(ext, labelled(PROVISION, 'Bucket'), 'files.firefox');
    await type(ext, labelled(PROVISION, 'First SFTP user'), 'alice');
    adminPassword = (await fieldValue(ext, labelled(PROVISION, 'Admin password'))) ?? '';
    expect(adminPassword).toMatch(/^[A-Za-z0-9]{12,}$/);
    await click(ext, `${PROVISION}${withText('button', 'Review the plan')}`);
    const plan = await poll(
      () => textOf(ext, `${PROVISION}//ol[@aria-label="Calls the kit will make"]`),
      (text) => text !== null,
    );
    expect(plan).toContain(`POST /v2/organisations/${owner}/applications`);
    expect(plan).toContain('"SFTPGO_DEFAULT_ADMIN_PASSWORD": "•••••••• (secret, not shown)"');
    expect(plan).not.toContain(adminPassword);
    expect(accountSnapshot()).toEqual(before);
  });

  it('provisions through the API until the push, across a reload and Firefox unloading the background', async () => {
    await click(ext, `${PROVISION}${withText('button', 'Start')}`);
    expect(await until(() => statusOf('deploy'), 'waiting', 60_000)).toBe('waiting');
    expect(await statusOf('app')).toBe('done');
    expect(await statusOf('tcp-redir')).toBe('done');
    const app = [...ext.platform.state.applications.values()].find((item) => item.view.name === 'sftp-firefox')!;
    expect(app.ownerId).toBe(owner);
    expect(await textOf(ext, `${PROVISION}//section[@aria-labelledby="sk-push-title"]`)).toContain(
      `git remote add clever git+ssh://git@push-par.sandbox.keyhole.test/${app.view.id}.git`,
    );
    await saveFirefoxScreenshot(ext, 'firefox-sftp-kit-provision-running', '#provision');

    // A reload: the run comes back, and the admin password is read back from the application.
    await ext.openPage('src/sftp-kit/index.html');
    expect(await until(() => statusOf('deploy'), 'waiting')).toBe('waiting');
    expect(
      await poll(
        () => fieldValue(ext, labelled(PROVISION, 'Admin password')),
        (v) => v === adminPassword,
      ),
    ).toBe(adminPassword);
    // Firefox unloads the background while the page polls; then the user pushes and the deployment ends.
    await ext.stopBackground();
    const pushed = await fetch(`${ext.platform.api}/__sandbox/git-push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appId: app.view.id }),
    });
    expect(pushed.status).toBe(201);
    expect(await until(() => statusOf('deploy'), 'done', 60_000)).toBe('done');
    // Next the page needs the storage and the SFTP server, which the browser must allow first.
    expect(
      await poll(
        () => textOf(ext, `${PROVISION}${withText('button', 'Allow and continue')}`),
        (text) => text !== null,
      ),
    ).toBe('Allow and continue');
    await saveFirefoxScreenshot(ext, 'firefox-sftp-kit-provision-needs-access', '#provision');
  }, 180_000);

  it('removes exactly what it created, and the account is as it was', async () => {
    await click(ext, `${PROVISION}${withText('button', 'Remove what the kit created')}`);
    const calls = await poll(
      () => textOf(ext, `${PROVISION}//*[contains(@class, "sk-cleanup")]//ul`),
      (text) => text !== null,
    );
    expect(calls).toContain(`DELETE /v2/organisations/${owner}/applications/`);
    await click(ext, `${PROVISION}${withText('button', 'Delete them now')}`);
    expect(
      await poll(
        () => textOf(ext, PROVISION),
        (text) => /Removed the \d+ resources this run created\./.test(text ?? ''),
        30_000,
      ),
    ).toMatch(/Removed the \d+ resources this run created\./);
    expect(accountSnapshot()).toEqual(before);
  }, 60_000);
});

describe('a 20 MB JSON response', () => {
  it('shows its first screen while it is still arriving (streamed on the body port), then the whole tree', async () => {
    const path = '/v2/organisations/orga_huge/applications';
    await ext.openPage('src/devtools/panel.html#catalog');
    await setViewport(ext, 1400, 900);
    await type(ext, 'input[aria-label="Path"]', path);
    ext.platform.faults.add({ server: 'api', path, hugeJsonBytes: 20 * 1024 * 1024, times: 1 });
    // What the page showed first, caught by an observer in the page whatever Marionette's polling sees.
    await ext.evaluate(`
      window.__khFirst = undefined;
      const observer = new MutationObserver(() => {
        const tree = document.querySelector('[role="tree"][aria-label="Response body as a tree, still arriving"]');
        const rows = tree ? [...tree.querySelectorAll('[role="treeitem"]')].map((row) => row.textContent) : [];
        if (rows.length < 2) return;
        observer.disconnect();
        window.__khFirst = { receiving: document.querySelector('.kh-receiving')?.textContent, rows: rows.slice(0, 3) };
      });
      observer.observe(document.body, { subtree: true, childList: true });
      document.querySelector('.kh-request-line button[type="submit"]').click();
      done(true);`);
    const first = await poll(
      () => ext.evaluate<{ receiving: string; rows: string[] } | null>('done(window.__khFirst ?? null);'),
      (value) => value !== null,
      60_000,
    );
    expect(first?.receiving).toMatch(/^Receiving… [\d.]+ (KB|MB)/);
    expect(first?.rows[1]).toMatch(/^▸0: \{id: "app_00000000/);
    // Then the whole body: the real size, and a row for every application.
    const summary = await poll(
      () => textOf(ext, '.kh-tree-summary'),
      (text) => Number(text?.replace(/\D/g, '')) > 20_000,
      120_000,
    );
    expect(Number(summary?.replace(/\D/g, ''))).toBeGreaterThan(20_000);
    expect(await textOf(ext, '.kh-status-line')).toMatch(/20(\.\d)? MB/);
    expect(await textOf(ext, '.kh-receiving')).toBeNull();
  });
});

describe('the panel inside Firefox’s real DevTools', () => {
  let panel: DevtoolsPanel;

  beforeAll(async () => {
    if (noFirefox) return;
    // DevTools on a web page of the sandbox, as a developer inspecting the console would have it.
    await ext.command('WebDriver:Navigate', { url: `${ext.platform.api}/v2/oauth/authorize` });
    await setViewport(ext, 1400, 1000);
    panel = await openDevtoolsPanel(ext);
  });

  it('is a Keyhole tab that runs signed in, without the downloads API Firefox keeps from DevTools panels', async () => {
    expect(panel.toolId).toContain('keyhole');
    expect(panel.apis).toMatchObject({ devtools: 'object', sendMessage: 'function', downloads: 'undefined' });
    expect(
      await poll(
        () => panel.text('body'),
        (text) => !!text?.includes('This session holds'),
      ),
    ).toMatch(/Capture[\s\S]*This session holds 11 rights/);
    await saveWindowScreenshot(ext, 'firefox-devtools-panel');
  });

  it('saves an invoice PDF there all the same, through a download link', async () => {
    const works = organisation('Difference Works');
    const invoice = ext.platform.state.invoices
      .filter((item) => item.ownerId === works.id)
      .sort((a, b) => b.emission_date.localeCompare(a.emission_date))[0]!;
    await panel.goTo(`#invoices?org=${encodeURIComponent(works.id)}`);
    const download = `button[aria-label="Download PDF of invoice ${invoice.invoice_number}"]`;
    await poll(
      () => panel.text(download),
      (text) => text === 'Download PDF',
    );
    await panel.click(download);
    const path = join(ext.downloadsDir, `Difference-Works-${invoice.invoice_number}.pdf`);
    expect(await poll(async () => existsSync(path), Boolean)).toBe(true);
    const bytes = await poll(
      () => readFile(path),
      (read) => read.subarray(-6).toString('latin1').includes('%%EOF'),
    );
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('captures the inspected page’s real calls to the API, and replays one signed with the user’s session', async () => {
    await panel.goTo('#capture');
    // Listening first: Firefox's getHAR holds nothing unless its Network panel was opened, so the view lists only the
    // calls made while it listens.
    await poll(
      () => panel.text('.kh-side-count'),
      (text) => !!text?.includes('captured'),
    );
    // The inspected page calls the API as the platform's console would, with its own (here: worthless) signature.
    await ext.evaluate(
      `fetch('/v2/summary?from=console', { headers: { Authorization: 'OAuth oauth_consumer_key="console"' } })
        .then((response) => done(response.status), (error) => done(String(error)));`,
    );
    const list = await poll(
      () => panel.text('.kh-capture-list'),
      (text) => !!text?.includes('/v2/summary'),
    );
    // Refused as sent by the page (400: no valid signature); replayed, Keyhole signs it with the user's session.
    expect(list).toMatch(/GET[\s\S]*400[\s\S]*\/v2\/summary[\s\S]*\?from=console/);
    await panel.click('.kh-capture-list button');
    await panel.click('.kh-request-line button[type="submit"]');
    expect(
      await poll(
        () => panel.text('.kh-status-line .kh-status'),
        (text) => text !== null,
        30_000,
      ),
    ).toMatch(/^200/);
  });

  it('opens the settings in a tab from "Open options", which Firefox does not give DevTools panels either', async () => {
    // Signed out from another tab (an extension page: the inspected web page has no extension APIs).
    const inspected = await currentWindow(ext);
    const other = await ext.command<{ handle: string }>('WebDriver:NewWindow', { type: 'tab' });
    await ext.command('WebDriver:SwitchToWindow', { handle: other.handle });
    await ext.openPage('src/options/index.html');
    const out = await ext.message<SessionStatus>('session/sign-out');
    expect(out.ok).toBe(true);
    await ext.command('WebDriver:CloseWindow');
    await ext.command('WebDriver:SwitchToWindow', { handle: inspected });
    // The panel follows a sign-out made elsewhere without a reload (it watches the worker's records in storage).
    await panel.goTo('#catalog');
    const banner = await poll(
      () => panel.text('.kh-session-banner'),
      (text) => !!text?.includes('You are signed out'),
    );
    expect(banner).toContain('Open options');
    await panel.click('.kh-session-banner .kh-open-options');
    const tabs = await poll(
      () =>
        ext.evaluateInBrowser<string[]>('done([...gBrowser.tabs].map((tab) => tab.linkedBrowser.currentURI.spec));'),
      (urls) => urls.includes(`${EXTENSION_ORIGIN}/src/options/index.html`),
    );
    expect(tabs).toContain(`${EXTENSION_ORIGIN}/src/options/index.html`);
  });
});
