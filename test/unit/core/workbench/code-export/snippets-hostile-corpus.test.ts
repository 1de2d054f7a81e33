/**
 * Every generated command and snippet, run for real over a corpus of hostile values, against a recording server
 * on 127.0.0.1: curl and `clever curl` (bash, Debian's curl), HTTPie (bash, Debian's `http`), JavaScript fetch
 * and Node with @clevercloud/client (node), Python with requests-oauthlib (python3). Each runs in a fresh
 * directory holding canary files (a private key, a JSON file, a header file).
 *
 * The reference is the request as Keyhole sends it: the same description (describeSnippetRequest, the worker's
 * guards, encodings and default headers) sent by Node's fetch, the WHATWG Fetch the extension's worker uses.
 * Each snippet must make the server receive the same method, request-target bytes, headers (but the transport
 * ones each client sets for itself, and Authorization, which each must carry) and body bytes; or refuse to render
 * with the message the case expects. No canary content may reach the server and no file may appear.
 *
 * `clever curl` is clever-tools' wrapper: it passes its arguments unchanged to a spawned curl and appends its own
 * Authorization header (src/commands/curl/curl.command.js). The whole corpus runs it through a `clever` stand-in
 * on PATH doing exactly that with the real curl; one case also runs the real `clever` (node_modules/.bin) with its
 * API host set to the recording server, which takes seconds per run.
 */
import { existsSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../../scripts/system-packages.ts';
import { guardPath } from '../../../../../src/core/http/request-guard.ts';
import { encodeQuery } from '../../../../../src/core/http/request-url.ts';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import { buildCurlCommand } from '../../../../../src/core/workbench/build-curl-command.ts';
import { buildCleverCurl } from '../../../../../src/core/workbench/clever-curl.ts';
import {
  buildCurlSnippet,
  buildSnippet,
  describeSnippetRequest,
  type SnippetContext,
  type SnippetCredentials,
  type SnippetLanguage,
  type SnippetRequest,
} from '../../../../../src/core/workbench/code-export/index.ts';
import { snippetUrl } from '../../../../../src/core/workbench/code-export/snippet-request.ts';
import { bearerAuthorizationWord } from '../../../../../src/core/workbench/curl-credentials.ts';
import {
  CANARY_MARK,
  NETRC_AUTHORIZATION,
  REDIRECTING_SEGMENT,
  type RecordedRequest,
  type RecordingServer,
  runInCanaryDir,
  startRecordingServer,
} from '../../../../platform/support/recording-server.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const GUARD = join(ROOT, 'test/platform/conformance/loopback-guard.mjs');
const CLEVER_BIN = join(ROOT, 'node_modules/.bin/clever');
const noHttpie = missingReason('httpie', existsSync);
const noPython = missingReason('requestsOauthlib', existsSync);

type Kind = 'curl' | 'clever' | SnippetLanguage;
const KINDS: Kind[] = ['curl', 'clever', 'httpie', 'fetch', 'node', 'python'];
/**
 * Each case runs with both credential choices: the default, an API token sent as Bearer to the bridge (every kind
 * but `clever curl`, which the CLI signs for the API whatever is chosen), and OAuth 1.0a (every kind but fetch,
 * which has no OAuth signer and refuses: snippet-request.test.ts).
 */
const KINDS_BY_CREDENTIALS: Record<SnippetCredentials, Kind[]> = {
  'api-token': KINDS.filter((kind) => kind !== 'clever'),
  oauth: KINDS.filter((kind) => kind !== 'fetch'),
};

/** Headers each client sets for itself (or the server's parser adds): not part of what Keyhole chose to send. */
const TRANSPORT = new Set([
  'host',
  'connection',
  'keep-alive',
  'user-agent',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
  'content-length',
  'expect',
  'authorization',
]);

// biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, as text
const EXPANSIONS = '$(touch pwned) `touch pwned` ${HOME} $HOME !! \\ \'single\' "double" ; & | > pwned <f.json';
const LONG = `${'ab\'"$(x)`é\u2028'.repeat(10_000)}END`;

interface Case {
  name: string;
  request: SendRequest;
  /** The kinds that must refuse, and what their message says. */
  refuses?: Partial<Record<Kind, RegExp>>;
}

const post = (path: string, extra: Partial<SendRequest>): SendRequest => ({
  target: 'api',
  method: 'POST',
  path,
  ...extra,
});

const CORPUS: Case[] = [
  {
    name: 'quotes and shell expansions everywhere',
    request: post(`/v2/it's/"q"/$(touch pwned)/\`id\`/{a,b}/*/~/!/é/ /<x>/&;`, {
      query: [[EXPANSIONS, EXPANSIONS]],
      headers: [
        ['X-Expand', EXPANSIONS.replace(/[^\x20-\x7e]/g, '')],
        ["X-'$`|&!#%*+.^_~", 'name of every token character'],
      ],
      body: { kind: 'text', text: EXPANSIONS, contentType: 'text/plain; x="$(touch pwned)"' },
    }),
  },
  {
    name: 'values that name local files',
    request: post('/v2/@f.json/<f.json/@id_ed25519', {
      query: [
        ['@f.json', '<f.json'],
        ['f', '@id_ed25519'],
      ],
      headers: [
        ['X-At', '@hdr'],
        ['X-Lt', '<hdr'],
        ['X-Embed', '=@f.json'],
        ['X-Json-Embed', ':=@f.json'],
        ['X-At-Key', '@id_ed25519'],
      ],
      body: { kind: 'text', text: '@id_ed25519', contentType: '@hdr' },
    }),
  },
  {
    name: 'HTTPie and curl separators, leading dashes and equals',
    request: post('/v2/-x/--help/==/:=/=@', {
      query: [
        ['-d', '--data-binary @f.json'],
        ['==x', ':=y'],
      ],
      headers: [
        ['-H', '--help'],
        ['X-Eq', '={"a":1}'],
        ['X-Eqeq', '==x'],
        ['X-Colon', ':=x'],
        ['X-Semi', ';x'],
        ['X-Empty', ''],
        ['X-Spaces', '  padded  '],
      ],
      body: { kind: 'text', text: '--help', contentType: '=@f.json' },
    }),
  },
  {
    name: 'line breaks, control characters and U+2028/2029',
    request: post('/v2/line\u2028sep\u2029para', {
      query: [['nl', 'a\nb\r\nc\u2028d\u2029e\u0000f']],
      headers: [['X-Tab', 'a\tb']],
      body: {
        kind: 'text',
        text: 'line1\nline2\r\nline3\r\ttab \x1b[31mesc \x03 \x7f \u0085 \u2028 \u2029 lone \ud800 😀 bidi \u202e} \u2066x\u2069 zw \u200b\ufeff end\n',
        contentType: 'text/plain',
      },
    }),
  },
  {
    // Keyhole's fetch is `redirect: "manual"`: a client that follows sends the body and credentials again, there.
    name: 'an answer that redirects',
    request: post(`/v2${REDIRECTING_SEGMENT}x`, { body: { kind: 'json', text: '{"a":1}' } }),
  },
  {
    // No `auth` given, requests (Python, HTTPie) puts ~/.netrc's login in place of the Authorization header.
    name: 'a bridge call with an API token (Bearer)',
    request: { target: 'bridge', method: 'PUT', path: '/v2/bearer', body: { kind: 'json', text: '{"a":1}' } },
    refuses: { clever: /signs for the API, not the bridge/ },
  },
  {
    // fetch joins rows of one name (any case) into one header, `1, 2`: Python's dict and a JavaScript object
    // literal kept only the last value, curl and HTTPie sent two header lines.
    name: 'a header name given twice',
    request: {
      target: 'api',
      method: 'GET',
      path: '/v2/repeated',
      headers: [
        ['X-Twice', '1'],
        ['X-Twice', '2'],
        ['x-case', '3'],
        ['X-CASE', '4'],
      ],
    },
  },
  {
    // Keyhole's fetch drops these without a word (WHATWG Fetch forbidden request-headers); the tools send them.
    name: 'a header the browser never sends',
    request: {
      target: 'api',
      method: 'GET',
      path: '/v2/forbidden',
      headers: [['Transfer-Encoding', 'chunked']],
    },
    refuses: Object.fromEntries(KINDS.map((kind) => [kind, /Transfer-Encoding” is one browsers never send/])),
  },
  {
    name: 'a NUL byte in the body',
    request: post('/v2/nul', { body: { kind: 'text', text: 'a\0b\0', contentType: 'application/octet-stream' } }),
    refuses: { curl: /NUL byte/, clever: /NUL byte/, httpie: /NUL byte/ },
  },
  {
    name: 'a JSON body and a form body with hostile fields',
    request: post('/v2/form', {
      body: {
        kind: 'form',
        fields: [
          [EXPANSIONS, EXPANSIONS],
          ['@f.json', '=@f.json'],
        ],
      },
    }),
  },
  {
    name: 'JSON with the hostile values',
    request: {
      target: 'api',
      method: 'PUT',
      path: '/v2/json',
      body: { kind: 'json', text: JSON.stringify({ a: EXPANSIONS, b: '@f.json', c: '\u2028\u2029', d: '\0' }) },
    },
  },
  {
    name: 'header names a JavaScript object or Python dict could misread',
    request: {
      target: 'api',
      method: 'DELETE',
      path: '/v2/names',
      headers: [
        ['__proto__', 'p'],
        ['constructor', 'c'],
        ['toString', 't'],
      ],
    },
    refuses: { fetch: /__proto__/, node: /__proto__/ },
  },
  {
    name: 'a path Python’s requests would rewrite',
    request: { target: 'api', method: 'GET', path: '/v2/a|b^c/[x]/%41%7e' },
    refuses: { httpie: /rewrites before sending/, python: /rewrites before sending/ },
  },
  {
    name: 'very long values',
    request: post('/v2/long', {
      query: [['q', LONG.slice(0, 2000)]],
      headers: [['X-Long', 'x'.repeat(4000)]],
      body: { kind: 'text', text: LONG, contentType: 'text/plain' },
    }),
    refuses: { curl: /longer than one command-line argument/, clever: /longer than/, httpie: /longer than/ },
  },
  {
    name: 'a body under the argument limit',
    request: post('/v2/long-ok', { body: { kind: 'text', text: LONG.slice(0, 20_000), contentType: 'text/plain' } }),
  },
];

let server: RecordingServer;
const VARIABLES = {
  CLEVER_CONSUMER_KEY: 'ck',
  CLEVER_CONSUMER_SECRET: 'cs',
  CLEVER_TOKEN: 'tok',
  CLEVER_TOKEN_SECRET: 'ts',
  CLEVER_API_TOKEN: 'api-token-1',
};

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server?.close());

