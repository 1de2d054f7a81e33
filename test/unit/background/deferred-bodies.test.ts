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

/** A page's fetch of `path` on the worker's route, with its page key when given; the worker's answer. */
function fetchRoute(listeners: Map<string, (event: Event) => void>, path: string, key?: string) {
  let answer: Promise<Response> | Response | undefined;
  const headers: Record<string, string> = key ? { 'X-Keyhole-Page': key } : {};
  listeners.get('fetch')?.(
    Object.assign(new Event('fetch'), {
      request: new Request(`https://keyhole.test${path}`, { headers }),
      respondWith: (response: Promise<Response> | Response) => {
        answer = response;
      },
    }),
  );
  return answer!;
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
    expect(await module.takeHeldBody(textId!, 'text')).toEqual({ kind: 'text', text });
    await expect(module.takeHeldBody(textId!, 'text')).rejects.toThrow(/no longer held/);

    const binary = new Uint8Array(300_000).map((_, index) => index % 256) as Uint8Array<ArrayBuffer>;
    const binaryId = module.deferBody(binary, 'application/pdf');
    const taken = await module.takeHeldBody(binaryId!, 'bytes');
    expect(taken.kind).toBe('bytes');
    expect(Buffer.from((taken as { base64: string }).base64, 'base64').equals(Buffer.from(binary))).toBe(true);
    await expect(module.takeHeldBody('nope', 'bytes')).rejects.toEqual(expect.objectContaining({ code: 'not-found' }));
  });

  it('hand a body over by message only to the page that sent the request', async () => {
    const { module } = await loadInServiceWorker();
    const panel = 'chrome-extension://abc/src/devtools/panel.html';
    const id = module.deferBody(new Uint8Array(300_000) as Uint8Array<ArrayBuffer>, 'text/plain', `${panel}#catalog`);
    await expect(module.takeHeldBody(id!, 'text', 'chrome-extension://abc/src/options/index.html')).rejects.toThrow(
      /no longer held/,
    );
    expect(await module.takeHeldBody(id!, 'text', panel)).toMatchObject({ kind: 'text' });
  });

  it('held for one document go to it only, on every route: another panel with the same URL gets none', async () => {
    const { module, listeners } = await loadInServiceWorker();
    vi.stubGlobal('location', { origin: 'https://keyhole.test' });
    module.listenForBodyFetches();
    const fetchOnce = (path: string, key?: string) => fetchRoute(listeners, path, key);
    const panel = 'chrome-extension://abc/src/devtools/panel.html';
    const body = new Uint8Array(300_000).fill(65) as Uint8Array<ArrayBuffer>;
    // The first panel's call (it registered key A on its call port); the second panel registered key B.
    const id = module.deferBody(body, 'text/plain', panel, 'page:key-of-panel-A');
    expect((await fetchOnce(`/__keyhole/body/${id}`)).status).toBe(410);

    // A content type with an echoed secret masked in it (send-request.ts) is no header value (• is past Latin-1):
    // the body is still served, whole, without it.
    const large = new Uint8Array(300_000).fill(0x61);
    const masked = await fetchOnce(`/__keyhole/body/${module.deferBody(large, 'text/plain; echo=•••')}`);
    expect(masked.status).toBe(200);
    expect(masked.headers.get('content-type')).toBeNull();
    expect((await masked.arrayBuffer()).byteLength).toBe(300_000);
    expect((await fetchOnce(`/__keyhole/body/${id}`, 'key-of-panel-B')).status).toBe(410);
    await expect(module.takeHeldBody(id!, 'text', panel, 'page:key-of-panel-B')).rejects.toThrow(/no longer held/);
    await expect(module.takeHeldBody(id!, 'text', panel)).rejects.toThrow(/no longer held/);
    expect(module.takeBodyForPage(id!, panel, 'doc:panel-B')).toBeUndefined();
    // Still there, whole, for the panel that asked.
    const served = await fetchOnce(`/__keyhole/body/${id}`, 'key-of-panel-A');
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(300_000);

    const byMessage = module.deferBody(body, 'text/plain', panel, 'doc:panel-A');
    expect(module.takeBodyForPage(byMessage!, panel, 'doc:panel-B')).toBeUndefined();
    expect(module.takeBodyForPage(byMessage!, panel, 'doc:panel-A')).toMatchObject({ contentType: 'text/plain' });
  });

  it('stream a body still arriving: the route serves it as it comes, then says how it ended', async () => {
    const { module, listeners } = await loadInServiceWorker();
    vi.stubGlobal('location', { origin: 'https://keyhole.test' });
    module.listenForBodyFetches();
    const parts = ['{"items": [', '1, 2, 3', ']}'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const end = Promise.resolve({ size: 18, truncated: false, durationMs: 12 });
    const id = module.deferStream(body, end, 'application/json');
    const fetchOnce = async (path: string) => {
      let answer: Promise<Response> | Response | undefined;
      listeners.get('fetch')?.(
        Object.assign(new Event('fetch'), {
          request: new Request(`https://keyhole.test${path}`),
          respondWith: (response: Promise<Response> | Response) => {
            answer = response;
          },
        }),
      );
      return answer!;
    };
    const served = await fetchOnce(`/__keyhole/body/${id}`);
    expect(served.headers.get('content-type')).toBe('application/json');
    expect(await served.text()).toBe(parts.join(''));
    expect(await (await fetchOnce(`/__keyhole/body/${id}/end`)).json()).toEqual({
      ok: true,
      end: { size: 18, truncated: false, durationMs: 12 },
    });
    expect((await fetchOnce(`/__keyhole/body/${id}`)).status).toBe(410);

    // A content type with an echoed secret masked in it (send-request.ts) is no header value (• is past Latin-1):
    // the body is still served, whole, without it.
    const large = new Uint8Array(300_000).fill(0x61);
    const masked = await fetchOnce(`/__keyhole/body/${module.deferBody(large, 'text/plain; echo=•••')}`);
    expect(masked.status).toBe(200);
    expect(masked.headers.get('content-type')).toBeNull();
    expect((await masked.arrayBuffer()).byteLength).toBe(300_000);

    // Cut midway: the page that reads it by message gets the reason the worker recorded, not "no longer held".
    const { KeyholeError } = await import('../../../src/core/errors.ts');
    const reason = new KeyholeError('network', 'the connection broke while its body was being read');
    const cut = module.deferStream(
      new ReadableStream({ start: (controller) => controller.error(new Error('reset')) }),
      Promise.reject(reason),
      'application/json',
    );
    await expect(module.takeHeldBody(cut, 'text')).rejects.toEqual(
      expect.objectContaining({ code: 'network', message: reason.message }),
    );
  });
});

