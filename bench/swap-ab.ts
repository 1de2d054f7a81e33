/**
 * The swap from the first screen to the whole tree (bench/huge-body.ts), A/B between two builds of the extension,
 * interleaved in one run so the machine's load falls on both alike: each turn launches Chromium with one build,
 * sends once and reports the observer's longest task (wall) and the most CPU (thread time) any swap task used.
 *
 *   npx tsx bench/swap-ab.ts <other-dist> [MB] [turns]     e.g. a build of main: git archive main | tar -x -C /tmp/m,
 *                                                            then `npx vite build` there; compared with ./dist
 */
import { resolve } from 'node:path';
import { DIST } from '../test/e2e/support/launch-extension.ts';
import { startBrowserSession } from './browser-session.ts';
import { measureSwap } from './huge-body.ts';
import { openInstrumentedPage, sendFromPanel } from './json-tree.ts';

const [other, megabytes = '255', turns = '2'] = process.argv.slice(2);
if (!other) throw new Error('usage: npx tsx bench/swap-ab.ts <other-dist> [MB] [turns]');
const builds: [string, string][] = [
  ['other', resolve(other)],
  ['this', DIST],
];
for (let turn = 0; turn < Number(turns); turn++) {
  for (const [name, dist] of builds) {
    const session = await startBrowserSession({ dist });
    try {
      const page = await openInstrumentedPage(session);
      await sendFromPanel(session, page, 64 * 1024); // unmeasured: scripts compile, the worker warms up
      const sample = await measureSwap(session, page, Number(megabytes) * 1024 * 1024);
      console.log(
        `${name} ${megabytes} MB: longest task ${sample.wallMs} ms (wall), most CPU ${sample.cpuMs} ms, ` +
          `Send → whole tree ${sample.wholeMs} ms, load average ${sample.load}`,
      );
    } finally {
      session.ext.platform.faults.clear();
      await session.close();
    }
  }
}
