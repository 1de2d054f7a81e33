import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';

// The one browser call this module makes, steerable per test: which origins are granted.
const fake = vi.hoisted(() => ({ granted: new Set<string>(), asked: [] as string[][] }));

vi.mock('../../../src/background/extension-api.ts', () => ({
  browser: {
    permissions: {
      contains: async ({ origins }: { origins: string[] }) => {
        fake.asked.push(origins);
        return origins.every((origin) => fake.granted.has(origin));
      },
    },
  },
}));

const { assertHostPermission } = await import('../../../src/background/browser-differences.ts');

beforeEach(() => {
  fake.granted.clear();
  fake.asked.length = 0;
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('assertHostPermission on Firefox', () => {
  beforeEach(() => {
    vi.stubEnv('MODE', 'firefox');
  });

  it('lets a request through when its host is granted, asking with the port-less pattern Firefox honours', async () => {
    fake.granted.add('http://127.0.0.1/*');
    await expect(assertHostPermission('http://127.0.0.1:8780/v2/self?x=1')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([['http://127.0.0.1/*']]);
  });

  it('refuses with permission-missing and the origin when only a port pattern was granted', async () => {
    fake.granted.add('http://127.0.0.1:8781/*');
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

  it('leaves an address that is not an http(s) URL to the request guards', async () => {
    await expect(assertHostPermission('not a url')).resolves.toBeUndefined();
    await expect(assertHostPermission('file:///etc/passwd')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([]);
  });
});

describe('assertHostPermission on Chrome', () => {
  it('does not ask the browser: Chrome grants host permissions before the request', async () => {
    vi.stubEnv('MODE', 'production');
    await expect(assertHostPermission('http://127.0.0.1:8781/v2/self')).resolves.toBeUndefined();
    expect(fake.asked).toEqual([]);
  });
});
