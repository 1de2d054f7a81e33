import { KeyholeError } from '../../errors.ts';
import { assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { assertJavaScriptCarriesHeaders, SNIPPET_VARIABLES, type Snippet, stringLiteral } from './snippet-variables.ts';

/**
 * JavaScript `fetch` (Node 18+ as an ES module, or any runtime with `fetch` and `process.env`): only with an API
 * token (Bearer, to the bridge), since a script cannot hold an OAuth signer without a library.
 */
export function buildFetch(request: SnippetRequest): Snippet {
  if (request.auth.scheme !== 'bearer')
    throw new KeyholeError(
      'invalid-input',
      'JavaScript fetch has no OAuth 1.0a signer: choose the API token, or Node (@clevercloud/client) or Python for OAuth.',
    );
  const url = snippetUrl(request);
  assertSnippetTransport(url, request.auth);
  assertJavaScriptCarriesHeaders(request.headers);
  const headers = [
    `    Authorization: \`Bearer \${process.env.${SNIPPET_VARIABLES.apiToken}}\`,`,
    ...request.headers.map(([name, value]) => `    ${stringLiteral(name)}: ${stringLiteral(value)},`),
  ];
  const lines = [
    `const response = await fetch(${stringLiteral(url)}, {`,
    `  method: ${stringLiteral(request.method)},`,
    '  headers: {',
    ...headers,
    '  },',
    ...(request.body !== undefined ? [`  body: ${stringLiteral(request.body)},`] : []),
    // As Keyhole sends it: a redirect is not followed (fetch would re-send the token and the body there).
    "  redirect: 'manual',",
    '});',
    'console.log(response.status);',
    'console.log(await response.text());',
  ];
  return {
    code: lines.join('\n'),
    variables: [SNIPPET_VARIABLES.apiToken],
    notes: [],
  };
}
