/**
 * Issue 18, target 2: a 100 MB JSON answer (sandbox fault `hugeJsonBytes`) is shown from its first chunk: the
 * tree of what has arrived, with "Receiving… N MB", before the rest is in. Once it is all in, the whole tree is
 * there, a search finds a value near its end, and Save writes the whole body (same size and SHA-256 as the
 * sandbox sent) from the bytes as received. Long tasks are reported, not asserted (their limits are the bench's).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { bodyAction, compose, longTasks, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const BYTES = 100 * 1024 * 1024;
const PATH = '/v2/organisations/orga_huge/applications';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension();
  await keepDownloadNames(ext);
  page = await openPanel(ext, pageErrors, { devtools: true });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

/** Page-clock marks, to say in which step each long task happened. */
const marks: { name: string; at: number }[] = [];
async function mark(name: string): Promise<void> {
  marks.push({ name, at: await page.evaluate(() => performance.now()) });
}

/** The bytes the sandbox sends for this fault, fetched straight from it (the fault answers unsigned calls). */
async function expectedBody(): Promise<{ size: number; sha256: string }> {
  const response = await fetch(`${ext.platform.api}${PATH}`);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}

describe('a 100 MB JSON response', () => {
  it('shows its first screen while it arrives, then searches it whole and saves every byte', async () => {
    // Twice: once for the panel, once for the reference copy fetched here. Its end is held until the first screen
    // is seen: with a CPU hog at load 10, all 100 MB landed (3.7 s) before the page drew anything of it.
    let releaseEnd: () => void = () => undefined;
    const endHeld = new Promise<void>((resolve) => {
      releaseEnd = resolve;
    });
    ext.platform.faults.add({ server: 'api', path: PATH, hugeJsonBytes: BYTES, times: 2, endAfter: endHeld });
    await compose(page, 'GET', PATH);
    await mark('send → first screen');
    expect(await sendAndWait(page)).toBe('200');

    // The first screen: tree rows of what has arrived, while the body is still arriving. Read in the same moment
    // the page is seen receiving (one function in the page): on a loaded machine the rest of the body can land
    // between two separate reads, and the status line then no longer says "receiving…".
    const firstScreen = await page
      .waitForFunction(
        () => {
          const receiving = document.querySelector('.kh-receiving');
          const tree = document.querySelector('[role="tree"][aria-label="Response body as a tree, still arriving"]');
          const rows = tree?.querySelectorAll('[role="treeitem"]');
          if (!receiving || !rows || rows.length < 2) return false;
          return {
            receiving: receiving.textContent ?? '',
            status: (document.querySelector('.kh-status-line') as HTMLElement | null)?.innerText ?? '',
            secondRow: rows[1]?.textContent ?? '',
          };
        },
        undefined,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<{ receiving: string; status: string; secondRow: string }>)
      .catch(async (error: unknown) => {
        // Once in CI this was not seen in 30 s. Streaming needs a page the worker controls (src/ui/held-body.ts);
        // one it does not gets the whole body by message instead, with no first screen: say which it was.
        // A run with a CPU hog at load 14 saw a controlled page and no error: what each tree showed is said too.
        const seen = await page.evaluate(() => ({
          controlled: navigator.serviceWorker?.controller !== null,
          receiving: document.querySelector('.kh-receiving')?.textContent ?? null,
          statusLine: (document.querySelector('.kh-status-line') as HTMLElement | null)?.innerText ?? null,
          trees: [...document.querySelectorAll('[role="tree"]')].map(
            (tree) => `${tree.getAttribute('aria-label')}: ${tree.querySelectorAll('[role="treeitem"]').length} rows`,
          ),
          shown: [...document.querySelectorAll('[role="status"], [role="alert"], [data-error-code]')]
            .map((element) => element.textContent?.trim())
            .filter(Boolean)
            .join(' | ')
            .slice(0, 300),
        }));
        throw new Error(`no first screen: ${JSON.stringify(seen)}`, { cause: error });
      })
      .finally(releaseEnd);
    expect(firstScreen.receiving).toMatch(/^Receiving… [\d.]+ (KB|MB)/);
    expect(firstScreen.status).toContain('receiving…');
    expect(firstScreen.secondRow).toMatch(/^▸0: \{id: "app_00000000/);
    await saveScreenshot(page, 'devtools-streamed-response-receiving');
    // The panel follows the DevTools theme (src/devtools/panel/theme.ts): switch it the way theme.ts does.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await saveScreenshot(page, 'devtools-streamed-response-receiving-dark');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await mark('accessibility check');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await mark('receiving → whole tree');

    // All of it: the status line has the real size, the tree has every item.
    await page.locator('.kh-receiving').waitFor({ state: 'detached', timeout: 240_000 });
    await page.getByRole('tree', { name: 'Response body as a tree', exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.kh-status-line').innerText()).toMatch(/100 MB/);
    const rowsShown = Number((await page.locator('.kh-tree-summary').innerText()).replace(/\D/g, ''));
    expect(rowsShown).toBeGreaterThan(100_000);

    // A value near the end: the last item's name (the root's row, then one row per item).
    await mark('search');
    const last = rowsShown - 2;
    const search = page.getByRole('searchbox', { name: 'Search in the body' });
    await search.fill(`load-test-${last}`);
    await search.press('Enter');
    await expect.poll(() => page.locator('.kh-match-count').innerText(), { timeout: 120_000 }).toBe('1 / 1');
    await expect.poll(() => page.locator('.kh-tree-row--active').textContent()).toContain(`load-test-${last}`);
    await saveScreenshot(page, 'devtools-streamed-response-searched');

    // Save: the whole body, byte for byte.
    await mark('save');
    // Save… asks where (saveAs); headless Chromium shows no dialog and writes nothing for it, so the call is let
    // through without the question (as in devtools-save-pdf-response.test.ts).
    await page.evaluate(() => {
      const downloads = chrome.downloads as unknown as { download: (...args: unknown[]) => unknown };
      const original = downloads.download.bind(downloads);
      downloads.download = (options, ...rest) => original({ ...(options as object), saveAs: false }, ...rest);
    });
    await bodyAction(page, 'Save…');
    await expect
      .poll(() => page.getByText('Saving: the browser asks where (suggested name applications.json).').isVisible())
      .toBe(true);
    const saved = join(ext.downloadsDir, 'applications.json');
    const expected = await expectedBody();
    expect(expected.size).toBeGreaterThanOrEqual(BYTES);
    await expect.poll(() => existsSync(saved), { timeout: 60_000 }).toBe(true);
    await expect.poll(async () => (await stat(saved)).size, { timeout: 60_000 }).toBe(expected.size);
    expect(
      createHash('sha256')
        .update(await readFile(saved))
        .digest('hex'),
    ).toBe(expected.sha256);

    const tasks = await longTasks(page);
    const phaseOf = (start: number) => [...marks].reverse().find((item) => item.at <= start)?.name ?? 'before send';
    console.log(
      `100 MB JSON: ${rowsShown} rows; ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks.map((task) => task.duration)))} ms ` +
        `(${tasks.map((task) => `${Math.round(task.duration)} ms in ${phaseOf(task.start)}`).join('; ')})`,
    );
  }, 240_000); // 100 MB through the worker, searched and saved: past a minute on a loaded 2-core machine
});
