import { afterEach, describe, expect, it, vi } from 'vitest';

/** The worker module, loaded as if in a service worker: its listeners and `clients` are fakes. */
async function loadInServiceWorker() {
  vi.resetModules();
  const listeners = new Map<string, (event: Event) => void>();
  const claim = vi.fn(async () => {});
  vi.stubGlobal('ServiceWorkerGlobalScope', function ServiceWorkerGlobalScope() {});
  vi.stubGlobal('clients', { claim });
  vi.stubGlobal('addEventListener', (type: string, listener: (event: Event) => void) => listeners.set(type, listener));
  const module = await import('../../../src/background/deferred-bodies.ts');
  return { module, listeners, claim };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('held bodies', () => {
  it('take control of the open pages when the worker becomes active', async () => {
    const { module, listeners, claim } = await loadInServiceWorker();
    module.listenForBodyFetches();
    const waited: Promise<unknown>[] = [];
    listeners.get('activate')?.(
      Object.assign(new Event('activate'), { waitUntil: (p: Promise<unknown>) => waited.push(p) }),
    );
    expect(claim).toHaveBeenCalledOnce();
    expect(waited).toHaveLength(1);
    expect(listeners.has('fetch')).toBe(true);
  });

  it('hand a body over once by message, as text or as base64', async () => {
    const { module } = await loadInServiceWorker();
    const text = 'é'.repeat(200_000);
    const bytes = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
    const textId = module.deferBody(bytes, 'application/json');
    expect(textId).toBeTypeOf('string');
    expect(module.takeHeldBody(textId!, 'text')).toEqual({ kind: 'text', text });
    expect(() => module.takeHeldBody(textId!, 'text')).toThrow(/no longer held/);

    const binary = new Uint8Array(300_000).map((_, index) => index % 256) as Uint8Array<ArrayBuffer>;
    const binaryId = module.deferBody(binary, 'application/pdf');
    const taken = module.takeHeldBody(binaryId!, 'bytes');
    expect(taken.kind).toBe('bytes');
    expect(Buffer.from((taken as { base64: string }).base64, 'base64').equals(Buffer.from(binary))).toBe(true);
    expect(() => module.takeHeldBody('nope', 'bytes')).toThrow(expect.objectContaining({ code: 'not-found' }));
  });
});

describe('held bodies in the Firefox build (an event page, not a service worker)', () => {
  async function loadInFirefox() {
    vi.resetModules();
    vi.stubEnv('MODE', 'firefox');
    return import('../../../src/background/deferred-bodies.ts');
  }

  it('are handed over as a Blob URL holding exactly the bytes', async () => {
    const module = await loadInFirefox();
    const text = 'é'.repeat(200_000);
    const ref = module.deferBody(new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>, 'application/json');
    expect(ref).toMatch(/^blob:/);
    const blob = await (await fetch(ref!)).blob();
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(text);
    URL.revokeObjectURL(ref!);
  });

  it('leave a small body in the message, and never register a fetch listener', async () => {
    const module = await loadInFirefox();
    expect(module.deferBody(new Uint8Array(1000) as Uint8Array<ArrayBuffer>, 'application/json')).toBeUndefined();
    const addEventListener = vi.fn();
    vi.stubGlobal('addEventListener', addEventListener);
    module.listenForBodyFetches();
    expect(addEventListener).not.toHaveBeenCalled();
  });

  it('are dropped after a minute when no page came for them', async () => {
    vi.useFakeTimers();
    try {
      const module = await loadInFirefox();
      const ref = module.deferBody(new Uint8Array(300_000) as Uint8Array<ArrayBuffer>, 'application/pdf');
      const revoke = vi.spyOn(URL, 'revokeObjectURL');
      vi.advanceTimersByTime(59_000);
      expect(revoke).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_000);
      expect(revoke).toHaveBeenCalledWith(ref);
      revoke.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });
});
