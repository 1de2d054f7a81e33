/**
 * An integrator copies the composed request as code beside curl: HTTPie, JavaScript fetch, Node with the official
 * client and Python with requests-oauthlib. Each snippet is read from the panel's Code dialog and run for real
 * against the sandbox (HTTPie and Python when their Debian packages are installed: skipped with the reason
 * otherwise), with the credentials only in environment variables. The dialog is checked at the sizes DevTools is
 * used at (1280×800, 900×500, 1400×380): inside the viewport, axe clean, screenshots in light and dark.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../scripts/system-packages.ts';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../platform/resources-test-only.ts';
import { printedResponse, type RunnableLanguage, runSnippet } from '../platform/support/run-snippet.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, openPanel } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];
let variables: Record<string, string>;

const LABELS: Record<RunnableLanguage, string> = {
  curl: 'curl',
  httpie: 'HTTPie',
  fetch: 'JavaScript fetch',
  node: 'Node (@clevercloud/client)',
  python: 'Python (requests-oauthlib)',
};

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { devtools: true, width: 1280, height: 800 });
  const session = [...ext.platform.state.accessTokens.values()].find(
    (token) => token.consumerKey === ext.platform.consumerKey && !token.revoked,
  );
  if (!session) throw new Error('no access token issued');
  variables = {
    CLEVER_CONSUMER_KEY: ext.platform.consumerKey,
    CLEVER_CONSUMER_SECRET: ext.platform.consumerSecret,
    CLEVER_TOKEN: session.token,
    CLEVER_TOKEN_SECRET: session.secret,
    CLEVER_API_TOKEN: ext.platform.apiToken,
  };
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

type Credentials = 'api-token' | 'oauth';

/**
 * Opens Code…, picks the language and the credentials (an API token by default, then the last choice), and returns the snippet and
 * the dialog's text.
 */
async function codeFor(
  target: Page,
  language: RunnableLanguage,
  credentials: Credentials,
): Promise<{ code: string; hint: string }> {
  await target.getByRole('button', { name: 'Code…' }).click();
  const first = target.getByRole('dialog', { name: 'Copy as HTTPie' });
  await first.getByRole('combobox', { name: 'Language' }).selectOption(language);
  const dialog = target.getByRole('dialog', { name: `Copy as ${LABELS[language]}` });
  // Chosen every time: the dialog remembers the last choice.
  await dialog.getByRole('combobox', { name: 'Credentials' }).selectOption(credentials);
  const textbox = dialog.getByRole('textbox', { name: language === 'curl' ? 'Command' : 'Code' });
  await expect.poll(() => textbox.inputValue()).not.toBe('Building…');
  const code = await textbox.inputValue();
  const hint = await dialog.innerText();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  return { code, hint };
}

async function runFromPanel(
  language: RunnableLanguage,
  credentials: Credentials,
  values: Record<string, string> = variables,
) {
  const { code, hint } = await codeFor(page, language, credentials);
  for (const secret of [values.CLEVER_CONSUMER_SECRET, values.CLEVER_TOKEN_SECRET, values.CLEVER_API_TOKEN])
    expect(code).not.toContain(secret);
  const named = Object.keys(values).filter((name) => hint.includes(`$${name}`));
  expect(named.length).toBeGreaterThan(0);
  // Only the variables the hint names are exported: the snippet must need no other.
  const result = await runSnippet(language, code, Object.fromEntries(named.map((name) => [name, values[name] ?? ''])));
  return { code, hint, result };
}

const noHttpie = missingReason('httpie', existsSync);
const noPython = missingReason('requestsOauthlib', existsSync);

