import { KeyholeError } from '../errors.ts';
import { isLoopbackHost } from '../profiles/profile-validation.ts';
import type { RequestTarget } from '../protocol.ts';

/**
 * Guards between what a page asks for and what the worker signs. A page can be wrong or compromised, so
 * the worker signs only for the profile's own API and bridge origins, and only paths that stay inside the
 * versioned API after every decoding trick a server might apply.
 */

const API_PREFIXES = ['/v2/', '/v4/'];
/** The bridge also serves API-token management (platform-notes.md). */
const BRIDGE_EXTRA_PREFIXES = ['/api-tokens'];

export interface GuardedPath {
  /** The path to request, as given (percent-escapes kept). */
  path: string;
  /** Query pairs found after a `?` in the given path, decoded. */
  query: [string, string][];
}

/** What a path hides behind its percent-escapes, or why it is outside what the worker signs for. */
export type HiddenPathProblem =
  | 'malformed-escape'
  | 'invalid-utf8'
  | 'nested-encoding'
  | 'control'
  | 'backslash'
  | 'dot-segment'
  | 'empty-segment'
  | 'encoded-slash'
  | 'outside-api';

const REFUSALS: Record<Exclude<HiddenPathProblem, 'outside-api'>, string> = {
  'malformed-escape':
    'it contains a malformed percent-escape (% must be followed by two hex digits; a literal % is %25).',
  'invalid-utf8': 'its percent-escapes are not valid UTF-8 (e.g. an overlong %C0%AE).',
  'nested-encoding': 'it is percent-encoded more times over than any server decodes (e.g. %2525252e).',
  control: 'it contains an encoded control character.',
  backslash: 'it contains an encoded backslash or a look-alike (＼).',
  'dot-segment':
    'it contains a . or .. segment (path traversal), possibly encoded, look-alike (．) or with ;parameters.',
  'empty-segment': 'it contains an empty segment (//).',
  'encoded-slash': 'it contains an encoded slash (%2F) or a look-alike (／) that a server may read as a separator.',
};

/**
 * Accepts `/v2/...` or `/v4/...` (bridge: also `/api-tokens...`), optionally followed by `?query`.
 * Refuses absolute URLs, protocol-relative paths, backslashes, control characters, fragments, and any
 * `.`/`..` segment, also when hidden behind percent-encoding (`%2e%2e`, `%2f`, `%5c`).
 */
