import { KeyholeError } from './errors.ts';
import type { RequestTarget } from './protocol.ts';

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
  | 'control'
  | 'backslash'
  | 'dot-segment'
  | 'empty-segment'
  | 'encoded-slash'
  | 'outside-api';

const REFUSALS: Record<Exclude<HiddenPathProblem, 'outside-api'>, string> = {
  'malformed-escape': 'it contains a malformed percent-escape.',
  control: 'it contains an encoded control character.',
  backslash: 'it contains an encoded backslash.',
  'dot-segment': 'it contains a . or .. segment (path traversal).',
  'empty-segment': 'it contains an empty segment (//).',
  'encoded-slash': 'it contains an encoded slash (%2F).',
};

/**
 * Accepts `/v2/...` or `/v4/...` (bridge: also `/api-tokens...`), optionally followed by `?query`.
 * Refuses absolute URLs, protocol-relative paths, backslashes, control characters, fragments, and any
 * `.`/`..` segment, also when hidden behind percent-encoding (`%2e%2e`, `%2f`, `%5c`).
 */
export function guardPath(rawPath: string, target: RequestTarget): GuardedPath {
  const refuse = (why: string) =>
    new KeyholeError('invalid-path', `Refused path “${truncate(rawPath)}”: ${why}`, { detail: 'invalid-path' });
  if (typeof rawPath !== 'string' || rawPath.length === 0) throw refuse('the path is empty.');
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
 * The checks on what a path (no query) means once decoded, shared by the worker's guard and the composer's
 * inline check so both refuse the same paths: decoded up to three times (a server or proxy may decode twice:
 * %252e → %2e → .), then no control character, backslash, `.`/`..` or empty segment, no encoded slash, and a
 * prefix the target serves (API: /v2/, /v4/; bridge: also /api-tokens).
 */
export function findHiddenPathProblem(path: string, target: RequestTarget): HiddenPathProblem | undefined {
  let decoded = path;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return 'malformed-escape';
    }
    if (next === decoded) break;
    decoded = next;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return 'control';
  if (decoded.includes('\\')) return 'backslash';
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return 'dot-segment';
  if (decoded.includes('//')) return 'empty-segment';
  if (decoded !== path && /%2f/i.test(path)) return 'encoded-slash';
  const prefixes = target === 'bridge' ? [...API_PREFIXES, ...BRIDGE_EXTRA_PREFIXES] : API_PREFIXES;
  const allowed = prefixes.some((prefix) =>
    prefix.endsWith('/') ? decoded.startsWith(prefix) : decoded === prefix || decoded.startsWith(`${prefix}/`),
  );
  return allowed ? undefined : 'outside-api';
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

/** Header names are RFC 7230 tokens; values have no CR/LF/NUL. Authorization and Host are the worker's. */
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

export function guardHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.map(([name, value]) => {
    const trimmed = name.trim();
    if (!HEADER_NAME.test(trimmed))
      throw new KeyholeError('invalid-input', `Header name “${truncate(name)}” is not valid (letters, digits, -).`);
    if (/[\r\n\0]/.test(value))
      throw new KeyholeError('invalid-input', `Header “${trimmed}” has a line break in its value; remove it.`);
    if (RESERVED_HEADERS.has(trimmed.toLowerCase()))
      throw new KeyholeError(
        'invalid-input',
        `Header “${trimmed}” is set by Keyhole (it signs every request); remove it from the header table.`,
      );
    return [trimmed, value];
  });
}

function truncate(value: string): string {
  const printable = String(value).replace(/[\r\n]/g, '⏎');
  return printable.length > 80 ? `${printable.slice(0, 77)}…` : printable;
}
