/**
 * The sandbox over TLS (tls.ts): HTTPS on its own ports next to plain HTTP, one state, a certificate that only the
 * sandbox's CA vouches for, a CA directory reused across runs, and OAuth signatures whose base string says `https`.
 */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { dance, oauthFor } from './support/oauth-client.ts';
import { ensureSandboxTls } from './tls.ts';

function get(
  url: string,
  ca?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const dir = mkdtempSync(join(tmpdir(), 'keyhole-tls-test-'));
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform({ tls: { dir } });
});
afterAll(async () => {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('TLS like the platform', () => {
  it('serves the API and the bridge over HTTPS with its own CA, next to plain HTTP on the same state', async () => {
    const tls = platform.tls!;
    expect(tls.api).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(platform.api).toMatch(/^http:\/\//);
    const bearer = { Authorization: `Bearer ${platform.apiToken}` };
    const overTls = await get(`${tls.bridge}/v2/self`, tls.caPem, bearer);
    expect(overTls.status).toBe(200);
    const plain = await (await fetch(`${platform.bridge}/v2/self`, { headers: bearer })).text();
    expect(JSON.parse(overTls.body)).toEqual(JSON.parse(plain));
    // Without the sandbox's CA the certificate is not trusted: nothing else vouches for it.
    await expect(get(`${tls.api}/v2/self`)).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });

  it('signs for 127.0.0.1, localhost and ::1 only, as a CA-issued server certificate; a kept directory is reused', () => {
    const tls = platform.tls!;
    const server = new X509Certificate(tls.certPem);
    const ca = new X509Certificate(tls.caPem);
    expect(server.checkIssued(ca)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    const again = ensureSandboxTls(dir);
    expect(again.caPem).toBe(tls.caPem);
    expect(again.serverSpkiSha256).toBe(tls.serverSpkiSha256);
  });

  it('checks HMAC signatures against the https base string URI (a signature made for http:// is refused)', async () => {
    const tls = platform.tls!;
    const access = await dance(platform);
    const oauth = oauthFor({ key: platform.consumerKey, secret: platform.consumerSecret }, 'HMAC-SHA512');
    const token = { key: access.token, secret: access.secret };
    const header = (url: string) => oauth.toHeader(oauth.authorize({ url, method: 'GET' }, token)).Authorization;
    const https = `${tls.api}/v2/self`;
    expect((await get(https, tls.caPem, { Authorization: header(https) })).status).toBe(200);
    const signedForHttp = header(https.replace('https:', 'http:'));
    const refused = await get(https, tls.caPem, { Authorization: signedForHttp });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).baseString).toContain(encodeURIComponent('https://127.0.0.1:'));
  });
});
