/**
 * What the worker costs a call outside the network (issue 22): signed GETs of one small resource through the pages'
 * own `send()` (src/ui/send.ts), one after the other, set beside a plain page `fetch` of the same URL. The worker
 * reports how long its fetch took (response.durationMs, from the request to the last body byte), so the rest of the
 * page's round trip is the worker's own work and the messaging: profile and session lookups, secrets, signing.
 * Also the throughput at concurrency 10.
 */
import type { Page } from 'playwright-core';
import { bundleForBrowser } from './browser-bundle.ts';
import type { BrowserSession } from './browser-session.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, round } from './stats.ts';

const PAGE_SEND = new URL('../test/e2e/support/page-send.ts', import.meta.url).pathname;
const PATH = '/v2/self';

interface CallSample {
  roundTripMs: number;
  fetchMs: number;
}

type PageSend = (name: string, request: unknown) => Promise<{ status: number; durationMs: number }>;

function sendCalls(page: Page, count: number, concurrency: number): Promise<{ samples: CallSample[]; wallMs: number }> {
  return page.evaluate(
    async ({ count, concurrency, path }) => {
      const send = (globalThis as unknown as { __khSend: PageSend }).__khSend;
      const samples: CallSample[] = [];
      let next = 0;
      const begun = performance.now();
      // Inline and anonymous: a named function would carry the Node loader's __name helper into the page.
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            next += 1;
            const started = performance.now();
            const response = await send('request/send', { target: 'api', method: 'GET', path });
            if (response.status !== 200) throw new Error(`call answered ${response.status}`);
            samples.push({ roundTripMs: performance.now() - started, fetchMs: response.durationMs });
          }
        }),
      );
      return { samples, wallMs: performance.now() - begun };
    },
    { count, concurrency, path: PATH },
  );
}

/** The messaging floor: a message the worker answers from memory (no storage, no network). */
function pings(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const send = (globalThis as unknown as { __khSend: PageSend }).__khSend;
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      await send('identity/redirect-url', undefined);
      times.push(performance.now() - started);
    }
    return times;
  }, count);
}

function plainFetches(page: Page, url: string, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, count }) => {
      const times: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const started = performance.now();
        await (await fetch(url, { cache: 'no-store', credentials: 'omit' })).arrayBuffer();
        times.push(performance.now() - started);
      }
      return times;
    },
    { url, count },
  );
}

export async function benchCallOverhead(session: BrowserSession, count = 400): Promise<BenchRow[]> {
  const page = await session.openQuietPage();
  try {
    await page.evaluate(await bundleForBrowser(PAGE_SEND));
    await sendCalls(page, 50, 1); // warm-up: caches, keys, connections
    const { samples } = await sendCalls(page, count, 1);
    const plain = (await plainFetches(page, `${session.ext.platform.api}${PATH}`, count)).map((ms) => round(ms, 2));
    const { wallMs } = await sendCalls(page, count, 10);
    const ping = median(await pings(page, count));
    const trips = samples.map((sample) => round(sample.roundTripMs, 2));
    const fetches = samples.map((sample) => round(sample.fetchMs, 2));
    const overheads = samples.map((sample) => round(sample.roundTripMs - sample.fetchMs, 2));
    const trip = median(trips);
    const plainTrip = median(plain);
    const overhead = median(overheads);
    const perSecond = Math.round((count / wallMs) * 1000);
    return [
      {
        group: 'Calls',
        figure: 'signed GET through send(), concurrency 1: page round trip',
        ours: { value: round(trip, 2), unit: 'ms', samples: trips },
        anchor: { label: 'plain page fetch of the same URL', value: round(plainTrip, 2), unit: 'ms', samples: plain },
        ratio: compareTimes(trip, plainTrip),
        note: `median of ${count}; the worker's own fetch took ${round(median(fetches), 2)} ms (median). At concurrency 10: ${perSecond} calls/s.`,
      },
      {
        group: 'Calls',
        figure: 'worker cost per call outside its fetch (round trip − fetch)',
        ours: { value: round(overhead, 2), unit: 'ms', samples: overheads },
        target: '≤ 0.5 ms',
        met: overhead <= 0.5,
        note:
          `median of ${count}: messaging both ways, profile/session/clock lookups, secrets, signing, building the ` +
          `reply. Of it, messaging alone (a message the worker answers from memory) takes ${round(ping, 2)} ms.`,
      },
    ];
  } finally {
    await page.close();
  }
}
