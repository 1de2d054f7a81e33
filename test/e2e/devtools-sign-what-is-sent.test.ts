/**
 * What is signed is what is sent (issue 14, item 8): form fields take part in the OAuth signature if and only if the
 * Content-Type actually sent is application/x-www-form-urlencoded (RFC 5849 §3.4.1.3.1), whichever body editor
 * produced them. The sandbox verifies every signature with its own code (it imports nothing from src/), so it is the
 * independent judge; the Signature tab shows the base string that was signed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../platform/resources-test-only.ts';
import { compose, composerTab, openPanel, responseTab, sendAndWait } from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

/** The sandbox's test-only route verifies the signature over the form fields it counts, and records them. */
async function composeSignedFormPost(): Promise<void> {
  await compose(page, 'POST', TEST_ONLY_SIGNED_FORM_PATH);
}

const recordedFields = () => ext.platform.state.signedForms.map((form) => form.fields);

async function responseBody(): Promise<string> {
  await responseTab(page, 'Body').click();
  return page.getByRole('region', { name: 'Response' }).innerText();
}

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('signing follows the Content-Type that is sent', () => {
  it('a Text body sent as application/x-www-form-urlencoded: its fields are signed and the sandbox accepts it', async () => {
    await composeSignedFormPost();
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'Text' }).check();
    await page.getByRole('textbox', { name: 'Content-Type' }).fill('application/x-www-form-urlencoded');
    await page.getByRole('textbox', { name: 'Text body' }).fill('name=FROM_TEXT&value=a+b%26c');
    await expect.poll(() => page.getByText('so OAuth signs its fields too').isVisible()).toBe(true);
    expect(await sendAndWait(page)).toBe('200');
    expect(recordedFields().at(-1)).toEqual([
      ['name', 'FROM_TEXT'],
      ['value', 'a b&c'],
    ]);
    await responseTab(page, 'Signature').click();
    await expect
      .poll(() => page.getByRole('table', { name: /Signed parameters/ }).innerText())
      .toMatch(/value\s+a%20b%26c\s+form/);
    expect(await page.getByTestId('base-string').innerText()).toContain('name%3DFROM_TEXT');
  });

  it('a Form body sent with Content-Type: text/plain from the Headers table: its fields are not signed', async () => {
    await composeSignedFormPost();
    await composerTab(page, 'Body').click();
    await page.getByRole('radio', { name: 'Form (urlencoded)' }).check();
    await page.getByRole('textbox', { name: 'Name of new form fields row' }).fill('name');
    await page.getByRole('textbox', { name: 'Value of form fields row 1' }).fill('FROM_FORM');
    await composerTab(page, 'Headers').click();
    await page.getByRole('combobox', { name: 'Name of new headers row' }).fill('Content-Type');
    await page.getByRole('textbox', { name: 'Value of headers row 1' }).fill('text/plain');
    await composerTab(page, 'Body').click();
    await expect.poll(() => page.getByText('OAuth does not sign them').isVisible()).toBe(true);
    await saveScreenshot(page, 'devtools-form-body-with-text-content-type');
    // The signature is accepted (no 401); the endpoint itself wants a form Content-Type, and says so.
    expect(await sendAndWait(page)).toBe('415');
    expect(await responseBody()).toMatch(/Expected Content-Type: application\/x-www-form-urlencoded, got text\/plain/);
    await responseTab(page, 'Signature').click();
    await expect.poll(() => page.getByTestId('base-string').innerText()).toMatch(/^POST&/);
    expect(await page.getByRole('table', { name: /Signed parameters/ }).innerText()).not.toMatch(/\bform\b/);
    expect(await page.getByTestId('base-string').innerText()).not.toContain('FROM_FORM');
    expect(
      recordedFields()
        .flat()
        .some(([, value]) => value === 'FROM_FORM'),
    ).toBe(false);
  });
});
