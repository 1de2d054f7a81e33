import { KeyholeError } from '../../errors.ts';
import { buildCurlCommand } from '../build-curl-command.ts';
import { bearerAuthorizationWord } from '../curl-credentials.ts';
import { assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { SNIPPET_VARIABLES, type Snippet } from './snippet-variables.ts';
import { variableComments } from './variable-sources.ts';

/**
 * curl with an API token: built in the page like the other snippets, since it holds no credential (the token is
 * read from `$CLEVER_API_TOKEN`). With OAuth, curl cannot sign for itself: the worker signs the command instead
 * (background/curl-export.ts).
 */
export function buildCurlSnippet(request: SnippetRequest): Snippet {
  if (request.auth.scheme !== 'bearer')
    throw new KeyholeError('invalid-input', 'curl with OAuth 1.0a is signed by Keyhole’s worker, not built here.');
  const url = snippetUrl(request);
  assertSnippetTransport(url, request.auth);
  const command = buildCurlCommand({
    method: request.method,
    url,
    headers: request.headers,
    authorizationWord: bearerAuthorizationWord(),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  const variables = [SNIPPET_VARIABLES.apiToken];
  return { code: [...variableComments(variables, '#'), command].join('\n'), variables, notes: [] };
}
