/**
 * Every generated snippet, run for real against the sandbox (which verifies signatures with its own code):
 * HTTPie and Python when their Debian packages are installed (skipped with the reason otherwise), Node always.
 * Credentials come only from environment variables; the snippets hold none.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../../scripts/system-packages.ts';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import {
  buildCurlSnippet,
  buildSnippet,
  describeSnippetRequest,
  SNIPPET_VARIABLES,
  type SnippetContext,
  type SnippetLanguage,
} from '../../../../../src/core/workbench/code-export/index.ts';
import { officialDance } from '../../../../platform/conformance/context.ts';
import { type Platform, startPlatform } from '../../../../platform/index.ts';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../../../../platform/resources-test-only.ts';
import { printedResponse, runSnippet } from '../../../../platform/support/run-snippet.ts';

let platform: Platform;
let context: SnippetContext;
let variables: Record<string, string>;

beforeAll(async () => {
  platform = await startPlatform();
  const access = await officialDance(platform);
  context = {
    apiBaseUrl: platform.api,
    bridgeUrl: platform.bridge,
    signatureMethod: 'HMAC-SHA512',
    credentials: 'oauth',
  };
  variables = {
    [SNIPPET_VARIABLES.consumerKey]: platform.consumerKey,
    [SNIPPET_VARIABLES.consumerSecret]: platform.consumerSecret,
    [SNIPPET_VARIABLES.token]: access.token,
    [SNIPPET_VARIABLES.tokenSecret]: access.secret,
    [SNIPPET_VARIABLES.apiToken]: platform.apiToken,
  };
});

afterAll(() => platform?.close());

const noHttpie = missingReason('httpie', existsSync);
const noPython = missingReason('requestsOauthlib', existsSync);

/** The default a new user has: an API token from the Tokens view, through the bridge. */
const TOKEN = { credentials: 'api-token' } as const;

async function run(language: SnippetLanguage | 'curl', request: SendRequest, override: Partial<SnippetContext> = {}) {
  const described = describeSnippetRequest(request, { ...context, ...override });
  const snippet = language === 'curl' ? buildCurlSnippet(described) : buildSnippet(language, described);
  for (const secret of [platform.consumerSecret, platform.apiToken, variables.CLEVER_TOKEN_SECRET ?? '?'])
    expect(snippet.code).not.toContain(secret);
  const only = Object.fromEntries(snippet.variables.map((name) => [name, variables[name] ?? '']));
  return { snippet, result: await runSnippet(language, snippet.code, only) };
}

const selfWithQuery: SendRequest = {
  target: 'api',
  method: 'GET',
  path: '/v2/self',
  query: [['note', "it's a b&c é"]],
};
const formPost: SendRequest = {
  target: 'api',
  method: 'POST',
  path: TEST_ONLY_SIGNED_FORM_PATH,
  body: {
    kind: 'form',
    fields: [
      ['name', 'FROM_SNIPPET'],
      ['value', 'x y+z&é'],
    ],
  },
};
const renameSelf = (name: string): SendRequest => ({
  target: 'api',
  method: 'PUT',
  path: '/v2/self',
  body: { kind: 'json', text: JSON.stringify({ name }) },
});
const bridgeSelf: SendRequest = { target: 'bridge', method: 'GET', path: '/v2/self' };

describe('HTTPie', () => {
  it.skipIf(noHttpie)('GET with a query, PLAINTEXT from the shell variables', async () => {
    const { result } = await run('httpie', selfWithQuery);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ email: platform.user.email });
  });

  it.skipIf(noHttpie)('a JSON PUT, and a Bearer call on the bridge', async () => {
    const put = await run('httpie', renameSelf('Ada via HTTPie'));
    expect(put.result.exitCode, put.result.stderr).toBe(0);
    expect(JSON.parse(put.result.stdout)).toMatchObject({ name: 'Ada via HTTPie' });
    const bridge = await run('httpie', bridgeSelf, TOKEN);
    expect(bridge.result.exitCode, bridge.result.stderr).toBe(0);
    expect(bridge.snippet.variables).toEqual(['CLEVER_API_TOKEN']);
  });

  it.skipIf(noHttpie)('a form POST whose fields arrive unchanged', async () => {
    const { result } = await run('httpie', formPost);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(platform.state.signedForms.at(-1)?.fields).toEqual([
      ['name', 'FROM_SNIPPET'],
      ['value', 'x y+z&é'],
    ]);
  });
});

