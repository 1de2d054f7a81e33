/**
 * Large responses in Firefox ESR: the time from a click on Send in the DevTools panel page to the first painted
 * frame of the JSON tree, for 1, 5 and 20 MB bodies, through the Firefox build's route for large bodies (the body
 * port, streamed as it arrives: `largeBodyTransport` in src/core/browser-target.ts). The anchor is Chromium's figure
 * for the same size from the same run (the `json` benchmark, bench/json-tree.ts), so `--only=json,firefox` compares
 * the two browsers; alone, the rows have no anchor. Targets: at most twice Chromium's time, and a first screen that
 * does not grow with the body (20 MB ÷ 1 MB ≤ 1.5×, as Chromium's).
 */
import { existsSync } from 'node:fs';
import { missingReason } from '../scripts/system-packages.ts';
import { setViewport, type } from '../test/e2e/support/firefox-page.ts';
import {
  type SandboxedFirefox,
  signInFirefoxOrFail,
  startSandboxedFirefox,
  waitForGlobal,
} from '../test/e2e/support/firefox-sandbox.ts';
import { closeOnExit } from './lifecycle.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, round } from './stats.ts';

const MB = 1024 * 1024;
const PROBE_PATH = '/v2/self';

/** Measured in turns (1, 5, 20 MB, then again), so a change in the machine's load falls on every size alike. */
export const FIREFOX_SIZES: number[] = [1 * MB, 5 * MB, 20 * MB];
const TURNS = 5;

/** In the page: clicks Send and records when the first tree row is painted (a frame after it is in the DOM). */
const CLICK_AND_TIME = `
  window.__khTree = undefined;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.kh-tree-row')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__khTree = performance.now() - start; });
  });
  observer.observe(document.body, { subtree: true, childList: true });
  document.querySelector('.kh-request-line button[type="submit"]').click();
  done(true);`;

async function sendFromPanel(ext: SandboxedFirefox, bytes: number): Promise<number> {
  await ext.openPage('src/devtools/panel.html#catalog');
  await setViewport(ext, 1280, 800);
  await type(ext, 'input[aria-label="Path"]', PROBE_PATH);
  ext.platform.faults.clear();
  ext.platform.faults.add({ method: 'GET', path: PROBE_PATH, hugeJsonBytes: bytes });
  await ext.evaluate(CLICK_AND_TIME);
  return waitForGlobal<number>(ext, '__khTree', 60_000);
}

/** `chromiumRows`: the rows the json benchmark produced in this run, if it ran. */
export async function benchFirefoxBodies(
  chromiumRows: BenchRow[],
  sizes = FIREFOX_SIZES,
  turns = TURNS,
): Promise<BenchRow[]> {
  const missing = missingReason('firefox', existsSync);
  if (missing) throw new Error(missing);
  const ext = closeOnExit(await startSandboxedFirefox());
  try {
    await signInFirefoxOrFail(ext);
    await sendFromPanel(ext, 64 * 1024); // unmeasured: the panel's scripts compile, the background warms up
    const version = await ext.evaluate<string>('done(navigator.userAgent.match(/Firefox\\/([\\d.]+)/)?.[1] ?? "?");');
    const samples = new Map<number, number[]>(sizes.map((bytes) => [bytes, []]));
    for (let turn = 0; turn < turns; turn++)
      for (const bytes of sizes) samples.get(bytes)?.push(round(await sendFromPanel(ext, bytes)));
    const rows: BenchRow[] = sizes.map((bytes) => describeSize(bytes, samples.get(bytes) ?? [], chromiumRows, version));
    const smallest = samples.get(sizes[0]!) ?? [];
    const largest = samples.get(sizes.at(-1)!) ?? [];
    if (sizes.length > 1) rows.push(describeGrowth(sizes[0]!, smallest, sizes.at(-1)!, largest));
    return rows;
  } finally {
    ext.platform.faults.clear();
    await ext.close();
  }
}

function describeSize(bytes: number, samples: number[], chromiumRows: BenchRow[], version: string): BenchRow {
  const ours = median(samples);
  const label = `${bytes / MB} MB`;
  const chromium = chromiumRows.find(
    (row) => row.group === 'Large response' && row.figure === `${label}: Send → first screen of the JSON tree`,
  );
  return {
    group: 'Large response (Firefox)',
    figure: `${label}: Send → first screen of the JSON tree`,
    ours: { value: round(ours), unit: 'ms', samples },
    ...(chromium
      ? {
          anchor: { label: 'Chromium, same run', value: chromium.ours.value, unit: 'ms' as const },
          ratio: compareTimes(ours, chromium.ours.value),
          target: '≤ 2× Chromium',
          met: ours <= 2 * chromium.ours.value,
        }
      : {}),
    note:
      `median of ${samples.length}, Firefox ESR ${version}, body streamed to the page on the body port. ` +
      (chromium ? '' : 'Run with --only=json,firefox for Chromium’s figure as the anchor.'),
  };
}

/** As in Chromium (bench/json-tree.ts): the first screen must not grow with the body; turn by turn for the spread. */
function describeGrowth(small: number, smallMs: number[], large: number, largeMs: number[]): BenchRow {
  const growth = median(largeMs) / median(smallMs);
  const pairs = largeMs.slice(0, smallMs.length).map((ms, turn) => round(ms / smallMs[turn]!, 2));
  return {
    group: 'Large response (Firefox)',
    figure: `first screen, ${large / MB} MB ÷ ${small / MB} MB`,
    ours: { value: round(growth, 2), unit: '×', samples: pairs },
    target: '≤ 1.5×',
    met: growth <= 1.5,
    note:
      `medians: ${round(median(smallMs))} ms at ${small / MB} MB, ${round(median(largeMs))} ms at ${large / MB} MB; ` +
      `turn by turn ${pairs.join(', ')}.`,
  };
}
