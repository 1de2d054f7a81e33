/**
 * What the worker costs a call outside the network (issue 22): signed GETs of one small resource through the pages'
 * own `send()` (src/ui/send.ts, as the panel sends: on its channel to the worker, ui/worker-channel.ts), one after
 * the other, set beside a plain page `fetch` of the same URL. The worker reports how long its fetch took
 * (response.durationMs, from the request to the last body byte) and its own time for the call (response.workerMs:
 * from the message's arrival to the reply built, less the fetch), so a call's round trip splits into the network,
 * the worker's own work, and the messaging both ways.
 * Also the throughput at concurrency 10, beside plain fetches at concurrency 10.
 *
 * Where a call's time went (issue 22, 2026-11-24, performance.now() marks in the worker, means of 400 signed GETs,
 * load average 8-10, so about twice a quiet machine's figures). Before, with runtime.sendMessage: page → worker
 * listener 1.55 ms; the worker's own work 0.5 ms (active profile 0.14, request guards 0.07, the three secrets from
 * the vault's memory 0.05, HMAC signing with the cached key 0.12, fetch setup 0.02, reply built 0.06); the fetch;
 * handing the reply to sendResponse 0.75 ms (its serialisation and IPC, synchronous in the worker). No storage or
 * IndexedDB read per call (local-store.ts and the vault keep what they read; the HMAC CryptoKey is imported once per
 * key), and no history write in the worker (the panel records history in its own IndexedDB once it is idle). So
 * most of the 2.5 ms outside the fetch was messaging: sendMessage is offered to every extension context and its
 * reply is serialised on a slower path. On the call port (core/call-port.ts): page → worker 0.63 ms, handing
 * the reply back 0.36 ms; a message answered from memory takes 0.5 ms both ways instead of 1.3-1.6 ms.
 *
 * Where the rest of the throughput went (issue 31, 2026-11-27, load average 7-30): the shared session loads dist/ as
 * built, where the sandbox's 127.0.0.1 is an optional host nobody granted, so every signed call was cross-origin
 * and paid a CORS preflight (the bench process's CPU profile: answerPreflight ~6 % of it, one OPTIONS per call),
 * while the plain fetch, with no Authorization header, is a simple request and pays none. Calls to the platform's
 * own hosts never preflight (the manifest grants them), so these rows run in a second Chromium whose copy of the
 * extension grants the sandbox host (granted-session.ts), and one row keeps the ungranted figure. At concurrency 10
 * the sandbox's one thread (in the bench's own process) is busy most of the time, so a preflight, which doubles the
 * requests per call, about halves what gets through; granted, our calls and page fetches of the same URL (unsigned,
 * or signed in Node) reach rates within the machine's noise of each other. CPU profiles of the worker (CDP) at
 * concurrency 10: its JS is under 10 % of its thread, mostly the native fetch() call and the port's postMessage;
 * no storage read, key import or history write per call.
 *
 * What the harness costs each side (issue 31, 2026-11-28). Playwright, which drives every other bench and e2e test,
 * attaches to every page and to the extension's service worker and enables their DevTools Network domain: each
 * request either of them makes is instrumented on its thread and reported, event by event, to the bench's process,
 * which also runs the sandbox that answers it. Turning that off for the worker alone
 * (PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK=1) left the anchor's page watched: 1.1-1.3× there was not a fair
 * figure. So the concurrency-10 rows run in a Chromium the bench starts itself (two-way-chromium.ts) and drives two
 * ways in turn, in the same run, browser and pages: through a bare DevTools pipe that only evaluates the loops in a
 * page (Runtime.evaluate; no domain enabled on any target: nothing watched, the rows with the target), and with
 * Playwright connected over CDP as the tests drive a browser (the "Playwright attached" row, which keeps the old
 * rows' way of measuring, both sides watched). It costs both sides, not only ours. In three runs of 5 rounds of
 * 400 (load average 20.5 → 16.6, 21.5 → 19.4, 12.9 → 17.6; per-round ratios, medians), with Playwright attached
 * our calls went at 0.70×, 0.72× and 0.80× their unwatched rate, plain page fetches at 0.73×, 1.04× and 0.67×,
 * page fetches signed in Node at 0.57×, 0.76× and 0.65×; our round trip about 30 ms against 21, the worker's fetch
 * 21 against 14. So the watched comparison (ours against plain fetches: 0.95×, 1.06×, 1.20×) neither hid nor made
 * the gap; it stays as a row, the old rows' way of measuring.
 *
 * Where the rest went (issue 31, 2026-11-28): a Chromium trace (Tracing over the pipe, nothing else attached) of 400
 * calls at concurrency 10, against 400 plain page fetches, at load 14. The worker's thread was busy about 1.4 ms a
 * call, nearly all of it its fetch's native side (URLLoaderClient messages, the body's data pipe: ResponseBodyLoader
 * and SimpleWatcher tasks), the same work a page's fetch does on the page's thread; the JS of a call is 0.3 ms. What
 * ours spent and a page fetch did not was the messaging: on a runtime port each message goes from the page's
 * renderer to the browser process (its IO thread, then the extensions' MessageService on its main thread) and on to
 * the worker, both ways: about 1.1 ms of CPU a call over the browser's main and IO threads and the renderer's IO
 * thread. On a machine short of cores, at concurrency 10, a call mostly waits for a core, so CPU per call sets the
 * rate. The panel now hands the worker a MessageChannel as the page's controller (src/ui/worker-channel.ts), which
 * the renderer carries between the page's thread and the worker's (one process) without the browser process: the
 * messaging floor fell from 0.5 ms to 0.1 ms or less (the page's clock ticks in 0.1 ms), messages answered from
 * memory at concurrency 10 went 3-10× faster (2,800-4,200 against 8,000-35,000 round trips/s, load 12, a probe of
 * its own), and signed GETs at concurrency 10 went 1.33×, 1.30×
 * and 1.39× as fast as the same calls on the port alone (the row for it; the three runs above). Against page
 * fetches of the same URL those runs read 0.86×, 1.10× and 0.94× (signed in Node: the same request and check) and
 * 0.89×, 0.93× and 0.87× (unsigned, answered 401 before any check): ≥ 0.9× in one run of three against both, in
 * two of three against the same request, at load 13-22, with single rounds from 0.51× to 1.45×. What is left is
 * CPU per call on a machine short of cores: the worker's fetch costs its thread what a page's fetch costs the
 * page's, and ours adds signing (Web Crypto, one hop to its thread and back), the body read through a stream
 * reader rather than whole, building the reply, and the channel both ways (the worker's budget has 13 bytes left,
 * so reading small bodies whole is not tried here). The popup keeps the port alone (its size budget; it sends a
 * few calls), measured beside the channel in the rounds.
 *
 * Where the rest went, by process (issue 31, 2026-11-28, quiet machine, load average 1-2). The sandbox's nonce
 * store walked every nonce of its 10-minute window on each signed request (O(n): several thousand by the time these
 * rounds run), which every signed row paid and the unsigned anchor did not: sandbox busy 1.14 ms per call of ours
 * against 0.52 per unsigned one. It now sweeps once a second (test/platform/oauth/nonces.ts): 0.43 against 0.31,
 * and ours went from 0.70× to 0.73-0.84× the unsigned fetches in three runs (0.82-0.91× those signed in Node). The
 * CPU row (bench/process-cpu.ts: /proc, every process of this Chromium and the bench's own) then says where a
 * call's CPU goes, since at concurrency 10 on two cores calls per second are about cores ÷ CPU per call: ours
 * 2.06-2.22 ms against 1.71-1.83 for an unsigned fetch (0.83×, matching the rates), of which the sandbox
 * +0.16-0.19 ms (a signature checked and /v2/self served against a refusal; 0.23-0.25 for the same request signed
 * in Node, less bunched than ours), the network service +0.05 (the larger request and answer), the renderer
 * +0.13-0.23 (the page's and the worker's threads: the channel both ways, signing, the reply, the worker's own
 * fetch where the page's would be). Against a fetch of the same signed request the renderer's share is 0.15 ms.
 */
