import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Platform, startPlatform } from '../index.ts';
import { dance, signedFetch, signerFor } from '../support/oauth-client.ts';

let platform: Platform;
let access: { token: string; secret: string };
let app: { id: string; ownerId: string };

beforeAll(async () => {
  platform = await startPlatform();
  access = await dance(platform);
  const user = [...platform.state.users.values()].find((candidate) => candidate.email === platform.user.email)!;
  const found = [...platform.state.applications.values()].find((candidate) => candidate.ownerId === user.id)!;
  app = { id: found.view.id, ownerId: found.ownerId };
});
afterAll(() => platform.close());

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Reads SSE frames until `until` says stop or the body ends (test-side reader, independent of src/). */
async function readEvents(response: Response, until: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!until(events)) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame: SseEvent = { event: 'message', data: '' };
        for (const line of buffer.slice(0, end).split('\n')) {
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') frame.event = value;
          else if (field === 'id') frame.id = value;
          else if (field === 'data') frame.data += value;
        }
        events.push(frame);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // A dropped connection ends the read: the events so far are the result.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return events;
}

const logsPath = () => `/v4/logs/organisations/${app.ownerId}/applications/${app.id}/logs`;
const seqOf = (event: SseEvent) => Number(/^#(\d+) /.exec(JSON.parse(event.data).message)?.[1]);
const logsOnly = (events: SseEvent[]) => events.filter((event) => event.event === 'APPLICATION_LOG');

describe('log streams (SSE)', () => {
  it('streams signed application logs from `since`, consecutive, and ends at `limit` with END_OF_STREAM', async () => {
    const since = new Date(platform.clock.now() - 60_000).toISOString();
    const response = await signerFor(platform, access)('GET', `${logsPath()}?since=${since}&limit=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(response, () => false);
    const logs = logsOnly(events);
    expect(logs).toHaveLength(5);
    const seqs = logs.map(seqOf);
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2, seqs[0]! + 3, seqs[0]! + 4]);
    expect(Date.parse(JSON.parse(logs[0]!.data).date)).toBeGreaterThanOrEqual(Date.parse(since));
    expect(events.at(-1)).toMatchObject({ event: 'END_OF_STREAM', data: '{"endedBy":"LIMIT"}' });
  });

  it('refuses an unsigned stream with 401 and a JSON body, not an event stream', async () => {
    const response = await fetch(`${platform.api}${logsPath()}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('serves access logs through the bridge with an API token', async () => {
    const since = new Date(platform.clock.now() - 10_000).toISOString();
    const path = `/v4/accesslogs/organisations/${app.ownerId}/applications/${app.id}/accesslogs`;
    const response = await fetch(`${platform.bridge}${path}?since=${since}&limit=3`, {
      headers: { Authorization: `Bearer ${platform.apiToken}` },
    });
    expect(response.status).toBe(200);
    const events = await readEvents(response, () => false);
    const logs = events.filter((event) => event.event === 'ACCESS_LOG');
    expect(logs).toHaveLength(3);
    expect(JSON.parse(logs[0]!.data)).toMatchObject({ applicationId: app.id, http: { request: { method: 'GET' } } });
  });

  it('sends HEARTBEAT while no line is due', async () => {
    await fetch(`${platform.api}/__sandbox/streams`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ linesPerSecond: 0.01, heartbeatMs: 100 }),
    });
    try {
      const response = await signerFor(platform, access)('GET', logsPath());
      const heartbeats = (so: SseEvent[]) => so.filter((event) => event.event === 'HEARTBEAT');
      const events = await readEvents(response, (so) => heartbeats(so).length >= 2);
      // At most the one line already due at the old rate comes before the heartbeats.
      expect(heartbeats(events)).toHaveLength(2);
      expect(logsOnly(events).length).toBeLessThanOrEqual(1);
      expect(heartbeats(events)[0]!.data).toBe('{}');
    } finally {
      await fetch(`${platform.api}/__sandbox/streams`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ linesPerSecond: 5, heartbeatMs: 2000 }),
      });
    }
  });

  it('breaks a stream after n lines on a dropAfterEvents fault; resuming from the last date repeats only that line', async () => {
    platform.faults.add({ path: logsPath(), dropAfterEvents: 4 });
    const since = new Date(platform.clock.now() - 30_000).toISOString();
    const first = logsOnly(
      await readEvents(await signerFor(platform, access)('GET', `${logsPath()}?since=${since}`), () => false),
    );
    expect(first).toHaveLength(4);
    const lastDate = JSON.parse(first[3]!.data).date;
    const resumed = await signerFor(platform, access)('GET', `${logsPath()}?since=${lastDate}&limit=2`);
    const next = logsOnly(await readEvents(resumed, () => false));
    // `since` is inclusive: the client skips the line it already has by id.
    expect(next.map(seqOf)).toEqual([seqOf(first[3]!), seqOf(first[3]!) + 1]);
    expect(next[0]!.id).toBe(first[3]!.id);
  });

  it('forgets a stream when its client goes away', async () => {
    const openStreams = async () =>
      ((await (await fetch(`${platform.api}/__sandbox/streams`)).json()) as { open: number }).open;
    const before = await openStreams();
    const response = await signerFor(platform, access)('GET', logsPath());
    expect(response.status).toBe(200);
    expect(await openStreams()).toBe(before + 1);
    await response.body!.cancel();
    await expect.poll(openStreams).toBe(before);
  });

  it('refuses a rate above 1000 lines/s', async () => {
    const response = await fetch(`${platform.api}/__sandbox/streams`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ linesPerSecond: 1001 }),
    });
    expect(response.status).toBe(400);
  });
});

