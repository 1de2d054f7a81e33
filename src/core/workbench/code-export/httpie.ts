import { shellQuote } from '../build-curl-command.ts';
import { doubleQuoteWithVariables } from '../curl-credentials.ts';
import { assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { OAUTH_VARIABLES, PLAINTEXT_VALUES, SNIPPET_VARIABLES, type Snippet } from './snippet-variables.ts';

/**
 * HTTPie (`http`): one shell command. HTTPie cannot compute an HMAC signature, so an OAuth call is signed the
 * way the platform's own CLI and JS client sign: PLAINTEXT, the secrets joined by `%26`, read from the shell,
 * with no timestamp or nonce (RFC 5849 §3.1 allows that for PLAINTEXT; platform-notes.md). `--raw` sends the
 * body bytes unchanged.
 */
export function buildHttpie(request: SnippetRequest): Snippet {
  const url = snippetUrl(request);
  const auth =
    request.auth.scheme === 'oauth' ? ({ scheme: 'oauth', signatureMethod: 'PLAINTEXT' } as const) : request.auth;
  assertSnippetTransport(url, auth);
  const parts = [`http --ignore-stdin ${request.method} ${shellQuote(url)}`];
  parts.push(auth.scheme === 'bearer' ? bearerItem() : plaintextItem());
  for (const [name, value] of request.headers) parts.push(shellQuote(`${name}:${value}`));
  if (request.body !== undefined) parts.push(`--raw ${shellQuote(request.body)}`);
  const notes = [
    ...(request.auth.scheme === 'oauth' && request.auth.signatureMethod !== 'PLAINTEXT'
      ? ['HTTPie has no HMAC signer: this command signs with PLAINTEXT (the secrets themselves, over https).']
      : []),
    ...(auth.scheme === 'oauth' ? [PLAINTEXT_VALUES] : []),
  ];
  return {
    code: parts.join(' \\\n  '),
    variables: auth.scheme === 'bearer' ? [SNIPPET_VARIABLES.apiToken] : OAUTH_VARIABLES,
    notes,
  };
}

function bearerItem(): string {
  return doubleQuoteWithVariables([{ text: 'Authorization:Bearer ' }, { variable: SNIPPET_VARIABLES.apiToken }]);
}

function plaintextItem(): string {
  const order = ['oauth_consumer_key', 'oauth_token', 'oauth_signature_method', 'oauth_signature'];
  const parts: Parameters<typeof doubleQuoteWithVariables>[0][number][] = [{ text: 'Authorization:OAuth ' }];
  order.forEach((name, index) => {
    parts.push({ text: `${index === 0 ? '' : ', '}${name}="` });
    if (name === 'oauth_consumer_key') parts.push({ variable: SNIPPET_VARIABLES.consumerKey });
    else if (name === 'oauth_token') parts.push({ variable: SNIPPET_VARIABLES.token });
    else if (name === 'oauth_signature_method') parts.push({ text: 'PLAINTEXT' });
    else
      parts.push(
        { variable: SNIPPET_VARIABLES.consumerSecret },
        { text: '%26' },
        { variable: SNIPPET_VARIABLES.tokenSecret },
      );
    parts.push({ text: '"' });
  });
  return doubleQuoteWithVariables(parts);
}
