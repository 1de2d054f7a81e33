import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hugeJsonBuilds, PREBUILT_MAX_BYTES } from './huge-json.ts';
import { type Platform, startPlatform } from './index.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterEach(() => platform.faults.clear());
afterAll(() => platform.close());

const rights = () => fetch(`${platform.api}/v2/oauth/rights`);

describe('fault injection', () => {
  it('answers a chosen status and body, for `times` requests only', async () => {
    platform.faults.add({
      path: '/v2/oauth/rights',
      status: 503,
      body: '{"id":503,"message":"maintenance"}',
      times: 2,
    });
    for (let i = 0; i < 2; i++) {
      const response = await rights();
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ id: 503, message: 'maintenance' });
    }
    expect((await rights()).status).toBe(200);
  });

  it('delays, then answers normally', async () => {
    platform.faults.add({ path: '/v2/oauth/rights', delayMs: 300 });
    const start = Date.now();
    const response = await rights();
    expect(response.status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
  });

  it('sends malformed JSON with a JSON content type', async () => {
    platform.faults.add({ path: '/v2/oauth/rights', malformed: true });
    const response = await rights();
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    await expect(response.json()).rejects.toThrow();
  });

  it('echoes the Authorization header, again and again, to the byte count asked, with the content type asked', async () => {
    platform.faults.add({ path: '/v2/echo', echoAuthorizationBytes: 200_003, echoContentType: 'application/pdf' });
    const response = await fetch(`${platform.api}/v2/echo`, { headers: { Authorization: 'Bearer abc' } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = await response.text();
    expect(text.length).toBe(200_003);
    expect(text.startsWith('Bearer abc\nBearer abc\n')).toBe(true);
    expect(
      text
        .split('\n')
        .slice(0, -1)
        .every((line) => line === 'Bearer abc'),
    ).toBe(true);

    platform.faults.add({ path: '/v2/echo', echoAuthorizationBytes: 10, echoAuthorizationInContentType: true });
    const inType = await fetch(`${platform.api}/v2/echo`, { headers: { Authorization: 'OAuth a="b", c="d"' } });
    expect(inType.headers.get('content-type')).toBe('text/plain; echo=OAuth a=b, c=d');
    expect(await inType.text()).toBe('OAuth a="b');
  });

  it('streams a huge, valid, nested JSON body', async () => {
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: 5 * 1024 * 1024 });
    const response = await fetch(`${platform.api}/v2/self/applications`);
    const text = await response.text();
    expect(text.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    const items = JSON.parse(text) as { id: string; instance: { variant: { slug: string } } }[];
    expect(items.length).toBeGreaterThan(1000);
    expect(items[0]!.instance.variant.slug).toBe('node');
  });

  it('holds a huge body’s last piece until endAfter settles, then ends it whole', async () => {
    const bytes = 1024 * 1024;
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: bytes });
    const whole = await (await fetch(`${platform.api}/v2/self/applications`)).text();
    // The sandbox waits on the promise before its last piece; it settles once the client has read all but that.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waitedFor = false;
    const watched = Object.assign(held, {
      catch: (onRejected: (reason: unknown) => unknown) => {
        waitedFor = true;
        return Promise.prototype.catch.call(held, onRejected);
      },
    });
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: bytes, endAfter: watched });
    const response = await fetch(`${platform.api}/v2/self/applications`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let lengthAtRelease = -1;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      text += decoder.decode(part.value, { stream: true });
      // All but the last piece (64 KB and a record at most) is in, and the sandbox is waiting: let it end.
      if (lengthAtRelease < 0 && waitedFor && text.length >= whole.length - 66 * 1024) {
        lengthAtRelease = text.length;
        release();
      }
    }
    expect(waitedFor).toBe(true);
    expect(lengthAtRelease).toBeLessThan(whole.length);
    expect(text).toBe(whole);
  });

  it('builds a huge body when its fault is added, so answering it only copies bytes out', async () => {
    const bytes = 3 * 1024 * 1024 + 17;
    const before = hugeJsonBuilds();
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: bytes, times: 2 });
    expect(hugeJsonBuilds()).toBe(before + 1);
    const first = await (await fetch(`${platform.api}/v2/self/applications`)).text();
    const second = await (await fetch(`${platform.api}/v2/self/applications`)).text();
    expect(hugeJsonBuilds()).toBe(before + 1);
    expect(second).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(bytes);
    expect(Array.isArray(JSON.parse(first))).toBe(true);
  });

  it('generates a body past the prepared size as it goes, the same way', async () => {
    // The bytes are the same whichever way they are made: a prepared prefix matches a generated one's start.
    const before = hugeJsonBuilds();
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: PREBUILT_MAX_BYTES + 1 });
    expect(hugeJsonBuilds()).toBe(before);
    const response = await fetch(`${platform.api}/v2/self/applications`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const { value } = await reader.read();
    await reader.cancel();
    platform.faults.add({ path: '/v2/self/applications', hugeJsonBytes: 1024 * 1024 });
    const prepared = await (await fetch(`${platform.api}/v2/self/applications`)).text();
    const start = new TextDecoder().decode(value).slice(0, 1000);
    expect(prepared.startsWith(start)).toBe(true);
  });

  it('drops the connection', async () => {
    platform.faults.add({ path: '/v2/oauth/rights', drop: true });
    await expect(rights()).rejects.toThrow();
    expect((await rights()).status).toBe(200);
  });

  it('drops the connection mid-answer: the head arrives, the body breaks', async () => {
    platform.faults.add({ path: '/v2/oauth/rights', dropMidBody: true, status: 200 });
    const response = await rights();
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect((await rights()).status).toBe(200);
  });

  it('matches by server, method, RegExp and prefix', async () => {
    platform.faults.add({ server: 'bridge', path: /^\/v2\//, status: 502, times: Number.POSITIVE_INFINITY });
    platform.faults.add({ server: 'api', method: 'POST', path: '/v2/oauth/*', status: 429 });
    expect((await rights()).status).toBe(200);
    expect((await fetch(`${platform.bridge}/v2/self`)).status).toBe(502);
    expect((await fetch(`${platform.bridge}/v2/summary`)).status).toBe(502);
    expect((await fetch(`${platform.api}/v2/oauth/request_token`, { method: 'POST' })).status).toBe(429);
    expect((await fetch(`${platform.sftp}/healthz`)).status).toBe(200);
  });

  it('does not keep close() waiting on a delayed request', async () => {
    const other = await startPlatform();
    other.faults.add({ path: '/v2/oauth/rights', delayMs: 60_000 });
    const pending = fetch(`${other.api}/v2/oauth/rights`).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const start = Date.now();
    await other.close();
    expect(Date.now() - start).toBeLessThan(2000);
    await pending;
  });
});

