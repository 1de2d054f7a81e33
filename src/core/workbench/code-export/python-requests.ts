import { assertRequestsKeepsUrl, assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { OAUTH_VARIABLES, SNIPPET_VARIABLES, type Snippet, stringLiteral } from './snippet-variables.ts';

/**
 * Python with `requests` and `requests-oauthlib`: OAuth1 signs with the same method Keyhole would use
 * (HMAC-SHA512, HMAC-SHA1 or PLAINTEXT), including form fields when the body is form-urlencoded; a bridge call
 * with an API token sends it as Bearer (set by an `auth` callable, so requests reads no ~/.netrc). The body goes
 * as bytes, so what is sent is what Keyhole sends.
 */
export function buildPython(request: SnippetRequest): Snippet {
  const url = snippetUrl(request);
  assertSnippetTransport(url, request.auth);
  assertRequestsKeepsUrl(request.pathAndQuery, 'Python');
  const env = (name: string) => `os.environ[${stringLiteral(name)}]`;
  const bearer = request.auth.scheme === 'bearer';
  const headers = request.headers.map(([name, value]) => `        ${stringLiteral(name)}: ${stringLiteral(value)},`);
  const lines = ['import os', '', 'import requests'];
  // Always an `auth`: without one, requests replaces the Authorization header with ~/.netrc's login for the host.
  if (request.auth.scheme === 'bearer')
    lines.push(
      '',
      '',
      'def auth(request):',
      `    request.headers["Authorization"] = "Bearer " + ${env(SNIPPET_VARIABLES.apiToken)}`,
      '    return request',
      '',
    );
  else
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
    '    auth=auth,',
    // Keyhole follows no redirect (its fetch is `redirect: "manual"`); requests would, re-sending the body and
    // the credentials, and putting ~/.netrc's login for the new URL in place of the Authorization header.
    '    allow_redirects=False,',
    '    timeout=30,',
    ')',
    'print(response.status_code)',
    'print(response.text)',
  );
  return { code: lines.join('\n'), variables: bearer ? [SNIPPET_VARIABLES.apiToken] : OAUTH_VARIABLES, notes: [] };
}
