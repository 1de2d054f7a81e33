/**
 * Signed in, the SFTP kit reads the object-storage and database variables from the user's application
 * through the worker's signed API calls, instead of the user copying them from the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKit } from './support/extension-pages.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;

beforeAll(async () => {
  ext = await startSignedInExtension();
});
afterAll(async () => {
  await ext?.close();
});

describe('reading the add-on variables when signed in', () => {
  it('preselects the Linux application and fills CELLAR_* from its environment', async () => {
    const app = [...ext.platform.state.applications.values()].find(
      (candidate) => candidate.view.name === 'sftp-gateway',
    )!;
    const env = new Map(app.env.map(({ name, value }) => [name, value]));
    const vhost = (app.view.vhosts as { fqdn: string }[])[0]!.fqdn;

    const errors: string[] = [];
    const page = await openKit(ext, { colorScheme: 'dark', errors });
    const storage = page.locator('#storage');
    const application = storage.getByLabel('Application', { exact: true });
    await expect.poll(() => application.inputValue(), { timeout: 15_000 }).toBe(app.view.id);
    expect(await storage.getByLabel('Organisation').inputValue()).toBe(app.ownerId);

    await storage.getByRole('button', { name: 'Read the application’s variables' }).click();
    await expect
      .poll(() => storage.getByLabel('CELLAR_ADDON_KEY_ID').inputValue(), { timeout: 15_000 })
      .toBe(env.get('CELLAR_ADDON_KEY_ID'));
    expect(await storage.getByLabel('CELLAR_ADDON_HOST').inputValue()).toBe(env.get('CELLAR_ADDON_HOST'));
    expect(await storage.getByLabel('CELLAR_ADDON_KEY_SECRET', { exact: true }).inputValue()).toBe(
      env.get('CELLAR_ADDON_KEY_SECRET'),
    );
    expect(await storage.getByLabel('CELLAR_ADDON_KEY_SECRET', { exact: true }).getAttribute('type')).toBe('password');
    expect(await storage.getByLabel('S3 endpoint').inputValue()).toBe(`https://${env.get('CELLAR_ADDON_HOST')}`);
    const found = await storage.getByRole('list', { name: 'Variables read from the application' }).textContent();
    for (const name of [
      'CELLAR_ADDON_KEY_ID',
      'CELLAR_ADDON_KEY_SECRET',
      'CELLAR_ADDON_HOST',
      'POSTGRESQL_ADDON_URI',
    ]) {
      expect(found).toContain(`✓ ${name}: found`);
    }
    expect(await storage.textContent()).toContain('POSTGRESQL_ADDON_URI is set');
    // The database URI itself is not shown anywhere on the page.
    expect(await page.locator('body').textContent()).not.toContain(env.get('POSTGRESQL_ADDON_URI'));
    // The application's domain flows into the SFTP users and Connect steps.
    expect(await page.locator('#users').getByLabel('Application URL').inputValue()).toBe(`https://${vhost}`);
    expect(await page.locator('#connect').getByLabel('Domain').inputValue()).toBe(vhost);

    await saveScreenshot(storage, 'sftp-kit-storage-signed-in-dark');
    expect(errors).toEqual([]);
  });
});
