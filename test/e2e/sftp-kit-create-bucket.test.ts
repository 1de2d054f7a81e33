/**
 * A user of the SFTP kit creates the object-storage bucket (spec §4.4 step 8) with a dotted name and sees it
 * listed, against a real S3-compatible server (s3rver) on loopback, signed with SigV4 from the page.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../src/sftp-kit/s3-client.ts';
import { openKit } from './support/extension-pages.ts';
import { DIST, type LaunchedExtension, launchExtension } from './support/launch-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

let server: S3rver;
let endpoint: string;
let ext: LaunchedExtension;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'keyhole-sftp-kit-s3-'));
  await mkdir(join(scratch, 's3'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(scratch, 's3'),
    vhostBuckets: false,
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver answers no CORS for bucket-level calls, so the page needs host access, which a user grants in the
  // browser's prompt. Headless Chromium cannot show that prompt: a copy of the build lists 127.0.0.1 as a
  // granted host instead, the state the extension is in once the user clicked "Allow".
  const dist = join(scratch, 'dist');
  await cp(DIST, dist, { recursive: true });
  const manifestPath = join(dist, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.host_permissions = [...manifest.host_permissions, 'http://127.0.0.1/*'];
  await writeFile(manifestPath, JSON.stringify(manifest));
  ext = await launchExtension({ dist });
});
afterAll(async () => {
  await ext?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('creating the bucket from the kit', () => {
  it('creates a dotted bucket path-style and lists it', async () => {
    const errors: string[] = [];
    const page = await openKit(ext, { errors });
    const storage = page.locator('#storage');
    await storage.getByLabel('CELLAR_ADDON_HOST').fill('cellar.keyhole.test');
    expect(await storage.getByLabel('S3 endpoint').inputValue()).toBe('https://cellar.keyhole.test');
    await storage.getByLabel('S3 endpoint').fill(endpoint);
    await storage.getByLabel('CELLAR_ADDON_KEY_ID').fill('S3RVER');
    await storage.getByLabel('CELLAR_ADDON_KEY_SECRET', { exact: true }).fill('S3RVER');

    await storage.getByRole('button', { name: 'List buckets' }).click();
    await storage.getByText('This storage has no bucket yet: create one below.').waitFor({ timeout: 15_000 });

    const name = storage.getByLabel('Bucket name');
    await name.fill('Files..Keyhole');
    await storage.getByRole('button', { name: 'Create bucket' }).click();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('files.keyhole.test');
    expect(await storage.textContent()).toContain('path-style addressing');
    await storage.getByRole('button', { name: 'Create bucket' }).click();
    await expect
      .poll(() => storage.locator('.sk-result').textContent(), { timeout: 15_000 })
      .toBe('Bucket “files.keyhole.test” created.');
    const listed = storage.getByRole('button', { name: 'files.keyhole.test' });
    expect(await listed.getAttribute('aria-pressed')).toBe('true');
    // The storage has it, as another client sees it.
    const client = createS3Client({ endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' });
    expect(await client.listBuckets()).toEqual(['files.keyhole.test']);
    // The SFTP users step picked it up.
    expect(await page.locator('#users').getByLabel('Bucket').inputValue()).toBe('files.keyhole.test');

    await saveScreenshot(storage, 'sftp-kit-bucket-created-light');
    expect(errors).toEqual([]);
  });
});
