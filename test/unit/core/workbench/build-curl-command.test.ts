import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../../../../src/core/shell/shell-quote.ts';
import { buildCurlCommand } from '../../../../src/core/workbench/build-curl-command.ts';
import {
  CANARY_MARK,
  type RecordingServer,
  runInCanaryDir,
  startRecordingServer,
} from '../../../platform/support/recording-server.ts';

describe('buildCurlCommand', () => {
  it('prints method, URL, headers and body as quoted shell words', () => {
    expect(
      buildCurlCommand({
        method: 'POST',
        url: 'https://api.example.test/v2/self?a=1&b=2',
        headers: [
          ['Authorization', 'OAuth oauth_consumer_key="k", oauth_signature="s%3D"'],
          ['Content-Type', 'application/json'],
        ],
        body: '{"name":"it\'s"}',
      }),
    ).toBe(
      `curl -q -sS --globoff -X POST 'https://api.example.test/v2/self?a=1&b=2' -H 'Authorization: OAuth oauth_consumer_key="k", oauth_signature="s%3D"' -H 'Content-Type: application/json' --data-raw '{"name":"it'\\''s"}'`,
    );
  });

  it('round-trips any word through a real shell', () => {
    for (const word of ["it's", 'a"b', '$HOME `id` $(id)', 'tab\there', 'line\nbreak', 'cr\rhere', '\\back', '']) {
      const echoed = execFileSync('bash', ['-c', `printf %s ${shellQuote(word)}`]).toString();
      expect(echoed).toBe(word);
    }
  });
});

describe('what curl sends for hostile values (real bash and curl, a recording server on 127.0.0.1)', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  async function send(body: string | undefined, headers: [string, string][] = [], method = 'POST') {
    const command = buildCurlCommand({
      method,
      url: `${server.origin}/v2/x`,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const before = server.requests.length;
    const run = await runInCanaryDir('bash', ['-c', command]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.newFiles).toEqual([]);
    expect(server.requests.length).toBe(before + 1);
    return server.requests.at(-1)!;
  }

  it('sends a body starting with @ or < as those bytes, never a file it names', async () => {
    for (const body of ['@id_ed25519', '@f.json', '<f.json', '@-', '-d', '=@f.json', 'a\r\nb\r']) {
      const received = await send(body, [['Content-Type', 'text/plain']]);
      expect(received.body.toString('utf8')).toBe(body);
      expect(received.body.toString('utf8')).not.toContain(CANARY_MARK);
    }
  });

  it('sends header rows of one name as fetch does: one header, the values joined by a comma', async () => {
    const received = await send(
      undefined,
      [
        ['X-Twice', ' 1 '],
        ['x-twice', '2'],
        ['X-Once', 'o'],
      ],
      'GET',
    );
    expect(received.headers.filter(([name]) => name.startsWith('x-'))).toEqual([
      ['x-twice', '1, 2'],
      ['x-once', 'o'],
    ]);
    expect(() =>
      buildCurlCommand({
        method: 'GET',
        url: 'https://x.test/v2/x',
        headers: [
          ['X-A', '1'],
          ['X-A', ''],
        ],
      }),
    ).toThrow(/several rows and one of them is empty/);
  });

  it('sends an empty header value as an empty header, not none', async () => {
    const received = await send(undefined, [['X-Empty', '']], 'GET');
    expect(received.headers).toContainEqual(['x-empty', '']);
  });

  it('sends globbing characters in the URL as fetch does, in one request', async () => {
    const command = buildCurlCommand({ method: 'GET', url: `${server.origin}/v2/{a,b}/[1-2]`, headers: [] });
    const before = server.requests.length;
    const run = await runInCanaryDir('bash', ['-c', command]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(server.requests.slice(before).map((request) => request.target)).toEqual(['/v2/%7Ba,b%7D/[1-2]']);
  });

  it('sends the path as fetch does: a space, quotes and non-ASCII percent-encoded', async () => {
    const command = buildCurlCommand({ method: 'GET', url: `${server.origin}/v2/a b/"q"/é/<x>`, headers: [] });
    const before = server.requests.length;
    const run = await runInCanaryDir('bash', ['-c', command]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(server.requests.slice(before).map((request) => request.target)).toEqual([
      '/v2/a%20b/%22q%22/%C3%A9/%3Cx%3E',
    ]);
  });

  it('refuses a body with a NUL byte instead of printing a command that drops it', () => {
    expect(() =>
      buildCurlCommand({ method: 'POST', url: 'https://api.example.test/v2/x', headers: [], body: 'a\0b' }),
    ).toThrow(/The body contains a NUL byte .*no shell command can carry/);
  });

  it('refuses a header the browser never sends (Keyhole’s fetch drops it; curl would send it)', () => {
    for (const name of [
      'Origin',
      'referer',
      'Expect',
      'Connection',
      'TE',
      'Transfer-Encoding',
      'Sec-Fetch-Site',
      'Proxy-X',
    ])
      expect(() =>
        buildCurlCommand({ method: 'POST', url: 'https://api.example.test/v2/x', headers: [[name, 'v']], body: 'b' }),
      ).toThrow(`Header “${name}” is one browsers never send`);
    expect(
      buildCurlCommand({ method: 'GET', url: 'https://api.example.test/v2/x', headers: [['X-Origin', 'v']] }),
    ).toContain(`-H 'X-Origin: v'`);
  });

  it('refuses a header value beyond ASCII, which curl would send as UTF-8 instead of one Latin-1 byte', () => {
    expect(() =>
      buildCurlCommand({ method: 'GET', url: 'https://api.example.test/v2/x', headers: [['X-A', 'café']] }),
    ).toThrow(/Header “X-A” contains “é”/);
  });
});