/**
 * Tests run concurrently against one server: each gets its own first path segment for its API and bridge
 * addresses, so what it sent is told apart by that prefix.
 */
function contextFor(id: string, credentials: SnippetCredentials = 'oauth'): SnippetContext {
  return {
    apiBaseUrl: `${server.origin}/${id}/api`,
    bridgeUrl: `${server.origin}/${id}/bridge`,
    signatureMethod: 'HMAC-SHA512',
    credentials,
  };
}

function sentUnder(id: string): RecordedRequest[] {
  return server.requests.filter((request) => request.target.startsWith(`/${id}/`));
}

/** What the server receives when the worker's fetch sends the described request. */
async function keyholeSends(described: SnippetRequest, id: string): Promise<RecordedRequest> {
  await fetch(snippetUrl(described), {
    redirect: 'manual',
    method: described.method,
    headers: [...described.headers, ['Authorization', 'OAuth reference']],
    ...(described.body !== undefined ? { body: described.body } : {}),
  }).then((response) => response.arrayBuffer());
  const sent = sentUnder(id);
  expect(sent.length).toBe(1);
  return sent[0] as RecordedRequest;
}

/** The URL the worker's prepareRequest builds: the guarded path as typed, the query encoded. */
function workerUrl(request: SendRequest, api: string): string {
  const guarded = guardPath(request.path, request.target);
  const query = [...guarded.query, ...(request.query ?? [])];
  return `${api}${guarded.path}${query.length > 0 ? `?${encodeQuery(query)}` : ''}`;
}

