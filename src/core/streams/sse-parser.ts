/**
 * An incremental parser for `text/event-stream` (WHATWG HTML §9.2.6), fed with text as it arrives. The platform's
 * log streams need a header (OAuth or Bearer), so they are read with fetch, not EventSource: this does the part
 * EventSource would. Lines end in CRLF, LF or CR (a CR at the end of a chunk may be the first half of a CRLF);
 * `data` lines join with "\n"; `:` lines are comments; an event is dispatched at a blank line, never half-read.
 */

import { KeyholeError } from '../errors.ts';

/**
 * The most one event may hold while it is read (its unfinished line and its data lines). A log line is a few
 * hundred characters; a server sending a line that never ends, or data lines without the blank line that
 * dispatches them, would otherwise grow the worker's memory until it dies.
 */
export const MAX_EVENT_CHARS = 1024 * 1024;

export interface SseEvent {
  /** `message` when the stream names none. */
  event: string;
  data: string;
  /** The last `id` seen so far in the stream (it persists across events, as in the spec). */
  id?: string;
  retry?: number;
}

export interface SseParser {
  push(text: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let started = false;
  let pendingCr = false;
  let eventName = '';
  let data: string[] = [];
  let dataChars = 0;
  let hasData = false;
  let lastId: string | undefined;
  let retry: number | undefined;

  const dispatch = () => {
    if (hasData) {
      const event: SseEvent = { event: eventName || 'message', data: data.join('\n') };
      if (lastId !== undefined) event.id = lastId;
      if (retry !== undefined) event.retry = retry;
      onEvent(event);
    }
    eventName = '';
    data = [];
    dataChars = 0;
    hasData = false;
    retry = undefined;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      data.push(value);
      dataChars += value.length + 1;
      hasData = true;
    } else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      // A CRLF split across two chunks: the LF belongs to the CR already handled.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      // What is left of the buffer holds no line end (it is the unfinished line): only the new text is scanned,
      // or a long line arriving a few bytes at a time would be read again from its start on every chunk.
      const offset = buffer.length;
      buffer += text;
      let start = 0;
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (code !== 10 && code !== 13) continue;
        line(buffer.slice(start, offset + index));
        if (code === 13) {
          if (index + 1 === text.length) pendingCr = true;
          else if (text.charCodeAt(index + 1) === 10) index += 1;
        }
        start = offset + index + 1;
      }
      if (start > 0) buffer = buffer.slice(start);
      if (buffer.length + dataChars > MAX_EVENT_CHARS)
        throw new KeyholeError(
          'too-large',
          `The stream sent an event longer than ${MAX_EVENT_CHARS / 1024 / 1024} MB without ending it; Keyhole stopped reading it.`,
        );
    },
  };
}
