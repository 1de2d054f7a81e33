/**
 * A user installs the extension and opens it: what each context downloads and parses before it works stays small.
 * Sizes are deterministic, so unlike the timings of `npm run bench` they are checked on every test run, from the
 * dist/ the e2e global setup has just built. Budgets (gzip, level 9): popup 20 KB, panel 80 KB, worker 40 KB. The
 * popup's first paint (issue 18: a classic script that paints the cached account before the app's modules have
 * loaded) has its own 3.75 KB (3.5 until issue 27's avatar checks: only the platform's hosts, no Gravatar default URL,
 * which the first paint must apply too): the popup then loads both, 20 + 3.75 KB at most. The worker was
 * 15 KB until the trust work of issue 14 (origin-bound secrets, a validator per message, stricter guards, the
 * passphrase lock) grew it to 24 KB; issue 20's live streams (SSE parser, resume cursor, port contract, log stream
 * and events socket) added 2.8 KB (26.8 KB measured), and issue 18's streamed large bodies (piping the upstream body
 * to the page, its end report) 0.8 KB more (27.6 KB measured; most of the worker is its user-facing messages: 74 of
 * its 84 KB raw are strings of 80+ characters). The hostile-server fixes (bounded SSE events, capped refusal
 * reads, echoed credentials masked) and the call port took it to 28.3 KB, and the budget to 29 KB: the wake
 * figure it stood for holds now that the worker is a classic script whose compiled code Chromium keeps (a woken
 * worker no longer compiles it). Issue 33's storage migrations (every record kind's version, the resumable runner,
 * the checks that set unreadable records aside with why, the refusal of a newer build's data) and the backup's
 * profile import added 2.4 KB (30.8 KB measured), and the budget went to 31 KB: they must be in the worker, which
 * answers no message before its records are in its own format. The events socket's hostile-server guards (issue 27:
 * clamped delays, growing backoff, capped frames, stop reasons) and the request building shared with the collection
 * runner's CLI (core/http/outgoing-request.ts) took it to 31.9 KB, and the budget to 32.5 KB; the worker-wake bench
 * was not re-run with them. Issue 29's file bodies (a file's bytes through the message contract, decoded and sent
 * as they are, refused as a form or as curl) took it to 32.6 KB, and the budget to 33 KB. Closing three trust gaps
 * (echoed secrets masked in bodies sent as bytes or streamed, across chunk edges; held bodies bound to the asking
 * document's key; the file body cap at the message contract) took it from 32.9 to 33.7 KB, and the budget to 34 KB:
 * each is a check only the worker can make. An outside attack's fixes (the content type masked and served safely,
 * a body ending inside a secret, encoded API tokens, the masking stream's work linear in the body) took it from
 * 34 468 to 34 769 B, 47 B under the budget. A second outside attack's fixes (header names masked in lower case,
 * the /v2/self user masked, secrets in three URL encodings, the /end route bound to the page key, Firefox's fetch
 * worker capped) and the panel's MessageChannel to the worker (issue 31 item 4: calls no longer cross the browser
 * process) took it to 34 863 B, and the budget to 35 KB. The update's masking of what release 0.1.0 kept in
 * clear (storage/remask-records.ts: the draft, tabs, history and its echoes, saved requests, variables; it runs
 * on the update, before any page opens, so only the worker can do it), with the masking of what a server echoes of
 * a request's secrets and the migrations' paged reading, took it to 40 044 B, and the budget to 40 KB. Issue 18's 20 KB cap is not met.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  describeBundles,
  formatKilobytes,
  measureBundle,
  measureBundles,
  readStaticImports,
} from '../../bench/bundle-size.ts';
import { DIST } from './support/launch-extension.ts';

describe('bundle budgets', () => {
  it('popup, panel and worker each load no more JavaScript than their budget', async () => {
    const sizes = await measureBundles(DIST);
    // Printed on success too, so a change that eats most of a budget shows up before it breaks it.
    console.log(describeBundles(sizes));
    expect(sizes.map((size) => size.name)).toEqual([
      'Popup JS',
      'Popup first-paint JS',
      'Panel initial JS',
      'Worker JS',
    ]);
    for (const size of sizes) expect(size.files.length).toBeGreaterThan(0);
    const over = sizes
      .filter((size) => !size.withinBudget)
      .map(
        (size) =>
          `${size.name} is ${formatKilobytes(size.gzipBytes)} gzipped, over its ${formatKilobytes(size.budgetBytes)} budget by ${formatKilobytes(size.gzipBytes - size.budgetBytes)}`,
      );
    expect(over, describeBundles(sizes)).toEqual([]);
  });

  it('ships no script that nothing loads (the chunked copy of the worker is not emitted)', async () => {
    const scripts = (await readdir(join(DIST, 'assets'))).filter((name) => name.endsWith('.js'));
    const texts: string[] = [];
    const collect = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await collect(path);
        else if (/\.(js|html|json)$/.test(entry.name)) texts.push(`${path}\n${await readFile(path, 'utf8')}`);
      }
    };
    await collect(DIST);
    // A script is loaded when another file names it (an import, a modulepreload, a page's script, the manifest).
    const unreferenced = scripts.filter(
      (name) => !texts.some((text) => !text.startsWith(join(DIST, 'assets', name)) && text.includes(name)),
    );
    expect(unreferenced).toEqual([]);
  });

  it('loads the panel’s entry script on the panel only: no other page reaches it, even through its lazy parts', async () => {
    // The panel's entry chunk holds most of its modules (scripts/vite-panel-chunks.ts) and, when run, draws the
    // panel: a page that reached it, if only through an import() of a lazy part, would draw the panel over itself.
    const panelHtml = 'src/devtools/panel.html';
    const entries = [...(await readFile(join(DIST, panelHtml), 'utf8')).matchAll(/<script type="module"[^>]*>/g)];
    expect(entries, 'the panel starts from one module script, its entry').toHaveLength(1);
    const panelEntry = /src="\/assets\/([^"]+)"/.exec(entries[0]![0])?.[1];
    const assets = new Set((await readdir(join(DIST, 'assets'))).filter((name) => name.endsWith('.js')));
    const pages = (await readdir(join(DIST, 'src'), { recursive: true }))
      .map((path) => join('src', path))
      .filter((path) => path.endsWith('.html') && path !== panelHtml);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    // Over-approximated on purpose: a script reaches every asset it names (imports, import(), preload lists).
    const reached = new Set<string>();
    const queue = [
      ...(await Promise.all(pages.map((page) => readFile(join(DIST, page), 'utf8')))).flatMap(namedScripts),
    ];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      queue.push(...namedScripts(await readFile(join(DIST, 'assets', name), 'utf8')));
    }
    function namedScripts(text: string): string[] {
      return [...text.matchAll(/[\w.-]+\.js\b/g)].map(([name]) => name).filter((name) => assets.has(name));
    }
    expect(reached.size).toBeGreaterThan(10);
    expect(panelEntry).toMatch(/^panel-/);
    expect([...reached]).not.toContain(panelEntry);
  });

  it('counts static imports and re-exports but not dynamic import()', () => {
    const code = [
      'import{a as e}from"./a.js";',
      'import"./b.js";',
      'export{c}from"./c.js";',
      'export*from"./d.js";',
      'const later=()=>import("./lazy.js");',
      'const text="import \\"./not-code.js\\"";',
    ].join('');
    expect(readStaticImports('chunk.js', code).sort()).toEqual(['./a.js', './b.js', './c.js', './d.js']);
  });

  it('follows a page from its script and modulepreloads through static imports, and flags a budget overrun', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'keyhole-bundle-'));
    try {
      await mkdir(join(dist, 'src/page'), { recursive: true });
      await mkdir(join(dist, 'assets'), { recursive: true });
      await writeFile(
        join(dist, 'src/page/index.html'),
        '<script type="module" crossorigin src="/assets/entry.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/preloaded.js"><link rel="stylesheet" href="/assets/x.css">' +
          '<div id="app"></div><script src="/assets/first-paint.js"></script>',
      );
      const files: Record<string, string> = {
        'entry.js': 'import{a}from"./shared.js";import"./side.js";const l=()=>import("./lazy.js");console.log(a,l);',
        'shared.js': 'export*from"./deep.js";export const a=1;',
        'deep.js': `export const big=${JSON.stringify('x'.repeat(4000))};`,
        'side.js': 'import"./shared.js";',
        'preloaded.js': 'export const p=2;',
        'lazy.js': `export const never=${JSON.stringify('y'.repeat(9000))};`,
        'first-paint.js': `(function(){document.title=${JSON.stringify('z'.repeat(500))}})();`,
      };
      for (const [name, code] of Object.entries(files)) await writeFile(join(dist, 'assets', name), code);
      const expected = ['entry.js', 'shared.js', 'deep.js', 'side.js', 'preloaded.js'];
      const gzip = expected.reduce((sum, name) => sum + gzipSync(files[name]!, { level: 9 }).length, 0);

      const size = await measureBundle(dist, { name: 'Page JS', entry: 'src/page/index.html', budgetBytes: gzip - 1 });
      expect(size.files.map((file) => file.path).sort()).toEqual(expected.map((name) => `assets/${name}`).sort());
      expect(size.gzipBytes).toBe(gzip);
      expect(size.withinBudget).toBe(false);
      expect(describeBundles([size])).toContain('OVER BUDGET');
      const roomy = await measureBundle(dist, { name: 'Page JS', entry: 'src/page/index.html', budgetBytes: gzip });
      expect(roomy.withinBudget).toBe(true);
      // The classic script the parser runs before the modules is measured apart, and alone.
      const classic = await measureBundle(dist, {
        name: 'Page first-paint JS',
        entry: 'src/page/index.html',
        budgetBytes: 1024,
        scripts: 'classic',
      });
      expect(classic.files.map((file) => file.path)).toEqual(['assets/first-paint.js']);
      expect(classic.gzipBytes).toBe(gzipSync(files['first-paint.js']!, { level: 9 }).length);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