/** The command or code for a kind, or its refusal. */
function render(kind: Kind, request: SendRequest, described: SnippetRequest, api: string): string {
  if (kind === 'clever') return buildCleverCurl(request, api);
  // With an API token, curl is built in the page like the other snippets.
  if (kind === 'curl' && described.auth.scheme === 'bearer') return buildCurlSnippet(described).code;
  if (kind === 'curl')
    // As the worker's curl export prints it (curl-export.ts, from signed-request.ts's URL: the path as typed), with
    // a Bearer token from the shell.
    return buildCurlCommand({
      method: described.method,
      url: workerUrl(request, described.base),
      headers: described.headers,
      authorizationWord: bearerAuthorizationWord(),
      ...(described.body !== undefined ? { body: described.body } : {}),
    });
  return buildSnippet(kind, described).code;
}

/** A `clever` on PATH that does what clever-tools' `clever curl` does: run curl with the words, plus its header. */
const CLEVER_STANDIN = `clever() { [ "$1" = curl ] && shift && command curl "$@" -sS -H 'authorization: OAuth stand-in'; }`;

async function runKind(kind: Kind, code: string) {
  const setup = (dir: string) => symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const options = { env: VARIABLES, setup };
  if (kind === 'curl' || kind === 'httpie') return runInCanaryDir('bash', ['-c', code], options);
  if (kind === 'clever') return runInCanaryDir('bash', ['-c', `${CLEVER_STANDIN}\n${code}`], options);
  if (kind === 'python') return runInCanaryDir('/usr/bin/python3', ['-'], { ...options, input: code });
  return runInCanaryDir(process.execPath, [`--import=${GUARD}`, '--input-type=module', '-'], {
    ...options,
    input: code,
  });
}

