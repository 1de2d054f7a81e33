import { describe, expect, it } from 'vitest';
import { createSseParser, MAX_EVENT_CHARS, type SseEvent } from '../../../../src/core/streams/sse-parser.ts';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createSseParser', () => {
  it('reads the platform’s framing: id, event, data, and a blank line that dispatches', () => {
    const events = parse(['id: a1\nevent: APPLICATION_LOG\ndata: {"message":"hi"}\n\nevent: HEARTBEAT\ndata: {}\n\n']);
    expect(events).toEqual([
      { event: 'APPLICATION_LOG', data: '{"message":"hi"}', id: 'a1' },
      // The id persists across events, as in the spec (Last-Event-ID).
      { event: 'HEARTBEAT', data: '{}', id: 'a1' },
    ]);
  });

  it('never dispatches half an event, whatever the chunk boundaries', () => {
    const text = 'event: A\ndata: one\ndata: two\n\nevent: B\ndata: three\n\n';
    const whole = parse([text]);
    for (let cut = 1; cut < text.length; cut += 1) expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    expect(whole).toEqual([
      { event: 'A', data: 'one\ntwo' },
      { event: 'B', data: 'three' },
    ]);
  });

  it('accepts CRLF and CR line ends, including a CRLF split across chunks', () => {
    expect(parse(['data: x\r', '\n\r\n', 'data: y\r\r'])).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('ignores comments, unknown fields, an event without data, and a leading BOM; keeps one space only', () => {
    expect(parse(['\uFEFF: keep-alive\nfoo: bar\nevent: EMPTY\n\ndata:  two spaces\nretry: 3000\n\n'])).toEqual([
      { event: 'message', data: ' two spaces', retry: 3000 },
    ]);
  });

  it('does not dispatch an event whose blank line has not arrived', () => {
    expect(parse(['data: pending\n'])).toEqual([]);
  });

  // A hostile or broken server: the worker must neither grow without bound nor spin on what it already read.
  it('stops with too-large on a line that never ends, instead of holding it all', () => {
    const parser = createSseParser(() => undefined);
    const chunk = 'x'.repeat(64 * 1024);
    parser.push('data: ');
    expect(() => {
      for (let sent = 0; sent <= MAX_EVENT_CHARS; sent += chunk.length) parser.push(chunk);
    }).toThrow(expect.objectContaining({ code: 'too-large' }));
  });

  it('stops with too-large on data lines that never reach the blank line that dispatches them', () => {
    const parser = createSseParser(() => undefined);
    const chunk = `data: ${'y'.repeat(1000)}\n`.repeat(64);
    expect(() => {
      for (let sent = 0; sent <= MAX_EVENT_CHARS; sent += chunk.length) parser.push(chunk);
    }).toThrow(expect.objectContaining({ code: 'too-large' }));
  });

  it('reads a long line sent a character at a time without reading it again from its start on each one', () => {
    // Scanning the whole unfinished line on every chunk is quadratic: 900 000 one-character chunks would take
    // some 4·10^11 steps (the test never ends); scanning only what arrived takes 900 000.
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const size = 900_000;
    parser.push('data: ');
    for (let index = 0; index < size; index += 1) parser.push('z');
    parser.push('\n\n');
    expect(events).toHaveLength(1);
    expect(events[0]!.data.length).toBe(size);
  });

  it('an event just under the limit still arrives whole', () => {
    const data = 'w'.repeat(MAX_EVENT_CHARS - 100);
    expect(parse([`data: ${data.slice(0, 500_000)}`, `${data.slice(500_000)}\n`, '\n'])).toEqual([
      { event: 'message', data },
    ]);
  });
});
