/** The rows of the call benchmark (call-overhead.ts measures, this says what the figures mean). */
import { type CpuByKind, totalOf } from './process-cpu.ts';
import { type BenchRow, compareRates, compareTimes } from './results.ts';
import { median, round } from './stats.ts';

export interface CallSample {
  roundTripMs: number;
  fetchMs: number;
  workerMs: number;
}

export interface Throughput {
  /** Rates (calls/s) per round: ours, plain page fetches (answered 401), page fetches signed in Node (200). */
  ours: number[];
  /** Ours from a page on the call port alone (no channel), where measured. */
  oursPort: number[];
  plain: number[];
  presigned: number[];
  /** Per call at concurrency 10, from the rounds' samples (medians). */
  fetchMs: number;
  workerMs: number;
  roundTripMs: number;
  plainMs: number;
  /** The sandbox's main-thread time per call (event-loop utilisation of the bench's process, which hosts it). */
  sandboxMs: { ours: number; plain: number; presigned: number };
  /** CPU per call by kind of process (medians of the rounds), where /proc could be read. */
  cpu?: { ours: CpuByKind; plain: CpuByKind; presigned: CpuByKind };
}

export interface CallFigures {
  count: number;
  rounds: number;
  samples: CallSample[];
  plain: number[];
  /** Nothing watching the page or the worker (two-way-chromium.ts). */
  parallel: Throughput;
  /** The same browser and page in the same run, Playwright connected (its Network domain on page and worker). */
  watched: Throughput;
  ungranted: Throughput;
  nodePerSecond: number;
  pingTimes: number[];
}

const THROUGHPUT_TARGET = 0.9;

function cpuParts(cpu: CpuByKind): string {
  const ms = (value: number) => round(value, 2);
  return (
    `${ms(totalOf(cpu))} ms: browser process ${ms(cpu.browser)}, network service ${ms(cpu.network)}, ` +
    `renderers ${ms(cpu.renderer)}, other ${ms(cpu.other)}, sandbox ${ms(cpu.sandbox)}`
  );
}

/** Where a call's CPU goes, ours against both anchors, from the same unwatched rounds. */
function cpuRow(parallel: Throughput, rounds: number, countPerRound: number): BenchRow[] {
  const { cpu } = parallel;
  if (!cpu) return [];
  const ours = totalOf(cpu.ours);
  const plain = totalOf(cpu.plain);
  return [
    {
      group: 'Calls',
      figure: 'CPU per call at concurrency 10, every process (the browser’s and the sandbox’s)',
      ours: { value: round(ours, 2), unit: 'ms' },
      anchor: {
        label: 'a plain page fetch of the same URL (no signature: answered 401)',
        value: round(plain, 2),
        unit: 'ms',
      },
      ratio: compareTimes(ours, plain),
      note:
        `each process's median over the ${rounds} unwatched rounds, summed, from /proc (bench/process-cpu.ts: the ` +
        'bench\'s Chromium and every process under it; "sandbox" is the bench\'s whole process, which runs the ' +
        `sandbox beside the bench's own small share). Ours ${cpuParts(cpu.ours)}; plain ${cpuParts(cpu.plain)}; ` +
        `signed in Node ${cpuParts(cpu.presigned)} (signed before the round, so its signing is not counted). /proc ` +
        `counts in 10 ms ticks: ${round(10 / countPerRound, 3)} ms per call per process in a round, so differences ` +
        'of a few hundredths are at the resolution. With every core busy, calls per second are about cores ÷ CPU ' +
        'per call, so this ratio is about the rate ratio beside unsigned fetches; read from the parts (an ' +
        'inference, not a measurement of each cause): the rest of the gap is the sandbox checking a signature and ' +
        'serving /v2/self instead of refusing at once, the network service carrying the larger request and ' +
        'answer, and the renderer (the page, the worker: channel both ways, signing, the reply).',
    },
  ];
}

/**
 * Ours against an anchor measured in the same rounds: the median of each round's own ratio. The rounds alternate
 * the kinds of calls, so each ratio compares rates seconds apart, while load on a shared machine swings the rates
 * themselves several-fold between rounds (a ratio of medians would pair rates from different rounds).
 */
function roundRatio(ours: number[], anchor: number[]): number {
  return median(ours.map((rate, index) => compareRates(rate, anchor[index] ?? Number.NaN)));
}

