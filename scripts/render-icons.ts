/**
 * Renders icons/icon.svg to the PNG sizes the manifest names, with Debian's Chromium.
 * Run after editing the SVG: `npx tsx scripts/render-icons.ts`. The PNGs are committed.
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const sizes = [16, 32, 48, 128];
const svg = await readFile(new URL('../icons/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
try {
  for (const size of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({
      path: new URL(`../icons/icon-${size}.png`, import.meta.url).pathname,
      omitBackground: true,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
