import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { KeyholeError, type KeyholeErrorData } from '../../../core/errors.ts';
import type { SendRequest } from '../../../core/protocol.ts';
import { LineStore, RateMeter } from '../../../core/streams/line-store.ts';
import { toLogLine } from '../../../core/streams/log-line.ts';
import { retryDelayMs, type StreamCursor } from '../../../core/streams/stream-cursor.ts';
import type { StreamKind } from '../../../core/streams/stream-endpoints.ts';
import { STREAM_PING_MS, type StreamReport } from '../../../core/streams/stream-port.ts';
import type { PanelServices, StreamPort } from '../services.ts';

/**
 * Holds one stream for the view: the port to the worker, the lines received, where the stream stands. The worker
 * does the network part and reconnects after drops; this reopens the port when the worker itself went away (a
 * restart, an update), handing it the cursor of the last lines so it resumes without a gap or a repeat. It pings
 * every 20 s so the worker is not stopped as idle while the panel shows the stream, and closes the port when the
 * view goes away (the worker then stops the stream).
 */

const REDRAW_MS = 100;

export type StreamStatus =
  | { state: 'connecting' }
  | { state: 'live'; url: string; auth: 'oauth' | 'bearer' }
  | { state: 'reconnecting'; attempt: number; inMs: number; reason: string; since: number }
  | { state: 'worker-gone'; attempt: number }
  | { state: 'ended'; reason: string }
  | { state: 'failed'; error: KeyholeErrorData; status?: number; body?: string }
  | { state: 'stopped' };

export interface LogStream {
  store: LineStore;
  meter: RateMeter;
  status: StreamStatus;
  /** Changes whenever lines arrived (at most every REDRAW_MS). */
  version: number;
  running: boolean;
  stop(): void;
  start(): void;
}

function safePost(port: StreamPort | undefined, message: unknown): void {
  try {
    port?.postMessage(message);
  } catch {
    // A port whose worker went away throws; its disconnect handler reopens it.
  }
}

export function useLogStream(services: PanelServices, request: SendRequest, kind: StreamKind): LogStream {
  const store = useMemo(() => new LineStore(), []);
  const meter = useMemo(() => new RateMeter(), []);
  const cursor = useRef<StreamCursor | undefined>(undefined);
  const nextN = useRef(0);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<StreamStatus>({ state: 'connecting' });
  const [running, setRunning] = useState(true);
  /** Closes the open stream now: Stop must not wait for the effect's cleanup, which runs after the next paint. */
  const closeStream = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!running) return;
    let closed = false;
    let port: StreamPort | undefined;
    let redrawTimer: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let gone = 0;
    // Ten redraws a second at most, however many batches arrive: a log view needs no more.
    const redraw = () => {
      redrawTimer ??= setTimeout(() => {
        redrawTimer = undefined;
        setVersion((value) => value + 1);
      }, REDRAW_MS);
    };
    const onReport = (report: StreamReport, finish: () => void) => {
      // A batch already queued on the port when Stop closed it is not taken: what Stop shows is what Save writes.
      if (closed) return;
      if (report.type === 'opened') {
        gone = 0;
        setStatus({ state: 'live', url: report.url, auth: report.auth });
      } else if (report.type === 'events') {
        cursor.current = report.cursor;
        store.append(report.events.map((event) => toLogLine(event, nextN.current++)));
        meter.add(report.events.length, performance.now());
        redraw();
      } else if (report.type === 'reconnecting') {
        setStatus({ state: 'reconnecting', ...report, since: Date.now() });
      } else if (report.type === 'ended' || report.type === 'failed') {
        finish();
        setStatus(report.type === 'ended' ? { state: 'ended', reason: report.reason } : { ...report, state: 'failed' });
      }
    };
    const open = () => {
      if (closed) return;
      if (!services.connectStream) {
        setStatus({
          state: 'failed',
          error: new KeyholeError('not-configured', 'Live streams need the extension’s worker.').toData(),
        });
        return;
      }
      let finished = false;
      const finish = () => {
        finished = true;
        port?.disconnect();
      };
      try {
        port = services.connectStream();
      } catch {
        return retry();
      }
      port.onMessage.addListener((message) => onReport(message as StreamReport, finish));
      port.onDisconnect.addListener(() => {
        if (!closed && !finished) retry();
      });
      safePost(port, { type: 'open', kind, request, ...(cursor.current ? { cursor: cursor.current } : {}) });
    };
    const retry = () => {
      // The worker went away (restarted or updated): open the stream again from the cursor.
      gone += 1;
      setStatus({ state: 'worker-gone', attempt: gone });
      reopen = setTimeout(open, gone === 1 ? 200 : retryDelayMs(gone));
    };
    open();
    const ping = setInterval(() => safePost(port, { type: 'ping' }), STREAM_PING_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      clearTimeout(reopen);
      // Lines stored since the last redraw are shown now, so the count after Stop is final at once.
      if (redrawTimer !== undefined) {
        clearTimeout(redrawTimer);
        setVersion((value) => value + 1);
      }
      safePost(port, { type: 'close' });
      try {
        port?.disconnect();
      } catch {
        // Already gone.
      }
    };
    closeStream.current = close;
    return close;
  }, [running]);

  return {
    store,
    meter,
    status,
    version,
    running,
    stop() {
      // Closed here, not in the effect's cleanup: no batch lands between the press and the cleanup.
      closeStream.current();
      setRunning(false);
      setStatus({ state: 'stopped' });
    },
    start() {
      setStatus({ state: 'connecting' });
      setRunning(true);
    },
  };
}
