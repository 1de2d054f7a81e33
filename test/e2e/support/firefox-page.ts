/**
 * What the Firefox e2e tests do to a page, over Marionette: find, click and type like a user (real input events,
 * so a click is a user gesture), read text, wait, switch windows, resize, pick the colour scheme, screenshot.
 * A selector starting with `/` or `(` is XPath (for "the button that says …"), anything else CSS.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LaunchedFirefox } from './launch-firefox.ts';
import { SCREENSHOTS } from './screenshots.ts';

/** WebDriver's key for an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

const isXPath = (selector: string) => selector.startsWith('/') || selector.startsWith('(');

/** XPath for an element of `tag` whose whole text is `text` (e.g. a button's label). */
export function withText(tag: string, text: string): string {
  return `//${tag}[normalize-space(.)=${JSON.stringify(text)}]`;
}

/** In-page code listing the elements a selector matches (`arguments[0]`). */
const ALL = `const all = (selector) => {
  if (!selector.startsWith('/') && !selector.startsWith('(')) return [...document.querySelectorAll(selector)];
  const found = document.evaluate(selector, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  return Array.from({ length: found.snapshotLength }, (_, index) => found.snapshotItem(index));
};`;

/**
 * Reads until `accept` takes the value, and returns it; fails with the last value read once `timeoutMs` has passed
 * (a wait that ran out must fail where it ran out, not let the test go on as if it had seen what it waited for).
 */
export async function poll<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      const last = JSON.stringify(value) ?? String(value);
      throw new Error(`still not there after ${timeoutMs} ms; last value read: ${last.slice(0, 500)}`);
    }
    await sleep(100);
  }
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The first element `selector` matches, waiting for it (and for it to be shown) up to `timeoutMs`. */
export async function findElement(ff: LaunchedFirefox, selector: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const found = await ff.command<{ value: Record<string, string> }>('WebDriver:FindElement', {
        using: isXPath(selector) ? 'xpath' : 'css selector',
        value: selector,
      });
      const id = found.value[ELEMENT]!;
      const shown = await ff.command<{ value: boolean }>('WebDriver:IsElementDisplayed', { id });
      if (shown.value) return id;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`No element ${selector}`, { cause: error });
    }
    if (Date.now() > deadline) throw new Error(`Element ${selector} is not shown`);
    await sleep(100);
  }
}

export async function click(ff: LaunchedFirefox, selector: string): Promise<void> {
  await ff.command('WebDriver:ElementClick', { id: await findElement(ff, selector) });
}

/**
 * Replaces the field's value by typing `text` over it, key by key. The field is focused with its text selected
 * first, so the keys replace it (WebDriver's clear empties it without an input event: a controlled field would
 * put its value back).
 */
export async function type(ff: LaunchedFirefox, selector: string, text: string): Promise<void> {
  const id = await findElement(ff, selector);
  await ff.command('WebDriver:ExecuteScript', {
    script: 'arguments[0].focus(); arguments[0].select();',
    args: [{ [ELEMENT]: id }],
  });
  await ff.command('WebDriver:ElementSendKeys', { id, text: text || '\uE017' });
}

/** The rendered text of the first match, or null when nothing matches. */
export function textOf(ff: LaunchedFirefox, selector: string): Promise<string | null> {
  return ff.evaluate(`${ALL} done(all(arguments[0])[0]?.innerText ?? null);`, [selector]);
}

/** The value of the first field the selector matches, or null when nothing matches. */
export function fieldValue(ff: LaunchedFirefox, selector: string): Promise<string | null> {
  return ff.evaluate(`${ALL} done(all(arguments[0])[0]?.value ?? null);`, [selector]);
}

/** XPath for the input (or `tag`) inside `scope` (XPath) that a `<label>` with exactly this text names. */
export function labelled(scope: string, label: string, tag = 'input'): string {
  return `${scope}//${tag}[@id=${scope}//label[normalize-space(.)=${JSON.stringify(label)}]/@for]`;
}

export function textsOf(ff: LaunchedFirefox, selector: string): Promise<string[]> {
  return ff.evaluate(`${ALL} done(all(arguments[0]).map((element) => element.innerText));`, [selector]);
}

export function countOf(ff: LaunchedFirefox, selector: string): Promise<number> {
  return ff.evaluate(`${ALL} done(all(arguments[0]).length);`, [selector]);
}

/** Sets a <select> by its option's value and tells the page, as a user's choice would. */
export async function choose(ff: LaunchedFirefox, selector: string, value: string): Promise<void> {
  await findElement(ff, selector);
  await ff.evaluate(
    `${ALL} const select = all(arguments[0])[0]; select.value = arguments[1];
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true })); done(select.value);`,
    [selector, value],
  );
}

export async function windowHandles(ff: LaunchedFirefox): Promise<string[]> {
  // Marionette answers this one with a bare array, most others with { value }.
  return ff.command<string[]>('WebDriver:GetWindowHandles');
}

