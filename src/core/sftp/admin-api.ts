/**
 * Reading the answers of SFTPGo's REST API (spec §4.3, notes: token → `{access_token, expires_at}`,
 * POST /api/v2/users → 201, 400 on validation, errors `{error, message}`). An existing username is a 500 whose
 * `error` is the database's unique-constraint message (the spec and some proxies say 409: both are read).
 * Pure: the edge module does the fetching and hands the status and body here.
 */
import { KeyholeError } from '../errors.ts';

export interface CreatedSftpUser {
  id?: number;
  username: string;
  status?: number;
  home_dir?: string;
  filesystem?: { provider?: number; s3config?: Record<string, unknown> };
  [key: string]: unknown;
}

/** Turns what the user typed into the server's base URL: https by default, no trailing slash. */
export function normaliseAppUrl(text: string): string {
  const trimmed = text.trim();
  if (!trimmed)
    throw new KeyholeError('invalid-input', 'Enter the application’s URL, like https://app-….cleverapps.io.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new KeyholeError('invalid-input', `“${trimmed}” is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KeyholeError(
      'invalid-input',
      'The application URL must start with https:// (or http:// for a local test).',
    );
  }
  if (url.username || url.password) {
    throw new KeyholeError('invalid-input', 'Leave credentials out of the URL: type them in the admin fields.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `Basic base64(user:password)`, UTF-8 safe. */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** SFTPGo's `{error, message}` as one line (either part may be missing; plain text is kept as is). */
export function describeServerError(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const parts = [parsed.message, parsed.error].filter((part): part is string => typeof part === 'string' && !!part);
    if (parts.length) return [...new Set(parts)].join(': ');
  } catch {
    // Not JSON: fall through.
  }
  return body.trim().slice(0, 500);
}

export function readTokenResponse(status: number, body: string): string {
  if (status === 401 || status === 403) {
    throw new KeyholeError(
      'invalid-credential',
      'The SFTP server refused the admin credentials. Check the admin username and password (the bootstrap ones, or an admin created since).',
      { status, detail: describeServerError(body) },
    );
  }
  if (status !== 200) throw unexpected('get an admin token', status, body);
  let token: unknown;
  try {
    token = (JSON.parse(body) as { access_token?: unknown }).access_token;
  } catch {
    // Reported below.
  }
  if (typeof token !== 'string' || !token) {
    throw new KeyholeError('malformed-response', 'The SFTP server’s token answer has no access_token.', {
      status,
      detail: body.slice(0, 500),
    });
  }
  return token;
}

/**
 * The database's words for "that key exists", as SFTPGo passes them on: PostgreSQL, SQLite, MySQL, bolt/memory.
 */
const DUPLICATE_KEY =
  /duplicate key value violates unique constraint|UNIQUE constraint failed|Duplicate entry|duplicated key not allowed/i;

export function readCreateUserResponse(status: number, body: string, username: string): CreatedSftpUser {
  const detail = describeServerError(body);
  if (status === 409 || (status === 500 && DUPLICATE_KEY.test(detail))) {
    throw new KeyholeError(
      'conflict',
      `A user named “${username}” already exists on this SFTP server. Choose another username, or change that user in the web admin.`,
      { status, detail },
    );
  }
  if (status === 400) {
    throw new KeyholeError('invalid-input', `The SFTP server refused the user: ${detail || 'no reason given.'}`, {
      status,
      detail,
    });
  }
  if (status === 401) {
    throw new KeyholeError('invalid-credential', 'The SFTP server refused the admin token. Try again.', {
      status,
      detail,
    });
  }
  if (status === 403) {
    throw new KeyholeError(
      'forbidden',
      'This administrator may not add users. Use an admin with the “add users” permission.',
      {
        status,
        detail,
      },
    );
  }
  if (status !== 201 && status !== 200) throw unexpected('create the user', status, body);
  try {
    const created = JSON.parse(body) as CreatedSftpUser;
    if (created && typeof created === 'object' && typeof created.username === 'string') return created;
  } catch {
    // Reported below.
  }
  // SFTPGo answers the created user; some versions answer nothing useful. The request succeeded anyway.
  return { username };
}

function unexpected(action: string, status: number, body: string): KeyholeError {
  return new KeyholeError('http-error', `The SFTP server could not ${action} (HTTP ${status}).`, {
    status,
    detail: describeServerError(body),
  });
}
