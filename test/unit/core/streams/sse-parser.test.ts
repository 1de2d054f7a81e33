import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../../src/core/streams/sse-parser.ts';

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
});
