/**
 * The HAR importer judged by a real Chromium: Debian's Chromium (playwright-core, `recordHar`) sends requests from a
 * page to a recording server on 127.0.0.1 and writes them to a HAR file; Keyhole imports that file, and the request
 * Keyhole would send for each imported draft (the worker's validateDraft → URL → encodeBody path) must match what
 * Chromium sent, as the server saw it: method, path and query bytes, the headers the page set, body bytes. Where the
 * composer cannot say something, the difference must be named in a notice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../scripts/system-packages.ts';
import { type CollectionImport, importCollectionText } from '../../../../src/core/workbench/collection-import.ts';
import { findBrowser } from '../../../e2e/support/find-browser.ts';
import { keyholeSends } from '../../support/keyhole-sends.ts';

const noChromium = missingReason('chromium', existsSync);

interface Seen {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
}

/** What the page's requests are: each is sent by fetch() from a page of the recording server's own origin. */
const REQUESTS: { label: string; init: string; url: string; differs?: RegExp }[] = [
  { label: 'GET with a query', url: '/v2/self?limit=10&name=Ada%20Lovelace&sort=-date', init: '{}' },
  { label: 'GET with a query key without value', url: '/v2/self?pretty', init: '{}', differs: /\?pretty=/ },
  { label: 'GET with + in the query', url: '/v2/self?q=a+b', init: '{}', differs: /query/ },
  {
    label: 'POST JSON with unicode',
    url: '/v2/self/consumers',
    init: `{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'é ☆ 𝄞', n: 1 }) }`,
  },
  {
    label: 'POST JSON with a charset',
    url: '/v2/self/consumers',
    init: `{ method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"a":[1,2]}' }`,
  },
  {
    label: 'POST a form (URLSearchParams)',
    url: '/v2/self/consumers',
    init: `{ method: 'POST', body: new URLSearchParams({ name: 'two words', 'a&b': 'c=d', u: 'é' }) }`,
  },
  {
    label: 'POST a form written by hand',
    url: '/v2/self/consumers',
    init: `{ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=x%20y' }`,
  },
  {
    label: 'PUT text with headers',
    url: '/v2/self',
    init: `{ method: 'PUT', headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Trace': 'abc 42', Accept: 'application/json', 'X-Empty': '' }, body: 'line one\\nline two ☆' }`,
  },
  {
    label: 'DELETE a unicode path',
    url: '/v2/self/keys/caf%C3%A9?q=%E2%98%86',
    init: `{ method: 'DELETE', headers: { 'X-Request-Id': 'r-1' } }`,
  },
  {
    label: 'POST multipart',
    url: '/v2/self/consumers',
    init: `(() => { const f = new FormData(); f.append('name', 'é x'); f.append('n', '1'); return { method: 'POST', body: f }; })()`,
  },
  { label: 'PATCH with no body', url: '/v2/self', init: `{ method: 'PATCH', headers: { 'X-A': '1' } }` },
  { label: 'a Latin-1 header value', url: '/v2/self', init: `{ headers: { 'X-Name': 'caf\u00e9' } }` },
  {
    label: 'POST bytes that are not UTF-8',
    url: '/v2/self/consumers',
    differs: /4-byte body is not in the HAR file/,
    init: `{ method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([0x41, 0xff, 0x00, 0x42]) }`,
  },
];

/** Headers Chromium adds by itself (or Keyhole's worker adds or refuses), which no page code asked for. */
const CHROMIUM_OWN = new Set([
  'host',
  'connection',
  'content-length',
  'user-agent',
  'accept-encoding',
  'origin',
  'referer',
  'pragma',
  'cache-control',
]);
const isOwn = (name: string) => CHROMIUM_OWN.has(name.toLowerCase()) || /^sec-/i.test(name);

let server: Server;
let origin = '';
const seen: Seen[] = [];
let imported: CollectionImport;
let api: CollectionImport['requests'] = [];
let dir = '';

beforeAll(async () => {
  if (noChromium) return;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!request.url?.startsWith('/v2/')) {
        response.setHeader('Content-Type', 'text/html');
        response.end('<!doctype html><title>recorder</title>');
        return;
      }
      const headers: [string, string][] = [];
      for (let at = 0; at < request.rawHeaders.length; at += 2)
        headers.push([request.rawHeaders[at]!, request.rawHeaders[at + 1]!]);
      seen.push({ method: request.method ?? '', target: request.url ?? '', headers, body: Buffer.concat(chunks) });
      response.setHeader('Content-Type', 'application/json');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'keyhole-har-'));
  const harPath = join(dir, 'recorded.har');
  const browser = await chromium.launch({
    executablePath: findBrowser(
      'Chromium',
      'CHROMIUM_PATH',
      ['/usr/lib/chromium/chromium', '/usr/bin/chromium'],
      'chromium',
    ),
    args: ['--no-proxy-server'],
  });
  try {
    const context = await browser.newContext({ recordHar: { path: harPath, content: 'embed' } });
    const page = await context.newPage();
    await page.goto(`${origin}/page`);
    // One at a time, in order: the HAR's entries and the server's log line up.
    for (const request of REQUESTS)
      await page.evaluate(`fetch(${JSON.stringify(request.url)}, ${request.init}).then((r) => r.text())`);
    await context.close();
  } finally {
    await browser.close();
  }
  imported = importCollectionText(readFileSync(harPath, 'utf8'), 'recorded.har', {
    apiBaseUrl: origin,
    bridgeUrl: `${origin}/bridge`,
  });
  // The HAR also holds the page itself (and its favicon): requests, but not API calls.
  api = imported.requests.filter((request) => request.draft.path.startsWith('/v2/'));
}, 60_000);

afterAll(async () => {
  if (noChromium) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const lower = (headers: readonly [string, string][]) =>
  headers
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));

describe.skipIf(noChromium)('HAR import agrees with what Chromium sent', () => {
  it('imports every recorded request, in order', () => {
    expect(seen.map((request) => request.method)).toEqual(
      REQUESTS.map((request) => /method: '(\w+)'/.exec(request.init)?.[1] ?? 'GET'),
    );
    expect(api).toHaveLength(REQUESTS.length);
    expect(imported.requests.map((request) => request.draft.path).filter((path) => !path.startsWith('/v2/'))).toEqual(
      expect.arrayContaining(['/page']),
    );
  });

  REQUESTS.forEach((request, index) => {
    it(request.label, () => {
      const chromiumSent = seen[index]!;
      const ours = keyholeSends(api[index]!.draft, origin);
      expect(ours.method).toBe(chromiumSent.method);
      if (request.differs && ours.target !== chromiumSent.target)
        expect(imported.notices.join(' ')).toMatch(request.differs);
      else expect(ours.target).toBe(chromiumSent.target);
      expect(lower(ours.headers)).toEqual(lower(chromiumSent.headers.filter(([name]) => !isOwn(name))));
      const sameBody = Buffer.from(ours.body, 'utf8').equals(chromiumSent.body);
      // A body the HAR file does not hold as text is left empty, and the notice says so.
      if (request.differs && !sameBody) expect(imported.notices.join(' ')).toMatch(request.differs);
      else expect(sameBody).toBe(true);
    });
  });
});
