import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEARTBEAT_MS,
  MAX_HEARTBEAT_MS,
  readSocketFrame,
  watchdogDelayMs,
} from '../../../../src/core/streams/event-socket-frames.ts';
import { MAX_EVENT_CHARS } from '../../../../src/core/streams/sse-parser.ts';

describe('events socket frames', () => {
  it('clamps the server’s heartbeat delay to what a timer can hold and a heartbeat can sensibly promise', () => {
    expect(watchdogDelayMs(30_000)).toBe(38_500);
    for (const hostile of [1.75e9, 2 ** 31, Number.MAX_VALUE, Number.POSITIVE_INFINITY])
      expect(watchdogDelayMs(hostile)).toBe(MAX_HEARTBEAT_MS * 1.25 + 1000);
    expect(watchdogDelayMs(-5)).toBe(1000 * 1.25 + 1000);
    for (const odd of [Number.NaN, '30000', null, undefined])
      expect(watchdogDelayMs(odd)).toBe(DEFAULT_HEARTBEAT_MS * 1.25 + 1000);
    expect(watchdogDelayMs(1.75e9)).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('reads the platform’s messages and refuses one over the SSE limit before parsing it', () => {
    expect(readSocketFrame('{"message_type":"socket_ready"}')).toEqual({ kind: 'ready' });
    expect(readSocketFrame('{"type":"heartbeat","heartbeat_msg":"ping","heartbeat_delay_ms":1.75e9}')).toEqual({
      kind: 'ping',
      watchdogMs: MAX_HEARTBEAT_MS * 1.25 + 1000,
    });
    expect(readSocketFrame('{"type":"error","id":2001}')).toEqual({ kind: 'auth-error' });
    expect(readSocketFrame('{"event":"APPLICATION_CREATION","data":{"id":1},"id":"e1","date":"d"}')).toEqual({
      kind: 'event',
      event: { event: 'APPLICATION_CREATION', data: '{"id":1}', id: 'e1', date: 'd' },
    });
    for (const ignored of ['not json', '[1]', 'null', new ArrayBuffer(8)])
      expect(readSocketFrame(ignored)).toEqual({ kind: 'ignored' });
    const atLimit = JSON.stringify({ event: 'x', data: 'y'.repeat(MAX_EVENT_CHARS - 40) });
    expect(readSocketFrame(atLimit).kind).toBe('event');
    expect(() => readSocketFrame(`${atLimit}${' '.repeat(100)}`)).toThrow(
      expect.objectContaining({ code: 'too-large' }),
    );
  });
});
