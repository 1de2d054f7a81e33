/**
 * An integrator copies the composed request as a command. By default "Copy as curl" reads an API token from
 * `$CLEVER_API_TOKEN` and calls the bridge (devtools-code-export.test.ts runs that); with OAuth 1.0a chosen, it is
 * signed afresh by the worker with the Authorization header masked until Reveal; the revealed command runs with the system's curl against the sandbox
 * (which checks signature, timestamp and nonce), for a GET with a query and a form POST. "clever curl" holds no
 * credential. Pasting the revealed command back with "Import curl" drops the header and says so.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missingReason } from '../../scripts/system-packages.ts';
import { percentEncode } from '../platform/oauth/encoding.ts';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../platform/resources-test-only.ts';
import { compose, composerTab, openPanel } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, signInOrFail, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const run = promisify(execFile);
/** Without the system curl the copied commands cannot be run: each test here is skipped with this reason. */
const noCurl = missingReason('curl', existsSync);

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeEach(({ skip }) => skip(noCurl !== undefined, noCurl));

beforeAll(async () => {
  if (noCurl) return;
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

/** Opens Copy as curl with OAuth 1.0a chosen (an API token is the default). */
async function curlWithOAuth() {
  await page.getByRole('button', { name: 'Copy as curl…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy as curl' });
  await dialog.getByRole('combobox', { name: 'Credentials' }).selectOption('oauth');
  return dialog;
}

async function revealedCommand(): Promise<string> {
  const dialog = await curlWithOAuth();
  const command = dialog.getByRole('textbox', { name: 'Command' });
  await expect.poll(() => command.inputValue()).toMatch(/^curl /);
  const masked = await command.inputValue();
  expect(masked).toContain('Authorization: OAuth');
  expect(masked).toContain('oauth_signature="•••"');
  await dialog.getByRole('button', { name: 'Reveal Authorization' }).click();
  // The box says "Building…" while the worker signs: wait for the signed command itself, not just for the mask to go.
  await expect
    .poll(async () => {
      const value = await command.inputValue();
      return value.startsWith('curl ') && !value.includes('•••');
    })
    .toBe(true);
  const revealed = await command.inputValue();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => dialog.getByRole('status').first().textContent()).toMatch(/Copied|refused/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  return revealed;
}

/** Runs a command line with bash, the way a user pastes it into a terminal (loopback only). */
async function runInShell(
  command: string,
  env: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { stdout } = await run('bash', ['-c', `${command} -w '\\n%{http_code}'`], {
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

describe('copy as curl', () => {
  it('gives a GET with a query that the system curl runs successfully', async () => {
    await compose(page, 'GET', '/v2/self');
    await page.getByRole('textbox', { name: 'Name of new query parameters row' }).fill('note');
    await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).fill("it's a b&c");
    const command = await revealedCommand();
    expect(command).toContain(`${ext.platform.api}/v2/self?note=it%27s%20a%20b%26c`);
    const { status, body } = await runInShell(command);
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ email: ext.platform.user.email });
    // Single use: the same nonce a second time is refused by the platform.
    expect((await runInShell(command)).status).toBe(401);
  });

  it('gives a form POST whose signed body the system curl sends unchanged', async () => {
    // The sandbox's test-only route (the platform has no form-encoded resource write) verifies the signature over
    // the form fields and records them.
    await compose(page, 'POST', TEST_ONLY_SIGNED_FORM_PATH);
    await page
      .getByRole('form', { name: 'Request composer' })
      .getByRole('tab', { name: /^Query/ })
      .click();
    await page.getByRole('button', { name: 'Remove query parameters row 1' }).click();
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'Form (urlencoded)' }).check();
    await page.getByRole('textbox', { name: 'Name of new form fields row' }).fill('name');
    await page.getByRole('textbox', { name: 'Value of form fields row 1' }).fill('FROM_CURL');
    await page.getByRole('textbox', { name: 'Name of new form fields row' }).fill('value');
    await page.getByRole('textbox', { name: 'Value of form fields row 2' }).fill('x y+z');
    const command = await revealedCommand();
    const { status } = await runInShell(command);
    expect(status).toBe(200);
    expect(ext.platform.state.signedForms.at(-1)?.fields).toEqual([
      ['name', 'FROM_CURL'],
      ['value', 'x y+z'],
    ]);
  });

  it('reveals an HMAC signature only with a hint that it is single-use, and it runs exactly once', async () => {
    await compose(page, 'GET', '/v2/summary');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'None' }).check();
    const dialog = await curlWithOAuth();
    await expect.poll(() => dialog.innerText()).toMatch(/masked.*works once, within a few minutes/s);
    await dialog.getByRole('button', { name: 'Reveal Authorization' }).click();
    await expect.poll(() => dialog.innerText()).toMatch(/works for one run within a few minutes/);
    const command = await dialog.getByRole('textbox', { name: 'Command' }).inputValue();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(command).toMatch(/oauth_signature_method="HMAC-SHA512", oauth_signature="[^•"]+"/);
    expect((await runInShell(command)).status).toBe(200);
    const replay = await runInShell(command);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatch(/nonce/i);
  });

  it('never puts PLAINTEXT secrets in the command: it reads them from shell variables, and runs with them', async () => {
    await compose(page, 'PUT', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"name":"Ada via PLAINTEXT curl"}');
    await composerTab(page, 'Signing').click();
    await page.getByRole('combobox', { name: 'OAuth signature method' }).selectOption('PLAINTEXT');
    const dialog = await curlWithOAuth();
    const textbox = dialog.getByRole('textbox', { name: 'Command' });
    await expect.poll(() => textbox.inputValue()).toMatch(/^curl /);
    const command = await textbox.inputValue();
    const hint = await dialog.innerText();
    // Nothing to reveal: the command is complete as shown, and says where the credentials come from.
    expect(await dialog.getByRole('button', { name: 'Reveal Authorization' }).count()).toBe(0);
    expect(hint).toMatch(/\$CLEVER_CONSUMER_SECRET.*\$CLEVER_TOKEN.*\$CLEVER_TOKEN_SECRET/s);
    expect(hint).not.toMatch(/reveal it/i);
    await saveScreenshot(dialog, 'devtools-curl-plaintext-light');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await saveScreenshot(dialog, 'devtools-curl-plaintext-dark');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    const session = [...ext.platform.state.accessTokens.values()].find(
      (token) => token.consumerKey === ext.platform.consumerKey && !token.revoked,
    );
    if (!session) throw new Error('no access token issued');
    for (const secret of [ext.platform.consumerSecret, session.secret, session.token])
      expect(command).not.toContain(secret);
    expect(command).toContain('oauth_signature=\\"$CLEVER_CONSUMER_SECRET%26$CLEVER_TOKEN_SECRET\\"');

    // With the variables exported (letters, digits, -._~: used as they are) it runs, once, as the hint says.
    const variables = {
      CLEVER_CONSUMER_SECRET: ext.platform.consumerSecret,
      CLEVER_TOKEN: session.token,
      CLEVER_TOKEN_SECRET: session.secret,
    };
    const withVariables = await runInShell(command, variables);
    expect(withVariables.status).toBe(200);
    expect(JSON.parse(withVariables.body)).toMatchObject({ name: 'Ada via PLAINTEXT curl' });
    expect((await runInShell(command, variables)).status).toBe(401);
    // Without them it is refused: the command holds nothing that works on its own.
    expect(
      (await runInShell(command.replace(/oauth_nonce="[^"]*"/, 'oauth_nonce="third"'))).status,
    ).toBeGreaterThanOrEqual(400);
    await page.getByRole('combobox', { name: 'OAuth signature method' }).selectOption('');
    // Leave the Signing tab: its "OAuth signature method" select would also match compose()'s "Method".
    await composerTab(page, 'Query').click();
  });

  it('never puts an API token in a bridge command: it reads $CLEVER_API_TOKEN', async () => {
    const apiToken = [...ext.platform.state.apiTokens.values()][0];
    if (!apiToken) throw new Error('no seeded API token');
    const chosen = await ext.message('tokens/use-for-bridge', {
      apiTokenId: apiToken.apiTokenId,
      value: ext.platform.apiToken,
      name: 'e2e',
    });
    expect(chosen.ok).toBe(true);
    try {
      await compose(page, 'GET', '/v2/self', 'bridge');
      await composerTab(page, 'Body').click();
      await page.getByRole('radio', { name: 'None' }).check();
      await page.getByRole('button', { name: 'Copy as curl…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy as curl' });
      const textbox = dialog.getByRole('textbox', { name: 'Command' });
      // The dialog remembers the OAuth choice the tests above made. Until it has read it, it shows no choice
      // (under load that read can come after the first look), never the default as if chosen.
      const credentials = dialog.getByRole('combobox', { name: 'Credentials' });
      expect(['', 'oauth']).toContain(await credentials.inputValue());
      await expect.poll(() => credentials.inputValue()).toBe('oauth');
      await dialog.getByRole('combobox', { name: 'Credentials' }).selectOption('api-token');
      // An API token: built in the page, opening with where the token comes from.
      await expect.poll(() => textbox.inputValue()).toMatch(/^curl /m);
      const command = await textbox.inputValue();
      expect(command).toMatch(/^# CLEVER_API_TOKEN: an API token: in Keyhole’s DevTools panel open Tokens/);
      expect(await dialog.innerText()).toMatch(/\$CLEVER_API_TOKEN/);
      expect(await dialog.getByRole('button', { name: 'Reveal Authorization' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      expect(command).not.toContain(ext.platform.apiToken);
      expect(command).toContain(`-H "Authorization: Bearer $CLEVER_API_TOKEN"`);
      // Even a page asking the worker directly for the revealed command gets the variable, never the value.
      const asked = await ext.message<{ command: string }>('request/curl', {
        request: { target: 'bridge', method: 'GET', path: '/v2/self' },
        reveal: true,
      });
      expect(asked.ok && asked.value.command).toContain('$CLEVER_API_TOKEN');
      expect(JSON.stringify(asked)).not.toContain(ext.platform.apiToken);
      const { status, body } = await runInShell(command, { CLEVER_API_TOKEN: ext.platform.apiToken });
      expect(status).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ email: ext.platform.user.email });
    } finally {
      await ext.message('tokens/stop-using-for-bridge');
    }
  });

  it('gives a clever curl command without any credential', async () => {
    await compose(page, 'GET', '/v4/products/zones');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'None' }).check();
    await page.getByRole('button', { name: 'clever curl…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy as clever curl' });
    const command = dialog.getByRole('textbox', { name: 'Command' });
    await expect
      .poll(() => command.inputValue())
      .toBe(
        `clever curl -q --globoff -X GET \\\n  -H 'Accept: application/json, */*' \\\n  '${ext.platform.api}/v4/products/zones'`,
      );
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  it('imports a pasted command, dropping its Authorization header with a notice', async () => {
    await compose(page, 'GET', '/v2/self');
    const command = await revealedCommand();
    await page.getByRole('button', { name: 'Import curl…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a curl command' });
    await dialog.getByRole('textbox', { name: 'curl command' }).fill(command);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('.kh-notices').textContent()).toMatch(/Dropped the Authorization header/);
    expect(await page.getByRole('textbox', { name: 'Path' }).inputValue()).toBe('/v2/self');
    expect(await page.getByRole('combobox', { name: 'Target' }).inputValue()).toBe('api');
    const stored = await page.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).not.toMatch(/oauth_signature="[^•]/);
  });

  it('PLAINTEXT: a secret with other characters goes in percent-encoded twice, as the hint says', async () => {
    // Checked by the sandbox's own PLAINTEXT verification (and its own encoder), not by Keyhole's code.
    const consumer = ext.platform.state.consumers.get(ext.platform.consumerKey);
    if (!consumer) throw new Error('no sandbox consumer');
    consumer.secret = 'odd secret/with&and%=é';
    const saved = await ext.message('profiles/save', { ...ext.profile, consumerSecret: consumer.secret });
    expect(saved.ok).toBe(true);
    await signInOrFail(ext);
    const reply = await ext.message<{ command: string }>('request/curl', {
      request: { target: 'api', method: 'GET', path: '/v2/self', signatureMethod: 'PLAINTEXT' },
      reveal: true,
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const session = [...ext.platform.state.accessTokens.values()].at(-1);
    if (!session) throw new Error('no access token issued');
    expect(reply.value.command).not.toContain(percentEncode(consumer.secret));
    expect(reply.value.command).toContain('$CLEVER_CONSUMER_SECRET');
    const { status, body } = await runInShell(reply.value.command, {
      CLEVER_CONSUMER_SECRET: percentEncode(percentEncode(consumer.secret)),
      CLEVER_TOKEN: percentEncode(session.token),
      CLEVER_TOKEN_SECRET: percentEncode(percentEncode(session.secret)),
    });
    expect(status, body).toBe(200);
  });
});
