/**
 * The panel's main-thread tasks as Chromium's trace records them (CDP Tracing): each task's wall time and its
 * thread time, the CPU the task itself used. On a shared, loaded machine the long-task observer's wall times
 * include the time the OS gave the thread to others (an 8 ms slice measured 100–600 ms at load average 25);
 * the thread time says what the page's own work cost, whatever the load.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface TracedTask {
  /** Page time (performance.now()) at the task's start, ms. */
  start: number;
  wallMs: number;
  cpuMs: number;
  /** What ran inside it (trace events on the same thread), by name, with their wall time: for attribution. */
  inside?: Record<string, number>;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string; functionName?: string; url?: string; lineNumber?: number } };
}

export interface TaskTrace {
  stop(): Promise<TracedTask[]>;
}

/**
 * Starts tracing; `stop` returns the tasks of `page`'s main thread since. `attribute` records what ran inside each
 * task of over 30 ms of CPU (more trace categories: for bench/profile-swap.ts, not for timed runs).
 */
export async function traceTasks(page: Page, attribute = false): Promise<TaskTrace> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => {
    for (const event of message.value) events.push(event as unknown as TraceEvent);
  });
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        '__metadata',
        ...(attribute ? ['v8', 'v8.gc', 'blink', 'disabled-by-default-v8.gc'] : []),
      ],
    },
    transferMode: 'ReportEvents',
  });
  // The trace's clock (µs) against the page's: a mark stamped in both.
  const pageNow = (await page.evaluate(() => {
    const now = performance.now();
    performance.mark('keyhole-trace-sync');
    console.timeStamp('keyhole-trace-sync');
    return now;
  })) as number;
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => undefined);
      // The stamp was made on the panel's main thread: its process and thread are the panel's.
      const sync = events.find(
        (event) => event.name === 'TimeStamp' && event.args?.data?.message === 'keyhole-trace-sync',
      );
      if (!sync) throw new Error('the trace holds no stamp from the panel');
      const own = events.filter((event) => event.pid === sync.pid && event.tid === sync.tid && event.ph === 'X');
      return own
        .filter((event) => event.name === 'ThreadControllerImpl::RunTask')
        .map((event) => {
          const task: TracedTask = {
            start: pageNow + (event.ts - sync.ts) / 1000,
            wallMs: (event.dur ?? 0) / 1000,
            cpuMs: (event.tdur ?? 0) / 1000,
          };
          if (attribute && (task.cpuMs > 30 || task.wallMs > 40)) {
            task.inside = {};
            for (const child of own) {
              if (child === event || child.ts < event.ts || child.ts > event.ts + (event.dur ?? 0)) continue;
              const data = child.args?.data;
              const label =
                data?.functionName !== undefined || data?.url
                  ? `${child.name} ${data?.functionName ?? ''} ${data?.url?.split('/').pop() ?? ''}:${data?.lineNumber ?? ''}`
                  : child.name;
              task.inside[label] = Math.round(((task.inside[label] ?? 0) + (child.dur ?? 0) / 1000) * 10) / 10;
            }
          }
          return task;
        });
    },
  };
}
