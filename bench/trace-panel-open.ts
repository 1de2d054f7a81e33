/**
 * One cold opening of the panel traced (after three unmeasured ones, so its scripts come from the code cache):
 * each main-thread task over 0.5 ms until the first contentful paint, with what ran longest inside it. By hand:
 * `node --import tsx bench/trace-panel-open.ts [page path]`. It showed (issue 31) where the first frame waits: the
 * scripts' arrival, their evaluation with the first render, a forced style and layout, and any worker answer that
 * lands before the frame is drawn.
 */
import { keepPageLocal, startBrowserSession } from './browser-session.ts';
import { openOnce, watchInteractive } from './panel-open.ts';

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
}

const CATEGORIES = 'toplevel,v8,devtools.timeline,loading,blink,disabled-by-default-v8.compile';
const session = await startBrowserSession();
try {
  const url = session.extensionUrl(process.argv[2] ?? 'src/devtools/panel.html');
  let events: TraceEvent[] = [];
  for (let run = 0; run < 4; run++) {
    const page = await session.ext.context.newPage();
    await keepPageLocal(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(watchInteractive);
    const cdp = await page.context().newCDPSession(page);
    events = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const sample = await openOnce(page, url, 'interactive');
    await cdp.send('Tracing.end');
    await complete;
    await page.close();
    if (run === 3) console.log(`interactive at ${sample.interactiveMs} ms from navigation start`);
  }
  const start = Math.min(...events.filter((event) => event.name === 'ResourceSendRequest').map((event) => event.ts));
  const mainThread = events.find((event) => event.name === 'ParseHTML')?.tid;
  const paintAt = events.find((event) => event.name === 'firstContentfulPaint')?.ts ?? Number.POSITIVE_INFINITY;
  const ms = (microseconds: number) => (microseconds / 1000).toFixed(1).padStart(6);
  const onMain = events
    .filter((event) => event.tid === mainThread && event.ph === 'X' && event.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  console.log(`times from the page's request; first contentful paint at ${ms(paintAt - start)} ms`);
  for (const task of onMain) {
    const duration = task.dur ?? 0;
    if (task.name !== 'ThreadControllerImpl::RunTask' || duration < 500 || task.ts > paintAt) continue;
    const inside = new Map<string, number>();
    for (const event of onMain) {
      if (event === task || event.name === 'ThreadControllerImpl::RunTask') continue;
      if (event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + duration)
        inside.set(event.name, (inside.get(event.name) ?? 0) + (event.dur ?? 0));
    }
    const longest = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `${ms(task.ts - start)} ${ms(duration)}  ${longest.map(([name, time]) => `${name} ${ms(time).trim()}`).join(', ')}`,
    );
  }
} finally {
  await session.close();
}
