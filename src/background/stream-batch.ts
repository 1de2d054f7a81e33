import type { StreamCursor } from '../core/streams/stream-cursor.ts';
import type { StreamEvent, StreamReport } from '../core/streams/stream-port.ts';

/**
 * Lines go to the panel in batches: at 1 000 lines/s one message per line would cost more than the lines. A batch
 * leaves after BATCH_MS, at BATCH_MAX lines or at BATCH_CHARS of data, whichever comes first, with the cursor as it
 * stands after it. The size cap keeps a server sending large events fast from piling them up in the worker, and each
 * message well under what a port carries (64 MB in Chromium).
 */
const BATCH_MS = 100;
const BATCH_MAX = 500;
const BATCH_CHARS = 1024 * 1024;

export interface Batcher {
  push(event: StreamEvent): void;
  flush(): void;
}

export function createBatcher(post: (report: StreamReport) => void, cursor: StreamCursor): Batcher {
  let events: StreamEvent[] = [];
  let chars = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (events.length === 0) return;
    post({ type: 'events', events, cursor: { ...cursor, idsAtLastDate: [...cursor.idsAtLastDate] } });
    events = [];
    chars = 0;
  };
  return {
    push(event) {
      events.push(event);
      chars += event.data.length;
      if (events.length >= BATCH_MAX || chars >= BATCH_CHARS) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    flush,
  };
}

/** Waits `ms`, or less if the stream is stopped meanwhile. */
export function pause(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    }
    stopped.addEventListener('abort', done, { once: true });
  });
}