describe('code from the panel, run against the sandbox', () => {
  it('by default: an API token made in the Tokens view, through the bridge, in curl and fetch', async () => {
    // What a new user does: create a token in the Tokens view (its value shown once) and export it.
    const tokens = await ext.openPage('src/devtools/panel.html#tokens', {
      errors: pageErrors,
      viewport: { width: 1100, height: 800 },
    });
    await tokens.getByRole('button', { name: 'New token' }).click();
    await tokens.getByLabel('Name', { exact: true }).fill('snippets');
    await tokens.getByLabel('Account password').fill(ext.platform.user.password);
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await tokens.getByText('Copy it now: you won’t see it again.').waitFor();
    const made = await tokens.getByLabel('Token value').inputValue();
    expect(made).not.toBe(ext.platform.apiToken);
    await tokens.getByRole('button', { name: 'Done, I copied it' }).click();
    await tokens.close();
    const withMade = { ...variables, CLEVER_API_TOKEN: made };

    await compose(page, 'GET', '/v2/self');
    const curl = await runFromPanel('curl', 'api-token', withMade);
    expect(curl.code).toContain(`'${ext.platform.bridge}/v2/self'`);
    expect(curl.code).toContain('"Authorization: Bearer $CLEVER_API_TOKEN"');
    expect(curl.code).not.toContain('CLEVER_TOKEN');
    expect(curl.hint).toMatch(
      /\$CLEVER_API_TOKEN \(an API token: in Keyhole’s DevTools panel open Tokens → Create token/,
    );
    // --fail-with-body: exit 0 only on a 2xx.
    expect(curl.result.exitCode, curl.result.stderr).toBe(0);
    expect(JSON.parse(curl.result.stdout)).toMatchObject({ email: ext.platform.user.email });

    await compose(page, 'PUT', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"name":"Ada via a token from the Tokens view"}');
    const fetched = await runFromPanel('fetch', 'api-token', withMade);
    const printed = printedResponse(fetched.result.stdout);
    expect(printed.status, fetched.result.stderr).toBe(200);
    expect(JSON.parse(printed.body)).toMatchObject({ name: 'Ada via a token from the Tokens view' });
    // Read back from the platform: the token's user was renamed.
    const user = [...ext.platform.state.users.values()].find((each) => each.email === ext.platform.user.email);
    expect(user?.name).toBe('Ada via a token from the Tokens view');
    await page.getByRole('radio', { name: 'None' }).check();
    await composerTab(page, 'Query').click();
  });

  it.skipIf(noHttpie)('HTTPie: a GET with a query (PLAINTEXT from the shell, as the hint says)', async () => {
    await compose(page, 'GET', '/v2/self');
    await page.getByRole('textbox', { name: 'Name of new query parameters row' }).fill('note');
    await page.getByRole('textbox', { name: 'Value of query parameters row 1' }).fill("it's a b&c");
    const { hint, result } = await runFromPanel('httpie', 'oauth');
    expect(hint).toMatch(/no HMAC signer/);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ email: ext.platform.user.email });
    await page.getByRole('button', { name: 'Remove query parameters row 1' }).click();
  });

  it('JavaScript fetch: through the bridge with $CLEVER_API_TOKEN', async () => {
    await compose(page, 'GET', '/v2/self');
    const { code, result } = await runFromPanel('fetch', 'api-token');
    expect(code).toContain(`${ext.platform.bridge}/v2/self`);
    const printed = printedResponse(result.stdout);
    expect(printed.status, result.stderr).toBe(200);
    expect(JSON.parse(printed.body)).toMatchObject({ email: ext.platform.user.email });
  });

  it('Node with @clevercloud/client: a JSON PUT', async () => {
    await compose(page, 'PUT', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByRole('textbox', { name: 'JSON body' }).fill('{"name":"Ada via the Node client"}');
    const { result } = await runFromPanel('node', 'oauth');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'Ada via the Node client' });
  });

  it.skipIf(noPython)('Python: a form POST signed with the profile’s HMAC-SHA512, fields included', async () => {
    await compose(page, 'POST', TEST_ONLY_SIGNED_FORM_PATH);
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'Form (urlencoded)' }).check();
    await page.getByRole('textbox', { name: 'Name of new form fields row' }).fill('name');
    await page.getByRole('textbox', { name: 'Value of form fields row 1' }).fill('FROM_PYTHON');
    const { code, result } = await runFromPanel('python', 'oauth');
    expect(code).toContain('signature_method="HMAC-SHA512"');
    expect(printedResponse(result.stdout).status, result.stdout + result.stderr).toBe(200);
    expect(ext.platform.state.signedForms.at(-1)?.fields).toEqual([['name', 'FROM_PYTHON']]);
    await page.getByRole('radio', { name: 'None' }).check();
    await composerTab(page, 'Query').click();
  });

  it('a body no shell can carry: HTTPie says why instead of a command, Python still writes it', async () => {
    await compose(page, 'POST', '/v2/self');
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'Text' }).check();
    await page.getByRole('textbox', { name: 'Text body' }).fill('a\u0000b');
    await page.getByRole('button', { name: 'Code…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy as HTTPie' });
    await expect.poll(() => dialog.getByRole('alert').innerText()).toMatch(/The body contains a NUL byte/);
    expect(await dialog.getByRole('textbox', { name: 'Code' }).inputValue()).toBe('');
    await saveScreenshot(page, 'devtools-code-refused-nul');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('python');
    const python = page.getByRole('dialog', { name: 'Copy as Python (requests-oauthlib)' });
    await expect.poll(() => python.getByRole('textbox', { name: 'Code' }).inputValue()).toContain('"a\\u0000b"');
    await python.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByRole('radio', { name: 'None' }).check();
    await composerTab(page, 'Query').click();
  });
});

