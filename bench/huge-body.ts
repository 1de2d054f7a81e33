/**
 * Issue 31, item 3: a 100 MB JSON answer in the DevTools panel (Chromium), from the first screen to the whole tree.
 * Figures: the longest main-thread task during that swap (target: none over 50 ms, the panel's rule), and the
 * panel's JS heap for the body, measured through CDP (`HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`)
 * once the whole tree is shown, less the heap of the same panel freshly loaded, divided by the body's size. Its
 * anchor is the body's size itself: what any viewer that keeps the text for Search and Copy holds at least.
 * The swap is measured at the 256 MB cap too (one run: about 40 s more on a quiet machine, 80 s loaded). Each
 * task's CPU (thread) time comes from Chromium's trace beside the observer's wall time: on a shared machine the
 * wall time of an 8 ms slice includes whatever the OS gave to other processes meanwhile.
 *
 * Found (2026-11-28): the 255 MB swap's one task of 67–76 ms (CPU) was one 500-row step of the whole-tree walk
 * (flattenJsonInSteps) near row 332 500, every run. Not GC: a trace with v8, v8.gc and disabled-by-default-v8.gc
 * showed no GC event in it, and the CPU profile put all of it in `step`. `perf record` on the renderer (with
 * `--js-flags=--perf-basic-prof`) showed C++ under `step` in a probing loop that skips entries equal to Smi 1 (V8's
 * string table's deleted marker), reached from every step and, in the slow one, from a resize of the table. The
 * walk asked `expanded.has(id)` for every row, and Chromium 156's V8 internalizes a string looked up in a Set: each
 * row's new pointer went into the string table (beside the body's short values, which JSON.parse puts there), and
 * the table's growth rehashed it within one step. A page-side replay of 350 000 rows: 756 ms with the lookup, 103 ms
 * without (load average 14). The walk now asks the set only for containers, and not at all when nothing below its
 * root is open (the huge body's case). A/B in one run (bench/swap-ab.ts, main's build against this one, load
 * average 14–17): the swap's most CPU in one task 75.6 and 68.9 ms against 34.4 and 19.6 ms; Send → whole tree
 * 28.8 and 16.2 s against 12.8 and 10.9 s. `--only=huge` at load average 13: most CPU 25.1, 11.1, 11.2 ms (100 MB)
 * and 31.2 ms (255 MB), heap 1.99× (2.00× before); the observer's wall times (277–351 ms) were the OS's preemption
 * at that load, not the page's work: a quiet machine is needed for that row's figure.
 *
 * Still over 50 ms at 100 MB (Chromium trace with attribution, thread time, load average 12–15; not in this bench's
 * rows yet): Copy of the raw body, a click handler of 130 ms CPU (the pieces joined, then the clipboard) and, on the
 * textarea fallback DevTools frames need, a layout of the 100 MB textarea (~290 ms CPU); switching Tree → Raw, one
 * task of 82 ms CPU with no script inside it in the trace (a DevTools message: maybe the click Playwright sends, maybe
 * tracing's own start). The Tests tab (which joins the text) was not measured. The error of a malformed streamed body
 * (100 MB announced as JSON, broken at its first character; same run, main then this, load average 19–20): main
 * joined the text for it in one task of 59 ms CPU; it is now found in a worker from the Blob, no task with script in
 * it over 22 ms. Pretty's reply was one task of 106 ms CPU (the worker's formatted text deserialized as one string): the
 * worker now sends it in 4 MB pieces, a message each, and no task with script in it passed 14 ms CPU (load average 20).
 */
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser-session.ts';
import { openInstrumentedPage, sendFromPanel } from './json-tree.ts';
import { currentLoad } from './machine.ts';
import type { BenchRow } from './results.ts';
import { median, round } from './stats.ts';
import { type TaskTrace, traceTasks } from './task-trace.ts';

const MB = 1024 * 1024;
const BYTES = 100 * MB;
const RUNS = 3;
/** The cap (STREAMED_MAX_BODY_BYTES, 256 MB) less a margin: the sandbox's body ends with the item past its size. */
const CAP_BYTES = 255 * MB;
/**
 * The heap target, × the body's size. The panel must hold the text once (Search, Copy, Pretty read it: a V8
 * one-byte string, 1×) and the parsed value the tree shows (objects, arrays, short strings: about 1× again for
 * this record-shaped JSON), plus the visible rows' index. Bytes for Save are in a Blob, outside the heap. Past
 * 3× something holds a second copy (a second text, a parse kept beside the streamed build, every row as an object).
 */
const HEAP_TARGET = 3;

/**
 * The heap once it has stopped shrinking: a tab closed just before may still hold its documents for a moment in
 * the same renderer (run 2 read the closed run 1's 100 MB in its baseline once), so the reading is repeated until
 * two in a row agree within 1 MB (at most 20 readings).
 */
