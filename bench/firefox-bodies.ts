/**
 * Large responses in Firefox ESR: the time from a click on Send in the DevTools panel page to the first painted
 * frame of the JSON tree, for 5 and 20 MB bodies, through the Firefox build's route for large bodies (a Blob URL
 * made by the background, `largeBodyTransport` in src/core/browser-target.ts). The anchor is Chromium's figure for
 * the same size from the same run (the `json` benchmark, bench/json-tree.ts), so `--only=json,firefox` compares
 * the two browsers; alone, the rows have no anchor. Target: the same speed class, at most twice Chromium's time.
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
import { median, repeat, round } from './stats.ts';

const MB = 1024 * 1024;
const PROBE_PATH = '/v2/self';

export const FIREFOX_SIZES: { bytes: number; runs: number }[] = [
  { bytes: 5 * MB, runs: 5 },
  { bytes: 20 * MB, runs: 3 },
];

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
export async function benchFirefoxBodies(chromiumRows: BenchRow[], sizes = FIREFOX_SIZES): Promise<BenchRow[]> {
  const missing = missingReason('firefox', existsSync);
  if (missing) throw new Error(missing);
  const ext = closeOnExit(await startSandboxedFirefox());
  try {
    await signInFirefoxOrFail(ext);
    await sendFromPanel(ext, 64 * 1024); // unmeasured: the panel's scripts compile, the background warms up
    const version = await ext.evaluate<string>('done(navigator.userAgent.match(/Firefox\\/([\\d.]+)/)?.[1] ?? "?");');
    const rows: BenchRow[] = [];
    for (const { bytes, runs } of sizes) {
      const samples = (await repeat(runs, () => sendFromPanel(ext, bytes))).map((ms) => round(ms));
      const ours = median(samples);
      const label = `${bytes / MB} MB`;
      const chromium = chromiumRows.find(
        (row) => row.group === 'Large response' && row.figure === `${label}: Send → first screen of the JSON tree`,
      );
      rows.push({
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
          `median of ${runs}, Firefox ESR ${version}, body handed over as a Blob URL by the background. ` +
          (chromium ? '' : 'Run with --only=json,firefox for Chromium’s figure as the anchor.'),
      });
    }
    return rows;
  } finally {
    ext.platform.faults.clear();
    await ext.close();
  }
}