function sortByName(headers: [string, string][]): [string, string][] {
  return headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function chosenHeaders(request: RecordedRequest): [string, string][] {
  return sortByName(request.headers.filter(([name]) => !TRANSPORT.has(name)));
}

function withoutBase(target: string): string {
  return target.replace(/^\/[^/]+\/(api|bridge)(?=\/)/, '');
}

/**
 * The headers Keyhole sends are the described ones (the worker hands exactly these to fetch); Node's fetch is not
 * the reference for them, since it drops a header named `__proto__` that a browser sends.
 */
function describedHeaders(described: SnippetRequest): [string, string][] {
  return sortByName(described.headers.map(([name, value]) => [name.toLowerCase(), value]));
}

function expectSameRequest(got: RecordedRequest, want: RecordedRequest, headers: [string, string][], kind: Kind): void {
  expect(got.method, kind).toBe(want.method);
  expect(withoutBase(got.target), kind).toBe(withoutBase(want.target));
  expect(got.target.split('/')[2], kind).toBe(want.target.split('/')[2]);
  expect(chosenHeaders(got), kind).toEqual(headers);
  expect(
    got.headers.some(([name]) => name === 'authorization'),
    `${kind} signs`,
  ).toBe(true);
  expect(got.body.equals(want.body), `${kind} body: ${got.body.toString('utf8').slice(0, 80)}`).toBe(true);
  const wire = JSON.stringify([got.target, got.headers, got.body.toString('latin1')]);
  expect(wire, `${kind} sent a canary file`).not.toContain(CANARY_MARK);
  expect(wire, `${kind} sent the credentials of ~/.netrc`).not.toContain(NETRC_AUTHORIZATION);
  // Keyhole never sends Basic: one here came from a file (~/.netrc, HTTPie's config.json --auth).
  expect(got.headers.find(([name]) => name === 'authorization')?.[1], kind).not.toMatch(/^Basic /);
}

const skipReason = (kind: Kind) => (kind === 'httpie' ? noHttpie : kind === 'python' ? noPython : undefined);

// Concurrent: the runs mostly wait on process start-up (python3 and http take about a second each).
describe.concurrent.each(
  CORPUS.flatMap((entry, index) =>
    (['api-token', 'oauth'] as const).map((credentials) => ({ ...entry, index, credentials })),
  ),
)('$name, with $credentials', ({ request, refuses = {}, index, credentials }) => {
  for (const kind of KINDS_BY_CREDENTIALS[credentials])
    it.skipIf(skipReason(kind))(kind, async () => {
      const id = `c${index}-${credentials}-${kind}`;
      const context = contextFor(id, credentials);
      const expected = refuses[kind];
      if (expected) {
        const rendered = () => render(kind, request, describeSnippetRequest(request, context), context.apiBaseUrl);
        expect(rendered).toThrow(expected);
        return;
      }
      const described = describeSnippetRequest(request, context);
      const code = render(kind, request, described, context.apiBaseUrl);
      const reference = contextFor(`${id}-keyhole`, credentials);
      const want = await keyholeSends(describeSnippetRequest(request, reference), `${id}-keyhole`);
      const run = await runKind(kind, code);
      expect(run.newFiles, `${kind} created files`).toEqual([]);
      expect(run.exitCode, run.stderr.slice(0, 2000)).toBe(0);
      const sent = sentUnder(id);
      expect(sent.length, `${kind} sent one request`).toBe(1);
      const got = sent[0] as RecordedRequest;
      expectSameRequest(got, want, describedHeaders(described), kind);
      if (credentials === 'api-token') {
        // The default: whatever the target, the bridge, with the token read from the environment.
        expect(got.target.split('/')[2], kind).toBe('bridge');
        expect(got.headers.find(([name]) => name === 'authorization')?.[1], kind).toBe(
          `Bearer ${VARIABLES.CLEVER_API_TOKEN}`,
        );
      }
    });
});

describe('the real clever-tools `clever curl`', () => {
  it('signs and sends the hostile body and headers unchanged', async () => {
    const request = CORPUS[1]?.request as SendRequest;
    const context = contextFor('real-clever');
    const described = describeSnippetRequest(request, context);
    const want = await keyholeSends(
      describeSnippetRequest(request, contextFor('real-clever-keyhole')),
      'real-clever-keyhole',
    );
    const run = await runInCanaryDir('bash', ['-c', buildCleverCurl(request, context.apiBaseUrl)], {
      env: {
        PATH: `${dirname(CLEVER_BIN)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        NODE_OPTIONS: `--import=${GUARD}`,
        NO_UPDATE_NOTIFIER: '1',
        API_HOST: context.apiBaseUrl,
        OAUTH_CONSUMER_KEY: 'ck',
        OAUTH_CONSUMER_SECRET: 'cs',
        CLEVER_TOKEN: 'tok',
        CLEVER_SECRET: 'ts',
      },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.newFiles).toEqual([]);
    const sent = sentUnder('real-clever');
    expect(sent.length).toBe(1);
    const got = sent[0] as RecordedRequest;
    expectSameRequest(got, want, describedHeaders(described), 'clever');
    expect(got.headers).toContainEqual(['authorization', expect.stringContaining('oauth_consumer_key="ck"')]);
  });
});
