/**
 * A user builds a chain of requests with tests in the panel, runs it in the Runner, exports it, and CI runs the
 * exported file with the Node runner (src/cli/keyhole-run.ts, as `npm run collection` does) against the same
 * sandbox: the same requests pass and fail the same way, and the JUnit file is read by a real JUnit reader
 * (Debian's python3-junitparser). A deliberately failing assertion fails both; a run with writes on a profile
 * that is not the local sandbox asks first, listing them. One browser for the whole file.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../scripts/system-packages.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, composerTab, longTasks, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { keepDownloadNames, type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let ext: SandboxedExtension;
let page: Page;
const pageErrors: string[] = [];
let work: string;

beforeAll(async () => {
  // A profile that is not the local sandbox preset (it points at the sandbox all the same): writes must ask.
  ext = await startSignedInExtension({ profile: { preset: 'custom', name: 'Staging' } });
  await keepDownloadNames(ext);
  page = await openPanel(ext, pageErrors, { width: 1280, height: 800 });
  work = await mkdtemp(join(tmpdir(), 'keyhole-run-e2e-'));
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

async function showView(label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Keyhole views' }).getByRole('tab', { name: label }).click();
}

async function addAssertion(kind: string): Promise<number> {
  await composerTab(page, 'Tests').click();
  await page.getByRole('button', { name: 'Add assertion' }).click();
  const count = await page.locator('.kh-checks-group').first().locator('.kh-check-row').count();
  await page.getByRole('combobox', { name: `Assertion ${count}: kind` }).selectOption(kind);
  return count;
}

async function addCapture(variable: string, expression: string): Promise<void> {
  await composerTab(page, 'Tests').click();
  await page.getByRole('button', { name: 'Add capture' }).click();
  const count = await page.locator('.kh-checks-group').nth(1).locator('.kh-check-row').count();
  await page.getByRole('textbox', { name: `Capture ${count}: variable name` }).fill(variable);
  await page.getByRole('textbox', { name: `Capture ${count}: jq expression` }).fill(expression);
}

async function saveAs(name: string, folder: string): Promise<void> {
  await page.getByRole('button', { name: 'Save request…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save request as' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByLabel(/^Folder/).fill(folder);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The newest download whose name starts with `prefix` (the downloads API uniquifies repeated names). */
async function newestDownload(prefix: string, after: number): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(ext.downloadsDir)).filter(
          (file) => file.startsWith(prefix) && !file.endsWith('.crdownload'),
        );
        const dated = await Promise.all(
          files.map(async (file) => ({ file, at: (await stat(join(ext.downloadsDir, file))).mtimeMs })),
        );
        const newest = dated
          .filter((item) => item.at >= after)
          .sort((a, b) => a.at - b.at)
          .at(-1);
        path = newest ? join(ext.downloadsDir, newest.file) : '';
        // Complete once its last line is there (a download is written as it goes).
        const text = path === '' ? '' : (await readFile(path, 'utf8')).trim();
        return text.endsWith('}') || text.endsWith('</testsuites>');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return path;
}

type Outcome = { code: number; stdout: string; stderr: string };

/** The Node runner as CI runs it: only PATH, HOME and the API token in its environment. */
function runCli(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      'node_modules/.bin/tsx',
      ['src/cli/keyhole-run.ts', ...args, '--api-url', ext.platform.api, '--bridge-url', ext.platform.bridge],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CLEVER_API_TOKEN: ext.platform.apiToken } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

interface ReportResult {
  name: string;
  outcome: string;
  status?: number;
  assertions: { label: string; pass: boolean }[];
  captures: { label: string; pass: boolean }[];
}
const comparable = (report: { results: ReportResult[] }) =>
  report.results.map((result) => ({
    name: result.name,
    outcome: result.outcome,
    status: result.status,
    assertions: result.assertions.map((item) => [item.label, item.pass]),
    captures: result.captures.map((item) => [item.label, item.pass]),
  }));

