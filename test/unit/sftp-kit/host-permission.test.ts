import { beforeEach, describe, expect, it, vi } from 'vitest';

const permissions = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('webextension-polyfill', () => ({ default: { permissions } }));

const { originPattern, requestHostAccess } = await import('../../../src/sftp-kit/host-permission.ts');

// A fresh mock per test (vitest 4 reports a sync throw from a mock reset with mockReset, even when caught).
beforeEach(() => {
  permissions.request = vi.fn();
});

describe('run-time host access', () => {
  it('asks for exactly the origin of the URL, port included', async () => {
    permissions.request.mockResolvedValue(true);
    expect(await requestHostAccess('http://127.0.0.1:9000/bucket?x=1')).toBe('granted');
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1:9000/*'] });
    expect(originPattern('https://cellar.example.test/')).toBe('https://cellar.example.test/*');
  });

  it('turns a refusal and a failing prompt into answers, never exceptions', async () => {
    permissions.request.mockResolvedValue(false);
    expect(await requestHostAccess('https://a.test')).toBe('refused');
    permissions.request.mockRejectedValue(new Error('must be called during a user gesture'));
    expect(await requestHostAccess('https://a.test')).toBe('unavailable');
    permissions.request.mockImplementation(() => {
      throw new Error('sync');
    });
    expect(await requestHostAccess('https://a.test')).toBe('unavailable');
    expect(await requestHostAccess('not a url')).toBe('unavailable');
  });
});