import { createHmac } from 'node:crypto';
import { performance as nodePerformance } from 'node:perf_hooks';
import OAuth from 'oauth-1.0a';
import type { Page } from 'playwright-core';
import type { SandboxedExtension } from '../test/e2e/support/sandboxed-extension.ts';
import { bundleForBrowser } from './browser-bundle.ts';
import { type BrowserSession, openQuietPage } from './browser-session.ts';
import { type CallSample, callRows, type Throughput } from './call-rows.ts';
import { withGrantedHost } from './granted-session.ts';
import { type CpuByKind, canReadProcessCpu, perCall, treeCpu } from './process-cpu.ts';
import type { BenchRow } from './results.ts';
import { median, repeat, round } from './stats.ts';
import { type Evaluate, twoWayChromium } from './two-way-chromium.ts';

const PAGE_SEND = new URL('../test/e2e/support/page-send.ts', import.meta.url).pathname;
const PATH = '/v2/self';

type PageSend = (name: string, request: unknown) => Promise<{ status: number; durationMs: number; workerMs?: number }>;

function inPage(page: Page): Evaluate {
  return (fn, arg) => page.evaluate(fn as (arg: unknown) => Promise<never>, arg);
}

function sendCalls(
  evaluate: Evaluate,
  count: number,
  concurrency: number,
): Promise<{ samples: CallSample[]; wallMs: number }> {
  return evaluate(
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
            if (response.workerMs === undefined) throw new Error('the worker did not report its own time');
            samples.push({
              roundTripMs: performance.now() - started,
              fetchMs: response.durationMs,
              workerMs: response.workerMs,
            });
          }
        }),
      );
      return { samples, wallMs: performance.now() - begun };
    },
    { count, concurrency, path: PATH },
  );
}

