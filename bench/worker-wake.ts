/**
 * What an idle worker costs a request: Chromium stops an extension's service worker after 30 s without events,
 * so the first request after a pause starts it again (load the script, open the vault, read the profile).
 * Measured from the page's `sendMessage` to the request's arrival at the sandbox, with the worker stopped
 * and, as the anchor, with it running. The same pair is measured, interleaved, on a blank extension loaded in the
 * same browser (wake-floor.ts): its wake is what the browser charges any worker, the floor under ours.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { FaultRunner } from '../test/platform/faults.ts';
import type { BrowserSession } from './browser-session.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, repeat, round, sleep } from './stats.ts';

const PROBE_PATH = '/v2/self';

interface TripSample {
  /** sendMessage → request at the sandbox. */
  arrivalMs: number;
  /** sendMessage → reply in the page. */
  roundTripMs: number;
}

/**
 * Records, in wall-clock milliseconds (performance.timeOrigin + now, like the page), when each request for the
 * probe path reaches the sandbox. It wraps the hook the sandbox's API server calls first for every request, so it
 * sees the arrival before any routing or authentication work; nothing about the request is changed.
 */
function spyOnArrivals(session: BrowserSession): { next(): Promise<number>; restore(): void } {
  const faults = session.ext.platform.faults as FaultRunner;
  const original = faults.apply;
  let waiting: ((time: number) => void) | undefined;
  faults.apply = (server, req, res, pathname) => {
    if (pathname === PROBE_PATH && waiting) {
      waiting(performance.timeOrigin + performance.now());
      waiting = undefined;
    }
    return original.call(faults, server, req, res, pathname);
  };
  return {
    next: () =>
      new Promise<number>((resolve) => {
        waiting = resolve;
      }),
    restore: () => {
      faults.apply = original;
    },
  };
}

async function findWorkerTarget(cdp: CDPSession, extensionId: string): Promise<string | undefined> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  return targetInfos.find(
    (target) => target.type === 'service_worker' && target.url.startsWith(`chrome-extension://${extensionId}/`),
  )?.targetId;
}

/** Stops the extension's service worker the way DevTools' "Stop" does, and waits until it is gone. */
async function stopWorker(cdp: CDPSession, extensionId: string): Promise<void> {
  const targetId = await findWorkerTarget(cdp, extensionId);
  if (!targetId) return; // already stopped
  await cdp.send('Target.closeTarget', { targetId });
  const deadline = Date.now() + 5_000;
  while ((await findWorkerTarget(cdp, extensionId)) !== undefined) {
    if (Date.now() > deadline) throw new Error('the service worker did not stop');
    await sleep(20);
  }
}

/** Sets (or just reads) a global in the extension's running worker; answers whether it was already set. */
async function markWorker(session: BrowserSession, extensionId: string, set: boolean): Promise<boolean> {
  const worker = session.ext.context
    .serviceWorkers()
    .find((candidate) => candidate.url().startsWith(`chrome-extension://${extensionId}/`));
  if (!worker) throw new Error('no running service worker to mark');
  return worker.evaluate((value) => {
    const scope = globalThis as { __khBenchMark?: boolean };
    const was = scope.__khBenchMark === true;
    if (value) scope.__khBenchMark = true;
    return was;
  }, set);
}

/** The same request from the blank extension's page, answered by its worker with one plain fetch. */
async function sendFloorProbe(page: Page, url: string, arrival: Promise<number>): Promise<TripSample> {
  const pageTimes = await page.evaluate(async (target) => {
    const sentAt = performance.timeOrigin + performance.now();
    const reply = (await chrome.runtime.sendMessage({ url: target, authorization: 'OAuth realm=""' })) as {
      ok: boolean;
      status?: number;
      error?: string;
    };
    const repliedAt = performance.timeOrigin + performance.now();
    // Unsigned, so the sandbox refuses it: only its arrival matters, and any HTTP answer proves the round trip.
    if (!reply?.ok || typeof reply.status !== 'number') throw new Error(`floor probe failed: ${JSON.stringify(reply)}`);
    return { sentAt, repliedAt };
  }, url);
  const arrivedAt = await arrival;
  return { arrivalMs: arrivedAt - pageTimes.sentAt, roundTripMs: pageTimes.repliedAt - pageTimes.sentAt };
}

async function sendProbe(page: Page, arrival: Promise<number>): Promise<TripSample> {
  const pageTimes = await page.evaluate(async (path) => {
    const sentAt = performance.timeOrigin + performance.now();
    const reply = (await chrome.runtime.sendMessage({
      keyhole: 1,
      name: 'request/send',
      request: { target: 'api', method: 'GET', path },
    })) as { ok: boolean; value?: { status: number }; error?: { message: string } };
    const repliedAt = performance.timeOrigin + performance.now();
    if (!reply?.ok || reply.value?.status !== 200) throw new Error(`probe failed: ${JSON.stringify(reply)}`);
    return { sentAt, repliedAt };
  }, PROBE_PATH);
  const arrivedAt = await arrival;
  return { arrivalMs: arrivedAt - pageTimes.sentAt, roundTripMs: pageTimes.repliedAt - pageTimes.sentAt };
}

/** One stopped-then-running pair for one extension; answers whether the woken probe found a fresh worker. */
async function measurePair(
  session: BrowserSession,
  cdp: CDPSession,
  extensionId: string,
  probe: () => Promise<TripSample>,
  into: { woken: TripSample[]; running: TripSample[] },
): Promise<boolean> {
  await markWorker(session, extensionId, true);
  await stopWorker(cdp, extensionId);
  into.woken.push(await probe());
  // A restarted worker has lost the mark: proof the probe really woke a stopped worker.
  const fresh = !(await markWorker(session, extensionId, false));
  into.running.push(await probe());
  return fresh;
}

