/**
 * The passphrase lock against the attacks that defeat the device key (issue 14, item 4): someone who reads the
 * browser's profile folder tries every 32-byte window of the extension's IndexedDB files as the AES key, and an
 * extension page opens the vault's database and decrypts with whatever key it holds. Both work with the lock
 * off (so these checks have teeth) and both fail with it on. Then the lock as a user meets it: locked calls,
 * the unlock form in the popup and the DevTools panel, a worker stopped by the browser, change and removal.
 */
import { createDecipheriv } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { compose, openPanel, sendAndWait } from './support/devtools-panel-page.ts';
import { openPopup, openSettings } from './support/extension-pages.ts';
import {
  type SandboxedExtension,
  signInOrFail,
  startSandboxedExtension,
  startSignedInExtension,
} from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const PASSPHRASE = 'four words make a passphrase';
const NEXT_PASSPHRASE = 'and five words make a better one';
const SELF = { target: 'api', method: 'GET', path: '/v2/self' } as const;

interface Sealed {
  name: string;
  iv: number[];
  ciphertext: number[];
}

/** The vault's sealed secrets as an extension page reads them: name, IV and ciphertext (with its GCM tag). */
function readSealed(page: Page): Promise<Sealed[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('keyhole-vault');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('secrets').objectStore('secrets');
    const [keys, values] = await Promise.all(
      [store.getAllKeys(), store.getAll()].map(
        (request) =>
          new Promise<unknown[]>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result as unknown[]);
            request.onerror = () => reject(request.error);
          }),
      ),
    );
    db.close();
    const sealed: Sealed[] = [];
    values!.forEach((value, index) => {
      const record = value as { iv?: unknown; ciphertext?: unknown };
      if (record?.iv instanceof Uint8Array && record.ciphertext instanceof ArrayBuffer)
        sealed.push({
          name: String(keys![index]),
          iv: [...record.iv],
          ciphertext: [...new Uint8Array(record.ciphertext)],
        });
    });
    return sealed;
  });
}

/**
 * An extension page's attack: every CryptoKey in every IndexedDB database of the extension's origin, tried on
 * every sealed secret. Returns the plaintexts it opened, by name.
 */
function decryptFromPage(page: Page): Promise<{ keys: number; opened: Record<string, string> }> {
  return page.evaluate(async () => {
    const read = (request: IDBRequest) =>
      new Promise<unknown[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error);
      });
    const keys: CryptoKey[] = [];
    const sealed: { name: string; iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer }[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName).objectStore(storeName);
        const [names, values] = await Promise.all([read(store.getAllKeys()), read(store.getAll())]);
        values.forEach((value, index) => {
          if (value instanceof CryptoKey) keys.push(value);
          const record = value as { iv?: unknown; ciphertext?: unknown };
          if (record?.iv instanceof Uint8Array && record.ciphertext instanceof ArrayBuffer)
            sealed.push({
              name: String(names[index]),
              iv: record.iv as Uint8Array<ArrayBuffer>,
              ciphertext: record.ciphertext,
            });
        });
      }
      db.close();
    }
    const opened: Record<string, string> = {};
    for (const key of keys) {
      for (const secret of sealed) {
        try {
          const plaintext = await crypto.subtle.decrypt(
            { name: 'AES-GCM', iv: secret.iv, additionalData: new TextEncoder().encode(secret.name) },
            key,
            secret.ciphertext,
          );
          opened[secret.name] = new TextDecoder().decode(plaintext);
        } catch {
          // Not this key.
        }
      }
    }
    return { keys: keys.length, opened };
  });
}

/** Every file of the extension origin's IndexedDB folder in the Chromium profile, as bytes. */
async function indexedDbFiles(ext: SandboxedExtension): Promise<{ path: string; bytes: Buffer }[]> {
  const root = join(ext.userDataDir, 'Default', 'IndexedDB');
  const files: { path: string; bytes: Buffer }[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      // LOCK is held open by Chromium and empty anyway.
      else if (entry.name !== 'LOCK') files.push({ path, bytes: await readFile(path) });
    }
  };
  for (const entry of await readdir(root, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name.includes(ext.extensionId)) await walk(join(root, entry.name));
  return files;
}

function opens(key: Buffer, secret: Sealed): boolean {
  const data = Buffer.from(secret.ciphertext);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(secret.iv));
  decipher.setAAD(Buffer.from(secret.name));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.update(data.subarray(0, data.length - 16));
  try {
    decipher.final();
    return true;
  } catch {
    return false;
  }
}

/** The disk attack: every 32-byte window of every file tried as an AES-256-GCM key on every sealed secret. */
function scanDisk(files: { bytes: Buffer }[], sealed: Sealed[]): { windows: number; opened: Set<string> } {
  const opened = new Set<string>();
  let windows = 0;
  for (const { bytes } of files) {
    for (let offset = 0; offset + 32 <= bytes.length; offset++) {
      windows++;
      const key = bytes.subarray(offset, offset + 32);
      for (const secret of sealed) if (!opened.has(secret.name) && opens(key, secret)) opened.add(secret.name);
    }
  }
  return { windows, opened };
}

