/**
 * API tokens of the bridge (platform-notes.md): reading the list and the creation answer, checking a creation request
 * before a password travels anywhere, and turning the bridge's refusals into errors a user can act on.
 */

import { KeyholeError } from '../errors.ts';
import { describeErrorSummary } from '../http/error-body.ts';
import { readPlatformError } from '../http/response-body.ts';
import type { ApiTokenCreated, ApiTokenCreateRequest } from '../protocol.ts';
import { checkExpirationDate } from './api-token-expiry.ts';
import { readPlatformDateIso } from './platform-date.ts';

export interface ApiTokenRecord {
  apiTokenId: string;
  name: string;
  description?: string;
  /** Canonical ISO in UTC (see platform-date.ts), whatever form the bridge sent. */
  creationDate?: string;
  expirationDate?: string;
  /** "ACTIVE" or "EXPIRED" on the real bridge; kept as sent. */
  state?: string;
  ip?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function parseRecord(value: unknown): ApiTokenRecord | undefined {
  if (!isObject(value)) return undefined;
  const apiTokenId = text(value.apiTokenId) ?? text(value.id);
  if (!apiTokenId) return undefined;
  const record: ApiTokenRecord = { apiTokenId, name: text(value.name) ?? '(unnamed)' };
  const fields = {
    description: text(value.description),
    creationDate: readPlatformDateIso(value.creationDate),
    expirationDate: readPlatformDateIso(value.expirationDate),
    state: text(value.state),
    ip: text(value.ip),
  };
  for (const [key, field] of Object.entries(fields)) if (field !== undefined) (record as unknown as Json)[key] = field;
  return record;
}

/** The list, newest first; undefined when the body is not an array (the caller reports a malformed answer). */
export function parseApiTokenList(body: unknown): ApiTokenRecord[] | undefined {
  if (!Array.isArray(body)) return undefined;
  return body
    .map(parseRecord)
    .filter((record): record is ApiTokenRecord => record !== undefined)
    .sort((a, b) => (b.creationDate ?? '').localeCompare(a.creationDate ?? ''));
}

/** The creation answer; it must carry the value and the id, or the token is of no use. */
export function parseCreatedApiToken(body: unknown, fallback: { name: string; expirationDate: string }) {
  if (!isObject(body)) return undefined;
  const apiToken = text(body.apiToken) ?? text(body.token);
  const apiTokenId = text(body.apiTokenId) ?? text(body.id);
  if (!apiToken || !apiTokenId) return undefined;
  const created: ApiTokenCreated = {
    apiToken,
    apiTokenId,
    name: text(body.name) ?? fallback.name,
    creationDate: readPlatformDateIso(body.creationDate) ?? new Date().toISOString(),
    expirationDate: readPlatformDateIso(body.expirationDate) ?? fallback.expirationDate,
    state: text(body.state) ?? 'ACTIVE',
  };
  const description = text(body.description);
  if (description) created.description = description;
  return created;
}

export type CreateField = 'email' | 'password' | 'mfaCode' | 'name' | 'description' | 'expirationDate';

/** Field → message for what is wrong; empty when the request can be sent. */
export function validateCreateRequest(
  request: Partial<ApiTokenCreateRequest>,
  now: Date,
): Partial<Record<CreateField, string>> {
  const errors: Partial<Record<CreateField, string>> = {};
  const email = request.email?.trim() ?? '';
  if (email === '') errors.email = 'Enter the email address of your account.';
  else if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'This does not look like an email address.';
  if (!request.password) errors.password = 'Enter your account password.';
  if (request.mfaCode !== undefined && request.mfaCode.trim() !== '' && !/^\d{6,8}$/.test(request.mfaCode.trim()))
    errors.mfaCode = 'The code is the 6 digits your authenticator app shows.';
  const name = request.name?.trim() ?? '';
  if (name === '') errors.name = 'Give the token a name, e.g. “laptop scripts”.';
  else if (name.length > 200) errors.name = 'Keep the name under 200 characters.';
  if ((request.description?.length ?? 0) > 1000) errors.description = 'Keep the description under 1000 characters.';
  const expiry = request.expirationDate ? checkExpirationDate(request.expirationDate, now) : 'Choose an expiry.';
  if (expiry) errors.expirationDate = expiry;
  return errors;
}

/**
 * The bridge's refusal of a creation, as an error. The codes come from platform-notes.md: `invalid-credential`
 * (wrong email or password) and `invalid-mfa-code` (a code is needed, or the one sent is wrong).
 */
export function createRefusalError(status: number, bodyText: string, sentMfaCode: boolean): KeyholeError {
  const platform = readPlatformError(bodyText);
  const detail = platform ? `${status}: ${describeErrorSummary(platform)}` : `HTTP ${status}`;
  const code = platform?.code?.toLowerCase();
  if (code === 'invalid-mfa-code')
    return sentMfaCode
      ? new KeyholeError('invalid-mfa-code', 'That two-factor code is wrong or expired. Enter the current code.', {
          detail,
          status,
        })
      : new KeyholeError(
          'invalid-mfa-code',
          'This account uses two-factor authentication: enter the code from your authenticator app.',
          { detail, status },
        );
  if (code === 'invalid-credential' || status === 401)
    return new KeyholeError('invalid-credential', 'Wrong email or password. Check them and try again.', {
      detail,
      status,
    });
  if (status === 400 || status === 422)
    return new KeyholeError(
      'invalid-input',
      platform ? `The bridge refused the token: ${platform.message}` : 'The bridge refused the token’s settings.',
      { detail, status },
    );
  if (status === 403)
    return new KeyholeError('forbidden', 'The bridge does not allow this account to create API tokens.', {
      detail,
      status,
    });
  if (status === 429)
    return new KeyholeError('http-error', 'Too many attempts: wait a minute before trying again.', { detail, status });
  return new KeyholeError('http-error', `The bridge could not create the token (HTTP ${status}).`, { detail, status });
}