describe('JavaScript fetch (Node)', () => {
  it('calls the bridge with the API token, also for an API call', async () => {
    for (const request of [bridgeSelf, selfWithQuery]) {
      const { snippet, result } = await run('fetch', request, TOKEN);
      expect(snippet.code).toContain(`fetch("${platform.bridge}/v2/self`);
      expect(result.exitCode, result.stderr).toBe(0);
      const printed = printedResponse(result.stdout);
      expect(printed.status).toBe(200);
      expect(JSON.parse(printed.body)).toMatchObject({ email: platform.user.email });
    }
  });

  it('fails with the platform’s refusal when the token is wrong, not silently', async () => {
    const snippet = buildSnippet('fetch', describeSnippetRequest(bridgeSelf, { ...context, ...TOKEN }));
    const result = await runSnippet('fetch', snippet.code, { CLEVER_API_TOKEN: 'not-a-token' });
    expect(printedResponse(result.stdout).status).toBe(401);
  });
});

describe('Node with @clevercloud/client', () => {
  it('GET with a query, JSON PUT and a form POST, signed by the client', async () => {
    const get = await run('node', selfWithQuery);
    expect(get.result.exitCode, get.result.stderr).toBe(0);
    expect(JSON.parse(get.result.stdout)).toMatchObject({ email: platform.user.email });
    expect(get.snippet.notes.join(' ')).toMatch(/PLAINTEXT/);
    const put = await run('node', renameSelf('Ada via Node'));
    expect(put.result.exitCode, put.result.stderr).toBe(0);
    expect(JSON.parse(put.result.stdout)).toMatchObject({ name: 'Ada via Node' });
    const form = await run('node', formPost);
    expect(form.result.exitCode, form.result.stderr).toBe(0);
    expect(platform.state.signedForms.at(-1)?.fields).toEqual([
      ['name', 'FROM_SNIPPET'],
      ['value', 'x y+z&é'],
    ]);
  });

  it('a Bearer call on the bridge', async () => {
    const { result } = await run('node', bridgeSelf, TOKEN);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ email: platform.user.email });
  });
});

describe('Python with requests-oauthlib', () => {
  for (const signatureMethod of ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'] as const)
    it.skipIf(noPython)(`GET with a query and a form POST, ${signatureMethod}`, async () => {
      const get = await run('python', selfWithQuery, { signatureMethod });
      expect(get.snippet.code).toContain(`signature_method="${signatureMethod}"`);
      const printed = printedResponse(get.result.stdout);
      expect(printed.status, get.result.stderr + printed.body).toBe(200);
      expect(JSON.parse(printed.body)).toMatchObject({ email: platform.user.email });
      const form = await run('python', formPost, { signatureMethod });
      expect(printedResponse(form.result.stdout).status, form.result.stdout).toBe(200);
      // The sandbox verified the signature over the form fields (they are in the base string) before answering.
      expect(platform.state.signedForms.at(-1)).toEqual({
        fields: [
          ['name', 'FROM_SNIPPET'],
          ['value', 'x y+z&é'],
        ],
        signatureMethod: 'OAuth',
      });
    });

  it.skipIf(noPython)('a JSON PUT, and a Bearer call on the bridge', async () => {
    const put = await run('python', renameSelf('Ada via Python'));
    expect(printedResponse(put.result.stdout).status, put.result.stdout + put.result.stderr).toBe(200);
    const bridge = await run('python', bridgeSelf, TOKEN);
    expect(printedResponse(bridge.result.stdout).status, bridge.result.stderr).toBe(200);
  });
});

describe('the default credentials: an API token, through the bridge, in every language', () => {
  const languages = ['curl', 'httpie', 'fetch', 'node', 'python'] as const;
  for (const language of languages)
    it.skipIf(language === 'httpie' ? noHttpie : language === 'python' ? noPython : undefined)(
      `${language}: an API call and a JSON PUT, read back`,
      async () => {
        const get = await run(language, selfWithQuery, TOKEN);
        expect(get.snippet.variables).toEqual([SNIPPET_VARIABLES.apiToken]);
        // It says where the variable comes from, in the code itself.
        expect(get.snippet.code).toMatch(/CLEVER_API_TOKEN: an API token: in Keyhole’s DevTools panel open Tokens/);
        expect(get.snippet.code).toContain(platform.bridge);
        expect(get.snippet.code).not.toContain(platform.api);
        expect(get.result.exitCode, get.result.stderr).toBe(0);
        expect(get.result.stdout).toContain(platform.user.email);
        const name = `Ada via ${language} and a token`;
        const put = await run(language, renameSelf(name), TOKEN);
        expect(put.result.exitCode, put.result.stderr).toBe(0);
        const user = [...platform.state.users.values()].find((each) => each.email === platform.user.email);
        expect(user?.name).toBe(name);
      },
    );
});
