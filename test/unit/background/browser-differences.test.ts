import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';

// The two browser calls this module makes, steerable per test: the extension's own URL and the granted origins.
const fake = vi.hoisted(() => ({ extensionUrl: '', granted: new Set<string>(), asked: [] as string[][] }));

vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: { getURL: (path: string) => `${fake.extensionUrl}${path}` },
    permissions: {
      contains: async ({ origins }: { origins: string[] }) => {
        fake.asked.push(origins);
        return origins.every((origin) => fake.granted.has(origin));
      },
    },
  },
}));

const { assertHostPermission, currentBrowserTarget } = await import('../../../src/background/browser-differences.ts');

const FIREFOX = 'moz-extension://0f3c1b2e-5a4d-4c1e-9c1a-2b3d4e5f6a7b/';
const CHROME = 'chrome-extension://gfiiknkkkinbdbkjbifnpolnadmjmkfb/';

beforeEach(() => {
  fake.granted.clear();
  fake.asked.length = 0;
});

describe('currentBrowserTarget', () => {
  it('tells Firefox from Chrome by the extension URL', () => {
    fake.extensionUrl = FIREFOX;
    expect(currentBrowserTarget()).toBe('firefox');
    fake.extensionUrl = CHROME;
    expect(currentBrowserTarget()).toBe('chrome');
  });
});

describe('assertHostPermission on Firefox', () => {
  beforeEach(() => {
    fake.extensionUrl = FIREFOX;
  });

  it('lets a request through when its origin is granted, asking for the whole origin', async () => {
    fake.granted.add('http://127.0.0.1:8780/*');
    await expect(assertHostPermission('http://127.0.0.1:8780/v2/self?x=1')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([['http://127.0.0.1:8780/*']]);
  });

  it('refuses with permission-missing and the origin when it is not granted', async () => {
    fake.granted.add('http://127.0.0.1:8780/*');
    const error = await assertHostPermission('http://127.0.0.1:8781/v2/self').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KeyholeError);
    expect((error as KeyholeError).code).toBe('permission-missing');
    expect((error as KeyholeError).message).toBe(
      'Firefox needs your permission to reach http://127.0.0.1:8781: open Settings and click “Grant access”.',
    );
  });

  it('checks the manifest origins too, since Firefox users can revoke them', async () => {
    await expect(assertHostPermission('https://api.clever-cloud.com/v2/self')).rejects.toMatchObject({
      code: 'permission-missing',
    });
    expect(fake.asked).toEqual([['https://api.clever-cloud.com/*']]);
  });

  it('leaves an address that is not a URL to the request guards', async () => {
    await expect(assertHostPermission('not a url')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([]);
  });
});

describe('assertHostPermission on Chrome', () => {
  it('does not ask the browser: Chrome grants host permissions before the request', async () => {
    fake.extensionUrl = CHROME;
    await expect(assertHostPermission('http://127.0.0.1:8781/v2/self')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([]);
  });
});
