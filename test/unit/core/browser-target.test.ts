import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import manifestJson from '../../../manifest.json' with { type: 'json' };
import packageJson from '../../../package.json' with { type: 'json' };
import {
  chromeExtensionId,
  currentBrowserTarget,
  FIREFOX_ADDON_ID,
  hostPermissionMissing,
  hostPermissionPattern,
  largeBodyTransport,
  manifestFor,
  mustCheckHostPermission,
  parseBrowserTarget,
  redirectUrlFor,
  type SourceManifest,
} from '../../../src/core/browser-target.ts';
import { KeyholeError } from '../../../src/core/errors.ts';

const source = manifestJson as SourceManifest;

describe('parseBrowserTarget', () => {
  it.each([
    [undefined, 'chrome'],
    ['production', 'chrome'],
    ['development', 'chrome'],
    ['chrome', 'chrome'],
    ['firefox', 'firefox'],
  ])('maps mode %s to %s', (mode, target) => {
    expect(parseBrowserTarget(mode)).toBe(target);
  });

  it('refuses a misspelt target instead of quietly building for Chrome', () => {
    expect(() => parseBrowserTarget('firefx')).toThrow(/Unknown browser target "firefx": use one of chrome, firefox/);
  });
});

describe('manifestFor chrome', () => {
  it('is manifest.json as is, with the version of package.json', () => {
    expect(manifestFor('chrome', { ...source, version: '0.0.0' }, '1.2.3')).toEqual({ ...source, version: '1.2.3' });
  });

  it('keeps the key that pins the extension id and the service worker', () => {
    const chrome = manifestFor('chrome', source, packageJson.version);
    expect(chrome.key).toBe(source.key);
    // A classic script, not a module: Chromium keeps a code cache only for classic workers (vite-single-file-worker).
    expect(chrome.background).toEqual({ service_worker: 'src/background/index.ts' });
    expect(chrome.minimum_chrome_version).toBe(source.minimum_chrome_version);
  });

  it('asks for Chrome 123 or later, the first with CSS light-dark() (src/ui/theme.css)', () => {
    expect(Number(source.minimum_chrome_version)).toBeGreaterThanOrEqual(123);
  });
});

describe('manifestFor firefox', () => {
  const firefox = manifestFor('firefox', source, '2.0.1');

  it('runs the worker script as an event page, since Firefox has no extension service workers', () => {
    expect(firefox.background).toEqual({ scripts: ['src/background/index.ts'] });
  });

  it('drops the Chrome-only fields', () => {
    expect(firefox).not.toHaveProperty('key');
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
  });

  it('pins the add-on id, a minimum version and declares that no data is collected', () => {
    expect(firefox.browser_specific_settings).toEqual({
      gecko: {
        id: FIREFOX_ADDON_ID,
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['none'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    });
  });

  it('keeps every page, permission and policy of the source, in the same order', () => {
    const dropped = new Set(['key', 'minimum_chrome_version']);
    expect(Object.keys(firefox)).toEqual([
      ...Object.keys(source).filter((field) => !dropped.has(field)),
      'browser_specific_settings',
    ]);
    for (const field of [
      'action',
      'options_ui',
      'devtools_page',
      'permissions',
      'host_permissions',
      'optional_host_permissions',
      'content_security_policy',
      'icons',
    ]) {
      expect(firefox[field], field).toEqual(source[field]);
    }
    expect(firefox.version).toBe('2.0.1');
  });

  it('leaves the source manifest untouched', () => {
    expect(source.key).toBeTypeOf('string');
    expect(source.background).toEqual({ service_worker: 'src/background/index.ts' });
  });
});

describe('chromeExtensionId', () => {
  it('derives the id the e2e tests see Chromium assign to the unpacked build', async () => {
    expect(await chromeExtensionId(source.key!)).toBe('gfiiknkkkinbdbkjbifnpolnadmjmkfb');
  });

  it('maps the hex digits of SHA-256 to a–p', async () => {
    const key = Buffer.from('any public key').toString('base64');
    const hex = createHash('sha256').update('any public key').digest('hex').slice(0, 32);
    const expected = [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
    expect(await chromeExtensionId(key)).toBe(expected);
  });
});

describe('redirectUrlFor', () => {
  it('is the chromiumapp.org address of the pinned id on Chrome', async () => {
    expect(await redirectUrlFor('chrome', manifestFor('chrome', source, '1.0.0'))).toBe(
      'https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/',
    );
  });

  it('is the extensions.allizom.org address of the SHA-1 of the add-on id on Firefox', async () => {
    const sha1 = createHash('sha1').update('keyhole@keyhole.dev').digest('hex');
    expect(await redirectUrlFor('firefox', manifestFor('firefox', source, '1.0.0'))).toBe(
      `https://${sha1}.extensions.allizom.org/`,
    );
  });

  it('refuses a Chrome manifest without key, whose redirect URL would differ on every install', async () => {
    const { key: _key, ...withoutKey } = source;
    await expect(redirectUrlFor('chrome', manifestFor('chrome', withoutKey, '1.0.0'))).rejects.toThrow(/no `key`/);
  });
});

describe('currentBrowserTarget', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the target of the build: Firefox for --mode firefox, Chrome for every other mode', () => {
    vi.stubEnv('MODE', 'firefox');
    expect(currentBrowserTarget()).toBe('firefox');
    vi.stubEnv('MODE', 'production');
    expect(currentBrowserTarget()).toBe('chrome');
    vi.stubEnv('MODE', 'development');
    expect(currentBrowserTarget()).toBe('chrome');
  });
});

