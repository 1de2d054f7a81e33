import { KeyholeError } from '../errors.ts';
import type { SendRequest } from '../protocol.ts';
import { shellQuote } from '../shell/shell-quote.ts';
import { CURL_NO_CONFIG, curlHeaderAndBodyWords, curlMethodWords } from './build-curl-command.ts';
import { describeSnippetRequest, snippetUrl } from './code-export/snippet-request.ts';

/**
 * Writes a request as a `clever curl` command: the platform CLI's curl wrapper signs with the account logged in
 * to the CLI, so the command carries no Authorization header and no secret, and can be shared as is.
 * The CLI signs for the API, not the bridge, so bridge requests are refused with an explanation.
 *
 * clever-tools' `curl.command.js` passes its arguments unchanged to a spawned `curl` (no shell) and appends
 * `-H 'authorization: OAuth …'`, unless the last argument is `--help` or `-h`; so the words are curl's, built
 * by the same code as "Copy as curl" (see build-curl-command.ts for what curl reads literally), from the request
 * as the worker would send it (same guards, body encoding and default headers), and the URL comes last, where
 * no body or header value can be taken for `--help`.
 */
export function buildCleverCurl(request: SendRequest, apiBaseUrl: string): string {
  if (request.target === 'bridge')
    throw new KeyholeError(
      'invalid-input',
      '`clever curl` signs for the API, not the bridge: switch the target to API, or use “Copy as curl”.',
    );
  const described = describeSnippetRequest(request, {
    apiBaseUrl,
    bridgeUrl: apiBaseUrl,
    signatureMethod: 'PLAINTEXT',
    credentials: 'oauth',
  });
  // clever-tools puts our words first on curl's command line, so `-q` (no ~/.curlrc) can lead there too.
  const lines = [['clever curl', CURL_NO_CONFIG, '--globoff', ...curlMethodWords(described.method)].join(' ')];
  // Option and value on one line each: the words come in pairs.
  const pairs = curlHeaderAndBodyWords(described, 'clever curl');
  for (let index = 0; index < pairs.length; index += 2) lines.push(`${pairs[index]} ${pairs[index + 1]}`);
  lines.push(shellQuote(snippetUrl(described), 'The URL'));
  return lines.join(' \\\n  ');
}
