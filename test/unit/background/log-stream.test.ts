import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView, SendRequest } from '../../../src/core/protocol.ts';
import type { StreamReport } from '../../../src/core/streams/stream-port.ts';
import { calls, resetEdges, stubFetch } from './support/fake-edges.ts';

const { active, markExpired } = vi.hoisted(() => ({ active: { profile: undefined as unknown }, markExpired: vi.fn() }));
vi.mock('../../../src/background/bound-secrets.ts', () => ({
  bridgeTokenFor: async () => undefined,
  consumerSecretFor: async () => 'consumer-secret',
  accessTokenFor: async () => ({ token: 'access-token', tokenSecret: 'token-secret' }),
}));
vi.mock('../../../src/background/session.ts', () => ({
  readSession: async () => ({ state: 'signed-in', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
  getClockOffset: async () => 0,
  markExpired,
}));
vi.mock('../../../src/background/send-request.ts', () => ({ requireActiveProfile: async () => active.profile }));
// Reconnect at once: the delays themselves are core/streams/stream-cursor.ts's tests.
vi.mock('../../../src/core/streams/stream-cursor.ts', async (original) => ({
  ...(await original<typeof import('../../../src/core/streams/stream-cursor.ts')>()),
  retryDelayMs: () => 0,
}));

const { runLogStream } = await import('../../../src/background/log-stream.ts');

const profile = (apiBaseUrl: string): ProfileView => ({
  id: 'p1',
  name: 'Test',
  preset: 'custom',
  apiBaseUrl,
  bridgeUrl: 'https://bridge.example.test',
  consumerKey: 'ck',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
});

const PATH = '/v4/logs/organisations/orga_1/applications/app_1/logs';
const at = (seq: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, seq * 10)).toISOString();
const line = (seq: number) =>
  `id: line-${seq}\nevent: APPLICATION_LOG\ndata: ${JSON.stringify({ id: `line-${seq}`, date: at(seq), message: `#${seq}` })}\n\n`;
const sse = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });

async function run(request: Partial<SendRequest> = {}) {
  const reports: StreamReport[] = [];
  const stop = new AbortController();
  await runLogStream(
    { type: 'open', kind: 'sse', request: { target: 'api', method: 'GET', path: PATH, ...request } },
    (report) => reports.push(report),
    stop.signal,
  );
  const seqs = reports.flatMap((report) =>
    report.type === 'events' ? report.events.map((event) => Number(JSON.parse(event.data).message.slice(1))) : [],
  );
  return { reports, seqs };
}

beforeEach(() => {
  resetEdges();
  markExpired.mockReset();
  active.profile = profile('https://api.example.test');
});

