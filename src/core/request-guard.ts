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

  let decoded = path;
  // Decode repeatedly: a server or proxy may decode twice (%252e → %2e → .).
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      throw refuse('it contains a malformed percent-escape.');
    }
    if (next === decoded) break;
    decoded = next;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(decoded)) throw refuse('it contains an encoded control character.');
  if (decoded.includes('\\')) throw refuse('it contains an encoded backslash.');
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw refuse('it contains a . or .. segment (path traversal).');
  if (decoded.includes('//')) throw refuse('it contains an empty segment (//).');
  if (decoded !== path && /%2f/i.test(path)) throw refuse('it contains an encoded slash (%2F).');

  const prefixes = target === 'bridge' ? [...API_PREFIXES, ...BRIDGE_EXTRA_PREFIXES] : API_PREFIXES;
  const allowed = prefixes.some((prefix) =>
    prefix.endsWith('/') ? decoded.startsWith(prefix) : decoded === prefix || decoded.startsWith(`${prefix}/`),
  );
  if (!allowed)
    throw refuse(
      target === 'bridge'
        ? 'bridge paths start with /v2/, /v4/ or /api-tokens.'
        : 'API paths start with /v2/ or /v4/ (e.g. /v2/self).',
    );
  return { path, query };
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
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const RESERVED_HEADERS = new Set(['authorization', 'host', 'cookie', 'content-length', 'proxy-authorization']);

export function guardHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.map(([name, value]) => {
    const trimmed = name.trim();
    if (!TOKEN.test(trimmed))
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
