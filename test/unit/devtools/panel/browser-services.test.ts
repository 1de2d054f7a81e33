// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

/** storage.local as the panel sees it: what is stored under each key, in memory. */
const local = vi.hoisted(() => new Map<string, unknown>());
vi.mock('webextension-polyfill', () => ({
  default: {
    storage: {
      local: {
        get: async (key: string) => (local.has(key) ? { [key]: local.get(key) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [key, value] of Object.entries(items)) local.set(key, value);
        },
        remove: async (keys: string | string[]) => {
          for (const key of [keys].flat()) local.delete(key);
        },
      },
      onChanged: { addListener: () => undefined, removeListener: () => undefined },
    },
    runtime: { getManifest: () => ({ version: '0.1.0-test' }), connect: () => undefined },
  },
}));

const { createBrowserServices } = await import('../../../../src/devtools/panel/browser-services.ts');

describe('the panel’s storage.local', () => {
  it('removes a key written as null (a forgotten window’s tabs and responses), so forgotten ones leave no key behind', async () => {
    const { storage } = createBrowserServices();
    await storage.set('keyhole.devtools.tab-shown.devtools-4', { tab: { id: 'r1', startedAt: 1, summary: '200 OK' } });
    expect(local.has('keyhole.devtools.tab-shown.devtools-4')).toBe(true);
    await storage.set('keyhole.devtools.tab-shown.devtools-4', null);
    expect(local.has('keyhole.devtools.tab-shown.devtools-4')).toBe(false);
    expect(await storage.get('keyhole.devtools.tab-shown.devtools-4')).toBeUndefined();
    await storage.set('keyhole.devtools.layout', { side: 320 });
    expect(await storage.get('keyhole.devtools.layout')).toEqual({ side: 320 });
  });
});
