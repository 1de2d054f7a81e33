import { trimHeaderValue } from '../http/request-guard.ts';
import { quoteShellWord, shellQuote } from '../shell/shell-quote.ts';
import { assertCommandBody, combineHeaders, commandHeaderValue } from './command-values.ts';

/**
 * Prints a prepared request as a POSIX-shell curl command that sends exactly the same bytes, whatever they are.
 * curl reads some arguments as its own syntax, so each value goes where curl takes it literally (curl(1),
 * https://curl.se/docs/manpage.html):
 * - the body with `--data-raw`: `-d`/`--data`/`--data-binary` read a file for a value starting with `@`
 *   (`@/home/you/.ssh/id_ed25519` would send that key), and `-d` also strips CR and LF from a file;
 *   `--data-raw` "posts data similarly to --data but without the special interpretation of the @ character";
 * - headers with `-H 'Name: value'`, never a value of ours at the start of the argument: since curl 7.55.0
 *   `-H @file` reads headers from a file (our names are RFC 9110 tokens, so never start with `@`); an empty value
 *   is written `Name;` because `Name:` removes the header instead of sending it empty;
 * - the URL with `--globoff`: otherwise `[a-z]` and `{a,b}` in it are globs that send several requests;
 * - HEAD with `--head`: `-X HEAD` makes curl wait for a body that never comes.
 * - `-q` (`--disable`) first: otherwise curl reads `~/.curlrc` (or `$CURL_HOME`/`$XDG_CONFIG_HOME`'s), whose lines
 *   are options too: `header = …` or `data-binary = "@file"` there would change the request or send a file. curl
 *   honours `-q` only as the very first argument.
 * The argument after an option is taken as its value even when it starts with `-`, so a leading `-` is inert.
 */

export interface CurlInput {
  method: string;
  url: string;
  headers: readonly [string, string][];
  /**
   * The Authorization header as a ready shell word, first among the headers. It may expand shell variables
   * (a credential the command must not hold, see curl-credentials.ts), so it is not quoted again.
   */
  authorizationWord?: string;
  body?: string;
}

/** curl's first argument: read no `.curlrc` (it must come before any other option). */
export const CURL_NO_CONFIG = '-q';

/** `-X METHOD`, or `--head` for HEAD. */
export function curlMethodWords(method: string): string[] {
  return method === 'HEAD' ? ['--head'] : ['-X', quoteShellWord(method, 'The method')];
}

/** The headers and the body, as shell words; refuses what `tool` could not send exactly. */
export function curlHeaderAndBodyWords(input: Omit<CurlInput, 'method' | 'url'>, tool: string): string[] {
  const words: string[] = [];
  if (input.authorizationWord !== undefined) words.push('-H', input.authorizationWord);
  for (const [name, value] of combineHeaders(input.headers.map(([n, v]) => [n, trimHeaderValue(v)]))) {
    const sent = commandHeaderValue(name, value, tool);
    words.push('-H', shellQuote(sent === '' ? `${name};` : `${name}: ${sent}`, `Header “${name}”`));
  }
  if (input.body !== undefined) {
    assertCommandBody(input.body, tool);
    words.push('--data-raw', shellQuote(input.body));
  }
  return words;
}

export function buildCurlCommand(input: CurlInput): string {
  return [
    'curl',
    CURL_NO_CONFIG,
    '-sS',
    '--globoff',
    ...curlMethodWords(input.method),
    // As fetch puts it on the wire (WHATWG URL serializer): curl would refuse a space, and sends the rest as given.
    shellQuote(new URL(input.url).href, 'The URL'),
    ...curlHeaderAndBodyWords(input, 'curl'),
  ].join(' ');
}