async function settledHeapUsed(page: Page): Promise<number> {
  let last = await heapUsed(page);
  for (let reading = 0; reading < 20; reading++) {
    await page.waitForTimeout(250);
    const now = await heapUsed(page);
    if (Math.abs(now - last) < 1024 * 1024) return now;
    last = now;
  }
  return last;
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface SwapSample {
  /** Longest task from the first screen to the whole tree, by the long-task observer (wall time; 0: none > 50 ms). */
  wallMs: number;
  /** The most CPU (thread time) any task of the swap used, from the trace. */
  cpuMs: number;
  wholeMs: number;
  load: number;
}

/** One Send of `bytes`, traced; `beforeSend` runs first (the heap's baseline). */
export async function measureSwap(
  session: BrowserSession,
  page: Page,
  bytes: number,
  beforeSend?: () => Promise<void>,
): Promise<SwapSample> {
  let trace: TaskTrace | undefined;
  const sample = await sendFromPanel(session, page, bytes, async () => {
    await beforeSend?.();
    trace = await traceTasks(page);
  });
  const tasks = (await trace?.stop()) ?? [];
  const painted = (await page.evaluate(
    () => (globalThis as unknown as { __khBench: { treePaintedAt: number } }).__khBench.treePaintedAt,
  )) as number;
  const swapEnd = painted + ((sample.wholeMs ?? 0) - sample.firstScreenMs);
  const swap = tasks.filter((task) => task.start + task.wallMs > painted && task.start < swapEnd);
  return {
    wallMs: round(sample.swapLongestTaskMs ?? 0),
    cpuMs: round(Math.max(0, ...swap.map((task) => task.cpuMs))),
    wholeMs: round(sample.wholeMs ?? 0),
    load: currentLoad(),
  };
}

export async function benchHugeBody(session: BrowserSession): Promise<BenchRow[]> {
  const samples: SwapSample[] = [];
  const ratios: number[] = [];
  let cap: SwapSample | undefined;
  /** Each run in a tab of its own, the last one closed: see below. */
  const inFreshTab = async <T>(measure: (page: Page) => Promise<T>): Promise<T> => {
    const page = await openInstrumentedPage(session);
    try {
      return await measure(page);
    } finally {
      await page.close();
    }
  };
  try {
    // Unmeasured: the scripts compile (into the code cache every tab then uses), the worker warms up.
    await inFreshTab((page) => sendFromPanel(session, page, 64 * 1024));
    for (let run = 0; run < RUNS; run++) {
      // The same document before Send and with the whole tree. The previous run's document must be gone, not
      // merely navigated away from: Chromium keeps it for back navigation in the same renderer, whose heap the
      // baseline reads, and runs 2 and 3 then measured their 100 MB against the last one's (-0.05×).
      const ratio = await inFreshTab(async (page) => {
        let before = 0;
        samples.push(
          await measureSwap(session, page, BYTES, async () => {
            before = await settledHeapUsed(page);
          }),
        );
        return round(((await heapUsed(page)) - before) / BYTES, 2);
      });
      ratios.push(ratio);
    }
    cap = await inFreshTab((page) => measureSwap(session, page, CAP_BYTES));
  } finally {
    session.ext.platform.faults.clear();
  }
  const swaps = samples.map((sample) => sample.wallMs);
  const wholes = samples.map((sample) => sample.wholeMs);
  const swap = Math.max(...swaps);
  const heap = median(ratios);
  const cpuNote = (list: SwapSample[]) =>
    `the most CPU any task of the swap used (Chromium trace, thread time): ${list.map((sample) => sample.cpuMs).join(', ')} ms; ` +
    `load average ${list.map((sample) => sample.load).join(', ')}`;
  return [
    {
      group: 'Large response',
      figure: '100 MB: first screen → whole tree, longest main-thread task',
      ours: { value: swap, unit: 'ms', samples: swaps, ...(swap === 0 ? { text: '< 50 ms' } : {}) },
      target: '≤ 50 ms',
      met: swap <= 50,
      note:
        `the worst of ${RUNS} runs (long-task observer, wall time: only tasks over 50 ms are seen, 0 means none); ` +
        `Send → whole tree ${wholes.join(', ')} ms; ${cpuNote(samples)}.`,
    },
    {
      group: 'Large response',
      figure: `${CAP_BYTES / MB} MB (the 256 MB cap): first screen → whole tree, longest main-thread task`,
      ours: { value: cap.wallMs, unit: 'ms', samples: [cap.wallMs], ...(cap.wallMs === 0 ? { text: '< 50 ms' } : {}) },
      target: '≤ 50 ms',
      met: cap.wallMs <= 50,
      note: `one run (long-task observer, wall time); Send → whole tree ${cap.wholeMs} ms; ${cpuNote([cap])}.`,
    },
    {
      group: 'Large response',
      figure: '100 MB: panel JS heap ÷ body size, whole tree shown',
      ours: { value: heap, unit: '×', samples: ratios },
      anchor: { label: 'the body’s size', value: 1, unit: '×' },
      target: `≤ ${HEAP_TARGET}×`,
      met: heap <= HEAP_TARGET,
      note:
        `median of ${RUNS}: CDP heap after a forced GC with the whole tree shown, less the same page's just before ` +
        `Send, ÷ ${BYTES / MB} MB. ` +
        'The text (1×, kept for Search and Copy) and the parsed tree; Save’s bytes are a Blob, outside the heap.',
    },
  ];
}
