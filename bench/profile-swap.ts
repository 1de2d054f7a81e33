/**
 * Attribution of the long tasks in the swap from the first screen to the whole tree (issue 31 item 3): a CDP CPU
 * profile taken over one Send, its samples grouped by long task (PerformanceObserver 'longtask'), with the
 * functions that took each task's time (samples counted, so time the OS gave to other processes is not charged
 * to the code on the stack). `npx tsx bench/profile-swap.ts 100 255` (sizes in MB), after `vite build --minify
 * false` for readable names. With `--trace`: each task's wall and CPU (thread) time from Chromium's trace instead,
 * and what ran inside those over 30 ms of CPU.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserSession } from './browser-session.ts';
import { openInstrumentedPage, sendFromPanel } from './json-tree.ts';
import { type TaskTrace, traceTasks } from './task-trace.ts';

const MB = 1024 * 1024;
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const tracing = process.argv.includes('--trace');
const sizes = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const session = await startBrowserSession();
try {
  const page = await openInstrumentedPage(session);
  await sendFromPanel(session, page, 64 * 1024);
  for (const size of sizes.length ? sizes : [100]) {
    const cdp = await page.context().newCDPSession(page);
    let offset = 0;
    let trace: TaskTrace | undefined;
    if (tracing) {
      const sample = await sendFromPanel(session, page, size * MB, async () => {
        trace = await traceTasks(page, true);
      });
      const tasks = await trace!.stop();
      const painted = (await page.evaluate(
        () => (globalThis as unknown as { __khBench: { treePaintedAt: number } }).__khBench.treePaintedAt,
      )) as number;
      const swap = tasks.filter(
        (task) => task.start >= painted - 1 && task.start < painted + (sample.wholeMs! - sample.firstScreenMs),
      );
      const worst = (key: 'wallMs' | 'cpuMs') =>
        [...swap]
          .sort((a, b) => b[key] - a[key])
          .slice(0, 6)
          .map((task) => `${Math.round(task.wallMs)}/${Math.round(task.cpuMs)}`)
          .join(', ');
      console.log(
        `\n=== ${size} MB traced: swap longest (observer) ${Math.round(sample.swapLongestTaskMs ?? 0)} ms; ${swap.length} tasks; wall/cpu ms, by wall: ${worst('wallMs')}; by cpu: ${worst('cpuMs')}`,
      );
      for (const task of swap.filter((task) => task.inside))
        console.log(
          `  task ${Math.round(task.wallMs)}/${Math.round(task.cpuMs)}: ${Object.entries(task.inside!)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([label, ms]) => `${label} ${ms}`)
            .join(' | ')}`,
        );
      await cdp.detach();
      continue;
    }
    const sample = await sendFromPanel(session, page, size * MB, async () => {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
      // The profile's clock (µs, monotonic) against the page's performance.now(): read back to back.
      // A named busy loop marks a known page time in the profile.
      offset = (await page.evaluate(`(function khProfileMarker() {
        const start = performance.now();
        while (performance.now() - start < 30);
        return start;
      })()`)) as number;
    });
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const bench = (await page.evaluate(() => {
      const b = (
        globalThis as unknown as {
          __khBench: { longTasks: unknown; treePaintedAt: number; wholeTreePaintedAt: number };
        }
      ).__khBench;
      return {
        longTasks: b.longTasks,
        treePaintedAt: b.treePaintedAt,
        wholeTreePaintedAt: b.wholeTreePaintedAt,
        measures: performance
          .getEntriesByType('measure')
          .map((m) => ({ name: m.name, start: m.startTime, duration: m.duration })),
      };
    })) as {
      longTasks: { start: number; duration: number }[];
      treePaintedAt: number;
      wholeTreePaintedAt: number;
      measures: { name: string; start: number; duration: number }[];
    };
    await writeFile(join(tmpdir(), `keyhole-profile-${size}.cpuprofile`), JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    // Sample times on the page's clock: the first sample is near the profiler's start (≈ offset).
    let t = profile.startTime;
    const times = profile.timeDeltas.map((delta) => (t += delta));
    const markerIndex = profile.samples.findIndex((id) => byId.get(id)?.callFrame.functionName === 'khProfileMarker');
    const markerAt = times[markerIndex] ?? profile.startTime;
    const toPage = (us: number) => offset + (us - markerAt) / 1000;
    const name = (node: Node) =>
      `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
    console.log(
      `\n=== ${size} MB: first screen ${Math.round(sample.firstScreenMs)} ms, whole ${Math.round(sample.wholeMs ?? 0)} ms, swap longest ${Math.round(sample.swapLongestTaskMs ?? 0)} ms`,
    );
    const swap = bench.longTasks.filter(
      (task) => task.start + task.duration > bench.treePaintedAt && task.start < bench.wholeTreePaintedAt,
    );
    console.log(`long tasks in swap: ${swap.map((task) => Math.round(task.duration)).join(', ')}`);
    for (const m of bench.measures)
      console.log(`measure ${m.name} at ${Math.round(m.start)} took ${Math.round(m.duration)}`);
    for (const task of swap.filter((task) => task.duration > 0)) {
      const self = new Map<string, number>();
      const inclusive = new Map<string, number>();
      profile.samples.forEach((id, index) => {
        const at = toPage(times[index]!);
        if (at < task.start || at > task.start + task.duration) return;
        // Counted, not timed: a descheduled thread is sampled once when it runs again, with a long delta.
        const dt = 0.5;
        const node = byId.get(id)!;
        self.set(name(node), (self.get(name(node)) ?? 0) + dt);
        const seen = new Set<string>();
        for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
          const label = name(byId.get(n)!);
          if (seen.has(label)) continue;
          seen.add(label);
          inclusive.set(label, (inclusive.get(label) ?? 0) + dt);
        }
      });
      const top = (map: Map<string, number>, count: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, count)
          .map(([label, ms]) => `    ${ms.toFixed(1).padStart(7)} ${label}`)
          .join('\n');
      console.log(
        `-- task at ${Math.round(task.start)} of ${Math.round(task.duration)} ms\n  self:\n${top(self, 8)}\n  inclusive:\n${top(inclusive, 14)}`,
      );
    }
    await cdp.detach();
  }
} finally {
  session.ext.platform.faults.clear();
  await session.close();
}