describe('hostPermissionPattern', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['http://127.0.0.1:8780', 'http://127.0.0.1:8780/*', 'http://127.0.0.1/*'],
    ['https://sftp.example.test:8443', 'https://sftp.example.test:8443/*', 'https://sftp.example.test/*'],
    ['https://api.clever-cloud.com', 'https://api.clever-cloud.com/*', 'https://api.clever-cloud.com/*'],
    ['http://[::1]:8781', 'http://[::1]:8781/*', 'http://[::1]/*'],
  ])('covers %s: exactly on Chrome, every port of the host on Firefox', (origin, chrome, firefox) => {
    expect(hostPermissionPattern(origin, 'chrome')).toBe(chrome);
    expect(hostPermissionPattern(origin, 'firefox')).toBe(firefox);
  });

  it('follows the build when no target is given', () => {
    vi.stubEnv('MODE', 'firefox');
    expect(hostPermissionPattern('http://localhost:5173')).toBe('http://localhost/*');
    vi.stubEnv('MODE', 'production');
    expect(hostPermissionPattern('http://localhost:5173')).toBe('http://localhost:5173/*');
  });
});

describe('host permission checks', () => {
  it('happen before requests on Firefox only', () => {
    expect(mustCheckHostPermission('firefox')).toBe(true);
    expect(mustCheckHostPermission('chrome')).toBe(false);
  });

  it('when failing, say which origin and where to grant it', () => {
    const error = hostPermissionMissing('http://127.0.0.1:8780', 'http://127.0.0.1/*');
    expect(error).toBeInstanceOf(KeyholeError);
    expect(error.toData()).toEqual({
      code: 'permission-missing',
      message: 'Firefox needs your permission to reach http://127.0.0.1:8780: open Settings and click “Grant access”.',
      detail: 'Missing host permission http://127.0.0.1/*',
    });
  });
});

describe('largeBodyTransport', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the service worker’s fetch route on Chrome, the body port on Firefox (an event page sees no fetches)', () => {
    expect(largeBodyTransport('chrome')).toBe('worker-fetch');
    expect(largeBodyTransport('firefox')).toBe('port');
  });

  it('follows the build when no target is given', () => {
    vi.stubEnv('MODE', 'firefox');
    expect(largeBodyTransport()).toBe('port');
    vi.stubEnv('MODE', 'production');
    expect(largeBodyTransport()).toBe('worker-fetch');
  });
});