describe('the Code dialog at the sizes DevTools is docked at', () => {
  for (const [width, height] of [
    [1280, 800],
    [900, 500],
    [1400, 380],
  ] as const) {
    it(`fits ${width}×${height}, keyboard-usable and axe clean, light and dark`, async () => {
      const sized = await openPanel(ext, pageErrors, { devtools: true, width, height });
      // A new DevTools window starts from the last draft edited anywhere (the form POST above): a new request tab.
      await sized.getByRole('button', { name: 'New tab' }).click();
      await compose(sized, 'GET', '/v2/summary');
      await sized.getByRole('button', { name: 'Code…' }).click();
      const dialog = sized.getByRole('dialog', { name: 'Copy as HTTPie' });
      // The dialog's name follows the language, so the list is found in whichever dialog is open.
      const language = sized.getByRole('dialog').getByRole('combobox', { name: 'Language' });
      await dialog.waitFor();
      // Keyboard: the language list is reachable and changes the snippet.
      await language.focus();
      await sized.keyboard.press('ArrowDown');
      await expect.poll(() => sized.getByRole('dialog', { name: 'Copy as JavaScript fetch' }).count()).toBe(1);
      await language.selectOption('python');
      const python = sized.getByRole('dialog', { name: 'Copy as Python (requests-oauthlib)' });
      // The API token (the default; the tests above chose OAuth last, which the dialog remembers).
      await python.getByRole('combobox', { name: 'Credentials' }).selectOption('api-token');
      await expect
        .poll(() => python.getByRole('textbox', { name: 'Code' }).inputValue())
        .toContain('"Bearer " + os.environ["CLEVER_API_TOKEN"]');
      const box = await python.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      for (const control of [python.getByRole('button', { name: 'Copy', exact: true }), language]) {
        await control.scrollIntoViewIfNeeded();
        expect(await control.isVisible()).toBe(true);
      }
      expect(await seriousAxeViolations(sized)).toEqual([]);
      await saveScreenshot(sized, `devtools-code-${width}x${height}-light`);
      await sized.evaluate(() => {
        document.documentElement.dataset.theme = 'dark';
      });
      expect(await seriousAxeViolations(sized)).toEqual([]);
      await saveScreenshot(sized, `devtools-code-${width}x${height}-dark`);
      await sized.close();
    });
  }
});
