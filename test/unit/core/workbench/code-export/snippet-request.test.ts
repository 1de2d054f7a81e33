import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  buildCurlSnippet,
  buildSnippet,
  describeSnippetRequest,
  type SnippetContext,
} from '../../../../../src/core/workbench/code-export/index.ts';
import { snippetUrl } from '../../../../../src/core/workbench/code-export/snippet-request.ts';
import { stringLiteral } from '../../../../../src/core/workbench/code-export/snippet-variables.ts';

const context: SnippetContext = {
  apiBaseUrl: 'https://api.example.test/',
  bridgeUrl: 'https://bridge.example.test',
  signatureMethod: 'HMAC-SHA512',
  credentials: 'oauth',
};

describe('the request a snippet sends', () => {
  it('is what the worker sends: guarded path, encoded query and body, default headers', () => {
    const request = describeSnippetRequest(
      {
        target: 'api',
        method: 'POST',
        path: '/v2/self?a=1',
        query: [['b', 'x y']],
        headers: [['X-Note', 'n']],
        body: { kind: 'form', fields: [['k', 'v w']] },
      },
      context,
    );
    expect(request).toEqual({
      method: 'POST',
      base: 'https://api.example.test',
      pathAndQuery: '/v2/self?a=1&b=x%20y',
      headers: [
        ['X-Note', 'n'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Accept', 'application/json, */*'],
      ],
      body: 'k=v%20w',
      auth: { scheme: 'oauth', signatureMethod: 'HMAC-SHA512' },
    });
  });

  it('signs the way the worker would: the call’s method, PLAINTEXT on the bridge, Bearer with a chosen token', () => {
    const get = { method: 'GET', path: '/v2/self' } as const;
    expect(describeSnippetRequest({ ...get, target: 'api', signatureMethod: 'HMAC-SHA1' }, context).auth).toEqual({
      scheme: 'oauth',
      signatureMethod: 'HMAC-SHA1',
    });
    expect(describeSnippetRequest({ ...get, target: 'bridge' }, context).auth).toEqual({
      scheme: 'oauth',
      signatureMethod: 'PLAINTEXT',
    });
  });

  it('defaults to what a user can get: an API token, sent as Bearer to the bridge, also for an API call', () => {
    const token = { ...context, credentials: 'api-token' } as const;
    for (const target of ['api', 'bridge'] as const) {
      const described = describeSnippetRequest(
        { target, method: 'GET', path: '/v2/self', signatureMethod: 'PLAINTEXT' },
        token,
      );
      expect(described.auth).toEqual({ scheme: 'bearer' });
      expect(snippetUrl(described)).toBe(`${context.bridgeUrl}/v2/self`);
    }
    // The bridge forwards no PATCH: the same refusal as the Node runner's (core/http/api-token-route.ts).
    expect(() => describeSnippetRequest({ target: 'api', method: 'PATCH', path: '/v2/self' }, token)).toThrow(
      /does not forward PATCH.*use OAuth 1\.0a/,
    );
    // fetch has no OAuth signer: with OAuth chosen it says so instead of sending the token anyway.
    expect(() =>
      buildSnippet('fetch', describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/self' }, context)),
    ).toThrow(/no OAuth 1\.0a signer/);
    // Each snippet opens with where to get each variable it reads.
    const curl = buildCurlSnippet(describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/self' }, token));
    expect(curl.code.split('\n')[0]).toMatch(
      /^# CLEVER_API_TOKEN: an API token: in Keyhole’s DevTools panel open Tokens → Create token/,
    );
    const python = buildSnippet(
      'python',
      describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/self' }, context),
    );
    expect(python.code.split('\n').slice(0, 4)).toEqual(
      python.variables.map((name) => expect.stringMatching(new RegExp(`^# ${name}: \\S`))),
    );
  });

  it('refuses a method the worker refuses, before HTTPie prints it as a bare word', () => {
    for (const method of ['GET;touch pwned', 'TRACE', 'M-SEARCH'])
      expect(() =>
        buildSnippet('httpie', describeSnippetRequest({ target: 'api', method, path: '/v2/self' } as never, context)),
      ).toThrow(/method|never send TRACE/i);
    expect(describeSnippetRequest({ target: 'api', method: 'patch' as never, path: '/v2/x' }, context).method).toBe(
      'PATCH',
    );
  });

  it('refuses what the worker refuses', () => {
    expect(() => describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/../x' }, context)).toThrow(
      /dot-segment|\.\./,
    );
    expect(() =>
      describeSnippetRequest(
        { target: 'api', method: 'GET', path: '/v2/self', body: { kind: 'json', text: '{}' } },
        context,
      ),
    ).toThrow(/cannot have a body/);
  });
});

describe('snippets', () => {
  const plainHttp = { ...context, apiBaseUrl: 'http://api.example.test' };

  it('never send a reusable credential over plain http to another machine', () => {
    const request = describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/self' }, plainHttp);
    // HTTPie and the official client sign with PLAINTEXT; Python with HMAC is fine over http.
    expect(() => buildSnippet('httpie', request)).toThrow(/only over https/);
    expect(() => buildSnippet('node', request)).toThrow(/only over https/);
    expect(buildSnippet('python', request).code).toContain('signature_method="HMAC-SHA512"');
  });

  it('fetch goes through the bridge with the API token', () => {
    const get = buildSnippet(
      'fetch',
      describeSnippetRequest(
        { target: 'api', method: 'GET', path: '/v2/self' },
        { ...context, credentials: 'api-token' },
      ),
    );
    expect(get.code).toContain('fetch("https://bridge.example.test/v2/self"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated JavaScript's own template literal, as text
    expect(get.code).toContain('Bearer ${process.env.CLEVER_API_TOKEN}');
    expect(get.variables).toEqual(['CLEVER_API_TOKEN']);
  });

  it('read every credential from the environment and say when they sign otherwise than Keyhole', () => {
    const request = describeSnippetRequest({ target: 'api', method: 'GET', path: '/v2/self' }, context);
    const httpie = buildSnippet('httpie', request);
    expect(httpie.code).toContain(
      `"Authorization:OAuth oauth_consumer_key=\\"$CLEVER_CONSUMER_KEY\\", oauth_token=\\"$CLEVER_TOKEN\\", oauth_signature_method=\\"PLAINTEXT\\", oauth_signature=\\"$CLEVER_CONSUMER_SECRET%26$CLEVER_TOKEN_SECRET\\""`,
    );
    expect(httpie.notes.join(' ')).toMatch(/no HMAC signer/);
    const python = buildSnippet('python', request);
    for (const name of ['CLEVER_CONSUMER_KEY', 'CLEVER_CONSUMER_SECRET', 'CLEVER_TOKEN', 'CLEVER_TOKEN_SECRET'])
      expect(python.code).toContain(`os.environ["${name}"]`);
    expect(python.notes).toEqual([]);
  });
});

describe('string literals in the code', () => {
  it('show what runs: bidi controls, zero-width characters, C1 and U+2028/2029 as escapes, read back by node and python3', () => {
    // Trojan Source (CVE-2021-42574): raw, a bidi override in a body reorders the rest of the line on screen and
    // U+2028 shows as a line break, so the snippet would read as other code than the code that runs.
    const value = 'a\u202e"; auth=None #\u2066b\u2069 \u200b\u2028\u2029\u0085\ufeff\u00ad\\\u202e 😀 \u{E0041}';
    const literal = stringLiteral(value);
    expect(literal.replace(/[\u{10000}-\u{10ffff}]/gu, '')).toMatch(/^[\x20-\x7e]*$/);
    expect(literal).toContain('\\u202e');
    const fromNode = execFileSync(process.execPath, ['-e', `process.stdout.write(${literal})`]);
    const fromPython = execFileSync('python3', [
      '-c',
      `import sys; sys.stdout.buffer.write(${literal}.encode("utf-8"))`,
    ]);
    expect(fromNode.toString('utf8')).toBe(value);
    expect(fromPython.toString('utf8')).toBe(value);
  });
});
