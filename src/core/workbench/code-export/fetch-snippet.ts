import { KeyholeError } from '../../errors.ts';
import { assertSnippetTransport, type SnippetRequest } from './snippet-request.ts';
import { assertJavaScriptCarriesHeaders, SNIPPET_VARIABLES, type Snippet, stringLiteral } from './snippet-variables.ts';

/**
 * JavaScript `fetch` (Node 18+ as an ES module, or any runtime with `fetch` and `process.env`): always through
 * the bridge with a Bearer API token, since a script cannot hold an OAuth signer without a library. The bridge
 * proxies `/v2` and `/v4` except PATCH (platform-notes.md), so an API call is rewritten to the bridge there.
 */
export function buildFetch(request: SnippetRequest): Snippet {
  if (request.method === 'PATCH')
    throw new KeyholeError('invalid-input', 'The bridge does not proxy PATCH: use Python or curl for this call.');
  const onApi = !request.base.startsWith(request.bridgeUrl) || request.auth.scheme !== 'bearer';
  if (onApi && !/^\/v[24]\//.test(request.pathAndQuery))
    throw new KeyholeError('invalid-input', 'Only /v2 and /v4 calls go through the bridge with an API token.');
  const url = `${request.bridgeUrl}${request.pathAndQuery}`;
  assertSnippetTransport(url, { scheme: 'bearer' });
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
    notes: onApi ? ['fetch calls go through the bridge with an API token (Bearer), whatever the target.'] : [],
  };
}
