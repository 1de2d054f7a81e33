/** Screenshots the e2e tests keep for people to look at, in test-output/screenshots/ (gitignored). */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { OUTPUT } from './launch-extension.ts';

export const SCREENSHOTS = join(OUTPUT, 'screenshots');

/**
 * Saves `name`.png of a page, or of one element of it, with the mouse moved out of the way so no hover state
 * shows, and animations stopped. Returns the file's path.
 */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  if ('mouse' in target) {
    await target.mouse.move(0, 0);
    await target.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled' });
  } else {
    await target.page().mouse.move(0, 0);
    await target.screenshot({ path, animations: 'disabled' });
  }
  return path;
}