/** The messaging floor: a message the worker answers from memory (no storage, no network). */
function pings(evaluate: Evaluate, count: number): Promise<number[]> {
  return evaluate(async (count) => {
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

/** Page fetches of the URL, `concurrency` at a time; with `authorizations`, the i-th carries the i-th header. */
function pageFetches(
  evaluate: Evaluate,
  url: string,
  count: number,
  concurrency: number,
  authorizations?: string[],
): Promise<{ times: number[]; wallMs: number; statuses: number[] }> {
  return evaluate(
    async ({ url, count, concurrency, authorizations }) => {
      const times: number[] = [];
      const statuses: number[] = [];
      let next = 0;
      const begun = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const index = next++;
            const started = performance.now();
            const init: RequestInit = { cache: 'no-store', credentials: 'omit' };
            if (authorizations) init.headers = { Authorization: authorizations[index]!, Accept: 'application/json' };
            const response = await fetch(url, init);
            await response.arrayBuffer();
            times.push(performance.now() - started);
            statuses.push(response.status);
          }
        }),
      );
      return { times, wallMs: performance.now() - begun, statuses };
    },
    { url, count, concurrency, authorizations },
  );
}

/**
 * Authorization headers for GETs of the URL, signed in Node (oauth-1.0a, node:crypto's HMAC) with the sandbox's
 * session: each with its own nonce, so each is accepted once, like the worker's.
 */
function nodeSigner(ext: SandboxedExtension): { url: string; sign(count: number): string[] } {
  const { platform } = ext;
  const token = [...platform.state.accessTokens.values()].find((candidate) => !candidate.revoked);
  if (!token) throw new Error('the sandbox holds no access token');
  const url = `${platform.api}${PATH}`;
  const oauth = new OAuth({
    consumer: { key: platform.consumerKey, secret: platform.consumerSecret },
    signature_method: 'HMAC-SHA512',
    hash_function: (base, key) => createHmac('sha512', key).update(base).digest('base64'),
  });
  const one = () =>
    oauth.toHeader(oauth.authorize({ url, method: 'GET' }, { key: token.token, secret: token.secret })).Authorization;
  return { url, sign: (count) => Array.from({ length: count }, one) };
}

/**
 * The first anchor: a plain OAuth client in Node (oauth-1.0a, node:crypto's HMAC, fetch) calling the same
 * sandbox with the same session, `concurrency` calls at a time. No browser, no worker, no messaging.
 */
