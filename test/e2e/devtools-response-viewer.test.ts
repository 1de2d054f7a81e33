/**
 * Issue 16 item 8, the response viewer, on answers the sandbox is told to give (faults): JSON that breaks says
 * where, raw line numbers are the text's lines, long strings read in full, Pretty is coloured, the tree keeps
 * what was opened and searched across a switch of view, an empty 204 has no tools, booleans are not red, and the
 * jq filter and "Copy path" speak the same syntax. Run at 1280×800 and, for the layout-sensitive parts, 900×500
 * and 1400×380; light and dark screenshots; axe on the tree with the filter.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import {
  bodyAction,
  compose,
  composerTab,
  openPanel,
  responseTab,
  sendAndWait,
} from './support/devtools-panel-page.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

const APPS = {
  items: [
    { id: 'app_1', name: 'web', zone: 'par', sticky: false, description: `Long ${'words '.repeat(150)}end.` },
    { id: 'app_2', name: 'worker', zone: 'mtl', sticky: true, description: 'short' },
    { id: 'app_3', name: 'cron', zone: 'par', sticky: false, description: 'short' },
  ],
};

/** Makes the next GET of `path` answer `body` with `status`, then sends it. */
async function answer(path: string, status: number, body: string): Promise<string> {
  ext.platform.faults.add({ server: 'api', path, status, body, times: 1 });
  await compose(page, 'GET', path);
  return sendAndWait(page);
}

/** Catches what the page copies (the clipboard of a headless page is not readable without a permission). */
async function catchCopies(): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          (window as unknown as { __copied: string }).__copied = text;
        },
      },
    });
  });
}
const copied = () => page.evaluate(() => (window as unknown as { __copied?: string }).__copied);

/**
 * Presses Ctrl+F and says whether the panel took it from the browser (the browser's find bar is not visible to the
 * page): undefined if no such key reached the page. The event is kept and read after its dispatch, so the answer
 * does not depend on whether the panel's listener was added before this one (it is re-added as the panel renders).
 */
async function pressFind(): Promise<boolean | undefined> {
  await page.evaluate(() => {
    const state = window as unknown as { __findKey?: KeyboardEvent; __findWatched?: boolean };
    state.__findKey = undefined;
    if (state.__findWatched) return;
    state.__findWatched = true;
    addEventListener('keydown', (event: KeyboardEvent) => {
      if (event.key === 'f') state.__findKey = event;
    });
  });
  await page.keyboard.press('Control+f');
  return page.evaluate(() => (window as unknown as { __findKey?: KeyboardEvent }).__findKey?.defaultPrevented);
}

const bodySearchFocused = () =>
  page.getByRole('searchbox', { name: 'Search in the body' }).evaluate((field) => field === document.activeElement);

