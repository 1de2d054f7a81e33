import { assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import {
  assertJavaScriptCarriesHeaders,
  OAUTH_VARIABLES,
  PLAINTEXT_VALUES,
  SNIPPET_VARIABLES,
  type Snippet,
  stringLiteral,
} from './snippet-variables.ts';

/**
 * Node with the platform's official client, `@clevercloud/client`: its request pipeline (`prefixUrl`, then
 * `addOauthHeader` — the client's only signer, PLAINTEXT — then `request`, which throws on an error status).
 * A bridge call with an API token sets the Bearer header instead of signing.
 */
export function buildNodeClient(request: SnippetRequest): Snippet {
  const bearer = request.auth.scheme === 'bearer';
  assertSnippetTransport(
    snippetUrl(request),
    bearer ? request.auth : { scheme: 'oauth', signatureMethod: 'PLAINTEXT' },
  );
  assertJavaScriptCarriesHeaders(request.headers);
  const env = (name: string) => `process.env.${name}`;
  const headers = [
    ...(bearer ? [`    Authorization: \`Bearer \${${env(SNIPPET_VARIABLES.apiToken)}}\`,`] : []),
    ...request.headers.map(([name, value]) => `    ${stringLiteral(name)}: ${stringLiteral(value)},`),
  ];
  const lines = [
    '// Node 18+, as an ES module (e.g. call.mjs), with: npm install @clevercloud/client',
    ...(bearer ? [] : ["import { addOauthHeader } from '@clevercloud/client/esm/oauth.js';"]),
    "import { prefixUrl } from '@clevercloud/client/esm/prefix-url.js';",
    "import { request } from '@clevercloud/client/esm/request.fetch.js';",
    '',
    ...(bearer
      ? []
      : [
          'const tokens = {',
          `  OAUTH_CONSUMER_KEY: ${env(SNIPPET_VARIABLES.consumerKey)},`,
          `  OAUTH_CONSUMER_SECRET: ${env(SNIPPET_VARIABLES.consumerSecret)},`,
          `  API_OAUTH_TOKEN: ${env(SNIPPET_VARIABLES.token)},`,
          `  API_OAUTH_TOKEN_SECRET: ${env(SNIPPET_VARIABLES.tokenSecret)},`,
          '};',
          '',
        ]),
    'const result = await Promise.resolve({',
    `  method: ${stringLiteral(request.method)},`,
    `  url: ${stringLiteral(request.pathAndQuery)},`,
    '  headers: {',
    ...headers,
    '  },',
    ...(request.body !== undefined ? [`  body: ${stringLiteral(request.body)},`] : []),
    // The client hands these to fetch: like Keyhole, follow no redirect (it would re-send the credentials there).
    "  redirect: 'manual',",
    '})',
    `  .then(prefixUrl(${stringLiteral(request.base)}))`,
    ...(bearer ? [] : ['  .then(addOauthHeader(tokens))']),
    '  .then(request);',
    'console.log(JSON.stringify(result, null, 2));',
  ];
  const notes = [
    ...(request.auth.scheme === 'oauth' && request.auth.signatureMethod !== 'PLAINTEXT'
      ? ['The official client signs with PLAINTEXT (the secrets themselves, over https), not HMAC.']
      : []),
    ...(bearer ? [] : [PLAINTEXT_VALUES]),
  ];
  return { code: lines.join('\n'), variables: bearer ? [SNIPPET_VARIABLES.apiToken] : OAUTH_VARIABLES, notes };
}
