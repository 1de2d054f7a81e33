/**
 * Cold openings of variant pages against the blank page, alternating in one Chromium (per-round ratios, then
 * their median): for A/Bs of the panel's first frame, by hand. A variant is a second build of the panel put beside
 * the first one in dist/ under its own asset folder, e.g. with src/devtools/panel/main.tsx changed:
 *   npx vite build --assetsDir vb --outDir /tmp/vb && cp -r /tmp/vb/vb dist/vb &&
 *   cp /tmp/vb/src/devtools/panel.html dist/src/devtools/panel-vb.html
 * then `node --import tsx bench/panel-open-ab.ts 20 src/devtools/panel.html src/devtools/panel-vb.html`
 * (the floor page of panel-open.ts is always added). `npm run build` afterwards restores a clean dist/.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DIST } from '../test/e2e/support/launch-extension.ts';
import { keepPageLocal, startBrowserSession } from './browser-session.ts';
import { FLOOR_HTML, FLOOR_JS, FLOOR_PAGE, FLOOR_SCRIPT, openOnce, watchInteractive } from './panel-open.ts';
import { BLANK_HTML, BLANK_PAGE } from './popup.ts';
import { median } from './stats.ts';

const rounds = Number(process.argv[2]);
const paths = process.argv.slice(3);
await writeFile(resolve(DIST, BLANK_PAGE), BLANK_HTML);
await writeFile(resolve(DIST, FLOOR_PAGE), FLOOR_HTML);
await writeFile(resolve(DIST, FLOOR_SCRIPT), FLOOR_JS);
const session = await startBrowserSession();
if (!(rounds > 0) || paths.length === 0) throw new Error('usage: panel-open-ab.ts <rounds> <page path>...');
const all = [FLOOR_PAGE, ...paths];
const samples = new Map<string, number[]>(all.map((p) => [p, []]));
const ratios = new Map<string, number[]>(all.map((p) => [p, []]));
const blank: number[] = [];
const open = async (path: string, what: 'interactive' | 'paint') => {
  const page = await session.ext.context.newPage();
  try {
    await keepPageLocal(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(watchInteractive);
    const sample = await openOnce(page, session.extensionUrl(path), what);
    return what === 'paint' ? sample.firstPaintMs : sample.interactiveMs;
  } finally {
    await page.close();
  }
};
try {
  for (const path of all) await open(path, 'interactive');
  for (let round = 0; round < rounds; round++) {
    const b = await open(BLANK_PAGE, 'paint');
    blank.push(b);
    const order = round % 2 ? [...all].reverse() : all;
    for (const path of order) {
      const t = await open(path, 'interactive');
      samples.get(path)!.push(t);
      ratios.get(path)!.push(t / b);
    }
  }
} finally {
  await session.close();
}
console.log(`blank median ${median(blank).toFixed(1)} ms`);
for (const path of all)
  console.log(
    `${median(samples.get(path)!).toFixed(1).padStart(7)} ms  ratio median ${median(ratios.get(path)!).toFixed(2)}×  ${path}`,
  );
// Each page's samples, sorted: the first paint is presented on the display's frames, so they bunch.
if (process.env.KEYHOLE_AB_SAMPLES)
  for (const path of all)
    console.log(
      `${path}: ${[...samples.get(path)!]
        .sort((a, b) => a - b)
        .map((t) => t.toFixed(0))
        .join(' ')}`,
    );