const noJunitParser = missingReason('junitparser', existsSync);

/** What python3-junitparser reads: per suite, its counts and each case's name and result kinds. */
function readJUnit(file: string): unknown {
  const script = `import json, sys
from junitparser import JUnitXml
xml = JUnitXml.fromfile(sys.argv[1])
print(json.dumps([[s.name, s.tests, s.failures, s.errors, [[c.name.split(' (')[0], [type(r).__name__ for r in c.result]] for c in s]] for s in xml]))`;
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' }));
}

async function runInRunner(folderLabel: string): Promise<string> {
  await showView('Runner');
  await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: folderLabel });
  await page.getByRole('button', { name: /^Run \d+ requests?$/ }).click();
  const status = page.locator('.kh-runner-progress [role="status"]');
  await expect.poll(() => status.innerText(), { timeout: 240_000 }).toMatch(/^\d+ requests: /);
  return status.innerText();
}

describe('a chain of requests, run in the panel and in CI', () => {
  let applications = 0;
  let exported = '';
  let panelReport: { results: ReportResult[] };

  it('builds a three-request chain with assertions and captures; each Send shows its checks, history too', async () => {
    const bearer = { Authorization: `Bearer ${ext.platform.apiToken}` };
    const organisations = (await (
      await fetch(`${ext.platform.bridge}/v2/organisations`, { headers: bearer })
    ).json()) as {
      id: string;
    }[];
    const first = organisations[0]?.id as string;
    applications = (
      (await (
        await fetch(`${ext.platform.bridge}/v2/organisations/${first}/applications`, { headers: bearer })
      ).json()) as unknown[]
    ).length;
    expect(applications).toBeGreaterThan(0);

    // 1. List organisations: status is 200, valid against the description, capture {organisationId}.
    await compose(page, 'GET', '/v2/organisations');
    await addAssertion('status-is');
    await addAssertion('schema');
    await addCapture('organisationId', '.[0].id');
    expect(await sendAndWait(page)).toBe('200');
    await expect
      .poll(() => page.getByRole('region', { name: 'Test results' }).innerText())
      .toContain('✓ All 3 checks passed');
    await saveAs('List organisations', 'Chain');

    // 2. Its applications: a jq condition; capture {applicationId}. (Not checked against the description: the
    // sandbox's applications carry `disk: null` in their flavors where the OpenAPI description says integer.)
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'GET', '/v2/organisations/{organisationId}/applications');
    const jq = await addAssertion('jq');
    await page.getByRole('textbox', { name: `Assertion ${jq}: jq expression` }).fill('length');
    await page.getByRole('combobox', { name: `Assertion ${jq}: comparison` }).selectOption('equals');
    await page
      .getByRole('textbox', { name: `Assertion ${jq}: expected value (JSON, or text)` })
      .fill(String(applications));
    await addCapture('applicationId', '.[0].id');
    await page.getByRole('combobox', { name: '{organisationId}' }).fill(first);
    expect(await sendAndWait(page)).toBe('200');
    await expect
      .poll(() => page.getByRole('region', { name: 'Test results' }).innerText())
      .toContain('✓ All 2 checks passed');
    await saveScreenshot(page, 'devtools-run-collection-tests');
    await saveAs('List its applications', 'Chain');

    // 3. The application itself: its id matches, its name exists.
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'GET', '/v2/organisations/{organisationId}/applications/{applicationId}');
    const matches = await addAssertion('jq');
    await page.getByRole('textbox', { name: `Assertion ${matches}: jq expression` }).fill('.id');
    await page.getByRole('combobox', { name: `Assertion ${matches}: comparison` }).selectOption('matches');
    await page.getByRole('textbox', { name: `Assertion ${matches}: regular expression` }).fill('^app_');
    const exists = await addAssertion('jq');
    await page.getByRole('textbox', { name: `Assertion ${exists}: jq expression` }).fill('.name');
    await saveAs('Get the application', 'Chain');

    await showView('History');
    await expect.poll(() => page.locator('.kh-history-meta').first().innerText()).toContain('✓ 2/2 checks');
  });

  it('runs the chain in the Runner and exports it; the CLI runs the exported file with the same results', async () => {
    expect(await runInRunner('Folder Chain')).toBe('3 requests: 3 passed, 0 failed');
    await saveScreenshot(page, 'devtools-run-collection-runner');
    const rows = page.getByRole('group', { name: 'Run results' }).locator('.kh-runner-row');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^✓ passed\s*GET\s*List organisations/),
      expect.stringMatching(/^✓ passed\s*GET\s*List its applications/),
      expect.stringMatching(/^✓ passed\s*GET\s*Get the application/),
    ]);

    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Export JSON' }).click();
    panelReport = JSON.parse(await readFile(await newestDownload('keyhole-run.json', since), 'utf8'));
    await page.getByRole('button', { name: 'Export JUnit XML' }).click();
    await newestDownload('keyhole-run.xml', since);

    await showView('Saved');
    await page.getByRole('button', { name: 'Export' }).click();
    exported = await newestDownload('keyhole-collection', since);

    const junit = join(work, 'passing.xml');
    const json = join(work, 'passing.json');
    const cli = await runCli([exported, '--folder', 'Chain', '--junit', junit, '--json', json]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain('3 requests: 3 passed, 0 failed');
    expect(comparable(JSON.parse(await readFile(json, 'utf8')))).toEqual(comparable(panelReport));
    if (!noJunitParser)
      expect(readJUnit(junit)).toEqual([
        [
          `${exported.split('/').at(-1)} / Chain`,
          3,
          0,
          0,
          [
            ['List organisations', []],
            ['List its applications', []],
            ['Get the application', []],
          ],
        ],
      ]);
  });

  it('a deliberately failing assertion fails the Runner and the CLI alike', async () => {
    await showView('Saved');
    await page
      .getByRole('tree', { name: 'Saved requests' })
      .getByRole('treeitem', { name: /List its applications/ })
      .first()
      .click();
    await composerTab(page, 'Tests').click();
    await page
      .getByRole('textbox', { name: 'Assertion 1: expected value (JSON, or text)' })
      .fill(String(applications + 40));
    await page.getByRole('button', { name: 'Save request…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save request' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await runInRunner('Folder Chain')).toBe('3 requests: 2 passed, 1 failed');
    const detail = page.getByRole('region', { name: 'Result of List its applications' });
    await expect
      .poll(() => detail.innerText())
      .toContain(`✗ fail length equals ${applications + 40} — got ${applications}`);
    // What it got back, open under the failure: its status and the start of its body.
    const response = detail.locator('details.kh-runner-response');
    expect(await response.getAttribute('open')).not.toBeNull();
    expect(await response.locator('summary').innerText()).toMatch(/^Response\s+200/);
    expect(await response.locator('pre').innerText()).toMatch(/^\[\{"id":"app_/);
    // Two applications are more than the excerpt holds: it says so.
    expect(await response.innerText()).toContain('The first 4096 characters');
    await expect.poll(() => page.getByRole('button', { name: 'Re-run failed (1)' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'devtools-run-collection-failed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const since = Date.now() - 1000;
    await showView('Saved');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await newestDownload('keyhole-collection', since);
    const junit = join(work, 'failing.xml');
    const cli = await runCli([file, '--folder', 'Chain', '--junit', junit]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`FAIL length equals ${applications + 40}: got ${applications}`);
    expect(cli.stdout).toContain('3 requests: 2 passed, 1 failed');
    if (!noJunitParser)
      expect((readJUnit(junit) as [string, number, number, number, [string, string[]][]][])[0]?.[4]).toEqual([
        ['List organisations', []],
        ['List its applications', ['Failure']],
        ['Get the application', []],
      ]);
  }, 120_000);

  it('a run with writes on a profile other than the sandbox lists them and asks first', async () => {
    await page.getByRole('button', { name: 'New tab' }).click();
    await compose(page, 'DELETE', '/v2/self/tokens/not-a-token');
    await saveAs('Revoke a token', 'Writes');
    const before = ext.platform.state.accessTokens.size;

    await showView('Runner');
    await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'All saved requests' });
    await page.getByRole('button', { name: 'Run 4 requests' }).click();
    const ask = page.getByRole('dialog', { name: 'This run changes things' });
    await expect
      .poll(() => ask.innerText())
      .toMatch(/One request writes on Staging[\s\S]*DELETE\s*\/v2\/self\/tokens\/not-a-token/);
    await saveScreenshot(page, 'devtools-run-collection-writes');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    // Nothing ran: the last run's summary is still the one shown.
    expect(await page.locator('.kh-runner-progress [role="status"]').innerText()).toBe(
      '3 requests: 2 passed, 1 failed',
    );

    await page.getByRole('button', { name: 'Run 4 requests' }).click();
    await ask.getByRole('button', { name: 'Run with this write' }).click();
    const status = page.locator('.kh-runner-progress [role="status"]');
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toMatch(/^4 requests: /);
    expect(ext.platform.state.accessTokens.size).toBe(before);

    // The same views in the dark theme: the Runner with a failed request, and a request's Tests tab.
    const dark = await openPanel(ext, pageErrors, { colorScheme: 'dark', width: 1280, height: 800 });
    await dark.getByRole('navigation', { name: 'Keyhole views' }).getByRole('tab', { name: 'Runner' }).click();
    await dark.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'Folder Chain' });
    await dark.getByRole('button', { name: 'Run 3 requests' }).click();
    await expect
      .poll(() => dark.locator('.kh-runner-progress [role="status"]').innerText(), { timeout: 60_000 })
      .toBe('3 requests: 2 passed, 1 failed');
    await saveScreenshot(dark, 'devtools-run-collection-runner-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.getByRole('navigation', { name: 'Keyhole views' }).getByRole('tab', { name: 'Saved' }).click();
    await composerTab(dark, 'Tests').click();
    await saveScreenshot(dark, 'devtools-run-collection-tests-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.close();
  }, 120_000);

  it('runs 500 requests with the panel answering throughout (long tasks logged for the bench)', async () => {
    const requests = Array.from({ length: 500 }, (_, index) => ({
      name: `Self ${index + 1}`,
      folder: 'Load',
      method: 'GET',
      target: 'api',
      path: '/v2/self',
      params: {},
      query: [],
      headers: [],
      body: { mode: 'none' },
      checks: { assertions: [{ kind: 'jq', expression: '.email', op: 'matches', expected: '@' }], captures: [] },
    }));
    const file = join(work, 'load.json');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(
        file,
        JSON.stringify({ format: 'keyhole-collection', version: 1, exportedAt: new Date().toISOString(), requests }),
      ),
    );
    await showView('Saved');
    await page.getByLabel('Import a collection file').setInputFiles(file);
    await expect.poll(() => page.locator('.kh-saved-notices').innerText()).toContain('Imported 500 requests');
    await showView('Runner');
    await page.getByRole('combobox', { name: 'Run' }).selectOption({ label: 'Folder Load' });
    // Only what happens from the click on: the Saved view drawing 500 imported rows is not the run's.
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Run 500 requests' }).click();
    const status = page.locator('.kh-runner-progress [role="status"]');
    await expect.poll(() => status.innerText(), { timeout: 240_000 }).toMatch(/^500 requests: /);
    expect(await status.innerText()).toBe('500 requests: 500 passed, 0 failed');
    const tasks = (await longTasks(page)).filter((task) => task.start >= clickedAt);
    console.log(
      `500-request run: ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks.map((task) => task.duration)))} ms`,
    );
    // The list draws only the rows in view.
    expect(await page.getByRole('group', { name: 'Run results' }).locator('.kh-runner-row').count()).toBeLessThan(60);
  }, 300_000);
});
