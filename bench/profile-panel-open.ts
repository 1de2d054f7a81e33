/**
 * Where a cold panel opening's main-thread time goes before its first interactive frame: a sampling CPU profile of
 * each opening (CDP Profiler at 50 µs), self time summed by script file and function. By hand:
 * `node --import tsx bench/profile-panel-open.ts [openings]`.
 */
import type { CDPSession } from 'playwright-core';
import { keepPageLocal, startBrowserSession } from './browser-session.ts';
import { openOnce, watchInteractive } from './panel-open.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const openings = Number(process.argv[2] ?? 8);
const session = await startBrowserSession();
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
const times: number[] = [];
const inclusive = new Map<string, number>();
try {
  const url = session.extensionUrl(process.argv[3] ?? 'src/devtools/panel.html');
  for (let run = -1; run < openings; run++) {
    const page = await session.ext.context.newPage();
    await keepPageLocal(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(watchInteractive);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    const finished = new Promise<Profile>((resolve) =>
      cdp.on('Profiler.consoleProfileFinished', (event) => resolve((event as { profile: Profile }).profile)),
    );
    await page.addInitScript(() => {
      // Profiles exactly from the document's start to the first frame where the composer is usable.
      console.profile('open');
      const stop = setInterval(() => {
        if ((globalThis as { __khInteractiveAt?: number }).__khInteractiveAt === undefined) return;
        clearInterval(stop);
        console.profileEnd('open');
      }, 0);
    });
    const sample = await openOnce(page, url, 'interactive');
    const profile = await finished;
    await page.close();
    if (run < 0) continue;
    times.push(sample.interactiveMs);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((id, index) => {
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      const file = node.callFrame.url.replace(/^.*\//, '') || `(${node.callFrame.functionName})`;
      const key = `${file} ${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms / openings);
      byFile.set(file, (byFile.get(file) ?? 0) + ms / openings);
      const onStack = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = nodes.get(at)!.callFrame;
        onStack.add(`${frame.url.replace(/^.*\//, '')} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}`);
      }
      for (const key of onStack) inclusive.set(key, (inclusive.get(key) ?? 0) + ms / openings);
    });
  }
} finally {
  await session.close();
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `${ms.toFixed(2).padStart(7)} ms  ${key}`);
console.log(`interactive (ms): ${times.map(Math.round).join(', ')}`);
console.log('self time per opening, by file:');
console.log(top(byFile, 15).join('\n'));
console.log('by function:');
console.log(top(byFunction, 40).join('\n'));
console.log('inclusive:');
console.log(top(inclusive, 80).join('\n'));