describe('runLogStream', () => {
  it('resumes after a drop from the last line’s date, lowering the limit, without a gap or a repeated line', async () => {
    let call = 0;
    stubFetch(() => {
      call += 1;
      // First connection: three lines, then the server goes away without END_OF_STREAM.
      if (call === 1) return sse(`event: HEARTBEAT\ndata: {}\n\n${line(1)}${line(2)}${line(3)}`);
      // The resumed one repeats line 3 (`since` is inclusive) and ends at the limit.
      return sse(`${line(3)}${line(4)}${line(5)}event: END_OF_STREAM\ndata: {"endedBy":"LIMIT"}\n\n`);
    });
    const { reports, seqs } = await run({ query: [['limit', '5']] });
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    const resumed = new URL(calls[1]!.url);
    expect(resumed.searchParams.get('since')).toBe(at(3));
    expect(resumed.searchParams.get('limit')).toBe('2');
    expect(reports.map((report) => report.type)).toEqual([
      'opened',
      'events',
      'reconnecting',
      'opened',
      'events',
      'ended',
    ]);
    expect(reports.at(-1)).toEqual({ type: 'ended', reason: 'LIMIT' });
  });

  it('signs each connection afresh, asks for an event stream, and never reports the Authorization header', async () => {
    stubFetch(() => sse(`${line(1)}event: END_OF_STREAM\ndata: {"endedBy":"UNTIL"}\n\n`));
    const { reports } = await run({ path: `${PATH}?since=${at(0)}` });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(calls[0]!.headers.get('authorization')).toMatch(/^OAuth .*oauth_signature_method="HMAC-SHA512"/);
    expect(new URL(calls[0]!.url).searchParams.get('since')).toBe(at(0));
    expect(JSON.stringify(reports)).not.toMatch(/oauth_signature|token-secret|consumer-secret/);
  });

  it('a server that answers and closes at once gets growing waits, then the stream stops and says why', async () => {
    stubFetch(() => sse(''));
    const reports: StreamReport[] = [];
    const outcome = runLogStream(
      { type: 'open', kind: 'sse', request: { target: 'api', method: 'GET', path: PATH } },
      (report) => reports.push(report),
      new AbortController().signal,
    );
    // Each 200 used to reset the count: attempt 1 (1 s) forever.
    await expect(outcome).rejects.toMatchObject({
      code: 'network',
      message: /20 times in a row.*stopped reconnecting/,
    });
    const attempts = reports.flatMap((report) => (report.type === 'reconnecting' ? [report.attempt] : []));
    expect(attempts).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(calls).toHaveLength(21);
  });

  it('ends on a refusal (4xx) with its status and the platform’s message, without reconnecting', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ id: 401, message: 'Invalid signature', type: 'error' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { reports } = await run();
    expect(calls).toHaveLength(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      type: 'failed',
      status: 401,
      error: { code: 'http-error', message: expect.stringContaining('Invalid signature') },
    });
    expect(markExpired).not.toHaveBeenCalled();
  });

  it('marks the session expired when the platform’s 401 says the token expired, like a call does', async () => {
    const answer = JSON.stringify({ id: 401, message: 'Token expired', type: 'error' });
    stubFetch(() => new Response(answer, { status: 401, headers: { 'Content-Type': 'application/json' } }));
    const { reports } = await run();
    expect(calls).toHaveLength(1);
    expect(reports).toEqual([
      expect.objectContaining({
        type: 'failed',
        status: 401,
        body: answer,
        error: expect.objectContaining({ code: 'session-expired' }),
      }),
    ]);
    expect(markExpired).toHaveBeenCalledWith('p1', expect.objectContaining({ code: 'session-expired', status: 401 }));
  });

  it('refuses a PLAINTEXT stream over plain http to another machine before anything is sent', async () => {
    active.profile = profile('http://api.example.test');
    stubFetch(() => sse(''));
    await expect(run({ signatureMethod: 'PLAINTEXT' })).rejects.toMatchObject({ code: 'origin-refused' });
    expect(calls).toHaveLength(0);
  });

  it('says so when a 200 answer is not an event stream', async () => {
    stubFetch(() => new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    const { reports } = await run();
    expect(reports[0]).toMatchObject({ type: 'failed', error: { code: 'malformed-response' } });
  });

  // A hostile server: a refusal whose body never ends must not be read into the worker's memory whole.
  it('reads no more of a refusal’s body than it reports (64 KB), however long the server keeps sending', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        // A real server could go on for ever; this one stops at 64 MB so the old behaviour ends too.
        if (pulled > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    stubFetch(() => new Response(endless, { status: 403, headers: { 'Content-Type': 'text/plain' } }));
    const { reports } = await run();
    expect(reports[0]).toMatchObject({ type: 'failed', status: 403 });
    expect((reports[0] as { body: string }).body).toHaveLength(64 * 1024);
    expect(pulled).toBeLessThanOrEqual(4 * chunk.byteLength);
  });

  it('stops with too-large, without reconnecting, when an event never ends', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: '));
      },
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    stubFetch(() =>
      calls.length === 1
        ? new Response(endless, { headers: { 'Content-Type': 'text/event-stream' } })
        : new Response('{}', { status: 401 }),
    );
    await expect(run()).rejects.toMatchObject({ code: 'too-large' });
    expect(calls).toHaveLength(1);
    expect(sent).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('a refusal that echoes a PLAINTEXT Authorization back reports it without the secrets', async () => {
    stubFetch(
      (call) =>
        new Response(`refused: ${call.headers.get('authorization')}`, {
          status: 401,
          headers: { 'Content-Type': 'text/plain' },
        }),
    );
    const { reports } = await run({ signatureMethod: 'PLAINTEXT' });
    expect(reports[0]).toMatchObject({
      type: 'failed',
      status: 401,
      body: expect.stringContaining('oauth_signature='),
    });
    expect(JSON.stringify(reports)).not.toMatch(/token-secret|consumer-secret/);
  });

  it('a PLAINTEXT Authorization echoed in the content type or the reason phrase is reported and kept masked', async () => {
    const echoed = (call: { headers: Headers }) => call.headers.get('authorization')!.replace(/"/g, '');
    // In the content type: of an answer that is not an event stream (its message), and of one that is (opened).
    for (const type of ['application/json', 'text/event-stream']) {
      const end = 'event: END_OF_STREAM\ndata: {"endedBy":"UNTIL"}\n\n';
      stubFetch((call) => new Response(end, { headers: { 'Content-Type': `${type}; echo=${echoed(call)}` } }));
      const { reports } = await run({ signatureMethod: 'PLAINTEXT' });
      expect(JSON.stringify(reports)).toContain('oauth_signature=');
      expect(JSON.stringify(reports)).not.toMatch(/token-secret|consumer-secret/);
    }
    // In the reason phrase of a 401 that says the token expired: the session keeps it as its last error.
    stubFetch(
      (call) =>
        new Response(JSON.stringify({ message: 'Token expired' }), { status: 401, statusText: `Nope ${echoed(call)}` }),
    );
    const { reports } = await run({ signatureMethod: 'PLAINTEXT' });
    expect(markExpired).toHaveBeenCalledWith('p1', expect.objectContaining({ code: 'session-expired' }));
    expect(JSON.stringify(markExpired.mock.calls)).toContain('oauth_signature=');
    expect(JSON.stringify([reports, markExpired.mock.calls])).not.toMatch(/token-secret|consumer-secret/);
  });

  it('a log line that echoes a PLAINTEXT Authorization reaches the panel without the secrets', async () => {
    stubFetch((call) =>
      sse(
        `data: ${JSON.stringify({ id: 'l1', date: at(1), message: call.headers.get('authorization') })}\n\n` +
          'event: END_OF_STREAM\ndata: {"endedBy":"UNTIL"}\n\n',
      ),
    );
    const { reports } = await run({ signatureMethod: 'PLAINTEXT' });
    expect(reports.find((report) => report.type === 'events')).toMatchObject({
      events: [{ data: expect.stringContaining('oauth_signature=') }],
    });
    expect(JSON.stringify(reports)).not.toMatch(/token-secret|consumer-secret/);
  });
});
