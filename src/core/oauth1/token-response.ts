import { KeyholeError } from '../errors.ts';
import { readPlatformDateIso } from '../platform/platform-date.ts';
import { parseFormBody } from './form-body.ts';

export interface TokenPair {
  token: string;
  tokenSecret: string;
}

export interface AccessTokenPair extends TokenPair {
  /** ISO 8601 in UTC (`2026-01-01T00:00:00.000Z`), whatever form the server sent it in. */
  expirationDate?: string;
}

/**
 * Reads a token endpoint's `application/x-www-form-urlencoded` body. A repeated field is refused: two
 * different tokens in one response cannot be told apart, and picking one silently could pair a token
 * with the wrong secret. Nothing from the body goes into an error message, only field names, because the
 * body carries a token secret.
 */
export function parseTokenResponse(text: string): Record<string, string> {
  const pairs = parseFormBody(text.trim());
  if (pairs.length === 0) {
    throw new KeyholeError('malformed-response', 'The token endpoint returned an empty response.');
  }
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (seen.has(name)) {
      throw new KeyholeError('malformed-response', 'The token endpoint returned a field twice.', {
        detail: `Repeated field: ${name}`,
      });
    }
    seen.add(name);
  }
  // fromEntries defines own properties, so a field named "__proto__" cannot touch the prototype.
  return Object.fromEntries(pairs);
}

/** Step 1 of spec §3: the temporary credentials, which OAuth 1.0a only trusts with a confirmed callback. */
export function parseRequestTokenResponse(text: string): TokenPair {
  const fields = parseTokenResponse(text);
  const pair = requireTokenPair(fields, 'request token');
  if (readField(fields, 'oauth_callback_confirmed') !== 'true') {
    throw new KeyholeError(
      'malformed-response',
      'The server did not confirm the callback address (oauth_callback_confirmed is not "true"), so this is not an OAuth 1.0a request token.',
      describeFields(fields),
    );
  }
  return pair;
}

/** Step 3 of spec §3: the access token, with its ISO 8601 expiration date when the server sends one. */
export function parseAccessTokenResponse(text: string): AccessTokenPair {
  const fields = parseTokenResponse(text);
  const pair: AccessTokenPair = requireTokenPair(fields, 'access token');
  const expirationDate = readField(fields, 'expiration_date');
  if (expirationDate !== undefined) {
    // The real platform suffixes its dates with a zone (`…Z[UTC]`); the session's expiry is compared with
    // Date.parse later, so it is stored in one canonical form.
    const canonical = readPlatformDateIso(expirationDate);
    if (canonical === undefined) {
      throw new KeyholeError('malformed-response', 'The access token expiration_date is not an ISO 8601 date.', {
        detail: `expiration_date: ${expirationDate.slice(0, 64)}`,
      });
    }
    pair.expirationDate = canonical;
  }
  return pair;
}

function requireTokenPair(fields: Record<string, string>, what: string): TokenPair {
  const token = readField(fields, 'oauth_token');
  const tokenSecret = readField(fields, 'oauth_token_secret');
  const missing = [...(token ? [] : ['oauth_token']), ...(tokenSecret ? [] : ['oauth_token_secret'])];
  if (!token || !tokenSecret) {
    throw new KeyholeError(
      'malformed-response',
      `The ${what} response is missing ${missing.join(' and ')}.`,
      describeFields(fields),
    );
  }
  return { token, tokenSecret };
}

/** Own fields only: "constructor" or "toString" must read as absent, not as Object.prototype members. */
function readField(fields: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/** Field names (never values) plus the server's oauth_problem, which explains most refusals. */
function describeFields(fields: Record<string, string>): { detail: string } {
  const names = Object.keys(fields).join(', ');
  const problem = readField(fields, 'oauth_problem');
  return { detail: `Fields received: ${names}${problem ? `; oauth_problem: ${problem.slice(0, 200)}` : ''}` };
}

/** Kept here for the oauth1 index's callers; the grammar lives with the platform date reader. */
export { isIso8601DateTime } from '../platform/platform-date.ts';
