import { KeyholeError } from '../../errors.ts';
import { shellQuote } from '../../shell/shell-quote.ts';
import { assertCommandBody, commandHeaderValue } from '../command-values.ts';
import { doubleQuoteWithVariables } from '../curl-credentials.ts';
import { assertRequestsKeepsUrl, assertSnippetTransport, type SnippetRequest, snippetUrl } from './snippet-request.ts';
import { OAUTH_VARIABLES, PLAINTEXT_VALUES, SNIPPET_VARIABLES, type Snippet } from './snippet-variables.ts';

/**
 * HTTPie (`http`): one shell command. HTTPie cannot compute an HMAC signature, so an OAuth call is signed the
 * way the platform's own CLI and JS client sign: PLAINTEXT, the secrets joined by `%26`, read from the shell,
 * with no timestamp or nonce (RFC 5849 §3.1 allows that for PLAINTEXT; platform-notes.md).
 *
 * HTTPie reads its own syntax in every request item (https://httpie.io/docs/cli/request-items; httpie/cli/
 * argtypes.py `KeyValueArgType`): the separator is the first one found, the longest at that place, among
 * `:` `;` `:@` `=` `:=` `@` `=@` `:=@` `==` `==@`, and `\` before one of `: ; @ =` makes it literal. So
 * `Name:@f` reads a header from a file, `Name:=@f.json` a JSON body field from one, `Name:={…}` makes a body
 * field, and `Name:` (empty) unsets the header. Header names are RFC 9110 tokens (none of those characters), so
 * only the value's first character can join the separator: a leading `=` or `@` is escaped, an empty value is
 * written `Name;` (HTTPie's empty header). `\\` is not an escape there, so a backslash right before `: ; @ =`
 * cannot be written and is refused. The body goes as `--raw=…`, which HTTPie sends as given ("without extra
 * processing"); the `=` form keeps a body starting with `-` from being read as an option by argparse.
 * The first line is the program and its options; then method and URL; then one item per line.
 */
export function buildHttpie(request: SnippetRequest): Snippet {
  const url = snippetUrl(request);
  const auth =
    request.auth.scheme === 'oauth' ? ({ scheme: 'oauth', signatureMethod: 'PLAINTEXT' } as const) : request.auth;
  assertSnippetTransport(url, auth);
  assertRequestsKeepsUrl(request.pathAndQuery, 'HTTPie');
  const parts = [`http ${HTTPIE_OWN_OPTIONS_OFF}`];
  if (request.body !== undefined) {
    assertCommandBody(request.body, 'HTTPie');
    parts.push(`--raw=${shellQuote(request.body)}`);
  }
  // After `--`, argparse reads every word as a request item, also one starting with `-` (a header named `-x`).
  parts.push(`${request.method} ${shellQuote(url, 'The URL')} --`);
  parts.push(auth.scheme === 'bearer' ? bearerItem() : plaintextItem());
  for (const [name, value] of request.headers) parts.push(shellQuote(headerItem(name, value), `Header “${name}”`));
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

/**
 * HTTPie reads `~/.netrc`, and `default_options` from its config.json (~/.config/httpie), which would change what
 * is sent: `--auth` replaces our Authorization (Basic from the file), `--follow` follows a redirect Keyhole never
 * follows (and then requests reads ~/.netrc anyway), `--session` stores the token on disk and adds saved headers,
 * `--chunked`/`--compress` reshape the body. Each is turned off here (`--no-OPTION` unsets a default option);
 * `--ignore-stdin` keeps a piped stdin from becoming the body.
 */
const HTTPIE_OWN_OPTIONS_OFF =
  '--ignore-stdin --ignore-netrc --no-auth --no-session --no-session-read-only --no-follow --no-chunked --no-compress';

/** A header as an HTTPie request item that HTTPie reads as exactly that name and value. */
export function headerItem(name: string, value: string): string {
  const sent = commandHeaderValue(name, value, 'HTTPie');
  if (sent === '') return `${name};`;
  if (/\\[:;@=]/.test(sent))
    throw new KeyholeError(
      'invalid-input',
      `Header “${name}” has a backslash before “:”, “;”, “@” or “=”, which HTTPie reads as an escape and drops: use curl or another snippet for this call.`,
    );
  return `${name}:${/^[=@]/.test(sent) ? '\\' : ''}${sent}`;
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
