import { KeyholeError } from '../errors.ts';
import { trimHeaderValue } from '../http/request-guard.ts';
import { assertShellCarries } from '../shell/shell-quote.ts';

/**
 * What a command-line tool (curl, `clever curl`, HTTPie) can send exactly as Keyhole sends it, checked before a
 * command is printed: a command that would send other bytes is refused with the reason, never printed.
 */

/**
 * A header's value as it goes on the wire, or a refusal. Keyhole (fetch) sends a value's characters as Latin-1
 * bytes; a shell argument is UTF-8, so a tool would send `é` as two bytes instead of one.
 */
export function commandHeaderValue(name: string, value: string, tool: string): string {
  assertBrowserSendsHeader(name);
  const beyondAscii = /[^\t\x20-\x7e]/.exec(value);
  if (beyondAscii)
    throw new KeyholeError(
      'invalid-input',
      `Header “${name}” contains “${beyondAscii[0]}”: Keyhole sends it as one Latin-1 byte, ${tool} would send its UTF-8 bytes. Use the Python or JavaScript snippet, or only ASCII in headers.`,
    );
  return trimHeaderValue(value);
}

/** Refuses a body no shell argument can carry (NUL), naming what can. */
export function assertCommandBody(body: string, tool: string): void {
  assertShellCarries(
    body,
    'The body',
    `Use the Python or JavaScript snippet instead of ${tool}: they carry every byte.`,
  );
}

/**
 * The WHATWG Fetch "forbidden request-header" names (https://fetch.spec.whatwg.org/#forbidden-request-header):
 * Keyhole's fetch drops such a header without a word (Chromium and Firefox alike), while curl, HTTPie, Python
 * and Node send it: `Transfer-Encoding: chunked` or `Expect` would reshape the body, `Origin`/`Referer` claim
 * another page, `Connection: Upgrade` asks for another protocol. Cookie, Host, Content-Length and Proxy-
 * Authorization are refused earlier (request-guard.ts's reserved headers).
 */
const NEVER_SENT_BY_FETCH: ReadonlySet<string> = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

/** Refuses a header Keyhole's fetch never sends, so no command or snippet sends it either. */
export function assertBrowserSendsHeader(name: string): void {
  const lower = name.toLowerCase();
  if (NEVER_SENT_BY_FETCH.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-'))
    throw new KeyholeError(
      'invalid-input',
      `Header “${name}” is one browsers never send: Keyhole’s fetch drops it, so a command sending it would make another request. Remove it from the header table.`,
    );
}

/**
 * Rows with the same header name (any case) as fetch sends them: one header, the values joined by `, ` in row
 * order, under the first row's name (WHATWG Fetch "combine"). A tool given the rows apart sends other bytes:
 * curl and HTTPie two header lines, Python's dict and a JavaScript object literal only the last value.
 */
export function combineHeaders(headers: readonly [string, string][]): [string, string][] {
  const combined = new Map<string, [string, string]>();
  for (const [name, value] of headers) {
    const seen = combined.get(name.toLowerCase());
    // Joined, an empty row leaves `, ` at an end, which the tools trim: not the bytes fetch sends.
    if (seen && (seen[1] === '' || value === ''))
      throw new KeyholeError(
        'invalid-input',
        `Header “${name}” has several rows and one of them is empty: remove the empty row (Keyhole would send the values joined by “, ”).`,
      );
    if (seen) seen[1] = `${seen[1]}, ${value}`;
    else combined.set(name.toLowerCase(), [name, value]);
  }
  return [...combined.values()];
}