export function guardPath(rawPath: string, target: RequestTarget): GuardedPath {
  // The refusal quotes the path only up to where a parameter could start (`;`, `?`, `=`, `&`, or any escape such as
  // an encoded `;`): an error message never holds a secret (it is shown, kept in history and written to run
  // reports), and the composer lets a path over 8192 characters reach this (`/v2/self;access_token=…;pad=…`).
  // Masking the quote instead would bring the draft's masking rules into the worker (1.8 KB gzip over its budget).
  // Without its leading / it is not a path at all, often a token or URL pasted into the wrong field: not quoted.
  const refuse = (why: string) =>
    new KeyholeError(
      'invalid-path',
      `Refused path${rawPath.startsWith('/') ? ` “${truncate(quotablePart(rawPath))}”` : ''}: ${why}`,
      { detail: 'invalid-path' },
    );
  // Not text (an array or object from a hostile page or a run file): nothing of it is quoted, it may hold anything.
  if (typeof rawPath !== 'string')
    throw new KeyholeError('invalid-path', 'Refused path: the path is not text.', { detail: 'invalid-path' });
  if (rawPath.length === 0) throw refuse('the path is empty.');
  if (rawPath.length > 8192) throw refuse('the path is longer than 8192 characters.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(rawPath)) throw refuse('it contains a control character (CR, LF, tab or NUL).');
  if (rawPath.includes('\\')) throw refuse('it contains a backslash.');
  if (rawPath.includes('#')) throw refuse('it contains a fragment (#); fragments are never sent to a server.');
  if (/^[a-z][a-z0-9+.-]*:/i.test(rawPath)) throw refuse('give a path such as /v2/self, not a full URL.');
  if (rawPath.startsWith('//')) throw refuse('it starts with //, which a browser reads as another host.');
  if (!rawPath.startsWith('/')) throw refuse('a path starts with /, e.g. /v2/self.');

  const queryStart = rawPath.indexOf('?');
  const path = queryStart === -1 ? rawPath : rawPath.slice(0, queryStart);
  const query = queryStart === -1 ? [] : [...new URLSearchParams(rawPath.slice(queryStart + 1))];

  const problem = findHiddenPathProblem(path, target);
  if (problem === 'outside-api')
    throw refuse(
      target === 'bridge'
        ? 'bridge paths start with /v2/, /v4/ or /api-tokens.'
        : 'API paths start with /v2/ or /v4/ (e.g. /v2/self).',
    );
  if (problem) throw refuse(REFUSALS[problem]);
  return { path, query };
}

/**
 * More decoding rounds than this means the path was built to defeat the guard: no server decodes five times.
 * Every reading up to that depth is checked, so `%2525252e` (quadruple) is refused either way.
 */
const MAX_DECODING_ROUNDS = 5;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** NFKC maps full-width and small dots (．﹒․) to `.`; these ideographic full stops it leaves alone. */
const DOT_LOOKALIKES = /[\u3002\uFF61]/g;

/**
 * The checks on what a path (no query) means once decoded, shared by the worker's guard and the composer's
 * inline check so both refuse the same paths. A server or proxy may decode a path more than once (%252e →
 * %2e → .), strip `;parameters` from a segment (Tomcat: `..;` is `..`) or fold Unicode look-alikes (NFKC:
 * `．．` is `..`), so every decoding round is read, as is and NFKC-folded, and none may hold a control
 * character, backslash, `.`/`..` segment, empty segment or a slash that was not a slash in what was typed.
 * A `%` that decodes to `%` followed by something other than two hex digits is just a percent sign
 * (`/v2/self/tags/100%25`). Finally the prefix must be one the target serves (API: /v2/, /v4/; bridge: also
 * /api-tokens) in every decoded reading.
 */
export function findHiddenPathProblem(path: string, target: RequestTarget): HiddenPathProblem | undefined {
  // What was typed must be well-formed: a bare % is a typo for %25, and servers disagree on what it means.
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return 'malformed-escape';
  const readings = [path];
  for (let current = path; ; ) {
    let next: string;
    try {
      next = current.replace(ESCAPE_RUN, (run) => decodeURIComponent(run));
    } catch {
      return 'invalid-utf8';
    }
    if (next === current) break;
    if (readings.length > MAX_DECODING_ROUNDS) return 'nested-encoding';
    readings.push(next);
    current = next;
  }
  const slashes = countSlashes(path);
  for (const reading of readings) {
    for (const form of [reading, reading.normalize('NFKC').replace(DOT_LOOKALIKES, '.')]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
      if (/[\u0000-\u001f\u007f-\u009f]/.test(form)) return 'control';
      if (form.includes('\\')) return 'backslash';
      if (form.split('/').some(isDotSegment)) return 'dot-segment';
      if (form.includes('//')) return 'empty-segment';
      if (countSlashes(form) !== slashes) return 'encoded-slash';
    }
  }
  const prefixes = target === 'bridge' ? [...API_PREFIXES, ...BRIDGE_EXTRA_PREFIXES] : API_PREFIXES;
  const decoded = readings.length > 1 ? readings.slice(1) : readings;
  const allowed = decoded.every((reading) =>
    prefixes.some((prefix) =>
      prefix.endsWith('/') ? reading.startsWith(prefix) : reading === prefix || reading.startsWith(`${prefix}/`),
    ),
  );
  return allowed ? undefined : 'outside-api';
}

/** `.` or `..`, also with `;parameters` that some servers strip before resolving the segment. */
function isDotSegment(segment: string): boolean {
  const name = segment.split(';', 1)[0];
  return name === '.' || name === '..';
}

function countSlashes(text: string): number {
  let count = 0;
  for (const char of text) if (char === '/') count += 1;
  return count;
}

/**
 * The signer's last check: the URL it is about to sign must be on one of the configured origins.
 * Compared as parsed origins, so `https://api.example.com.evil.test` or userinfo tricks do not pass.
 */
export function assertSignableUrl(url: string, allowedBases: readonly string[]): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new KeyholeError('origin-refused', `Refusing to sign a request to an invalid URL.`);
  }
  const allowed = allowedBases.some((base) => {
    try {
      const baseUrl = new URL(base);
      const basePath = baseUrl.pathname.replace(/\/+$/, '');
      return baseUrl.origin === parsed.origin && (basePath === '' || parsed.pathname.startsWith(`${basePath}/`));
    } catch {
      return false;
    }
  });
  if (!allowed || parsed.username || parsed.password)
    throw new KeyholeError(
      'origin-refused',
      `Refusing to sign a request to ${parsed.origin}: Keyhole only signs for the active profile's API and bridge.`,
    );
}

/** A header name as HTTP allows it (an RFC 9110 token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** The worker sets these itself (it signs every request); the browser owns the others. */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'cookie',
  'content-length',
]);

/**
 * Headers that make a server or proxy act on another method or path than the one signed and guarded
 * (method overrides of Rails, Symfony, ASP.NET, Google APIs; IIS and Symfony URL rewrites). What is signed
 * must be what is done, so they are refused rather than sent.
 */
export const OVERRIDE_HEADERS: ReadonlySet<string> = new Set([
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'x-original-method',
  'x-original-url',
  'x-rewrite-url',
]);

/** The same overrides as query or form parameters (Rails, Laravel, Symfony read `_method`). */
const OVERRIDE_PARAMETERS: ReadonlySet<string> = new Set(['_method', 'x-http-method-override', 'x-method-override']);

