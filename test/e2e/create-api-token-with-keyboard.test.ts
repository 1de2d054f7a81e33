/**
 * A keyboard user creates an API token in the panel's Tokens view: tabbing from the "90 days" radio through the
 * hours box must not turn the choice into "Hours: 24". The form states the exact expiry before Create, and the
 * token the sandbox bridge records expires exactly then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatExpiryMoment } from '../../src/core/platform/api-token-expiry.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
const pageErrors: string[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  ext = await startSignedInExtension();
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('creating an API token with the keyboard', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`creates a token that expires when the form said it would (${colorScheme})`, async () => {
      const page = await ext.openPage('src/devtools/panel.html#tokens', {
        errors: pageErrors,
        viewport: { width: 1100, height: 800 },
        colorScheme,
      });
      await page.getByRole('heading', { name: 'API tokens' }).waitFor();
      const name = `keyboard ${colorScheme}`;

      await page.getByRole('button', { name: 'New token' }).focus();
      await page.keyboard.press('Enter');
      // The Name field takes focus; from there on, only keys.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('kt-create-name');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab'); // description
      await page.keyboard.press('Tab'); // the expiry radios, on the checked one
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).parentElement?.textContent)).toBe(
        '90 days',
      );
      await page.keyboard.press('Tab'); // the hours box
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Number of hours');
      expect(await page.getByLabel('90 days').isChecked()).toBe(true);
      expect(await page.getByLabel('Hours:').isChecked()).toBe(false);
      await page.keyboard.press('Tab'); // email, filled from the session
      await page.keyboard.press('Tab'); // password
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('kt-create-password');
      await page.keyboard.type(ext.platform.user.password);
      expect(await page.getByLabel('90 days').isChecked()).toBe(true);

      const statement = (await page.getByTestId('token-expiry').innerText()).trim();
      expect(statement).toMatch(/^Expires on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+ \(in 90 days\)\.$/);
      await saveScreenshot(page.locator('form.kt-form'), `tokens-create-keyboard-${colorScheme}`);

      await page.keyboard.press('Enter'); // submits the form from the password field
      await page.getByText('Copy it now: you won’t see it again.').waitFor();

      const record = [...ext.platform.state.apiTokens.values()].find((token) => token.name === name);
      expect(record).toBeDefined();
      const expiresAt = record!.expirationDate as number;
      // Ninety days, not one: what was chosen is what was made.
      expect(Math.abs(expiresAt - (Date.now() + 90 * DAY))).toBeLessThan(5 * 60_000);
      // And it is the very minute the form stated, read in the page's own time zone.
      const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const recorded = formatExpiryMoment(new Date(expiresAt).toISOString(), timeZone);
      expect(statement).toBe(`Expires on ${recorded} (in 90 days).`);
      expect(expiresAt % 60_000).toBe(0);
      await page.close();
    });
  }
});