export async function benchWorkerWake(session: BrowserSession, runs = 10): Promise<BenchRow[]> {
  const browser = session.ext.context.browser();
  if (!browser) throw new Error('no browser to talk to over CDP');
  const cdp = await browser.newBrowserCDPSession();
  const page = await session.openQuietPage();
  const floorPage = await session.ext.context.newPage();
  await floorPage.goto(`chrome-extension://${session.floorExtensionId}/manifest.json`);
  const floorUrl = `${session.ext.platform.api}${PROBE_PATH}`;
  const spy = spyOnArrivals(session);
  let starts = 0;
  let floorStarts = 0;
  const ours = { woken: [] as TripSample[], running: [] as TripSample[] };
  const floor = { woken: [] as TripSample[], running: [] as TripSample[] };
  try {
    await sendProbe(page, spy.next()); // warm-up: first use of the session after sign-in
    await sendFloorProbe(floorPage, floorUrl, spy.next());
    const measureOurs = async () => {
      if (await measurePair(session, cdp, session.ext.extensionId, () => sendProbe(page, spy.next()), ours))
        starts += 1;
    };
    const measureFloor = async () => {
      const probe = () => sendFloorProbe(floorPage, floorUrl, spy.next());
      if (await measurePair(session, cdp, session.floorExtensionId, probe, floor)) floorStarts += 1;
    };
    // Alternating which goes first, so neither always follows the other's wake.
    await repeat(runs, async (index) => {
      for (const measure of index % 2 === 0 ? [measureOurs, measureFloor] : [measureFloor, measureOurs])
        await measure();
    });
  } finally {
    spy.restore();
    await page.close();
    await floorPage.close();
    await cdp.detach();
  }
  if (starts < runs) throw new Error(`only ${starts} of ${runs} woken probes found a freshly started worker`);
  if (floorStarts < runs)
    throw new Error(`only ${floorStarts} of ${runs} woken probes of the blank worker found it freshly started`);
  const arrivals = (samples: TripSample[]) => samples.map((sample) => round(sample.arrivalMs, 1));
  const trips = (samples: TripSample[]) => samples.map((sample) => round(sample.roundTripMs, 1));
  const costs = (pairs: { woken: TripSample[]; running: TripSample[] }) =>
    pairs.woken.map((sample, index) => round(sample.arrivalMs - pairs.running[index]!.arrivalMs, 1));
  const wokenArrival = median(arrivals(ours.woken));
  const runningArrival = median(arrivals(ours.running));
  const wokenTrip = median(trips(ours.woken));
  const runningTrip = median(trips(ours.running));
  const wakeCosts = costs(ours);
  const wakeCost = median(wakeCosts);
  const floorCosts = costs(floor);
  const floorCost = median(floorCosts);
  // Per run, ours minus the floor measured in the same minute: what Keyhole's own code adds to a wake.
  const aboveFloor = wakeCosts.map((cost, index) => round(cost - floorCosts[index]!, 1));
  return [
    {
      group: 'Worker',
      figure: 'stopped worker: send → request at the sandbox',
      ours: { value: round(wokenArrival), unit: 'ms', samples: arrivals(ours.woken) },
      anchor: {
        label: 'worker already running',
        value: round(runningArrival),
        unit: 'ms',
        samples: arrivals(ours.running),
      },
      ratio: compareTimes(wokenArrival, runningArrival),
      target: '≤ 100 ms',
      met: wokenArrival <= 100,
      note:
        `median of ${runs}; worker stopped with CDP Target.closeTarget before each woken probe ` +
        `(each found a fresh worker: a global set before the stop was gone). ` +
        `Full round trips (page → worker → sandbox → page): ${round(wokenTrip)} ms woken, ${round(runningTrip)} ms running, ` +
        `so waking costs about ${round(wokenTrip - runningTrip)} ms. A ratio under 1 is the price of the wake. ` +
        `A blank extension's worker in the same browser: ${round(median(arrivals(floor.woken)))} ms woken, ` +
        `${round(median(arrivals(floor.running)))} ms running.`,
    },
    {
      group: 'Worker',
      figure: 'wake cost (stopped − running, send → request at the sandbox)',
      ours: { value: round(wakeCost), unit: 'ms', samples: wakeCosts },
      anchor: {
        label: "a blank extension's worker: the floor",
        value: round(floorCost),
        unit: 'ms',
        samples: floorCosts,
      },
      ratio: compareTimes(wakeCost, floorCost),
      target: '≤ 25 ms',
      met: wakeCost <= 25,
      note:
        `median of the ${runs} pairs' differences (each woken probe minus the running probe right after it): ` +
        "starting the service worker and running the worker script's top level (one classic script, see the Worker JS " +
        'bundle row), before the call can be signed and sent. The anchor is the same difference for a blank ' +
        'extension loaded in the same browser (bench/wake-floor.ts: a worker that only answers the message with ' +
        'one fetch), measured interleaved with ours: what the browser (and Playwright attaching to every new ' +
        'worker) charges any extension.',
    },
    {
      group: 'Worker',
      figure: "wake cost above a blank worker's (ours − floor)",
      ours: { value: round(median(aboveFloor)), unit: 'ms', samples: aboveFloor },
      note:
        `median over the ${runs} runs of our wake cost minus the blank worker's, measured in the same minute: ` +
        'what loading, compiling and running our script and reading what the first call needs (profile, ' +
        'session, vault) add to a wake.',
    },
  ];
}
