/**
 * The curl importer judged by curl itself: each command of the corpus is run by the real curl against a recording
 * server on 127.0.0.1, and imported by Keyhole; the request Keyhole would send for the imported draft (the same
 * validateDraft → URL → encodeBody path the worker uses) must match what curl sent: method, path and query
 * bytes, the headers the command sets, body bytes. Where the composer cannot say something, the difference must
 * be named in a notice. The option tables are checked against the installed curl's `curl --help all`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../scripts/system-packages.ts';
import { importCurlCommand } from '../../../../src/core/workbench/curl.ts';
import {
  CURL_FLAGS,
  CURL_OPTIONS_WITH_VALUE,
  CURL_RENAMED,
  CURL_SHORT_OPTIONS,
} from '../../../../src/core/workbench/curl-options.ts';
import { keyholeSends } from '../../support/keyhole-sends.ts';

const noCurl = missingReason('curl', existsSync);

interface Seen {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
}

let server: Server;
let origin = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: [string, string][] = [];
      for (let at = 0; at < request.rawHeaders.length; at += 2) {
        headers.push([request.rawHeaders[at]!, request.rawHeaders[at + 1]!]);
      }
      seen.push({ method: request.method ?? '', target: request.url ?? '', headers, body: Buffer.concat(chunks) });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the real curl sends for a command (its URL's origin swapped for the recording server's). */
