import { assertRequestsKeepsUrl, assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { OAUTH_VARIABLES, SNIPPET_VARIABLES, type Snippet, stringLiteral } from './snippet-variables.ts';

/**
 * Python with `requests` and `requests-oauthlib`: OAuth1 signs with the same method Keyhole would use
 * (HMAC-SHA512, HMAC-SHA1 or PLAINTEXT), including form fields when the body is form-urlencoded; a bridge call
 * with an API token sends it as Bearer. The body goes as bytes, so what is sent is what Keyhole sends.
 */
export function buildPython(request: SnippetRequest): Snippet {
  const url = snippetUrl(request);
  assertSnippetTransport(url, request.auth);
  assertRequestsKeepsUrl(request.pathAndQuery, 'Python');
  const env = (name: string) => `os.environ[${stringLiteral(name)}]`;
  const bearer = request.auth.scheme === 'bearer';
  const headers = [
    ...(bearer ? [`        "Authorization": "Bearer " + ${env(SNIPPET_VARIABLES.apiToken)},`] : []),
    ...request.headers.map(([name, value]) => `        ${stringLiteral(name)}: ${stringLiteral(value)},`),
  ];
  const lines = ['import os', '', 'import requests'];
  if (request.auth.scheme === 'oauth')
    lines.push(
      'from requests_oauthlib import OAuth1',
      '',
      'auth = OAuth1(',
      `    ${env(SNIPPET_VARIABLES.consumerKey)},`,
      `    client_secret=${env(SNIPPET_VARIABLES.consumerSecret)},`,
      `    resource_owner_key=${env(SNIPPET_VARIABLES.token)},`,
      `    resource_owner_secret=${env(SNIPPET_VARIABLES.tokenSecret)},`,
      `    signature_method=${stringLiteral(request.auth.signatureMethod)},`,
      ')',
    );
  lines.push(
    '',
    'response = requests.request(',
    `    ${stringLiteral(request.method)},`,
    `    ${stringLiteral(url)},`,
    '    headers={',
    ...headers,
    '    },',
    ...(request.body !== undefined ? [`    data=${stringLiteral(request.body)}.encode("utf-8"),`] : []),
    ...(bearer ? [] : ['    auth=auth,']),
    '    timeout=30,',
    ')',
    'print(response.status_code)',
    'print(response.text)',
  );
  return { code: lines.join('\n'), variables: bearer ? [SNIPPET_VARIABLES.apiToken] : OAUTH_VARIABLES, notes: [] };
}
