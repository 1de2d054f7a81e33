import { KeyholeError } from '../errors.ts';
import { buildRequestUrl } from '../http/request-url.ts';
import { percentEncode } from '../oauth1/percent-encode.ts';
import type { SendRequest } from '../protocol.ts';
import { quoteShellWord } from './shell-words.ts';

/**
 * Writes a request as a `clever curl` command: the platform CLI's curl wrapper signs with the account logged in
 * to the CLI, so the command carries no Authorization header and no secret, and can be shared as is.
 * The CLI signs for the API, not the bridge, so bridge requests are refused with an explanation.
 */
export function buildCleverCurl(request: SendRequest, apiBaseUrl: string): string {
  if (request.target === 'bridge')
    throw new KeyholeError(
      'invalid-input',
      '`clever curl` signs for the API, not the bridge: switch the target to API, or use “Copy as curl”.',
    );
  // The URL is always quoted: an `&` or `?` in it must never reach the shell as syntax.
  const url = buildRequestUrl(apiBaseUrl, request.path, request.query);
  const lines = [`clever curl -X ${request.method} '${url.replaceAll("'", "'\\''")}'`];
  const body = request.body ?? { kind: 'none' };
  const headers = [...(request.headers ?? [])];
  const hasContentType = headers.some(([name]) => name.toLowerCase() === 'content-type');
  if (!hasContentType) {
    if (body.kind === 'json') headers.push(['Content-Type', 'application/json']);
    if (body.kind === 'form') headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
    if (body.kind === 'text') headers.push(['Content-Type', body.contentType]);
  }
  for (const [name, value] of headers) lines.push(`-H ${quoteShellWord(`${name}: ${value}`)}`);
  if (body.kind === 'json' || body.kind === 'text') lines.push(`--data-raw ${quoteShellWord(body.text)}`);
  if (body.kind === 'form') {
    const encoded = body.fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
    lines.push(`--data-raw ${quoteShellWord(encoded)}`);
  }
  return lines.join(' \\\n  ');
}
