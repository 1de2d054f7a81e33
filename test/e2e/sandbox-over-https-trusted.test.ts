/**
 * The sandbox over HTTPS (test/platform/tls.ts) is trusted by a demo-style Chromium profile (the SPKI of its server
 * key, `--ignore-certificate-errors-spki-list`) and Firefox profile (its CA in the profile's certificate database,
 * `certutil`), and only it: a second sandbox with another CA is refused by both. One browser of each, one page.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../scripts/system-packages.ts';
import { type Platform, startPlatform } from '../platform/index.ts';
import { chromiumTrustArgs, trustInFirefoxProfile } from '../platform/tls.ts';
import { launchExtension } from './support/launch-extension.ts';
import { launchFirefox } from './support/launch-firefox.ts';

const noCertutil = missingReason('certutil', existsSync);
let platform: Platform;
let stranger: Platform;

beforeAll(async () => {
  [platform, stranger] = await Promise.all([startPlatform({ tls: true }), startPlatform({ tls: true })]);
});
afterAll(async () => {
  await Promise.all([platform?.close(), stranger?.close()]);
});

const missingCredentials = /Missing OAuth credentials/;

describe('the sandbox over HTTPS, trusted by the browsers’ own profiles', () => {
  it('Chromium trusts exactly the sandbox’s key', async () => {
    const ext = await launchExtension({ extraArgs: chromiumTrustArgs(platform.tls!) });
    try {
      const page = await ext.context.newPage();
      const response = await page.goto(`${platform.tls!.api}/v2/self`);
      // The API's own answer to an unsigned call: the TLS handshake was accepted.
      expect(response?.status()).toBe(401);
      expect(await page.textContent('body')).toMatch(missingCredentials);
      await expect(page.goto(`${stranger.tls!.api}/v2/self`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    } finally {
      await ext.close();
    }
  });

  it.skipIf(noCertutil)(`Firefox trusts the sandbox’s CA from its profile ${noCertutil ?? ''}`, async () => {
    const ff = await launchFirefox({ prepareProfile: (profile) => trustInFirefoxProfile(platform.tls!, profile) });
    try {
      await ff.command('WebDriver:Navigate', { url: `${platform.tls!.api}/v2/self` });
      const text = await ff.evaluate<string>('done(document.body.textContent);');
      expect(text).toMatch(missingCredentials);
      await expect(ff.command('WebDriver:Navigate', { url: `${stranger.tls!.api}/v2/self` })).rejects.toThrow(
        /insecure certificate/i,
      );
    } finally {
      await ff.close();
    }
  });
});