async function curlSends(command: string): Promise<Seen> {
  seen.length = 0;
  // The corpus is trusted test text; run through bash as a user's paste would be, with no config file (-q).
  const stderr = await new Promise<string>((resolve) => {
    execFile(
      'bash',
      ['-c', command.replace(/^curl /, 'curl -q -s -o /dev/null ')],
      { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', NO_PROXY: '*', no_proxy: '*' }, timeout: 10_000 },
      (_error, _stdout, errors) => resolve(String(errors)),
    );
  });
  if (seen.length !== 1) throw new Error(`curl sent ${seen.length} requests (${stderr})`);
  return seen[0]!;
}

/** What Keyhole would send for the draft the command imports into. */
function keyholeSendsCommand(command: string) {
  const { draft, notices } = importCurlCommand(command, { apiBaseUrl: origin, bridgeUrl: `${origin}/bridge` });
  return { ...keyholeSends(draft, origin), notices };
}

/** Headers curl adds by itself, which no command line asked for. */
const CURL_OWN = new Set(['host', 'user-agent', 'content-length', 'accept', 'expect']);

const CORPUS: { command: string; differs?: RegExp }[] = [
  // curl's own documentation examples (man page, "curl by example"), on an API path.
  { command: `curl ${'ORIGIN'}/v2/self` },
  { command: `curl -d "name=curl" -d "tool=cmdline" ORIGIN/v2/self/consumers` },
  { command: `curl --data-raw "@at the start" ORIGIN/v2/self` },
  { command: `curl --data-urlencode "name=I am Daniel" ORIGIN/v2/self/consumers` },
  { command: `curl -H "X-First-Name: Joe" -H "Content-Type: text/plain; charset=UTF-8" -d "hello" ORIGIN/v2/self` },
  { command: `curl -X PUT -H "Content-Type: application/json" -d '{"name":"x","n":1}' ORIGIN/v2/self` },
  { command: `curl --json '{"drink": "coffee"}' ORIGIN/v2/self/consumers` },
  { command: `curl -G -d "since=2026-01-01" -d "limit=10" ORIGIN/v4/billing/organisations/orga_1/invoices` },
  { command: `curl -r 0-99 ORIGIN/v2/self` },
  // The cases.
  { command: `curl -d hello ORIGIN/v2/self` },
  { command: `curl -d "two+words=a+b" ORIGIN/v2/self` },
  { command: `curl -H "Content-Type: application/x-www-form-urlencoded; charset=UTF-8" -d "a=1" ORIGIN/v2/self` },
  { command: `curl --url-query foo=bar ORIGIN/v2/self` },
  { command: `curl --alt-svc /tmp/altsvc.txt ORIGIN/v2/self` },
  {
    command: `curl -H 'Content-Type: multipart/form-data; boundary=XyZ' --data-raw $'--XyZ\\r\\nContent-Disposition: form-data; name="a"\\r\\n\\r\\n1\\r\\n--XyZ--\\r\\n' ORIGIN/v2/self`,
  },
  { command: `curl "ORIGIN/v2/self?pretty"`, differs: /\?pretty=/ },
  { command: `curl "ORIGIN/v2/self?q=a+b"`, differs: /query/ },
  // Chrome's "Copy as cURL (bash)" shape.
  {
    command: `curl 'ORIGIN/v2/organisations/orga_1/applications' -H 'accept: application/json' -H 'accept-language: en' -H 'x-request-id: 42' --compressed`,
  },
  {
    command: `curl 'ORIGIN/v2/self' -X 'PUT' -H 'content-type: application/json' --data-raw '{"name":"é ☆"}'`,
  },
  // Other tools' fixtures: Postman's and Insomnia's curl exports.
  {
    command: `curl --location --request POST 'ORIGIN/v2/self/consumers' --header 'Content-Type: application/json' --data-raw '{"a": [1, 2]}'`,
  },
  { command: `curl --request GET --url 'ORIGIN/v2/self?x=1&y=2' --header 'X-Trace: on'` },
];

describe.skipIf(noCurl)('curl import agrees with curl', () => {
  for (const { command, differs } of CORPUS) {
    it(command.slice(0, 90), async () => {
      const line = command.replaceAll('ORIGIN', origin);
      const curl = await curlSends(line);
      const ours = keyholeSendsCommand(line);
      expect(ours.method).toBe(curl.method);
      if (differs && ours.target !== curl.target) {
        // The composer writes `name=value` in RFC 3986 encoding; the notice must say what changes.
        expect(ours.notices.join(' ')).toMatch(differs);
      } else {
        expect(ours.target).toBe(curl.target);
      }
      const sentByCommand = curl.headers.filter(([name]) => !CURL_OWN.has(name.toLowerCase()));
      const lower = (headers: [string, string][]) =>
        headers.map(([name, value]) => [name.toLowerCase(), value]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
      // Accept is curl's own (*/*) unless the command sets it; then it must be kept.
      const curlAccept = curl.headers.find(([name]) => name.toLowerCase() === 'accept')?.[1];
      if (curlAccept && curlAccept !== '*/*') sentByCommand.push(['Accept', curlAccept]);
      const keyholeHeaders = ours.headers.filter(([name]) => name.toLowerCase() !== 'accept' || curlAccept !== '*/*');
      expect(lower(keyholeHeaders)).toEqual(
        lower(sentByCommand.filter(([name]) => name.toLowerCase() !== 'accept-encoding')),
      );
      expect(Buffer.from(ours.body, 'utf8').equals(curl.body)).toBe(true);
    });
  }
});

describe.skipIf(noCurl)('the option tables against the installed curl', () => {
  const help = noCurl ? '' : execFileSync('curl', ['--help', 'all']).toString();
  const options = [...help.matchAll(/^\s+(?:-(\S), )?--([a-z0-9.-]+)( <[^>]+>)?/gm)].map((match) => ({
    short: match[1],
    long: CURL_RENAMED[match[2]!] ?? match[2]!,
    takesValue: match[3] !== undefined,
  }));

  it('knows every option curl lists, and which take a value', () => {
    expect(options.length).toBeGreaterThan(200);
    const wrong = options.filter(({ long, takesValue }) =>
      takesValue ? !CURL_OPTIONS_WITH_VALUE.has(long) : !CURL_FLAGS.has(long) && !CURL_OPTIONS_WITH_VALUE.has(long),
    );
    expect(wrong.map(({ long }) => long)).toEqual([]);
  });

  it('maps every one-letter option as curl does', () => {
    const wrong = options.filter(({ short, long }) => short && CURL_SHORT_OPTIONS[short] !== long);
    expect(wrong.map(({ short, long }) => `-${short} --${long}`)).toEqual([]);
  });
});
