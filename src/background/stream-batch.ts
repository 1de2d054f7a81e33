import type { StreamCursor } from '../core/streams/stream-cursor.ts';
import type { StreamEvent, StreamReport } from '../core/streams/stream-port.ts';

/**
 * Lines go to the panel in batches: at 1 000 lines/s one message per line would cost more than the lines. A batch
 * leaves after BATCH_MS or at BATCH_MAX lines, whichever comes first, with the cursor as it stands after it.
 */
const BATCH_MS = 100;
const BATCH_MAX = 500;

export interface Batcher {
  push(event: StreamEvent): void;
  flush(): void;
}

export function createBatcher(post: (report: StreamReport) => void, cursor: StreamCursor): Batcher {
  let events: StreamEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (events.length === 0) return;
    post({ type: 'events', events, cursor: { ...cursor, idsAtLastDate: [...cursor.idsAtLastDate] } });
    events = [];
  };
  return {
    push(event) {
      events.push(event);
      if (events.length >= BATCH_MAX) flush();
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
