/** Accessibility checks with axe-core, run inside an extension page. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical violations axe-core finds in the page, one "rule: targets" line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // The page's CSP refuses inline scripts (addScriptTag); evaluation through the debugger protocol is allowed.
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  const results = await page.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.run());
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
