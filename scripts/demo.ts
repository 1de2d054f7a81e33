/**
 * `npm run demo`: builds Keyhole, starts the platform sandbox on its default ports (8780 API, 8781 bridge,
 * 8782 SFTP admin), and launches Chromium with the extension and a "Local sandbox" profile ready.
 *
 * Headed when a display exists (sign in from the popup or settings page; Ctrl+C to stop).
 * `npm run demo -- --headless` signs in through the real authorize page, opens the popup, panel and settings
 * pages, saves screenshots to demo-output/ and prints their paths.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'vite';
import { SANDBOX_PRESET } from '../src/core/profiles/profile-presets.ts';
import { launchExtension } from '../test/e2e/support/launch-extension.ts';
import { startPlatform } from '../test/platform/index.ts';
import { ensureSystemPackages } from './ensure-system-packages.ts';

const root = resolve(import.meta.dirname, '..');
const outputDir = resolve(root, 'demo-output');
const headless = process.argv.includes('--headless') || !process.env.DISPLAY;

// Debian's Chromium, installed when missing and we are root; otherwise the exact apt-get line is printed.
if (ensureSystemPackages('demo').missing.length > 0) process.exit(1);
console.error('Building the extension…');
await build({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });

const platform = await startPlatform({ apiPort: 8780, bridgePort: 8781, sftpPort: 8782 });
console.error(`Sandbox: API ${platform.api}, bridge ${platform.bridge}, SFTP admin ${platform.sftp}`);
console.error(`Sandbox user: ${platform.user.email} / ${platform.user.password}`);

const ext = await launchExtension({ headless });
const control = await ext.openPage('src/options/index.html');
const saved = await control.evaluate(
  (profile) => chrome.runtime.sendMessage({ keyhole: 1, name: 'profiles/save', request: profile }),
  { ...SANDBOX_PRESET, apiBaseUrl: platform.api, bridgeUrl: platform.bridge },
);
if (!saved?.ok) throw new Error(`Could not create the sandbox profile: ${JSON.stringify(saved)}`);
console.error('Profile "Local sandbox" is active.');

const stop = async (code = 0) => {
  await ext.close().catch(() => {});
  await platform.close().catch(() => {});
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

if (!headless) {
  await control.reload();
  const popup = await ext.openPage('src/popup/index.html');
  await popup.bringToFront();
  console.error('Chromium is running with Keyhole. Click "Sign in" in the popup tab; Ctrl+C here to stop.');
} else {
  await mkdir(outputDir, { recursive: true });
  const shots: string[] = [];
  const shoot = async (page: import('playwright-core').Page, name: string) => {
    const path = resolve(outputDir, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    shots.push(path);
  };

  const authorize = ext.context.waitForEvent('page', { predicate: (page) => page.url().includes('/oauth/authorize') });
  const signIn = control.evaluate(() => chrome.runtime.sendMessage({ keyhole: 1, name: 'session/sign-in' }));
  const authorizePage = await authorize;
  await authorizePage.setViewportSize({ width: 520, height: 760 });
  await authorizePage.getByLabel('Email address').fill(platform.user.email);
  await authorizePage.getByLabel('Password').fill(platform.user.password);
  await shoot(authorizePage, 'authorize-page');
  await authorizePage.getByRole('button', { name: 'Allow access' }).click();
  const result = await signIn;
  if (!result?.ok) throw new Error(`Sign-in failed: ${JSON.stringify(result)}`);
  console.error(`Signed in as ${result.value.user.email}.`);

  for (const scheme of ['light', 'dark'] as const) {
    const popup = await ext.openPage('src/popup/index.html', { colorScheme: scheme });
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.waitForTimeout(800);
    await shoot(popup, `popup-${scheme}`);
    const panel = await ext.openPage('src/devtools/panel.html', { colorScheme: scheme });
    await panel.setViewportSize({ width: 1280, height: 800 });
    // A real call (the composer starts on GET /v2/self), so the screenshot shows a response.
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await panel
      .getByRole('tree')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await panel.waitForTimeout(300);
    await shoot(panel, `panel-${scheme}`);
  }
  const options = await ext.openPage('src/options/index.html');
  await options.setViewportSize({ width: 1100, height: 900 });
  await options.waitForTimeout(500);
  await shoot(options, 'options');
  console.log(shots.join('\n'));
  await stop(0);
}
