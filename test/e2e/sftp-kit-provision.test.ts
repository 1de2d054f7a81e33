/**
 * The SFTP kit provisions the whole deployment through the signed API, from an empty sandbox account to a connected
 * SFTP user, through the kit only: the plan first, a fault injected in one step then retried, a page reload and a
 * worker stop in the middle, the push simulated, the bucket made on a real S3-compatible server (s3rver) and the
 * user on the sandbox's SFTPGo-like server. Then the clean-up leaves the account as it was.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import S3rver from 's3rver';
// s3rver knows one key pair; the add-on's keys are registered with it once the sandbox made them.
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenSshPublicKeyBlob } from '../../src/core/sftp/ed25519-host-key.ts';
import { fingerprintSha256 } from '../../src/core/sftp/ssh-fingerprint.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { openKit } from './support/extension-pages.ts';
import { DIST } from './support/launch-extension.ts';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { dumpIndexedDb, dumpStorage } from './support/storage-dump.ts';

let ext: SandboxedExtension;
let s3: S3rver;
let s3Endpoint: string;
let scratch: string;
let page: Page;
let owner: string;
const errors: string[] = [];

function accountSnapshot() {
  const state = ext.platform.state;
  return {
    apps: [...state.applications.values()].filter((app) => app.ownerId === owner).map((app) => app.view.id),
    addons: [...state.addons.values()].filter((addon) => addon.ownerId === owner).map((addon) => addon.view.id),
    redirs: [...state.tcpRedirs.values()].flat().length,
  };
}

let before: ReturnType<typeof accountSnapshot>;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'keyhole-sftp-provision-'));
  await mkdir(join(scratch, 's3'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(scratch, 's3'), vhostBuckets: false });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  // s3rver answers no CORS for bucket calls: the build lists 127.0.0.1 as granted, the state once the user allowed
  // it in the browser's prompt (which headless Chromium cannot show).
  const dist = join(scratch, 'dist');
  await cp(DIST, dist, { recursive: true });
  const manifestPath = join(dist, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.host_permissions = [...manifest.host_permissions, 'http://127.0.0.1/*'];
  await writeFile(manifestPath, JSON.stringify(manifest));
  ext = await startSandboxedExtension({ platform: { addonProvisioningSeconds: 2, deploySeconds: 3 }, dist });
  await signInOrFail(ext);
  owner = [...ext.platform.state.organisations.values()].find((org) => org.personal)!.id;
  before = accountSnapshot();
}, 120_000);

afterAll(async () => {
  await ext?.close();
  await s3?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const step = (id: string) => page.locator(`[data-step="${id}"]`);
const statusOf = (id: string) => step(id).getAttribute('data-status');

async function bothSchemes(name: string, target = () => page.locator('#provision')) {
  // The step links stick to the top while scrolling: in a section's screenshot they would cover its middle.
  await page.addStyleTag({ content: '.sk-nav { position: static !important; }' });
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(target(), `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('provisioning the SFTP deployment from the kit', () => {
  it('goes from an empty account to a connected SFTP user, through a fault, a reload and a worker stop', async () => {
    page = await openKit(ext, { errors });
    const section = page.locator('#provision');
    await section.getByRole('button', { name: 'Plan a deployment' }).click();

    // Pickers fed from the account.
    const org = section.getByLabel('Organisation');
    await expect.poll(() => org.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await org.inputValue()).toBe(owner);
    expect(await section.getByLabel('Zone').locator('option').allTextContents()).toContainEqual(
      expect.stringContaining('(par)'),
    );
    await section.getByLabel('Application name').fill('sftp-e2e');
    await section.getByLabel('Bucket').fill('files.e2e');
    await section.getByLabel('First SFTP user').fill('alice');
    const adminPassword = await section.getByLabel('Admin password', { exact: true }).inputValue();
    expect(adminPassword).toMatch(/^[A-Za-z0-9]{12,}$/);
    await section.getByRole('button', { name: 'Review the plan' }).click();

    // The plan: every call, secrets masked; nothing done yet.
    const plan = section.getByRole('list', { name: 'Calls the kit will make' });
    await plan.waitFor();
    const planText = (await plan.textContent()) ?? '';
    expect(planText).toContain(`POST /v2/organisations/${owner}/applications`);
    expect(planText).toContain(`POST /v2/organisations/${owner}/applications/{appId}/tcpRedirs`);
    expect(planText).toContain('"SFTPGO_DEFAULT_ADMIN_PASSWORD": "•••••••• (secret, not shown)"');
    expect(planText).not.toContain(adminPassword);
    expect(accountSnapshot()).toEqual(before);
    await bothSchemes('sftp-kit-provision-plan');

    // A fault in the PostgreSQL step.
    ext.platform.faults.add({ method: 'POST', path: `/v2/organisations/${owner}/addons`, status: 500 });
    await section.getByRole('button', { name: 'Start' }).click();
    const alert = section.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toContain('HTTP 500');
    expect(await section.textContent()).toContain('What exists so far: Application sftp-e2e');
    expect(await statusOf('postgresql')).toBe('failed');
    expect(await statusOf('app')).toBe('done');
    await bothSchemes('sftp-kit-provision-failed');

    // Where this browser reaches the storage and the server in this test.
    await section.getByText('Addresses this browser uses').click();
    await section.getByLabel('Storage endpoint').fill(s3Endpoint);
    await section.getByLabel('SFTP server URL').fill(ext.platform.sftp);
    await section.getByRole('button', { name: 'Retry from this step' }).click();

    await expect.poll(() => statusOf('deploy'), { timeout: 30_000 }).toBe('waiting');
    expect(await statusOf('tcp-redir')).toBe('done');
    const app = [...ext.platform.state.applications.values()].find((candidate) => candidate.view.name === 'sftp-e2e')!;
    expect(
      [...ext.platform.state.addons.values()].filter((addon) => addon.view.name === 'sftp-e2e-postgresql'),
    ).toHaveLength(1);
    const push = section.getByRole('region', { name: 'Push the code' });
    expect(await push.textContent()).toContain(
      `git remote add clever git+ssh://git@push-par.sandbox.keyhole.test/${app.view.id}.git`,
    );
    const download = page.waitForEvent('download');
    await push.getByRole('button', { name: 'Download sftp-e2e.zip' }).click();
    expect((await download).suggestedFilename()).toBe('sftp-e2e.zip');
    await bothSchemes('sftp-kit-provision-running');

    // A reload: the run comes back from IndexedDB, and the admin password is read back from the application.
    await page.reload();
    await expect.poll(() => statusOf('deploy'), { timeout: 15_000 }).toBe('waiting');
    expect(await section.getByLabel('Admin password', { exact: true }).inputValue()).toBe(adminPassword);
    // The addresses this browser uses are read back after the run's steps (an empty field was seen once in CI).
    await expect.poll(() => section.getByLabel('Storage endpoint').inputValue()).toBe(s3Endpoint);
    // The worker stops while the page polls; then the user pushes.
    await ext.stopServiceWorker();
    const pushed = await fetch(`${ext.platform.api}/__sandbox/git-push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appId: app.view.id }),
    });
    expect(pushed.status).toBe(201);
    const cellar = new Map(
      ext.platform.state.addons
        .get(app.linkedAddons[1]!)!
        .env.map((variable) => [variable.name, variable.value] as const),
    );
    DUMMY_ACCOUNT.createKeyPair(cellar.get('CELLAR_ADDON_KEY_ID')!, cellar.get('CELLAR_ADDON_KEY_SECRET')!);

    await section
      .getByRole('button', { name: 'Allow and continue' })
      .click({ timeout: 30_000 })
      .catch(async (error) => {
        console.log(await section.locator('.sk-steps').innerText(), await section.innerText());
        throw error;
      });
    const ready = section.getByRole('status', { name: 'SFTP server ready' });
    await ready.waitFor({ timeout: 30_000 });

    // What the account now has.
    const env = new Map(app.env.map((variable) => [variable.name, variable.value] as const));
    expect(env.has('SFTPGO_DEFAULT_ADMIN_PASSWORD')).toBe(false);
    expect(env.has('SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN')).toBe(false);
    const [redir] = ext.platform.state.tcpRedirs.get(app.view.id)!;
    expect(await section.getByTestId('run-port').textContent()).toBe(String(redir!.port));
    // The connect line is built from the domain the API gave, checked as a host name and quoted where needed.
    expect(await ready.textContent()).toMatch(
      new RegExp(`Connect with sftp -P ${redir!.port} alice@[a-z0-9.-]+ and check that the fingerprint`),
    );
    const deployedKey = readOpenSshPublicKeyBlob(env.get('SFTPGO_HOST_KEY_B64')!)!;
    expect(await section.getByTestId('run-fingerprint').textContent()).toBe(await fingerprintSha256(deployedKey));
    const user = ext.platform.state.sftpUsers.get('alice')!.record as {
      password: string;
      filesystem: { s3config: Record<string, unknown> };
    };
    expect(user.filesystem.s3config).toMatchObject({
      bucket: 'files.e2e',
      endpoint: `https://${cellar.get('CELLAR_ADDON_HOST')}`,
      access_key: cellar.get('CELLAR_ADDON_KEY_ID'),
      force_path_style: true,
    });
    expect(await section.getByTestId('run-sftp-password').textContent()).toBe(user.password);
    // s3rver keeps each bucket as a directory.
    expect(await readdir(join(scratch, 's3'))).toContain('files.e2e');
    expect(ext.platform.state.sftpBootstrapAdmins.map((admin) => admin.appId)).toEqual([app.view.id]);
    // At rest: the run is there (ids, ports, names), no password, no key, no storage secret.
    const atRest = `${await dumpIndexedDb(page)} ${JSON.stringify(await dumpStorage(ext))}`;
    expect(atRest).toContain(app.view.id);
    for (const secret of [
      adminPassword,
      user.password,
      cellar.get('CELLAR_ADDON_KEY_SECRET')!,
      env.get('SFTPGO_HOST_KEY_B64')!,
    ]) {
      expect(atRest).not.toContain(secret);
    }
    await bothSchemes('sftp-kit-provision-finished');
    expect(errors).toEqual([]);
  }, 180_000);

  it('removes exactly what it created, and the account is as it was', async () => {
    const section = page.locator('#provision');
    await section.getByRole('button', { name: 'Remove what the kit created' }).click();
    const calls = (await section.locator('.sk-cleanup ul').textContent()) ?? '';
    expect(calls).toContain(`DELETE /v2/organisations/${owner}/applications/`);
    expect(calls).toContain('tcpRedirs');
    await section.getByRole('button', { name: 'Delete them now' }).click();
    await expect
      .poll(() => section.getByRole('status').first().textContent(), { timeout: 20_000 })
      .toContain('Removed the 4 resources this run created.');
    expect(accountSnapshot()).toEqual(before);
    await page.reload();
    await section.getByRole('button', { name: 'Plan a deployment' }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it('lets one kit tab drive: a second one waits and says so, and takes over when the first is closed', async () => {
    const second = await openKit(ext, { errors });
    const banner = second.locator('#provision').getByText('The kit is open in another tab');
    await banner.waitFor();
    await saveScreenshot(second.locator('#provision'), 'sftp-kit-provision-other-tab-light');
    await page.close();
    await banner.waitFor({ state: 'detached' });
    await second.locator('#provision').getByRole('button', { name: 'Plan a deployment' }).waitFor();
    page = second;
    expect(errors).toEqual([]);
  }, 60_000);
});
