/**
 * A user installs the extension and opens it: what each context downloads and parses before it works stays small.
 * Sizes are deterministic, so unlike the timings of `npm run bench` they are checked on every test run, from the
 * dist/ the e2e global setup has just built. Budgets (gzip, level 9): popup 20 KB, panel 80 KB, worker 15 KB.
 */
import { describe, expect, it } from 'vitest';
import { describeBundles, formatKilobytes, measureBundles, readStaticImports } from '../../bench/bundle-size.ts';
import { DIST } from './support/launch-extension.ts';

describe('bundle budgets', () => {
  it('popup, panel and worker each load no more JavaScript than their budget', async () => {
    const sizes = await measureBundles(DIST);
    // Printed on success too, so a change that eats most of a budget shows up before it breaks it.
    console.log(describeBundles(sizes));
    expect(sizes.map((size) => size.name)).toEqual(['Popup JS', 'Panel initial JS', 'Worker JS']);
    for (const size of sizes) expect(size.files.length).toBeGreaterThan(0);
    const over = sizes
      .filter((size) => !size.withinBudget)
      .map(
        (size) =>
          `${size.name} is ${formatKilobytes(size.gzipBytes)} gzipped, over its ${formatKilobytes(size.budgetBytes)} budget by ${formatKilobytes(size.gzipBytes - size.budgetBytes)}`,
      );
    expect(over, describeBundles(sizes)).toEqual([]);
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
});