const accessTokenName = (ext: SandboxedExtension) => `access-token:${ext.profile.id}`;

describe('with the lock off (what the lock is for)', () => {
  let ext: SandboxedExtension;
  beforeAll(async () => {
    ext = await startSignedInExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('the disk scan finds the device key and decrypts every secret', async () => {
    const sealed = await readSealed(ext.control);
    expect(sealed.map((secret) => secret.name)).toContain(accessTokenName(ext));
    const { opened } = scanDisk(await indexedDbFiles(ext), sealed);
    expect([...opened].sort()).toEqual(sealed.map((secret) => secret.name).sort());
  });

  it('an extension page opens the vault and decrypts the access token', async () => {
    const { keys, opened } = await decryptFromPage(ext.control);
    expect(keys).toBe(1);
    const issued = [...ext.platform.state.accessTokens.values()].map((token: { secret: string }) => token.secret);
    expect(issued.some((secret) => opened[accessTokenName(ext)]?.includes(secret))).toBe(true);
  });
});

describe('with the lock on', () => {
  let ext: SandboxedExtension;
  const errors: string[] = [];
  beforeAll(async () => {
    // The profile (and its consumer secret) is saved first, as for a user who turns the lock on later.
    ext = await startSandboxedExtension();
  });
  afterAll(async () => {
    await ext?.close();
    expect(errors).toEqual([]);
  });

  // The tests below build on each other, in order: the lock on, attacks, a worker stop, lock and unlock, off.
  it('turns the lock on from the settings page, then signs in', async () => {
    const dark = await openSettings(ext, '#passphrase-lock', { colorScheme: 'dark', errors });
    await dark.getByRole('button', { name: 'Turn on the passphrase lock' }).waitFor();
    await saveScreenshot(dark.locator('#passphrase-lock'), 'settings-passphrase-lock-off-dark');
    await dark.close();
    const settings = await openSettings(ext, '#passphrase-lock', { errors });
    const section = settings.locator('#passphrase-lock');
    await section.getByRole('button', { name: 'Turn on the passphrase lock' }).click();
    await expect.poll(() => section.innerText()).toContain('Enter a passphrase.');
    await saveScreenshot(section, 'settings-passphrase-lock-off-light');
    await section.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await section.getByLabel('Lock after this long without use').selectOption('60');
    await section.getByRole('button', { name: 'Turn on the passphrase lock' }).click();
    await expect.poll(() => section.innerText(), { timeout: 10_000 }).toContain('On · unlocked');
    await saveScreenshot(section, 'settings-passphrase-lock-unlocked-light');
    expect(await seriousAxeViolations(settings)).toEqual([]);
    await settings.close();
    await signInOrFail(ext);
    expect((await ext.message('request/send', SELF)).ok).toBe(true);
  });

  it('no 32-byte window of the IndexedDB files decrypts any secret, and the passphrase is on no disk', async () => {
    const sealed = await readSealed(ext.control);
    expect(sealed.map((secret) => secret.name).sort()).toEqual(
      [accessTokenName(ext), `consumer-secret:${ext.profile.id}`].sort(),
    );
    const files = await indexedDbFiles(ext);
    // The ciphertexts themselves are on disk (else the scan would prove nothing): only their key is not.
    for (const secret of sealed)
      expect(
        files.some(({ bytes }) => bytes.includes(Buffer.from(secret.ciphertext))),
        secret.name,
      ).toBe(true);
    const { windows, opened } = scanDisk(files, sealed);
    console.log(
      `disk scan: ${windows} windows in ${files.map(({ path, bytes }) => `${path.split('/').pop()} (${bytes.length} B)`).join(', ')}; ${sealed.length} secrets, none opened`,
    );
    expect(windows).toBeGreaterThan(1000);
    expect([...opened]).toEqual([]);
    for (const { path, bytes } of files) expect(bytes.includes(Buffer.from(PASSPHRASE)), path).toBe(false);
  });

  it('an extension page finds no key to decrypt with, in IndexedDB or in extension storage', async () => {
    const { keys, opened } = await decryptFromPage(ext.control);
    expect(keys).toBe(0);
    expect(opened).toEqual({});
    const stored = JSON.stringify(
      await ext.control.evaluate(async () => [
        await chrome.storage.local.get(null),
        await chrome.storage.session.get(null),
      ]),
    );
    expect(stored).not.toContain(PASSPHRASE);
    expect(stored).toContain('vault-lock-state');
  });

  it('a stopped worker leaves the vault locked and says why; the panel’s call waits for the unlock, then goes', async () => {
    await ext.stopServiceWorker();
    expect(await ext.message('vault/status')).toEqual({
      ok: true,
      value: { state: 'locked', autoLockMinutes: 60, reason: 'worker-restarted' },
    });
    const refused = await ext.message('request/send', SELF);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'vault-locked', message: /background worker restarted/ },
    });

    const panel = await openPanel(ext, errors);
    const banner = panel.locator('.kh-vault-banner');
    await expect.poll(() => banner.innerText()).toMatch(/Keyhole is locked[\s\S]*background worker restarted/);
    await saveScreenshot(panel, 'panel-vault-locked-light');
    await compose(panel, 'GET', '/v2/self');
    const sent = sendAndWait(panel);
    const field = banner.getByLabel('Passphrase');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => banner.innerText()).toContain('waits for the unlock');
    await field.fill(PASSPHRASE);
    await field.press('Enter');
    expect(await sent).toMatch(/^200/);
    await expect.poll(() => banner.count()).toBe(0);
    await panel.close();
  });

  it('lock now → calls refused → the popup asks, refuses a wrong passphrase, unlocks and shows the account', async () => {
    expect(await ext.message('vault/lock')).toMatchObject({ ok: true, value: { state: 'locked', reason: 'manual' } });
    expect(await ext.message('request/send', SELF)).toMatchObject({
      ok: false,
      error: { code: 'vault-locked', message: /you locked Keyhole/ },
    });
    for (const scheme of ['dark', 'light'] as const) {
      const popup = await openPopup(ext, { colorScheme: scheme, errors });
      await expect.poll(() => popup.getByRole('heading', { level: 1 }).innerText()).toBe('Keyhole is locked');
      await expect.poll(() => popup.getByLabel('Passphrase').evaluate((e) => e === document.activeElement)).toBe(true);
      await saveScreenshot(popup, `popup-vault-locked-${scheme}`);
      if (scheme === 'dark') {
        await popup.close();
        continue;
      }
      expect(await seriousAxeViolations(popup)).toEqual([]);
      await popup.getByLabel('Passphrase').fill('not the passphrase at all');
      await popup.getByRole('button', { name: 'Unlock' }).click();
      await expect.poll(() => popup.getByRole('alert').innerText()).toContain('Wrong passphrase');
      await saveScreenshot(popup, 'popup-vault-wrong-passphrase-light');
      await popup.getByLabel('Passphrase').fill(PASSPHRASE);
      const started = Date.now();
      await popup.getByRole('button', { name: 'Unlock' }).click();
      // The summary call the popup made while locked went through once unlocked: the account shows.
      await expect.poll(() => popup.locator('.kp-space__name').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      console.log(`popup unlock to account shown: ${Date.now() - started} ms`);
      await popup.close();
    }
    expect((await ext.message('request/send', SELF)).ok).toBe(true);
  });

  it('the settings page shows the lock locked and unlocks it, in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await ext.message('vault/lock');
      const settings = await openSettings(ext, '#passphrase-lock', { colorScheme: scheme, errors });
      const section = settings.locator('#passphrase-lock');
      await expect.poll(() => section.innerText()).toContain('Locked: you locked Keyhole.');
      await saveScreenshot(section, `settings-passphrase-lock-locked-${scheme}`);
      await section.getByLabel('Passphrase').fill(PASSPHRASE);
      await section.getByRole('button', { name: 'Unlock' }).click();
      await expect.poll(() => section.innerText()).toContain('On · unlocked');
      if (scheme === 'dark') await saveScreenshot(section, 'settings-passphrase-lock-unlocked-dark');
      await settings.close();
    }
  });

  it('changes the passphrase (the old one stops working), then turns the lock off: secrets intact', async () => {
    expect(
      await ext.message('vault/set-passphrase', {
        current: 'wrong passphrase',
        next: NEXT_PASSPHRASE,
        autoLockMinutes: 15,
      }),
    ).toMatchObject({ ok: false, error: { code: 'wrong-passphrase' } });
    expect(
      await ext.message('vault/set-passphrase', { current: PASSPHRASE, next: NEXT_PASSPHRASE, autoLockMinutes: 15 }),
    ).toEqual({ ok: true, value: { state: 'unlocked', autoLockMinutes: 15 } });
    await ext.stopServiceWorker();
    expect(await ext.message('vault/unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: false,
      error: { code: 'wrong-passphrase' },
    });
    expect((await ext.message('vault/unlock', { passphrase: NEXT_PASSPHRASE })).ok).toBe(true);
    expect((await ext.message('request/send', SELF)).ok).toBe(true);

    expect(await ext.message('vault/remove-passphrase', { current: NEXT_PASSPHRASE })).toEqual({
      ok: true,
      value: { state: 'off' },
    });
    await ext.stopServiceWorker();
    expect(await ext.message('vault/status')).toEqual({ ok: true, value: { state: 'off' } });
    expect((await ext.message('request/send', SELF)).ok).toBe(true);
    expect((await decryptFromPage(ext.control)).keys).toBe(1);
  });
});