describe('events socket', () => {
  const socketUrl = () => `${platform.api.replace(/^http/, 'ws')}/v2/events/event-socket`;

  async function authorisation(signatureMethod: 'HMAC-SHA512' | 'PLAINTEXT' = 'HMAC-SHA512'): Promise<string> {
    // Sign `GET <api>/v2/events/` like the official client, and take the header without sending the call.
    let header = '';
    const original = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      header = new Headers(init.headers).get('authorization') ?? '';
      return new Response('{}');
    }) as typeof fetch;
    try {
      await signedFetch({
        method: 'GET',
        url: `${platform.api}/v2/events/`,
        consumer: { key: platform.consumerKey, secret: platform.consumerSecret },
        token: { key: access.token, secret: access.secret },
        signatureMethod,
      });
    } finally {
      globalThis.fetch = original;
    }
    return header;
  }

  function nextMessage(ws: WebSocket, accept: (message: Record<string, unknown>) => boolean) {
    return new Promise<Record<string, unknown>>((resolve) => {
      const listener = (data: unknown) => {
        const message = JSON.parse(String(data));
        if (!accept(message)) return;
        ws.off('message', listener);
        resolve(message);
      };
      ws.on('message', listener);
    });
  }

  it('answers the oauth message with socket_ready and sends a deployment event after an app restart', async () => {
    const ws = new WebSocket(socketUrl());
    await new Promise((resolve) => ws.once('open', resolve));
    const ready = nextMessage(ws, (message) => message.message_type === 'socket_ready');
    ws.send(JSON.stringify({ message_type: 'oauth', authorization: await authorisation() }));
    await ready;
    const event = nextMessage(ws, (message) => message.type === 'event');
    const restart = await signerFor(platform, access)(
      'POST',
      `/v2/organisations/${app.ownerId}/applications/${app.id}/instances`,
    );
    expect(restart.status).toBeLessThan(300);
    const received = await event;
    expect(received.event).toBe('DEPLOYMENT_ACTION_BEGIN');
    expect(JSON.parse(String(received.data))).toMatchObject({ appId: app.id, action: 'DEPLOY' });
    ws.close();
  });

  it('refuses a bad authorisation with error 2001 and closes with 4001', async () => {
    const ws = new WebSocket(socketUrl());
    await new Promise((resolve) => ws.once('open', resolve));
    const error = nextMessage(ws, (message) => message.type === 'error');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const header = (await authorisation()).replace(/oauth_signature="[^"]+"/, 'oauth_signature="forged"');
    ws.send(JSON.stringify({ message_type: 'oauth', authorization: header }));
    expect(await error).toMatchObject({ type: 'error', id: 2001 });
    expect(await closed).toBe(4001);
  });

  it('pings with the heartbeat delay, and a drop on demand closes the socket', async () => {
    const ws = new WebSocket(socketUrl());
    await new Promise((resolve) => ws.once('open', resolve));
    const ready = nextMessage(ws, (message) => message.message_type === 'socket_ready');
    ws.send(JSON.stringify({ message_type: 'oauth', authorization: await authorisation('PLAINTEXT') }));
    await ready;
    const ping = await nextMessage(ws, (message) => message.type === 'heartbeat');
    expect(ping).toMatchObject({ heartbeat_msg: 'ping', heartbeat_delay_ms: 2000 });
    const closed = new Promise((resolve) => ws.once('close', resolve));
    const drop = await (await fetch(`${platform.api}/__sandbox/streams/drop`, { method: 'POST' })).json();
    expect(drop.dropped).toBeGreaterThanOrEqual(1);
    await closed;
  });
});
