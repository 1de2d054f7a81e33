/**
 * Opens the DevTools panel page as a tab, the way the DevTools panel e2e tests use it: with a `chrome.devtools`
 * stub (theme, Network API whose requests the test emits), a long-task recorder, and helpers for axe and
 * screenshots. The stub is a plain script string: functions serialised from TypeScript could carry helpers
 * (esbuild's `__name`) that do not exist in the page.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUTPUT } from './support/launch-extension.ts';
import type { SandboxedExtension } from './support/sandboxed-extension.ts';

export const SCREENSHOTS = join(OUTPUT, 'screenshots');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const DEVTOOLS_STUB = (themeName: string) => `
(() => {
  const listeners = new Set();
  const finished = [];
  window.__keyholeDevtools = {
    emit(entry) { finished.push(entry); for (const listener of listeners) listener(entry); },
  };
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  chrome.devtools = {
    inspectedWindow: { tabId: -1 },
    panels: { themeName: ${JSON.stringify(themeName)} },
    network: {
      onRequestFinished: { addListener: (l) => listeners.add(l), removeListener: (l) => listeners.delete(l) },
      getHAR: (callback) => callback({ entries: [...finished] }),
    },
  };
})();`;

export interface PanelOptions {
  colorScheme?: 'light' | 'dark';
  /** Pretend to run inside DevTools (Capture shown, theme from DevTools). */
  devtools?: boolean | { themeName: 'default' | 'dark' };
  hash?: string;
  width?: number;
  height?: number;
}

export async function openPanel(ext: SandboxedExtension, errors: string[], options: PanelOptions = {}): Promise<Page> {
  const page = await ext.context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: options.width ?? 1400, height: options.height ?? 900 });
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
  if (options.devtools) {
    const themeName = typeof options.devtools === 'object' ? options.devtools.themeName : 'default';
    await page.addInitScript({ content: DEVTOOLS_STUB(themeName) });
  } else {
    await page.addInitScript({
      content: `window.__longTasks = []; try { new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true }); } catch {}`,
    });
  }
  await page.goto(`chrome-extension://${ext.extensionId}/src/devtools/panel.html${options.hash ?? '#catalog'}`);
  await page.getByRole('textbox', { name: 'Path' }).waitFor();
  return page;
}

/** Fills the composer's main line. */
export async function compose(
  page: Page,
  method: string,
  path: string,
  target: 'api' | 'bridge' = 'api',
): Promise<void> {
  await page.getByRole('combobox', { name: 'Method' }).selectOption(method);
  await page.getByRole('combobox', { name: 'Target' }).selectOption(target);
  await page.getByRole('textbox', { name: 'Path' }).fill(path);
}

/** Clicks Send and waits for the response's status badge (or an error banner); returns the status text. */
export async function sendAndWait(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.locator('.kh-status-line .kh-status');
  // The worker's errors (not the platform's 4xx/5xx, which come with a status line) carry data-error-code.
  const failure = page.locator('.kh-response [data-error-code]');
  await status.or(failure).first().waitFor({ timeout: 30_000 });
  if (await failure.isVisible()) throw new Error(`request failed: ${await failure.innerText()}`);
  return status.innerText();
}

export async function longTasks(page: Page): Promise<{ start: number; duration: number }[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // addScriptTag would be an inline script, which the extension's CSP (script-src 'self') blocks; evaluate is not.
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  const results = await page.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.run());
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.mouse.move(0, 0);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

/** A tab of the composer (Query, Headers, Body, Signing). */
export function composerTab(page: Page, name: string) {
  return page.getByRole('form', { name: 'Request composer' }).getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** A tab of the response (Body, Headers, Signature). */
export function responseTab(page: Page, name: string) {
  return page.getByRole('region', { name: 'Response' }).getByRole('tab', { name: new RegExp(`^${name}`) });
}
