import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedExtension, launchExtension } from './support/launch-extension.ts';

describe('the built extension in Chromium', () => {
  let ext: LaunchedExtension;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('starts its service worker with the pinned id', async () => {
    expect(ext.worker.url()).toBe(`chrome-extension://${ext.extensionId}/service-worker-loader.js`);
    // The public key in manifest.json pins the id, so the OAuth redirect URL is stable across machines.
    expect(ext.extensionId).toBe('gfiiknkkkinbdbkjbifnpolnadmjmkfb');
    const redirect = await ext.worker.evaluate(() => chrome.identity.getRedirectURL());
    expect(redirect).toBe('https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/');
  });

  it('opens the popup page without errors and the worker answers it', async () => {
    const page = await ext.openPage('src/popup/index.html');
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.reload();
    await expect.poll(() => page.locator('#app').innerHTML()).not.toBe('');
    const status = await page.evaluate(() => chrome.runtime.sendMessage({ keyhole: 1, name: 'session/status' }));
    expect(status).toMatchObject({ ok: true });
    expect(pageErrors).toEqual([]);
  });

  it('declares the permissions the product needs and nothing broader', async () => {
    const manifest = await ext.worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(expect.arrayContaining(['identity', 'storage', 'downloads']));
    expect(manifest.host_permissions).toEqual([
      'https://api.clever-cloud.com/*',
      'https://api-bridge.clever-cloud.com/*',
    ]);
    expect(manifest.optional_host_permissions).toContain('http://127.0.0.1/*');
  });
});
