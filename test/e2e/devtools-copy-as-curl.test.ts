/**
 * An integrator copies the composed request as a command. "Copy as curl" is signed afresh by the worker with the
 * Authorization header masked until Reveal; the revealed command runs with the system's curl against the sandbox
 * (which checks signature, timestamp and nonce), for a GET with a query and a form POST. "clever curl" holds no
 * credential. Pasting the revealed command back with "Import curl" drops the header and says so.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../platform/resources-test-only.ts';
import { compose, composerTab, openPanel } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';

const run = promisify(execFile);

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function revealedCommand(): Promise<string> {
  await page.getByRole('button', { name: 'Copy as curl…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy as curl' });
  const command = dialog.getByRole('textbox', { name: 'Command' });
  await expect.poll(() => command.inputValue()).toMatch(/^curl /);
  const masked = await command.inputValue();
  expect(masked).toContain('Authorization: OAuth');
  expect(masked).toContain('oauth_signature="•••"');
  await dialog.getByRole('button', { name: 'Reveal Authorization' }).click();
  await expect.poll(() => command.inputValue()).not.toContain('•••');
  const revealed = await command.inputValue();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => dialog.getByRole('status').first().textContent()).toMatch(/Copied|refused/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  return revealed;
}

/** Runs a command line with bash, the way a user pastes it into a terminal (loopback only). */
async function runInShell(command: string): Promise<{ status: number; body: string }> {
  const { stdout } = await run('bash', ['-c', `${command} -w '\\n%{http_code}'`], { timeout: 20_000 });
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

  it('gives a clever curl command without any credential', async () => {
    await compose(page, 'GET', '/v4/products/zones');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'None' }).check();
    await page.getByRole('button', { name: 'clever curl…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy as clever curl' });
    const command = dialog.getByRole('textbox', { name: 'Command' });
    await expect.poll(() => command.inputValue()).toBe(`clever curl -X GET '${ext.platform.api}/v4/products/zones'`);
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
});
