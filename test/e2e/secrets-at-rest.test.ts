/**
 * After sign-in and a few calls, nothing secret may be readable in the extension's storage: not in
 * storage.local, not in storage.session, not in any IndexedDB database, and not in what pages receive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxedExtension, signInOrFail, startSandboxedExtension } from './support/sandboxed-extension.ts';
import { dumpIndexedDb, dumpStorage } from './support/storage-dump.ts';

let ext: SandboxedExtension;
const pageReplies: string[] = [];

beforeAll(async () => {
  ext = await startSandboxedExtension();
  pageReplies.push(JSON.stringify(await signInOrFail(ext)));
  for (const request of [
    { target: 'api', method: 'GET', path: '/v2/self' },
    { target: 'api', method: 'GET', path: '/v2/summary', signatureMethod: 'PLAINTEXT' },
    { target: 'bridge', method: 'GET', path: '/v2/self' },
  ]) {
    const reply = await ext.message('request/send', request);
    expect(reply.ok).toBe(true);
    pageReplies.push(JSON.stringify(reply));
  }
  pageReplies.push(JSON.stringify(await ext.message('profiles/list')));
  pageReplies.push(JSON.stringify(await ext.message('session/status')));
});

afterAll(async () => {
  await ext?.close();
});

describe('secrets at rest', () => {
  it('finds no consumer secret, token secret or API token in any storage or page reply', async () => {
    const issued = ext.platform.state.accessTokens;
    const secrets = [
      ext.platform.consumerSecret,
      ...[...issued.values()].map((token: { secret: string }) => token.secret),
      ext.platform.apiToken,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const { local, session } = await dumpStorage(ext);
    const idb = await dumpIndexedDb(ext.control);
    expect(idb).toContain('keyhole-vault');
    for (const secret of secrets) {
      for (const [where, text] of [
        ['storage.local', local],
        ['storage.session', session],
        ['IndexedDB', idb],
        ['page replies', pageReplies.join('\n')],
      ] as const) {
        expect(text.includes(secret), `${where} must not contain a secret`).toBe(false);
        expect(text.includes(encodeURIComponent(secret)), `${where} must not contain an encoded secret`).toBe(false);
      }
    }
  });

  it('keeps the vault key non-extractable', async () => {
    const idb = JSON.parse(await dumpIndexedDb(ext.control)) as { db: string; values: unknown[] }[];
    const vault = idb.find((entry) => entry.db === 'keyhole-vault');
    const keys = vault?.values.filter((value) => typeof value === 'object' && value && 'cryptoKey' in value) ?? [];
    expect(keys).toEqual([
      { cryptoKey: { name: 'AES-GCM', length: 256 }, extractable: false, usages: ['encrypt', 'decrypt'] },
    ]);
  });
});
