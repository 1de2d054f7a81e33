/**
 * A user of the SFTP kit creates an SFTP user on a deployed SFTPGo: here the platform sandbox's SFTPGo-like
 * admin API, which validates each field of the record. The kit runs as its own extension page in Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../platform/index.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { openKit as openExtensionKit } from './support/extension-pages.ts';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const CELLAR_HOST = 'cellar-par.services.sandbox.keyhole.test';

let platform: Platform;
let ext: LaunchedExtension;

beforeAll(async () => {
  platform = await startPlatform({ apiPort: 0, bridgePort: 0, sftpPort: 0 });
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
  await platform?.close();
});

async function openKit(colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = [];
  const page = await openExtensionKit(ext, { colorScheme, errors });
  await page.getByTestId('host-key-fingerprint').waitFor();
  return { page, errors };
}

async function fillStorage(page: Page) {
  const storage = page.locator('#storage');
  await storage.getByLabel('CELLAR_ADDON_HOST').fill(CELLAR_HOST);
  await storage.getByLabel('CELLAR_ADDON_KEY_ID').fill('SANDBOXKEYID');
  await storage.getByLabel('CELLAR_ADDON_KEY_SECRET', { exact: true }).fill('sandbox-key-secret');
  await storage.getByLabel('Bucket name').fill('files.keyhole.test');
}

describe('creating an SFTP user from the kit', () => {
  it('sends exactly the spec’s user record, shows the user, then explains a duplicate (SFTPGo’s 500)', async () => {
    const { page, errors } = await openKit();
    await fillStorage(page);
    const users = page.locator('#users');
    await users.getByLabel('Application URL').fill(platform.sftp);
    await expect.poll(() => users.getByLabel('Admin username').inputValue()).toBe('admin');
    await users.getByLabel('Admin password', { exact: true }).fill(platform.sftpAdmin.password);
    await users.getByLabel('New user’s username').fill('alice');
    await users.getByRole('button', { name: 'Generate a password for the new user' }).click();
    const password = await users.getByLabel('New user’s password', { exact: true }).inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{28}$/);

    await users.getByRole('button', { name: 'Create user' }).click();
    const created = users.getByRole('status', { name: 'Created user' });
    await expect.poll(() => created.textContent(), { timeout: 15_000 }).toContain('User “alice” created.');
    expect(await created.textContent()).toContain(`S3 bucket files.keyhole.test at https://${CELLAR_HOST}, path-style`);

    // The sandbox kept what the kit sent: exactly the record of spec §2 / §4.4 step 9.
    const { created_at: _c, updated_at: _u, ...stored } = platform.state.sftpUsers.get('alice')!.record;
    expect(stored).toStrictEqual({
      status: 1,
      username: 'alice',
      password,
      home_dir: '/tmp/sftpgo/data',
      permissions: { '/': ['*'] },
      filesystem: {
        provider: 1,
        s3config: {
          bucket: 'files.keyhole.test',
          region: 'default',
          access_key: 'SANDBOXKEYID',
          access_secret: { status: 'Plain', payload: 'sandbox-key-secret' },
          endpoint: `https://${CELLAR_HOST}`,
          force_path_style: true,
        },
      },
    });

    // Headless Chromium cannot show the permission prompt: the kit said so and went ahead (the server allows CORS).
    const note = await users.locator('.kh-banner--warn[role="status"]').textContent();
    if (note) expect(note).toContain(new URL(platform.sftp).origin);

    await saveScreenshot(page.locator('#users'), 'sftp-kit-user-created-light');

    await users.getByRole('button', { name: 'Create user' }).click();
    const alert = users.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('A user named “alice” already exists');
    await alert.getByText('Details').click();
    expect(await alert.textContent()).toContain('duplicate key value violates unique constraint');
    // Nothing typed was lost.
    expect(await users.getByLabel('New user’s password', { exact: true }).inputValue()).toBe(password);
    expect(platform.state.sftpUsers.size).toBe(1);

    // The Connect step knows the user. Signed out, it cannot read the deployed host key, and says so rather
    // than vouch for the key this tab made (sftp-kit-deployed-host-key.test.ts covers the key read back).
    const connect = page.locator('#connect');
    expect(await connect.getByLabel('Username').inputValue()).toBe('alice');
    await connect.getByLabel('TCP redirection port').fill('5123');
    expect(await connect.getByRole('region', { name: 'Command' }).textContent()).toBe('sftp -P 5123 alice@127.0.0.1');
    expect(await connect.getByTestId('connect-key-unknown').textContent()).toContain(
      'Keyhole can’t know the deployed key',
    );
    expect(await connect.getByTestId('connect-fingerprint').count()).toBe(0);
    expect(await connect.getByRole('region', { name: 'known_hosts line' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('says the admin credentials were refused, and the sandbox gets no user', async () => {
    const { page } = await openKit('dark');
    await fillStorage(page);
    const users = page.locator('#users');
    await users.getByLabel('Application URL').fill(platform.sftp);
    await users.getByLabel('Admin password', { exact: true }).fill('not-the-password');
    await users.getByLabel('New user’s username').fill('mallory');
    await users.getByRole('button', { name: 'Generate a password for the new user' }).click();
    await users.getByRole('button', { name: 'Create user' }).click();
    await expect
      .poll(() => users.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('The SFTP server refused the admin credentials');
    expect(platform.state.sftpUsers.has('mallory')).toBe(false);
    await saveScreenshot(page.locator('#users'), 'sftp-kit-admin-refused-dark');
  });

  it('is usable by keyboard and screen reader, in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, errors } = await openKit(scheme);
      await saveScreenshot(page, `sftp-kit-top-${scheme}`);
      await saveScreenshot(page, `sftp-kit-full-${scheme}`, { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The first Tab goes to the step links, then into the sections.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deploy through the API');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