export function callRows(figures: CallFigures): BenchRow[] {
  const { count, rounds, samples, plain, parallel, watched, ungranted, nodePerSecond, pingTimes } = figures;
  const trips = samples.map((sample) => round(sample.roundTripMs, 2));
  const fetches = samples.map((sample) => round(sample.fetchMs, 2));
  const overheads = samples.map((sample) => round(sample.roundTripMs - sample.fetchMs, 2));
  const own = samples.map((sample) => sample.workerMs);
  const trip = median(trips);
  const plainTrip = median(plain);
  const ownMs = median(own);
  const ownMean = own.reduce((sum, ms) => sum + ms, 0) / own.length;
  const ours = median(parallel.ours);
  const plainRate = median(parallel.plain);
  const presigned = median(parallel.presigned);
  const busyShare = Math.round((parallel.sandboxMs.ours * ours) / 10);
  const perCall =
    `Per call (medians): the worker's fetch ${round(parallel.fetchMs, 1)} ms, its own work ` +
    `${round(parallel.workerMs, 2)} ms, the page's round trip ${round(parallel.roundTripMs, 1)} ms; a plain fetch ` +
    `${round(parallel.plainMs, 1)} ms. The sandbox runs in the bench's own process, on one thread: busy ` +
    `${round(parallel.sandboxMs.ours, 2)} ms per call of ours, ${round(parallel.sandboxMs.presigned, 2)} ms per ` +
    `call signed in Node, ${round(parallel.sandboxMs.plain, 2)} ms per unsigned one (event-loop utilisation, which ` +
    `counts time the thread waited for a core), ${busyShare} % of the time during our rounds: at this ` +
    'concurrency every figure here is bounded by that thread as much as by the browser.';
  const rates = (values: number[]) => values.join(', ');
  const granted =
    'the sandbox host granted, as the manifest grants the platform’s (bench/granted-session.ts); nothing watching ' +
    'the page or the worker (no DevTools Network domain, bench/two-way-chromium.ts)';
  const watchedOurs = median(watched.ours);
  const watchedPlain = median(watched.plain);
  const watchedPresigned = median(watched.presigned);
  const share = (value: number[], unwatched: number[]) => `${round(roundRatio(value, unwatched), 2)}×`;
  return [
    {
      group: 'Calls',
      figure: 'signed GET through send(), concurrency 1: page round trip',
      ours: { value: round(trip, 2), unit: 'ms', samples: trips },
      anchor: { label: 'plain page fetch of the same URL', value: round(plainTrip, 2), unit: 'ms', samples: plain },
      ratio: compareTimes(trip, plainTrip),
      note:
        `median of ${count}, ${granted}; the worker's own fetch took ${round(median(fetches), 2)} ms (median): ` +
        'signed, so the sandbox checks a signature the plain fetch does not have (its answer is a 401).',
    },
    {
      group: 'Calls',
      figure: "worker's own work per call, measured in the worker (message received → reply built, − its fetch)",
      ours: { value: round(ownMs, 2), unit: 'ms', samples: own },
      target: '≤ 0.5 ms',
      met: ownMs <= 0.5,
      note:
        `median of ${count} (mean ${round(ownMean, 2)} ms; the worker's clock ticks in 0.1 ms): validation, the ` +
        'profile, session and clock lookups (memory), the sealed secrets (memory), signing (cached HMAC key), ' +
        'fetch setup, reading the body, building the reply. Handing the reply to the port is messaging.',
    },
    {
      group: 'Calls',
      figure: 'worker cost per call outside its fetch (round trip − fetch)',
      ours: { value: round(median(overheads), 2), unit: 'ms', samples: overheads },
      note: `median of ${count}: the worker's own work above, plus messaging both ways.`,
    },
    {
      group: 'Calls',
      figure: 'messaging floor: send() of a message the worker answers from memory (identity/redirect-url)',
      ours: { value: round(median(pingTimes), 2), unit: 'ms', samples: pingTimes },
      note:
        `median of ${count}: the panel's channel to the worker and back (ui/worker-channel.ts), serialising both ` +
        "ways; the page's clock ticks in 0.1 ms.",
    },
    {
      group: 'Calls',
      figure: 'signed GETs through send() at concurrency 10',
      ours: { value: ours, unit: 'calls/s', samples: parallel.ours },
      anchor: {
        label: 'page fetches of the same URL, signed in Node (same request, same check), concurrency 10',
        value: presigned,
        unit: 'calls/s',
        samples: parallel.presigned,
      },
      ratio: roundRatio(parallel.ours, parallel.presigned),
      target: `≥ ${THROUGHPUT_TARGET}× anchor`,
      met: roundRatio(parallel.ours, parallel.presigned) >= THROUGHPUT_TARGET,
      note:
        `${count} calls a round, ${rounds} rounds alternating ours and both anchors, the ratio the median of each ` +
        `round's own (ours ${rates(parallel.ours)}; ` +
        `signed in Node ${rates(parallel.presigned)}), ${granted}. The anchor's headers are made before the ` +
        `round, so it costs the page nothing to sign; the sandbox checks each signature as it checks ours. ${perCall}`,
    },
    {
      group: 'Calls',
      figure: 'signed GETs through send() at concurrency 10, beside unsigned fetches',
      ours: { value: ours, unit: 'calls/s', samples: parallel.ours },
      anchor: {
        label: 'plain page fetches of the same URL (no signature: answered 401), concurrency 10',
        value: plainRate,
        unit: 'calls/s',
        samples: parallel.plain,
      },
      ratio: roundRatio(parallel.ours, parallel.plain),
      target: `≥ ${THROUGHPUT_TARGET}× anchor`,
      met: roundRatio(parallel.ours, parallel.plain) >= THROUGHPUT_TARGET,
      note:
        `the same rounds (plain ${rates(parallel.plain)}). An unsigned request is answered 401 before any ` +
        'signature check or resource lookup, so this anchor asks less work of the sandbox per call than ours (the row ' +
        'above asks the same); with the host not granted (the row below), each of our calls was two requests.',
    },
    ...cpuRow(parallel, rounds, count),
    {
      group: 'Calls',
      figure: 'signed GETs through send() at concurrency 10: the panel’s channel to the worker, against the port alone',
      ours: { value: ours, unit: 'calls/s', samples: parallel.ours },
      anchor: {
        label: 'the same calls from a page on the call port alone (as the popup sends them), concurrency 10',
        value: median(parallel.oursPort),
        unit: 'calls/s',
        samples: parallel.oursPort,
      },
      ratio: roundRatio(parallel.ours, parallel.oursPort),
      note:
        `the same unwatched rounds (port alone ${rates(parallel.oursPort)}): the panel hands the worker a ` +
        'MessageChannel (src/ui/worker-channel.ts), which the renderer carries between the page’s thread and the ' +
        'worker’s without the browser process; on a runtime port each message goes through the browser process ' +
        'both ways.',
    },
    {
      group: 'Calls',
      figure: 'signed GETs through send() at concurrency 10, Playwright attached to page and worker',
      ours: { value: watchedOurs, unit: 'calls/s', samples: watched.ours },
      anchor: {
        label: 'plain page fetches of the same URL, Playwright attached, concurrency 10',
        value: watchedPlain,
        unit: 'calls/s',
        samples: watched.plain,
      },
      ratio: roundRatio(watched.ours, watched.plain),
      note:
        `the same browser, page and rounds as the two rows above, Playwright connected over CDP as the e2e tests ` +
        'drive a browser: it enables the Network domain on the page and on the extension’s service worker, and ' +
        'each request is reported to the bench’s process, which also runs the sandbox. What that costs each side: ' +
        `ours ${share(watched.ours, parallel.ours)} of its unwatched rate (${rates(watched.ours)}), plain fetches ` +
        `${share(watched.plain, parallel.plain)} (${rates(watched.plain)}), fetches signed in Node ` +
        `${share(watched.presigned, parallel.presigned)} (${watchedPresigned} calls/s). Round trip of ours ` +
        `${round(watched.roundTripMs, 1)} ms (unwatched ${round(parallel.roundTripMs, 1)}), the worker's fetch ` +
        `${round(watched.fetchMs, 1)} ms (unwatched ${round(parallel.fetchMs, 1)}).`,
    },
    {
      group: 'Calls',
      figure: 'signed GETs at concurrency 10, host not granted (a CORS preflight per call)',
      ours: { value: median(ungranted.ours), unit: 'calls/s', samples: ungranted.ours },
      anchor: {
        label: 'plain page fetches of the same URL (simple requests: no preflight), concurrency 10',
        value: median(ungranted.plain),
        unit: 'calls/s',
        samples: ungranted.plain,
      },
      ratio: roundRatio(ungranted.ours, ungranted.plain),
      note:
        `the shared session's extension (Playwright attached), which has no grant for the sandbox's 127.0.0.1 ` +
        '(an optional host), median ' +
        `of ${rounds} rounds: every signed call is cross-origin, and its Authorization header needs a preflight, ` +
        `never cached since API answers are fetched with cache: 'no-store'. Page fetches signed in Node pay the ` +
        `same: ${median(ungranted.presigned)} calls/s. Granting the host in Settings removes it.`,
    },
    {
      group: 'Calls',
      figure: 'signed GETs through send() at concurrency 10, beside a Node OAuth client',
      ours: { value: ours, unit: 'calls/s' },
      anchor: {
        label: 'oauth-1.0a + node:crypto + fetch in Node, same sandbox and session, concurrency 10',
        value: nodePerSecond,
        unit: 'calls/s',
      },
      ratio: compareRates(ours, nodePerSecond),
      note:
        'The Node client has no browser between it and the sandbox: each of our calls also crosses from the page ' +
        "to the worker and back, and the worker's fetch goes through the browser's network service. But it runs " +
        "in the bench's process, on the sandbox's own thread: under load its signing and fetching take turns with " +
        'the answers, so this anchor can fall below ours.',
    },
  ];
}