beforeAll(async () => {
  ext = await startSignedInExtension();
  page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('the response viewer', () => {
  it('says where a body announced as JSON breaks, and marks that line in the raw text', async () => {
    const path = '/v2/self/applications';
    ext.platform.faults.add({ server: 'api', path, malformed: true, times: 1 });
    await compose(page, 'GET', path);
    expect(await sendAndWait(page)).toBe('200');
    const banner = page.locator('[data-json-error]');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(
      /not valid JSON.*application\/json: line 1, column 27: A string is not closed/s,
    );
    await page.locator('.kh-raw-row--error').waitFor();
    expect(await page.getByRole('region', { name: 'Response body, raw' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'viewer-malformed-json');
  });

  it('says where a large streamed body announced as JSON breaks (found in a worker from its bytes)', async () => {
    // 300 KB of the request's Authorization header, announced as JSON: past the size the page reads itself.
    const path = '/v2/self/addons';
    ext.platform.faults.add({
      server: 'api',
      path,
      times: 1,
      echoAuthorizationBytes: 300_000,
      echoContentType: 'application/json',
    });
    await compose(page, 'GET', path);
    expect(await sendAndWait(page)).toBe('200');
    const banner = page.locator('[data-json-error]');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/not valid JSON.*application\/json: line 1, column 1:/s);
    await page.locator('.kh-raw-row--error').waitFor();
  });

  it('numbers the raw text by line: a long line keeps one number', async () => {
    const text = `first\n${'x'.repeat(2500)}\nlast`;
    expect(await answer('/v2/self/addons', 200, text)).toBe('200');
    const numbers = await page.locator('.kh-raw-number').allInnerTexts();
    expect(numbers).toEqual(['1', '2', '↪', '↪', '3']);
  });

  it('hides search, copy and save for an empty 204', async () => {
    expect(await answer('/v2/self/consumers', 204, '')).toBe('204');
    await page.getByText('No content (204)').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search in the body' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save…' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'More body actions' }).count()).toBe(0);
  });

  it('colours Pretty, keeps booleans out of the danger colour, and shows a long string in full', async () => {
    expect(await answer('/v2/organisations/orga_x/applications', 200, JSON.stringify(APPS))).toBe('200');
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });
    await tree.waitFor();
    // A boolean's colour is not the danger colour.
    await page.getByRole('treeitem', { name: /^items :/ }).click();
    await page.getByRole('treeitem', { name: /^0 :/ }).click();
    const colours = await page.evaluate(() => {
      const bool = document.querySelector('.kh-json-bool');
      const probe = document.createElement('span');
      probe.style.color = 'var(--kh-danger)';
      document.body.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { bool: bool ? getComputedStyle(bool).color : null, danger };
    });
    expect(colours.bool).not.toBeNull();
    expect(colours.bool).not.toBe(colours.danger);
    // The long description: focused, it is shown whole under the tree (and as a tooltip).
    await page.getByRole('treeitem', { name: /description : "Long/ }).click();
    const detail = page.getByRole('region', { name: 'Full text of the focused value' });
    expect(await detail.innerText()).toContain(APPS.items[0]?.description);
    expect(await detail.innerText()).toContain('.items[0].description');
    expect(await page.locator('.kh-json-string[title^="Long words"]').count()).toBe(1);
    await saveScreenshot(page, 'viewer-long-string');

    await page.getByText('Pretty', { exact: true }).click();
    await page.locator('.kh-pretty-key').first().waitFor();
    expect(await page.locator('.kh-pretty-boolean').count()).toBeGreaterThan(0);
    expect(await page.locator('.kh-pretty-string').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'viewer-pretty-light');
    await page.getByText('Tree', { exact: true }).click();
  });

  it('keeps opened nodes, the focused node and the search across Raw and Headers', async () => {
    const tree = page.getByRole('tree', { name: 'Response body as a tree' });
    await tree.waitFor();
    // Item 0 was opened above; open item 2 too, and search.
    await page.getByRole('treeitem', { name: /^2 :/ }).click();
    await page.getByRole('searchbox', { name: 'Search in the body' }).fill('cron');
    await expect.poll(() => page.locator('.kh-match-count').innerText()).toBe('1 / 1');
    const opened = () => page.locator('[role="treeitem"][aria-expanded="true"]').count();
    const before = await opened();
    expect(before).toBe(4);

    await page.getByText('Raw', { exact: true }).click();
    await page.getByRole('region', { name: 'Response body, raw' }).waitFor();
    await page.getByText('Tree', { exact: true }).click();
    await tree.waitFor();
    expect(await opened()).toBe(before);
    expect(await page.getByRole('searchbox', { name: 'Search in the body' }).inputValue()).toBe('cron');

    await responseTab(page, 'Headers').click();
    await responseTab(page, 'Body').click();
    await tree.waitFor();
    expect(await opened()).toBe(before);
    expect(await page.getByRole('searchbox', { name: 'Search in the body' }).inputValue()).toBe('cron');
    await page.getByRole('searchbox', { name: 'Search in the body' }).fill('');
  });

  it('takes Ctrl+F to the body search (the browser find would miss rows not drawn yet), its text selected', async () => {
    const search = page.getByRole('searchbox', { name: 'Search in the body' });
    await search.fill('cron');
    await page.getByRole('textbox', { name: 'Path' }).focus();
    await page.keyboard.press('Control+f');
    expect(await search.evaluate((field) => field === document.activeElement)).toBe(true);
    // Selected: what is typed next replaces the old query.
    await page.keyboard.type('name');
    expect(await search.inputValue()).toBe('name');
    await search.fill('');
  });

  it('leaves Ctrl+F where the user is in the side pane (the catalog), not in the response behind it', async () => {
    const catalogSearch = page.getByRole('searchbox', { name: 'Search endpoints' });
    await catalogSearch.fill('invoices');
    expect(await pressFind()).toBe(false);
    expect(await catalogSearch.evaluate((field) => field === document.activeElement)).toBe(true);
    await catalogSearch.fill('');
  });

  it('takes Ctrl+F from the History entry to History’s own search (its rows, too, are drawn as they scroll)', async () => {
    const history = page.getByRole('tab', { name: 'History', exact: true });
    await history.click();
    const historySearch = page.getByRole('searchbox', { name: 'Search history' });
    await historySearch.fill('zones');
    await history.focus();
    expect(await pressFind()).toBe(true);
    expect(await historySearch.evaluate((field) => field === document.activeElement)).toBe(true);
    // Selected: what is typed next replaces the old query.
    await page.keyboard.type('applications');
    expect(await historySearch.inputValue()).toBe('applications');
    await historySearch.fill('');
    await page.getByRole('tab', { name: 'Catalog', exact: true }).click();
  });

  it('leaves Ctrl+F to the browser after a click in the request’s Docs (all drawn: its find sees them)', async () => {
    await page.getByRole('searchbox', { name: 'Search in the body' }).waitFor();
    await composerTab(page, 'Docs').click();
    // Plain text, as a reader clicks it: it takes no focus, the click only leaves the selection there.
    const docsText = page
      .getByRole('article', { name: /^Docs of GET \/v2\/organisations\/\{\w+\}\/applications$/ })
      .locator('.kh-docs-title');
    await docsText.waitFor();
    await docsText.click();
    expect(await pressFind()).toBe(false);
    // From the response itself it still goes to the body's search. A leaf: a click selects it and toggles nothing.
    await page.getByRole('treeitem', { name: 'id : "app_1"' }).click();
    expect(await pressFind()).toBe(true);
    expect(await bodySearchFocused()).toBe(true);
    await composerTab(page, 'Query').click();
  });

  it('leaves Ctrl+F to the browser from the Docs tab itself (the click focused the tab; the Docs are its panel)', async () => {
    const docsTab = composerTab(page, 'Docs');
    await docsTab.click();
    await page.getByRole('article', { name: /^Docs of GET / }).waitFor();
    expect(await pressFind()).toBe(false);
    expect(await docsTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
    // Another part's tab is not reading: from there it goes to the body's search, as from the rest of the composer.
    await composerTab(page, 'Query').click();
    expect(await pressFind()).toBe(true);
    expect(await bodySearchFocused()).toBe(true);
  });

  it('copies where the page may not use the Clipboard API (a DevTools frame): through the copy command, no textarea', async () => {
    await ext.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(async () => {
      // The browser's clipboard (catchCopies may have replaced it), whose writeText a DevTools panel's frame refuses.
      delete (navigator as unknown as { clipboard?: unknown }).clipboard;
      await navigator.clipboard.writeText('something else');
      Object.defineProperty(navigator.clipboard, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
      new MutationObserver((records) => {
        if (records.some((record) => [...record.addedNodes].some((node) => node.nodeName === 'TEXTAREA')))
          (window as unknown as { __copyArea: boolean }).__copyArea = true;
      }).observe(document.body, { childList: true });
    });
    await page.getByRole('treeitem', { name: 'id : "app_1"' }).click();
    await bodyAction(page, 'Copy path');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('.items[0].id');
    // Nothing laid out for it (a hidden textarea holding a large body took seconds), and the focus stayed.
    expect(await page.evaluate(() => (window as unknown as { __copyArea?: boolean }).__copyArea)).toBeUndefined();
    await page.evaluate(() => delete (navigator.clipboard as unknown as { writeText?: unknown }).writeText);
  });

  it('filters with jq, and copies paths in the same syntax', async () => {
    await catchCopies();
    await page.getByRole('treeitem', { name: 'id : "app_1"' }).click();
    await bodyAction(page, 'Copy path');
    expect(await copied()).toBe('.items[0].id');

    const filter = page.getByRole('textbox', { name: 'Filter (jq)' });
    await filter.fill('.items[] | select(.zone == "par") | .name');
    const filtered = page.getByRole('tree', { name: 'Filtered response body as a tree' });
    await filtered.waitFor();
    await expect.poll(() => page.locator('#kh-json-filter-status').innerText()).toBe('2 results');
    expect(await filtered.getByRole('treeitem').allTextContents()).toEqual(['▾[ 2 items ]', '0: "web"', '1: "cron"']);
    await filtered.getByRole('treeitem', { name: '1 : "cron"' }).click();
    await bodyAction(page, 'Copy path');
    const path = await copied();
    expect(path).toBe('[.items[] | select(.zone == "par") | .name] | .[1]');

    // A copied path, pasted as the filter, selects that node.
    await filter.fill('.items[0].id');
    await expect.poll(() => filtered.getByRole('treeitem').allTextContents()).toEqual(['"app_1"']);

    await filter.fill('.items[0');
    await expect
      .poll(() => page.locator('#kh-json-filter-status').innerText())
      .toMatch(/The filter ends too early: expected “\]”\. \(at character 9\)/);
    expect(await filter.getAttribute('aria-invalid')).toBe('true');

    // A filter that would never end runs in a worker: while it works (seconds, to its 20 M-step allowance) the
    // panel answers typing and says it is filtering, then says why the filter stopped.
    const status = page.locator('#kh-json-filter-status');
    await filter.fill('last(range(1; infinite))');
    await expect.poll(() => status.innerText()).toMatch(/^Filtering…/);
    const search = page.getByRole('searchbox', { name: 'Search in the body' });
    await search.fill('web');
    expect(await search.inputValue()).toBe('web');
    expect(await status.innerText()).toMatch(/^Filtering…/);
    await expect.poll(() => status.innerText(), { timeout: 120_000 }).toMatch(/stopped after 20,000,000 steps/);
    await search.fill('');
    await filter.fill('.items[] | select(.sticky)');
    await filtered.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'viewer-jq-filter-1280x800');
    // The never-ending filter's seconds, many times longer on a loaded machine.
  }, 180_000);

  for (const [width, height] of [
    [900, 500],
    [1400, 380],
  ] as const) {
    it(`shows the filter and tree usable at ${width}×${height}, dark`, async () => {
      const small = await openPanel(ext, pageErrors, { width, height, colorScheme: 'dark' });
      ext.platform.faults.add({
        server: 'api',
        path: '/v2/self/applications',
        status: 200,
        body: JSON.stringify(APPS),
      });
      await compose(small, 'GET', '/v2/self/applications');
      await sendAndWait(small);
      await small.getByRole('textbox', { name: 'Filter (jq)' }).fill('.items[1]');
      const tree = small.getByRole('tree', { name: 'Filtered response body as a tree' });
      await tree.waitFor();
      // The tree's own rows are in view, not pushed below the fold by toolbars.
      await tree.getByRole('treeitem').nth(3).waitFor();
      const visibleRows = await tree.evaluate((element) => {
        const bottom = Math.min(element.getBoundingClientRect().bottom, window.innerHeight);
        return [...element.querySelectorAll('[role="treeitem"]')].filter(
          (row) => row.getBoundingClientRect().bottom <= bottom,
        ).length;
      });
      await saveScreenshot(small, `viewer-jq-filter-${width}x${height}-dark`);
      expect(visibleRows).toBeGreaterThanOrEqual(2);
      await small.close();
    });
  }
});
