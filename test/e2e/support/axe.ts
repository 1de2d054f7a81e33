/** Accessibility checks with axe-core, run inside an extension page. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/**
 * The serious and critical violations axe-core finds in the page, one "rule: targets" line each.
 *
 * The panel's catalog lists ~460 endpoints (9,800 of its 10,000 elements); the groups out of view are not rendered
 * (content-visibility: auto) until scrolled to. Checking them made every look at the panel, whatever the test is
 * about, 3.8-4.9 s on a slow two-core machine (0.8 s with the catalog searched down to a few rows). So those
 * skipped groups are left out (2.6 s) unless `wholeCatalog` is set: devtools-browse-catalog checks the whole filled
 * catalog with it, light and dark. What is rendered (the groups on screen, with search results among them) is always
 * checked.
 */
export async function seriousAxeViolations(page: Page, options: { wholeCatalog?: boolean } = {}): Promise<string[]> {
  // axe-core is 0.5 MB of script to parse: once per document is enough (a reload or a new page injects it again).
  if (!(await page.evaluate(() => 'axe' in window))) {
    // The page's CSP refuses inline scripts (addScriptTag); evaluation through the debugger protocol is allowed.
    axeSource ??= readFile(AXE_PATH, 'utf8');
    await page.evaluate(await axeSource);
  }
  // Only violations are read. Passes, incomplete and inapplicable results (a unique selector and HTML for every
  // node they cover) are most of axe's time on a large page (about 3× on the panel's 10,000 nodes) and change
  // nothing in what it finds: every rule still runs, and every violation comes with all its nodes.
  const results = await page.evaluate(async (wholeCatalog) => {
    // Which groups are on screen is settled at a frame: a group just filled in, found or scrolled to counts after it.
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
    const skipped = wholeCatalog
      ? []
      : [...document.querySelectorAll('.kh-catalog-group')].filter(
          (group) => !(group.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? true),
        );
    return (window as unknown as { axe: typeof import('axe-core') }).axe.run(
      { exclude: skipped } as import('axe-core').ElementContext,
      { resultTypes: ['violations'] },
    );
  }, options.wholeCatalog === true);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
