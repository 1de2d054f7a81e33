import { KeyholeError } from '../errors.ts';
import { parseFormBody } from './form-body.ts';

export interface TokenPair {
  token: string;
  tokenSecret: string;
}

export interface AccessTokenPair extends TokenPair {
  /** ISO 8601, exactly as the server sent it. */
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
    if (!isIso8601DateTime(expirationDate)) {
      throw new KeyholeError('malformed-response', 'The access token expiration_date is not an ISO 8601 date.', {
        detail: `expiration_date: ${expirationDate.slice(0, 64)}`,
      });
    }
    pair.expirationDate = expirationDate;
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

const ISO_8601_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * ISO 8601 calendar date, optionally with a time and a zone (`Z`, `±hh`, `±hhmm`, `±hh:mm`). Each field's
 * range is checked by hand because `Date.parse` happily accepts 2024-02-30.
 */
export function isIso8601DateTime(value: string): boolean {
  const match = ISO_8601_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , zoneHour, zoneMinute] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59)) return false;
  // 60 allows a leap second.
  if (second !== undefined && Number(second) > 60) return false;
  if (zoneHour !== undefined && Number(zoneHour) > 23) return false;
  if (zoneMinute !== undefined && Number(zoneMinute) > 59) return false;
  return true;
}

// Computed by hand: Date.UTC maps years 0-99 to 1900-1999, which would get year 0100 wrong.
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