/** Refuses a query or form parameter that would make the server act on another method than the one signed. */
export function assertNoOverrideParameter(parameters: readonly [string, string][], where: 'query' | 'form'): void {
  const found = parameters.find(([name]) => OVERRIDE_PARAMETERS.has(name.trim().toLowerCase()));
  if (found)
    throw new KeyholeError(
      'invalid-input',
      `The ${where === 'query' ? 'query parameter' : 'form field'} “${truncate(found[0])}” would make the server act on another method than the one Keyhole signs; remove it and choose the method itself.`,
    );
}

/** Why one header cannot be sent, in words for the composer and the worker alike; undefined when it can. */
export function findHeaderProblem(name: string, value: string): string | undefined {
  const trimmed = name.trim();
  // Quoted only up to its first character a name cannot hold: a pasted `Authorization: Bearer …` keeps its token out.
  if (!HEADER_NAME.test(trimmed)) {
    const cut = trimmed.search(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/);
    return `Header name “${truncate(cut === -1 ? trimmed : `${trimmed.slice(0, cut)}…`)}” is not valid (letters, digits, -).`;
  }
  if (/[\r\n\0]/.test(value)) return `Header “${trimmed}” has a line break in its value; remove it.`;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    // fetch sends header values as Latin-1 bytes and refuses anything else with a bare TypeError.
    if (code > 0xff)
      return `Header “${trimmed}” contains “${char}”, which HTTP headers cannot carry (Latin-1 only); percent-encode it or put it in the body.`;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f)
      return `Header “${trimmed}” has a control character in its value; remove it.`;
  }
  const lower = trimmed.toLowerCase();
  if (RESERVED_HEADERS.has(lower))
    return `Header “${trimmed}” is set by Keyhole (it signs every request); remove it from the header table.`;
  if (OVERRIDE_HEADERS.has(lower))
    return `Header “${trimmed}” would make the server act on another method or path than the one Keyhole signs; remove it and choose the method or path itself.`;
  return undefined;
}

/** A header value as fetch sends it: leading and trailing HTTP whitespace removed (Fetch "normalize"). */
export function trimHeaderValue(value: string): string {
  return value.replace(/^[\t ]+|[\t ]+$/g, '');
}

export function guardHeaders(headers: readonly [string, string][]): [string, string][] {
  const guarded = headers.map(([name, value]): [string, string] => {
    const problem = findHeaderProblem(name, value);
    if (problem) throw new KeyholeError('invalid-input', problem);
    return [name.trim(), value];
  });
  // Two Content-Type rows would be sent joined by a comma: neither what was typed nor what was signed.
  if (guarded.filter(([name]) => name.toLowerCase() === 'content-type').length > 1)
    throw new KeyholeError('invalid-input', 'The header table has Content-Type twice; keep one.');
  return guarded;
}

/**
 * PLAINTEXT sends the signing key itself and Bearer a long-lived token: both are replayable by anyone who
 * reads the request, so they go only over https, or plain http to this machine (the sandbox).
 */
export function assertConfidentialTransport(url: string, what: string): void {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) return;
  throw new KeyholeError(
    'origin-refused',
    `Refusing to send ${what} to ${parsed.origin}: it is a reusable credential, so it goes only over https (or plain http to 127.0.0.1/localhost). Use an HMAC signature method or an https address.`,
  );
}

/**
 * Where a parameter (and so a secret) could start: `; ? = & %` and what NFKC folds to them (；？＝＆％, their
 * small forms, the Greek question mark ;, superscript =), since a server or proxy may fold look-alikes too;
 * also `:`, `@` and `//`, which start the userinfo (a token or password) of a full URL or `//host` pasted as
 * the path (`https://user:password@host/…`, `//token@host/…`).
 */
const PARAMETER_START =
  /[;?=&%:@\u037E\uFE14\uFE54\u2047-\u2049\uFE16\uFE56\uFF1F\uFF1B\u207C\u208C\u2A74-\u2A76\uFE66\uFF1D\uFE60\uFF06\uFE6A\uFF05\uFE13\uFE55\uFF1A\uFE6B\uFF20]|\/\//;

/** The path up to where a parameter (and so a secret) could start; `…` where it was cut. */
function quotablePart(path: string): string {
  const cut = path.search(PARAMETER_START);
  return cut === -1 ? path : `${path.slice(0, cut)}…`;
}

/**
 * Control characters (a terminal runs ESC sequences from a run report) and direction overrides (they reorder
 * the message around them) are shown as `�`; a line break as `⏎`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we replace
const UNPRINTABLE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function truncate(value: string): string {
  const printable = String(value)
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '⏎')
    .replace(UNPRINTABLE, '�');
  return printable.length > 80 ? `${printable.slice(0, 77)}…` : printable;
}