async function nodeClientCalls(ext: SandboxedExtension, count: number, concurrency: number): Promise<number> {
  const signer = nodeSigner(ext);
  let next = 0;
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const [authorization] = signer.sign(1);
        const response = await fetch(signer.url, {
          headers: { Authorization: authorization!, Accept: 'application/json' },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`the Node client's call answered ${response.status}`);
      }
    }),
  );
  return rate(count, performance.now() - begun);
}

function rate(count: number, wallMs: number): number {
  return Math.round((count / wallMs) * 1000);
}

function expectStatus(statuses: number[], status: number, what: string): void {
  const other = statuses.find((candidate) => candidate !== status);
  if (other !== undefined) throw new Error(`${what} answered ${other}, not ${status}`);
}

/** What the rounds of one way of driving the page gathered, summed up by `summarise`. */
interface Rounds {
  ours: number[];
  /** Ours from a page on the call port alone (as the popup sends), where measured. */
  oursPort: number[];
  plain: number[];
  presigned: number[];
  samples: CallSample[];
  plainTimes: number[];
  /** The sandbox answers in this process's main thread: its busy time per call, for each kind of request. */
  sandboxMs: { ours: number[]; plain: number[]; presigned: number[] };
  /** CPU per call of the browser's processes and this one, for each kind of request (where /proc is read). */
  cpu: { ours: CpuByKind[]; plain: CpuByKind[]; presigned: CpuByKind[] };
}

function noRounds(): Rounds {
  return {
    ours: [],
    oursPort: [],
    plain: [],
    presigned: [],
    samples: [],
    plainTimes: [],
    sandboxMs: { ours: [], plain: [], presigned: [] },
    cpu: { ours: [], plain: [], presigned: [] },
  };
}

/**
 * One round at concurrency 10: our calls, plain page fetches (no signature: answered 401), and page fetches
 * carrying a signature made in Node (answered 200 after the same check as ours), one after the other.
 */
async function throughputRound(
  signer: ReturnType<typeof nodeSigner>,
  evaluate: Evaluate,
  count: number,
  into: Rounds,
  measured?: { onPort: Evaluate; browserPid: number | undefined },
): Promise<void> {
  const onPort = measured?.onPort;
  const browserPid = measured?.browserPid;
  const busy = async <T>(kind: keyof Rounds['sandboxMs'], step: () => Promise<T>): Promise<T> => {
    const before = nodePerformance.eventLoopUtilization();
    const cpuBefore = browserPid === undefined ? undefined : treeCpu(browserPid);
    const value = await step();
    into.sandboxMs[kind].push(nodePerformance.eventLoopUtilization(before).active / count);
    if (cpuBefore && browserPid !== undefined) into.cpu[kind].push(perCall(cpuBefore, treeCpu(browserPid), count));
    return value;
  };
  const ours = await busy('ours', () => sendCalls(evaluate, count, 10));
  into.ours.push(rate(count, ours.wallMs));
  into.samples.push(...ours.samples);
  if (onPort) into.oursPort.push(rate(count, (await sendCalls(onPort, count, 10)).wallMs));
  const plain = await busy('plain', () => pageFetches(evaluate, signer.url, count, 10));
  expectStatus(plain.statuses, 401, 'a plain fetch');
  into.plain.push(rate(count, plain.wallMs));
  into.plainTimes.push(...plain.times);
  const headers = signer.sign(count);
  const presigned = await busy('presigned', () => pageFetches(evaluate, signer.url, count, 10, headers));
  expectStatus(presigned.statuses, 200, 'a fetch signed in Node');
  into.presigned.push(rate(count, presigned.wallMs));
}

/** The median of each kind of process over the rounds. */
function medianCpu(rounds: CpuByKind[]): CpuByKind | undefined {
  const [first] = rounds;
  if (!first) return undefined;
  const kinds = Object.keys(first) as (keyof CpuByKind)[];
  return Object.fromEntries(kinds.map((kind) => [kind, median(rounds.map((cpu) => cpu[kind]))])) as CpuByKind;
}