describe('control endpoints (/__sandbox) and the clock', () => {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${platform.api}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('adds faults over HTTP with a regex path, lists them in the state, and clears them', async () => {
    const added = await control('POST', 'faults', {
      path: { regex: '^/v2/oauth/rights$' },
      status: 418,
      times: 'always',
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ path: { regex: expect.stringContaining('oauth') }, times: 'always' });
    expect((await rights()).status).toBe(418);
    expect((await rights()).status).toBe(418);
    const state = (await (await control('GET', 'state')).json()) as { faults: unknown[] };
    expect(state.faults).toHaveLength(1);
    expect((await control('DELETE', 'faults')).status).toBe(204);
    expect((await rights()).status).toBe(200);
    expect((await control('POST', 'faults', { status: 'nope' })).status).toBe(400);
  });

  it('refuses requests from web pages (with an Origin), preflights included', async () => {
    for (const method of ['OPTIONS', 'GET']) {
      const response = await fetch(`${platform.api}/__sandbox/state`, {
        method,
        headers: { Origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('shows the state without secrets', async () => {
    const text = await (await control('GET', 'state')).text();
    const state = JSON.parse(text) as { users: { email: string }[]; consumers: { key: string }[] };
    expect(state.users.map((user) => user.email)).toContain(platform.user.email);
    expect(state.consumers.map((consumer) => consumer.key)).toContain(platform.consumerKey);
    for (const secret of [
      platform.consumerSecret,
      platform.apiToken,
      platform.user.password,
      platform.mfaUser.totpSecret,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('shifts the clock over HTTP and in process; every Date header follows it', async () => {
    const set = await control('POST', 'clock', { offsetSeconds: 7200 });
    expect(await set.json()).toMatchObject({ offsetSeconds: 7200 });
    const ahead = Date.parse((await rights()).headers.get('date')!);
    expect(ahead - Date.now()).toBeGreaterThan(7100_000);
    await control('POST', 'clock', { shiftSeconds: -7200 });
    expect(platform.clock.offsetSeconds()).toBe(0);
    platform.clock.set(-600);
    expect(Math.round((platform.clock.now() - Date.now()) / 1000)).toBe(-600);
    platform.clock.set(0);
  });

  it('toggles the spec PDF path', async () => {
    const off = await control('POST', 'settings', { specPdfPath: false });
    expect(await off.json()).toMatchObject({ specPdfPath: false });
    expect(platform.state.settings.specPdfPath).toBe(false);
    await control('POST', 'settings', { specPdfPath: true });
  });
});

describe('CORS', () => {
  it('answers preflights on the API and the bridge like the real API', async () => {
    for (const base of [platform.api, platform.bridge]) {
      const response = await fetch(`${base}/v2/self`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://console.sandbox.keyhole.test',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://console.sandbox.keyhole.test');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Accept');
      expect(response.headers.get('access-control-max-age')).toBe('600');
    }
  });

  it('exposes Date and friends on actual responses', async () => {
    const response = await fetch(`${platform.api}/v2/oauth/rights`, { headers: { Origin: 'chrome-extension://abc' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('chrome-extension://abc');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/\bDate\b.*Content-Disposition/);
    expect(await response.json()).toHaveProperty('manage_ssh_keys');
  });
});