export async function currentWindow(ff: LaunchedFirefox): Promise<string> {
  return (await ff.command<{ value: string }>('WebDriver:GetWindowHandle')).value;
}

/** Waits for a window that is not among `known`, switches to it and returns its handle. */
export async function switchToNewWindow(ff: LaunchedFirefox, known: string[], timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const handle = (await windowHandles(ff)).find((candidate) => !known.includes(candidate));
    if (handle) {
      await ff.command('WebDriver:SwitchToWindow', { handle });
      return handle;
    }
    if (Date.now() > deadline) throw new Error('No new window opened');
    await sleep(100);
  }
}

export async function currentUrl(ff: LaunchedFirefox): Promise<string> {
  const reply = await ff.command<{ value: string } | string>('WebDriver:GetCurrentURL');
  return typeof reply === 'string' ? reply : reply.value;
}

/** Makes the page's viewport (not the window) `width` × `height` CSS pixels. */
export async function setViewport(ff: LaunchedFirefox, width: number, height: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inner = await ff.evaluate<{ width: number; height: number; outerWidth: number; outerHeight: number }>(
      'done({ width: innerWidth, height: innerHeight, outerWidth, outerHeight });',
    );
    if (inner.width === width && inner.height === height) return;
    await ff.command('WebDriver:SetWindowRect', {
      width: inner.outerWidth + width - inner.width,
      height: inner.outerHeight + height - inner.height,
    });
  }
}

/** Answers `prefers-color-scheme` for every page, as the system's theme would. */
export async function setColorScheme(ff: LaunchedFirefox, scheme: 'light' | 'dark'): Promise<void> {
  await ff.evaluateInBrowser(
    `Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', arguments[0]); done(true);`,
    [scheme === 'dark' ? 0 : 1],
  );
}

/**
 * Saves a screenshot of the current page's viewport, or of the element `selector` matches, as `<name>.png` next
 * to the Chromium ones; returns its path.
 */
export async function saveFirefoxScreenshot(ff: LaunchedFirefox, name: string, selector?: string): Promise<string> {
  const shot = await ff.command<{ value: string }>('WebDriver:TakeScreenshot', {
    full: false,
    hash: false,
    ...(selector ? { id: await findElement(ff, selector) } : {}),
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await writeFile(path, Buffer.from(shot.value, 'base64'));
  return path;
}

/**
 * Clicks the main button ("Allow") of the browser's own doorhanger `notificationId` (e.g. the add-on permission
 * prompt), as a user answering it would. The button is a `moz-button` whose real <button> sits in a shadow root
 * WebDriver cannot scroll to, so the click is dispatched on it from the browser window's own script.
 */
export async function acceptBrowserPrompt(ff: LaunchedFirefox, notificationId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const clicked = await ff.evaluateInBrowser<boolean>(
      `const button = document.querySelector(arguments[0]);
      if (button) button.click();
      done(!!button);`,
      [`#${notificationId}-notification .popup-notification-primary-button`],
    );
    if (clicked) return;
    if (Date.now() > deadline) throw new Error(`The browser showed no ${notificationId} prompt`);
    await sleep(100);
  }
}

/**
 * The errors the add-on's pages and background logged so far (uncaught exceptions, unhandled rejections, CSP
 * refusals), from the browser's console service; warnings are left out, and so is what Firefox itself logs when a
 * test leaves a page while one of its messages is still on its way ("Promise rejected/resolved after context
 * unloaded").
 */
export function extensionErrors(ff: LaunchedFirefox, origin: string): Promise<string[]> {
  return ff.evaluateInBrowser(
    `const [origin] = arguments;
    const errors = (Services.console.getMessageArray() ?? [])
      .filter((message) => message instanceof Ci.nsIScriptError && !(message.flags & Ci.nsIScriptError.warningFlag))
      .filter((message) => (message.sourceName ?? '').startsWith(origin))
      .filter((message) => !/^Promise (rejected|resolved) after context unloaded/.test(message.errorMessage))
      .map((message) => message.errorMessage + ' (' + message.sourceName + ':' + message.lineNumber + ')');
    done(errors);`,
    [origin],
  );
}

/** Saves a screenshot of the whole browser window (toolbars, DevTools) as `<name>.png`; returns its path. */
export async function saveWindowScreenshot(ff: LaunchedFirefox, name: string): Promise<string> {
  await ff.command('Marionette:SetContext', { value: 'chrome' });
  try {
    const shot = await ff.command<{ value: string }>('WebDriver:TakeScreenshot', { full: false, hash: false });
    await mkdir(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    await writeFile(path, Buffer.from(shot.value, 'base64'));
    return path;
  } finally {
    await ff.command('Marionette:SetContext', { value: 'content' });
  }
}
