/**
 * Opens the DevTools panel page as a tab, the way the DevTools panel e2e tests use it: with a `chrome.devtools`
 * stub (theme, Network API whose requests the test emits), a long-task recorder, and helpers to compose and send.
 * The stub is a plain script string: functions serialised from TypeScript could carry helpers
 * (esbuild's `__name`) that do not exist in the page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SandboxedExtension } from './sandboxed-extension.ts';

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

const LONG_TASK_RECORDER = `window.__longTasks = []; try { new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true }); } catch {}`;

export async function openPanel(ext: SandboxedExtension, errors: string[], options: PanelOptions = {}): Promise<Page> {
  const themeName = typeof options.devtools === 'object' ? options.devtools.themeName : 'default';
  const page = await ext.openPage(`src/devtools/panel.html${options.hash ?? '#catalog'}`, {
    errors,
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    initScript: options.devtools ? DEVTOOLS_STUB(themeName) : LONG_TASK_RECORDER,
  });
  await page.getByRole('textbox', { name: 'Path' }).waitFor();
  // The first frame holds the request line alone; the composer's parts and the response come a frame later.
  await page.locator('.kh-response').waitFor();
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

/** A tab of the composer (Query, Headers, Body, Signing). */
export function composerTab(page: Page, name: string) {
  return page.getByRole('form', { name: 'Request composer' }).getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** A tab of the response (Body, Headers, Signature). */
export function responseTab(page: Page, name: string) {
  return page.getByRole('region', { name: 'Response' }).getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** The CodeMirror editor's content, once its chunk has loaded (a textarea stands in until then). */
export const codeEditor = (page: Page) => page.locator('.kh-json-editor[data-ready] .cm-content');

/** Clicks into the JSON body: the first click loads the code editor (a textarea stands in for a body only looked at). */
export async function openCodeEditor(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'JSON body' }).click();
  await codeEditor(page).waitFor();
  // The keys typed next go into the editor that replaced the clicked textarea (focus fell to the page before).
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content') ?? false))
    .toBe(true);
}

/**
 * The JSON body's text, from the code editor (a contenteditable: no input value) or the plain textarea shown until
 * the editor's chunk has loaded. Small bodies only: the code editor draws only the lines in view.
 */
export async function jsonBodyText(page: Page): Promise<string> {
  // One evaluation: the textarea may give way to the editor between two.
  return page.getByRole('textbox', { name: 'JSON body' }).evaluate((node) =>
    node instanceof HTMLTextAreaElement
      ? node.value
      : [...node.querySelectorAll('.cm-line')]
          .map((line) =>
            // The empty editor's placeholder sits inside its line: it is not text.
            [...line.childNodes]
              .filter((child) => !(child instanceof Element && child.classList.contains('cm-placeholder')))
              .map((child) => child.textContent)
              .join(''),
          )
          .join('\n'),
  );
}

/** Runs one of the response body's secondary actions (Copy, Save…, Copy path…), kept in its "⋯" menu. */
export async function bodyAction(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'More body actions' }).click();
  await page.getByRole('menu', { name: 'More body actions' }).getByRole('menuitem', { name, exact: true }).click();
}