function summarise(rounds: Rounds): Throughput {
  const { samples, sandboxMs, cpu } = rounds;
  const oursCpu = medianCpu(cpu.ours);
  const plainCpu = medianCpu(cpu.plain);
  const presignedCpu = medianCpu(cpu.presigned);
  return {
    ours: rounds.ours,
    oursPort: rounds.oursPort,
    plain: rounds.plain,
    presigned: rounds.presigned,
    fetchMs: median(samples.map((sample) => sample.fetchMs)),
    workerMs: median(samples.map((sample) => sample.workerMs)),
    roundTripMs: median(samples.map((sample) => sample.roundTripMs)),
    plainMs: median(rounds.plainTimes),
    sandboxMs: { ours: median(sandboxMs.ours), plain: median(sandboxMs.plain), presigned: median(sandboxMs.presigned) },
    ...(oursCpu && plainCpu && presignedCpu
      ? { cpu: { ours: oursCpu, plain: plainCpu, presigned: presignedCpu } }
      : {}),
  };
}

const ROUNDS = 5;

export async function benchCallOverhead(session: BrowserSession, count = 400): Promise<BenchRow[]> {
  // The shared session's extension has no grant for the sandbox host: a preflight per signed call.
  const ungranted = await (async () => {
    const page = await session.openQuietPage();
    try {
      await page.evaluate(await bundleForBrowser(PAGE_SEND));
      await page.evaluate(() => (globalThis as unknown as { __khUseChannel: () => void }).__khUseChannel());
      await sendCalls(inPage(page), 50, 10); // warm-up: caches, keys, connections
      const signer = nodeSigner(session.ext);
      const rounds = noRounds();
      await repeat(ROUNDS, () => throughputRound(signer, inPage(page), count, rounds));
      return summarise(rounds);
    } finally {
      await page.close();
    }
  })();
  const browser = twoWayChromium();
  return withGrantedHost(async (ext) => {
    const script = await bundleForBrowser(PAGE_SEND);
    const signer = nodeSigner(ext);
    // Ours from a page that sends as the panel does (its channel to the worker, ui/worker-channel.ts), and, for
    // the row that says what the channel gains, from one on the call port alone (as the popup sends).
    const page = await openQuietPage(ext);
    const pageUrl = page.url();
    await page.evaluate(script);
    await page.evaluate(() => (globalThis as unknown as { __khUseChannel: () => void }).__khUseChannel());
    const portPage = await ext.context.newPage();
    await portPage.goto(`${pageUrl}?port`);
    await portPage.evaluate(script);
    // From here on nothing watches the pages or the worker, but in the watched rounds below.
    const bare = await browser.bare(pageUrl);
    const barePort = await browser.bare(portPage.url());
    await browser.unwatch();
    await sendCalls(barePort, 50, 10); // warm-up of the port's line
    await sendCalls(bare, 50, 1); // warm-up: caches, keys, connections
    await pageFetches(bare, signer.url, 50, 1);
    const { samples } = await sendCalls(bare, count, 1);
    const plain = (await pageFetches(bare, signer.url, count, 1)).times.map((ms) => round(ms, 2));
    // Rounds alternate unwatched and watched (Playwright connected, as the e2e tests drive a browser), the first
    // way first in odd rounds, the other in even ones: load that comes and goes falls on both.
    const unwatched = noRounds();
    const watched = noRounds();
    await repeat(ROUNDS, async (index) => {
      const watchedRound = async () => {
        await throughputRound(signer, await browser.watched(pageUrl), count, watched);
        await browser.unwatch();
      };
      const unwatchedRound = () =>
        throughputRound(signer, bare, count, unwatched, {
          onPort: barePort,
          browserPid: canReadProcessCpu() ? browser.pid() : undefined,
        });
      if (index % 2 === 0) {
        await unwatchedRound();
        await watchedRound();
      } else {
        await watchedRound();
        await unwatchedRound();
      }
    });
    await nodeClientCalls(ext, 50, 1); // its own warm-up
    const nodePerSecond = await nodeClientCalls(ext, count, 10);
    const pingTimes = (await pings(bare, count)).map((ms) => round(ms, 2));
    return callRows({
      count,
      rounds: ROUNDS,
      samples,
      plain,
      parallel: summarise(unwatched),
      watched: summarise(watched),
      ungranted,
      nodePerSecond,
      pingTimes,
    });
  }, browser.launch);
}
