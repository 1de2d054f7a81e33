/**
 * Bundled and installed in the DevTools panel page before the panel's own code (an init script): records long
 * tasks, the moment Send is clicked (capture phase, before the panel's handlers) and the first frame painted
 * after a JSON tree row is in the DOM. Also carries the naive viewer the panel is compared with.
 */

import { send } from '../../src/ui/send.ts';
export interface LongTask {
  start: number;
  duration: number;
}

export interface NaiveViewTimes {
  start: number;
  repliedAt: number;
  paintedAt: number;
}

/** The page's bare fetch: start → its first chunk of body (what a first screen needs at least), → its last byte. */
export interface BareFetchTimes {
  firstChunkMs: number;
  wholeMs: number;
}

export interface PanelBench {
  longTasks: LongTask[];
  sendClickedAt?: number;
  /** A tree already on screen at the click would be taken for the new one: the sample is then refused. */
  treeAtClick?: boolean;
  treePaintedAt?: number;
  /** Resolves with treePaintedAt: awaited by one evaluation, so no polling runs on the measured thread. */
  treePainted: Promise<number>;
  /**
   * The first frame painted with the whole body's tree (a body streamed in first shows a tree of what has
   * arrived, labelled "still arriving"; search and Save come with the whole one).
   */
  wholeTreePaintedAt?: number;
  wholeTreePainted: Promise<number>;
  viewNaively(path: string): Promise<NaiveViewTimes>;
  /** The limit: the page fetching the same bytes straight from the server, nothing parsed or shown. */
  fetchBytes(url: string): Promise<BareFetchTimes>;
}

/** A message posted from a frame callback is delivered once that frame has been painted. */
function afterNextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

/** The same request through the same worker, shown the simplest way: parse, pretty-print, one <pre>. */
async function viewNaively(path: string): Promise<NaiveViewTimes> {
  const start = performance.now();
  // Through the panel's own transport (src/ui/send.ts), so both viewers get the body the same way.
  const response = await send('request/send', { target: 'api', method: 'GET', path });
  const repliedAt = performance.now();
  if (response.body.kind !== 'text') throw new Error(`naive send got a ${response.body.kind} body`);
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(JSON.parse(response.body.text), null, 2);
  document.body.append(pre);
  return { start, repliedAt, paintedAt: await afterNextPaint() };
}

async function fetchBytes(url: string): Promise<BareFetchTimes> {
  const start = performance.now();
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
  if (!response.body) throw new Error(`no body from ${url}`);
  const reader = response.body.getReader();
  let firstChunkMs: number | undefined;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstChunkMs ??= performance.now() - start;
    bytes += value.byteLength;
  }
  if (bytes === 0 || firstChunkMs === undefined) throw new Error(`no bytes from ${url}`);
  return { firstChunkMs, wholeMs: performance.now() - start };
}

function install(): void {
  let resolvePainted: (time: number) => void = () => undefined;
  let resolveWhole: (time: number) => void = () => undefined;
  const bench: PanelBench = {
    longTasks: [],
    treePainted: new Promise((resolve) => {
      resolvePainted = resolve;
    }),
    wholeTreePainted: new Promise((resolve) => {
      resolveWhole = resolve;
    }),
    viewNaively,
    fetchBytes,
  };
  (globalThis as unknown as { __khBench: PanelBench }).__khBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.trim() !== 'Send') return;
      bench.sendClickedAt = performance.now();
      bench.treeAtClick = document.querySelector('[role="treeitem"]') !== null;
    },
    true,
  );
  new MutationObserver((_, observer) => {
    if (bench.sendClickedAt === undefined || !document.querySelector('[role="treeitem"]')) return;
    observer.disconnect();
    void afterNextPaint().then((time) => {
      bench.treePaintedAt = time;
      resolvePainted(time);
    });
  }).observe(document, { childList: true, subtree: true });
  new MutationObserver((_, observer) => {
    if (bench.sendClickedAt === undefined || !document.querySelector(WHOLE_TREE)) return;
    observer.disconnect();
    void afterNextPaint().then((time) => {
      bench.wholeTreePaintedAt = time;
      resolveWhole(time);
    });
  }).observe(document, { childList: true, subtree: true });
}

const WHOLE_TREE = '[role="tree"][aria-label="Response body as a tree"]';

install();
