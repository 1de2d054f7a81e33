import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { missingReason } from '../../scripts/system-packages.ts';
import {
  FIREFOX_ADDON_ID,
  hostPermissionPattern,
  redirectUrlFor,
  type TargetManifest,
} from '../../src/core/browser-target.ts';
import { DIST } from './support/launch-extension.ts';
import { DIST_FIREFOX, type LaunchedFirefox, launchFirefox } from './support/launch-firefox.ts';

let manifest: TargetManifest;

beforeAll(async () => {
  // The e2e global setup builds dist-firefox/ (CI builds and lints it just before the tests).
  manifest = JSON.parse(await readFile(join(DIST_FIREFOX, 'manifest.json'), 'utf8'));
});

async function htmlPages(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true });
  return names.filter((name) => name.endsWith('.html')).sort();
}

describe('the Firefox build', () => {
  it('has every file its manifest names', () => {
    const named = [
      ...(manifest.background as { scripts: string[] }).scripts,
      (manifest.action as { default_popup: string }).default_popup,
      (manifest.options_ui as { page: string }).page,
      manifest.devtools_page as string,
      ...Object.values(manifest.icons as Record<string, string>),
    ];
    for (const file of named) expect(existsSync(join(DIST_FIREFOX, file)), file).toBe(true);
  });

  it('has the same pages as the Chrome build', async () => {
    const pages = await htmlPages(DIST_FIREFOX);
    expect(pages).toEqual(await htmlPages(DIST));
    expect(pages).toEqual(expect.arrayContaining(['src/devtools/panel.html', 'src/sftp-kit/index.html']));
  });

  it('carries the version of package.json', () => {
    expect(manifest.version).toBe(packageJson.version);
  });
});

describe('the Firefox build in Firefox ESR', () => {
  let firefox: LaunchedFirefox;
  /** Without Firefox ESR these tests cannot run: each is skipped with this reason (never a silent pass). */
  const noFirefox = missingReason('firefox', existsSync);
  beforeEach(({ skip }) => skip(noFirefox !== undefined, noFirefox));

  beforeAll(async () => {
    if (noFirefox) return;
    firefox = await launchFirefox();
  });
  afterAll(async () => {
    await firefox?.close();
  });

  it('installs under the pinned add-on id', () => {
    expect(firefox.addonId).toBe(FIREFOX_ADDON_ID);
  });

  it('runs the worker as an event page that answers the pages', async () => {
    await firefox.openPage('src/popup/index.html');
    const status = await firefox.evaluate<{ ok: boolean }>(
      `browser.runtime.sendMessage({ keyhole: 1, name: 'session/status' }).then(done, (error) => done(String(error)));`,
    );
    expect(status).toMatchObject({ ok: true });
    await expect
      .poll(() => firefox.evaluate<number>(`done(document.getElementById('app').childElementCount);`))
      .toBeGreaterThan(0);
  });

  it('shows the allizom.org redirect URL on the settings page, the one the release notes print', async () => {
    const expected = await redirectUrlFor('firefox', manifest);
    expect(expected).toMatch(/^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/);
    await firefox.openPage('src/options/index.html');
    await expect
      .poll(() => firefox.evaluate<string | null>(`done(document.getElementById('redirect-url')?.value ?? null);`))
      .toBe(expected);
  });

  describe('host permissions for a local server', () => {
    let server: Server;
    let origin: string;
    const fetchFromPage = () =>
      firefox.evaluate<string>(
        `fetch(arguments[0]).then((response) => response.text()).then(done, (error) => done(error.name));`,
        [`${origin}/hello`],
      );
    const contains = (pattern: string) =>
      firefox.evaluate<boolean>(`browser.permissions.contains({ origins: [arguments[0]] }).then(done);`, [pattern]);

    beforeAll(async () => {
      // No CORS headers: only a host permission lets an extension page read the answer.
      server = createServer((_request, response) => response.end('hello from 127.0.0.1'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('are not granted at first: the settings page asks for them', async () => {
      await firefox.openPage('src/options/index.html');
      expect(await contains(hostPermissionPattern(origin, 'firefox'))).toBe(false);
      expect(await fetchFromPage()).toBe('TypeError');
    });

    it('do nothing when they name a port, though Firefox reports them granted', async () => {
      const withPort = hostPermissionPattern(origin, 'chrome');
      await firefox.grantHostPermissions([withPort]);
      expect(await contains(withPort)).toBe(true);
      expect(await contains(hostPermissionPattern(origin, 'firefox'))).toBe(false);
      expect(await fetchFromPage()).toBe('TypeError');
    });

    it('open every port of the host when port-less, the pattern the Firefox build asks for', async () => {
      await firefox.grantHostPermissions([hostPermissionPattern(origin, 'firefox')]);
      expect(await contains(hostPermissionPattern(origin, 'firefox'))).toBe(true);
      expect(await fetchFromPage()).toBe('hello from 127.0.0.1');
    });
  });
});
