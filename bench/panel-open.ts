/**
 * The DevTools panel opened cold (a new tab on panel.html, as DevTools creates a fresh page for it each time):
 * from navigation start to interactive, i.e. the first frame painted with an enabled Send button and the Path
 * field in the DOM. The limit, in the same run: a blank extension page's first paint (src/popup's bench page).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DIST } from '../test/e2e/support/launch-extension.ts';
import { type BrowserSession, keepPageLocal } from './browser-session.ts';
import { BLANK_HTML, BLANK_PAGE } from './popup.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, repeat, round } from './stats.ts';

const TARGET_MS = 150;

interface OpenSample {
  interactiveMs: number;
  domContentLoadedMs: number;
  firstPaintMs: number;
}

/** Runs before any panel code: notes the start of the first frame after the composer became usable. */
function watchInteractive(): void {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const state = globalThis as unknown as { __khInteractiveAt?: number };
  new MutationObserver((_, observer) => {
    const send = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send');
    if (!send || send.disabled || !document.querySelector('[aria-label="Path"]')) return;
    observer.disconnect();
    requestAnimationFrame((frameStart) => {
      state.__khInteractiveAt = frameStart;
    });
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function openOnce(page: Page, url: string, waitFor: 'interactive' | 'paint'): Promise<OpenSample> {
  await page.goto(url);
  await page.waitForFunction(
    (what) =>
      performance.getEntriesByName('first-contentful-paint').length > 0 &&
      (what === 'paint' || (globalThis as { __khInteractiveAt?: number }).__khInteractiveAt !== undefined),
    waitFor,
    { timeout: 15_000 },
  );
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const interactive = (globalThis as { __khInteractiveAt?: number }).__khInteractiveAt ?? Number.NaN;
    return {
      interactiveMs: Math.max(paint, interactive),
      domContentLoadedMs: navigation.domContentLoadedEventEnd,
      firstPaintMs: paint,
    };
  });
}

export async function benchPanelOpen(session: BrowserSession, runs = 10): Promise<BenchRow[]> {
  await writeFile(resolve(DIST, BLANK_PAGE), BLANK_HTML);
  const panelUrl = session.extensionUrl('src/devtools/panel.html');
  const blankUrl = session.extensionUrl(BLANK_PAGE);
  const panel: OpenSample[] = [];
  const blank: OpenSample[] = [];
  const fresh = async (step: (page: Page) => Promise<void>) => {
    const page = await session.ext.context.newPage();
    try {
      await keepPageLocal(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.addInitScript(watchInteractive);
      await step(page);
    } finally {
      await page.close();
    }
  };
  // Unmeasured: the first load compiles the panel's scripts into the disk cache, as after any first use.
  await fresh(async (page) => void (await openOnce(page, panelUrl, 'interactive')));
  await repeat(runs, async () => {
    await fresh(async (page) => void panel.push(await openOnce(page, panelUrl, 'interactive')));
    await fresh(async (page) => void blank.push(await openOnce(page, blankUrl, 'paint')));
  });
  const interactive = panel.map((sample) => round(sample.interactiveMs));
  const interactiveAfterDcl = panel.map((sample) => round(sample.interactiveMs - sample.domContentLoadedMs, 1));
  const blankPaintAfterDcl = blank.map((sample) => round(sample.firstPaintMs - sample.domContentLoadedMs, 1));
  const blankPaint = blank.map((sample) => round(sample.firstPaintMs));
  const ours = median(interactive);
  const limit = median(blankPaint);
  return [
    {
      group: 'Panel',
      figure: 'cold open → interactive (Send enabled, painted)',
      ours: { value: round(ours), unit: 'ms', samples: interactive },
      anchor: { label: 'blank extension page: first paint', value: round(limit), unit: 'ms', samples: blankPaint },
      ratio: compareTimes(ours, limit),
      target: `≤ ${TARGET_MS} ms`,
      met: ours <= TARGET_MS,
      note:
        `median of ${runs}, each in a new tab, from navigation start; the worker running. The panel's ` +
        `DOMContentLoaded at ${round(median(panel.map((sample) => sample.domContentLoadedMs)))} ms and first paint ` +
        `at ${round(median(panel.map((sample) => sample.firstPaintMs)))} ms; the blank page's DOMContentLoaded at ` +
        `${round(median(blank.map((sample) => sample.domContentLoadedMs)))} ms. Interactive: the first animation ` +
        'frame after an enabled Send button and the Path field are in the DOM (or the first paint if later).',
    },
    {
      group: 'Panel',
      figure: 'cold open → interactive, after DOMContentLoaded',
      ours: { value: round(median(interactiveAfterDcl)), unit: 'ms', samples: interactiveAfterDcl },
      anchor: {
        label: 'blank extension page: first paint after its DOMContentLoaded',
        value: round(median(blankPaintAfterDcl)),
        unit: 'ms',
        samples: blankPaintAfterDcl,
      },
      ratio: compareTimes(Math.max(median(interactiveAfterDcl), 0.1), Math.max(median(blankPaintAfterDcl), 0.1)),
      note:
        `median of ${runs}, the same openings as the row above: the panel's own share once its scripts have ` +
        'loaded and run (rendering, reading its drafts, the first answers of the worker), beside what any page ' +
        'needs from DOMContentLoaded to its first paint.',
    },
  ];
}
