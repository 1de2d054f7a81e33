import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTHY_MS, MAX_SHORT_LIVES } from '../../../src/core/streams/reconnect-backoff.ts';
import type { StreamReport } from '../../../src/core/streams/stream-port.ts';

// The worker's edges replaced: signing is not what these tests are about (event-socket.test.ts signs for real).
vi.mock('../../../src/background/send-request.ts', () => ({ requireActiveProfile: async () => ({ id: 'p1' }) }));
vi.mock('../../../src/background/session.ts', () => ({ getClockOffset: async () => 0 }));
vi.mock('../../../src/background/signed-request.ts', () => ({
  prepareRequest: async () => ({
    url: 'https://api.example.test/v2/events/',
    authorization: 'OAuth x',
    reusable: [],
  }),
  hideReusable: (text: string) => text,
}));
const { runEventSocket } = await import('../../../src/background/event-socket.ts');

/** What one connection of a hostile server does once the client has sent its authorisation. */
type Script = (socket: ScriptedSocket) => void;

/** A WebSocket whose server follows a script; every delivery goes through (fake) timers, as a browser's does. */
class ScriptedSocket {
  static scripts: Script[] = [];
  static opened = 0;
  onopen?: () => void;
  onclose?: (event: { code: number }) => void;
  onmessage?: (message: { data: unknown }) => void;
  closed = false;
  pongs = 0;
  constructor() {
    ScriptedSocket.opened += 1;
    setTimeout(() => this.onopen?.(), 0);
  }
  send(text: string): void {
    const sent = JSON.parse(text) as { message_type?: string; heartbeat_msg?: string };
    if (sent.heartbeat_msg === 'pong') this.pongs += 1;
    if (sent.message_type !== 'oauth') return;
    // Each connection takes the next script; the last one repeats.
    const scripts = ScriptedSocket.scripts;
    const script = (scripts.length > 1 ? scripts.shift() : scripts[0]) ?? (() => undefined);
    script(this);
  }
  deliver(data: unknown, afterMs = 0): void {
    setTimeout(() => !this.closed && this.onmessage?.({ data }), afterMs);
  }
  serverClose(afterMs = 0): void {
    setTimeout(() => {
      if (this.closed) return;
      this.closed = true;
      this.onclose?.({ code: 1006 });
    }, afterMs);
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    setTimeout(() => this.onclose?.({ code: 1000 }), 0);
  }
}

const READY = JSON.stringify({ message_type: 'socket_ready' });
const ping = (delay: unknown) =>
  JSON.stringify({ type: 'heartbeat', heartbeat_msg: 'ping', heartbeat_delay_ms: delay });
const readyThenClose: Script = (socket) => {
  socket.deliver(READY);
  socket.serverClose(1);
};

function start() {
  const reports: StreamReport[] = [];
  const stop = new AbortController();
  const run = runEventSocket(
    { type: 'open', kind: 'events', request: { target: 'api', method: 'GET', path: '/v2/events/event-socket' } },
    (report) => reports.push(report),
    stop.signal,
  );
  const outcome = run.then(
    () => ({ ended: true as const }),
    (error: unknown) => ({ error }),
  );
  const waits = () =>
    reports.flatMap((report) => (report.type === 'reconnecting' ? [[report.attempt, report.inMs]] : []));
  return { reports, stop, outcome, waits };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('WebSocket', ScriptedSocket);
  ScriptedSocket.scripts = [];
  ScriptedSocket.opened = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the events socket against a hostile server', () => {
  it('a heartbeat delay past what a timer holds (1.75e9 ms) does not fire the watchdog at once', async () => {
    ScriptedSocket.scripts = [
      (socket) => {
        socket.deliver(READY);
        socket.deliver(ping(1.75e9), 10);
      },
    ];
    const scheduled = vi.spyOn(globalThis, 'setTimeout');
    const { stop, waits } = start();
    // A browser runs setTimeout(…, 2.19e9) after 1 ms (past 2^31-1 it overflows; fake timers do not mimic that, so
    // the delays asked for are checked): the socket reconnected about once a second.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(Math.max(...scheduled.mock.calls.map(([, ms]) => ms ?? 0))).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(ScriptedSocket.opened).toBe(1);
    expect(waits()).toEqual([]);
    // Clamped to five minutes (with the client's 1.25 margin): the watchdog still ends a silent connection.
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(waits()[0]).toEqual([1, 1000]);
    stop.abort();
  });

  it('a server that says ready and closes at once gets longer and longer waits, not one a second', async () => {
    ScriptedSocket.scripts = [readyThenClose];
    const { stop, waits } = start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(waits().slice(0, 5)).toEqual([
      [1, 1000],
      [2, 1250],
      [3, 1562.5],
      [4, 1953.125],
      [5, 2441.40625],
    ]);
    stop.abort();
  });

  it('a connection that lived a while starts the waits again', async () => {
    const lives: Script = (socket) => {
      socket.deliver(READY);
      for (let at = 0; at <= HEALTHY_MS + 5000; at += 10_000) socket.deliver(ping(20_000), at);
      socket.serverClose(HEALTHY_MS + 6000);
    };
    ScriptedSocket.scripts = [readyThenClose, readyThenClose, lives, readyThenClose];
    const { stop, waits } = start();
    await vi.advanceTimersByTimeAsync(HEALTHY_MS + 20_000);
    expect(waits().slice(0, 4)).toEqual([
      [1, 1000],
      [2, 1250],
      [1, 1000],
      [2, 1250],
    ]);
    stop.abort();
  });

  it('a server that just closes is given up after a bounded number of tries, and the panel is told why', async () => {
    ScriptedSocket.scripts = [(socket) => socket.serverClose()];
    const { outcome, waits } = start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await outcome).toEqual({
      error: expect.objectContaining({ code: 'network', message: expect.stringMatching(/stopped reconnecting/) }),
    });
    expect(waits()).toHaveLength(MAX_SHORT_LIVES);
    expect(ScriptedSocket.opened).toBe(MAX_SHORT_LIVES + 1);
  });

  it('a message over 1 MB ends the stream with too-large before anything of it reaches the panel', async () => {
    ScriptedSocket.scripts = [
      (socket) => {
        socket.deliver(READY);
        socket.deliver(JSON.stringify({ event: 'small', data: 'ok' }), 1);
        socket.deliver(JSON.stringify({ event: 'huge', data: 'x'.repeat(2 * 1024 * 1024) }), 2);
      },
    ];
    const { outcome, reports } = start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual({ error: expect.objectContaining({ code: 'too-large' }) });
    const events = reports.flatMap((report) => (report.type === 'events' ? report.events : []));
    expect(events.map((event) => event.event)).toEqual(['small']);
    expect(ScriptedSocket.opened).toBe(1);
  });
});