describe('how a streamed body ended (/end)', () => {
  it('is told only to the page whose call it was: another page neither reads it nor takes it from that page', async () => {
    const { module, listeners } = await loadInServiceWorker();
    vi.stubGlobal('location', { origin: 'https://keyhole.test' });
    module.listenForBodyFetches();
    const fetchOnce = (path: string, key?: string) => fetchRoute(listeners, path, key);
    const end = Promise.resolve({ size: 3, truncated: false, durationMs: 5 });
    const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    const id = module.deferStream(body, end, 'application/json', 'chrome-extension://abc/panel.html', 'page:key-A');
    expect((await fetchOnce(`/__keyhole/body/${id}`, 'key-A')).status).toBe(200);
    // A second panel (its own key), or a page that shows none.
    expect((await fetchOnce(`/__keyhole/body/${id}/end`, 'key-B')).status).toBe(410);
    expect((await fetchOnce(`/__keyhole/body/${id}/end`)).status).toBe(410);
    expect(await (await fetchOnce(`/__keyhole/body/${id}/end`, 'key-A')).json()).toEqual({
      ok: true,
      end: { size: 3, truncated: false, durationMs: 5 },
    });
  });
});

describe('a streamed body read for more than a minute', () => {
  it('keeps how it ended until the page asks, a minute past its end (not a minute past the reply)', async () => {
    vi.useFakeTimers();
    try {
      const { module, listeners } = await loadInServiceWorker();
      vi.stubGlobal('location', { origin: 'https://keyhole.test' });
      module.listenForBodyFetches();
      let endBody: ((end: { size: number; truncated: boolean; durationMs: number }) => void) | undefined;
      const end = new Promise<{ size: number; truncated: boolean; durationMs: number }>((resolve) => {
        endBody = resolve;
      });
      const id = module.deferStream(new ReadableStream<Uint8Array>(), end, 'application/json');
      const fetchOnce = (path: string) => {
        let answer: Promise<Response> | Response | undefined;
        listeners.get('fetch')?.(
          Object.assign(new Event('fetch'), {
            request: new Request(`https://keyhole.test${path}`),
            respondWith: (response: Promise<Response> | Response) => {
              answer = response;
            },
          }),
        );
        return answer!;
      };
      // The page takes the body at once and reads a slow 100 MB export for two minutes.
      expect((await fetchOnce(`/__keyhole/body/${id}`)).status).toBe(200);
      await vi.advanceTimersByTimeAsync(120_000);
      endBody?.({ size: 100_000_000, truncated: false, durationMs: 120_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await (await fetchOnce(`/__keyhole/body/${id}/end`)).json()).toEqual({
        ok: true,
        end: { size: 100_000_000, truncated: false, durationMs: 120_000 },
      });

      // Never asked for: forgotten a minute after the body ended, so the map does not grow.
      let endOther: ((end: { size: number; truncated: boolean; durationMs: number }) => void) | undefined;
      const other = module.deferStream(
        new ReadableStream<Uint8Array>(),
        new Promise((resolve) => {
          endOther = resolve;
        }),
        'application/json',
      );
      expect((await fetchOnce(`/__keyhole/body/${other}`)).status).toBe(200);
      endOther?.({ size: 1, truncated: false, durationMs: 1 });
      await vi.advanceTimersByTimeAsync(61_000);
      expect((await fetchOnce(`/__keyhole/body/${other}/end`)).status).toBe(410);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('held bodies in the Firefox build (an event page, not a service worker)', () => {
  async function loadInFirefox() {
    vi.resetModules();
    vi.stubEnv('MODE', 'firefox');
    return import('../../../src/background/deferred-bodies.ts');
  }

  it('are held for the body port, for the page that asked only, once', async () => {
    const module = await loadInFirefox();
    const bytes = new TextEncoder().encode('é'.repeat(200_000)) as Uint8Array<ArrayBuffer>;
    const panel = 'moz-extension://abc/src/devtools/panel.html';
    expect(module.canStreamBodies()).toBe(true);
    const id = module.deferBody(bytes, 'application/json', `${panel}#catalog`);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(module.takeBodyForPage(id!, 'moz-extension://abc/src/options/options.html')).toBeUndefined();
    expect(module.takeBodyForPage(id!, `${panel}#history`)).toMatchObject({ bytes, contentType: 'application/json' });
    expect(module.takeBodyForPage(id!, panel)).toBeUndefined();
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
      const id = module.deferBody(new Uint8Array(300_000) as Uint8Array<ArrayBuffer>, 'application/pdf');
      vi.advanceTimersByTime(60_000);
      expect(module.takeBodyForPage(id!, 'moz-extension://abc/src/devtools/panel.html')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
