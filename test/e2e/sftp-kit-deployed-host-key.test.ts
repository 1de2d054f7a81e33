/**
 * The SFTP kit's Connect step vouches only for the host key the application really has. A user deploys a key
 * (here: set on the sandbox application through the API), reads the application's variables, and Connect shows
 * that key's fingerprint and known_hosts line, not the one the page generated. Before reading, and again after a
 * reload, it says it cannot know. "Use the deployed one" fills the bootstrap admin set on the application,
 * never the page's freshly generated password.
 */
import { webcrypto } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse } from '../../src/core/protocol.ts';
import { generateHostKey, type HostKey } from '../../src/core/sftp/ed25519-host-key.ts';
import { formatKnownHostsLine } from '../../src/core/sftp/ssh-fingerprint.ts';
import { openKit } from './support/extension-pages.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let deployedKey: HostKey;
const DEPLOYED_PASSWORD = 'DeployedAdminPassword2024';

function gateway() {
  const app = [...ext.platform.state.applications.values()].find((candidate) => candidate.view.name === 'sftp-gateway');
  if (!app) throw new Error('no seeded sftp-gateway');
  return app;
}

/** Sets one variable on the application through the platform API, signed by the worker like any call. */
async function setVariable(name: string, value: string): Promise<void> {
  const app = gateway();
  // As the official client sets one variable: PUT …/env/{name} with {"value": …}.
  const reply = await ext.message<SendResponse>('request/send', {
    target: 'api',
    method: 'PUT',
    path: `/v2/organisations/${app.ownerId}/applications/${app.view.id}/env/${encodeURIComponent(name)}`,
    body: { kind: 'json', text: JSON.stringify({ value }) },
  });
  if (!reply.ok || reply.value.status !== 200) throw new Error(`could not set ${name}: ${JSON.stringify(reply)}`);
}

async function openKitPage(colorScheme: 'light' | 'dark', errors: string[]): Promise<Page> {
  const page = await openKit(ext, { colorScheme, errors });
  await page.getByTestId('host-key-fingerprint').waitFor();
  await expect
    .poll(() => page.locator('#storage').getByLabel('Application', { exact: true }).inputValue(), { timeout: 15_000 })
    .toBe(gateway().view.id);
  return page;
}

beforeAll(async () => {
  ext = await startSignedInExtension();
  deployedKey = await generateHostKey({ crypto: webcrypto as unknown as Crypto });
});
afterAll(async () => {
  await ext?.close();
});

describe('the Connect step and the deployed host key', () => {
  it('says it cannot know the key before the variables are read, and offers no generated password', async () => {
    const errors: string[] = [];
    const page = await openKitPage('light', errors);
    const connect = page.locator('#connect');
    await connect.getByLabel('TCP redirection port').fill('5123');
    expect(await connect.getByTestId('connect-key-unknown').textContent()).toContain(
      'Keyhole can’t know the deployed key: no application’s variables have been read',
    );
    expect(await connect.getByTestId('connect-fingerprint').count()).toBe(0);
    expect(await connect.textContent()).not.toContain(await page.getByTestId('host-key-fingerprint').textContent());
    const users = page.locator('#users');
    expect(await users.getByRole('button', { name: 'Use the deployed admin password' }).count()).toBe(0);
    expect(await users.textContent()).toContain('Keyhole can’t know the deployed admin password');
    await saveScreenshot(connect, 'sftp-kit-connect-unknown-light');
    await saveScreenshot(users, 'sftp-kit-users-admin-unknown-light');
    await saveScreenshot(page.locator('.sk-hostkey'), 'sftp-kit-generated-key-light');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows the key set on the application, read back through the API (${colorScheme})`, async () => {
      await setVariable('SFTPGO_HOST_KEY_B64', deployedKey.privateKeyFileBase64);
      await setVariable('SFTPGO_DEFAULT_ADMIN_USERNAME', 'admin');
      await setVariable('SFTPGO_DEFAULT_ADMIN_PASSWORD', DEPLOYED_PASSWORD);
      const errors: string[] = [];
      const page = await openKitPage(colorScheme, errors);
      const tabFingerprint = await page.getByTestId('host-key-fingerprint').textContent();
      expect(tabFingerprint).not.toBe(deployedKey.fingerprint);

      await page.locator('#storage').getByRole('button', { name: 'Read the application’s variables' }).click();
      const connect = page.locator('#connect');
      await expect
        .poll(() => connect.getByTestId('connect-fingerprint').textContent(), { timeout: 15_000 })
        .toBe(deployedKey.fingerprint);
      const host = await connect.getByLabel('Domain').inputValue();
      expect(host).not.toBe('');
      await connect.getByLabel('TCP redirection port').fill('5123');
      expect(await connect.getByRole('region', { name: 'known_hosts line' }).textContent()).toBe(
        formatKnownHostsLine(host, 5123, deployedKey.publicKeyBlob),
      );
      expect(await connect.getByTestId('connect-key-unknown').count()).toBe(0);

      const users = page.locator('#users');
      await users.getByRole('button', { name: 'Use the deployed admin password' }).click();
      expect(await users.getByLabel('Admin password', { exact: true }).inputValue()).toBe(DEPLOYED_PASSWORD);
      expect(await users.getByLabel('Admin username').inputValue()).toBe('admin');
      await saveScreenshot(connect, `sftp-kit-connect-deployed-${colorScheme}`);

      // A reload forgets what was read and makes a new key: Connect again cannot know.
      await page.reload();
      await page.getByTestId('host-key-fingerprint').waitFor();
      expect(await page.getByTestId('host-key-fingerprint').textContent()).not.toBe(tabFingerprint);
      await page.locator('#connect').getByTestId('connect-key-unknown').waitFor();
      expect(await page.locator('#connect').getByTestId('connect-fingerprint').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('says the application has no host key variable', async () => {
    const app = gateway();
    app.env = app.env.filter((variable) => variable.name !== 'SFTPGO_HOST_KEY_B64');
    const errors: string[] = [];
    const page = await openKitPage('light', errors);
    await page.locator('#storage').getByRole('button', { name: 'Read the application’s variables' }).click();
    await expect
      .poll(() => page.locator('#connect').getByTestId('connect-key-unknown').textContent(), { timeout: 15_000 })
      .toContain('sftp-gateway has no SFTPGO_HOST_KEY_B64 variable');
    expect(await page.locator('#connect').getByTestId('connect-fingerprint').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
