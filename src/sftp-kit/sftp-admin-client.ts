/**
 * Creates a user through the deployed SFTPGo's REST API (spec §4.3): admin credentials → bearer token →
 * POST /api/v2/users. The token lives in this function only; nothing is stored.
 */
import { KeyholeError } from '../core/errors.ts';
import {
  basicAuthorization,
  type CreatedSftpUser,
  describeServerError,
  normaliseAppUrl,
  readCreateUserResponse,
  readTokenResponse,
} from '../core/sftp/admin-api.ts';
import type { SftpUserRecord } from '../core/sftp/user-record.ts';

export interface SftpAdminRequest {
  appUrl: string;
  adminUsername: string;
  adminPassword: string;
}

export interface CreateSftpUserRequest extends SftpAdminRequest {
  record: SftpUserRecord;
}

/** Whether the server has a user of that name (GET /api/v2/users/{name}: 200 or 404). */
export async function sftpUserExists(
  request: SftpAdminRequest,
  username: string,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): Promise<boolean> {
  const base = normaliseAppUrl(request.appUrl);
  const token = await adminToken(fetchImpl, base, request);
  const found = await call(fetchImpl, `${base}/api/v2/users/${encodeURIComponent(username)}`, {
    method: 'GET',
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'omit',
  });
  if (found.status === 200) return true;
  if (found.status === 404) return false;
  throw new KeyholeError('http-error', `The SFTP server could not look up the user (HTTP ${found.status}).`, {
    status: found.status,
    detail: describeServerError(found.body),
  });
}

async function adminToken(fetchImpl: typeof fetch, base: string, request: SftpAdminRequest): Promise<string> {
  if (!request.adminUsername || !request.adminPassword) {
    throw new KeyholeError('invalid-input', 'Enter the SFTP server’s admin username and password.');
  }
  const tokenResponse = await call(fetchImpl, `${base}/api/v2/token`, {
    method: 'GET',
    headers: { Authorization: basicAuthorization(request.adminUsername, request.adminPassword) },
    credentials: 'omit',
  });
  return readTokenResponse(tokenResponse.status, tokenResponse.body);
}

export async function createSftpUser(
  request: CreateSftpUserRequest,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): Promise<CreatedSftpUser> {
  const base = normaliseAppUrl(request.appUrl);
  const token = await adminToken(fetchImpl, base, request);
  const created = await call(fetchImpl, `${base}/api/v2/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request.record),
    credentials: 'omit',
  });
  return readCreateUserResponse(created.status, created.body, request.record.username);
}

async function call(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: string }> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    throw new KeyholeError(
      'network',
      `Could not reach the SFTP server at ${new URL(url).origin}. Check the application URL, that the application is up, and that the browser allows Keyhole to access it.`,
      { detail: error instanceof Error ? error.message : String(error) },
    );
  }
  return { status: response.status, body: await response.text() };
}
