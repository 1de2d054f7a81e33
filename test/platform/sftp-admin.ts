/** The SFTP server's admin REST API (SFTPGo-like, spec §4.3): admin token, users. Errors are `{error, message}`. */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from './context.ts';
import { SFTP_ADMIN, SFTP_ADMIN_TOKEN_LIFETIME_SECONDS } from './defaults.ts';
import {
  answerPreflight,
  HttpError,
  pathnameOf,
  readBody,
  searchParamsOf,
  sendError,
  sendJson,
  sendText,
  setCommonHeaders,
} from './http-util.ts';
import { randomToken } from './random.ts';
import { SftpValidationError, validateSftpUser } from './sftp-validate.ts';
import type { SftpUser } from './state.ts';

function sftpError(status: number, error: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, error, { body: { error, message, ...extra } });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function issueToken(context: PlatformContext, req: IncomingMessage, res: ServerResponse): void {
  const match = /^\s*Basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const username = colon === -1 ? '' : decoded.slice(0, colon);
  const password = colon === -1 ? '' : decoded.slice(colon + 1);
  const now = context.clock.now();
  const admins = [SFTP_ADMIN, ...context.state.sftpBootstrapAdmins.filter((admin) => admin.readyAt <= now)];
  if (!admins.some((admin) => sameText(username, admin.username) && sameText(password, admin.password))) {
    throw new HttpError(401, 'Unauthorized', {
      body: { error: 'Unauthorized', message: 'Invalid administrator credentials (HTTP Basic)' },
      headers: { 'WWW-Authenticate': 'Basic realm="SFTPGo"' },
    });
  }
  const token = randomToken(32);
  const expiresAt = context.clock.now() + SFTP_ADMIN_TOKEN_LIFETIME_SECONDS * 1000;
  for (const [value, expiry] of context.state.sftpTokens)
    if (expiry < context.clock.now()) context.state.sftpTokens.delete(value);
  context.state.sftpTokens.set(token, expiresAt);
  sendJson(res, 200, { access_token: token, expires_at: new Date(expiresAt).toISOString() });
}

function requireAdmin(context: PlatformContext, req: IncomingMessage): void {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const expiry = match ? context.state.sftpTokens.get(match[1]!) : undefined;
  if (expiry === undefined)
    throw sftpError(401, 'Unauthorized', 'Missing or invalid Bearer token: get one at /api/v2/token');
  if (expiry < context.clock.now())
    throw sftpError(401, 'Unauthorized', 'Token expired: get a new one at /api/v2/token');
}

/** What SFTPGo returns: no password, secrets redacted, defaults filled in. */
function userView(user: SftpUser): Record<string, unknown> {
  const { password: _password, ...record } = user.record as Record<string, unknown> & { password?: unknown };
  const filesystem = (record.filesystem as Record<string, unknown> | undefined) ?? { provider: 0 };
  const s3 = filesystem.s3config as Record<string, unknown> | undefined;
  const redacted = s3
    ? {
        ...filesystem,
        s3config: { ...s3, access_secret: { status: 'Secretbox', payload: '', key: '', additional_data: '', mode: 0 } },
      }
    : filesystem;
  return {
    id: user.id,
    expiration_date: 0,
    has_password: typeof (user.record as { password?: unknown }).password === 'string',
    uid: 0,
    gid: 0,
    max_sessions: 0,
    quota_size: 0,
    quota_files: 0,
    used_quota_size: 0,
    used_quota_files: 0,
    last_quota_update: 0,
    upload_bandwidth: 0,
    download_bandwidth: 0,
    last_login: 0,
    filters: { hooks: { external_auth_disabled: false, pre_login_disabled: false, check_password_disabled: false } },
    additional_info: '',
    ...record,
    filesystem: redacted,
  };
}

function users(context: PlatformContext, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  requireAdmin(context, req);
  if (req.method === 'GET') {
    const query = searchParamsOf(req);
    const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
    const limit = Math.min(500, Math.max(1, Number(query.get('limit') ?? 100) || 100));
    const all = [...context.state.sftpUsers.values()].sort((a, b) =>
      String(a.record.username).localeCompare(String(b.record.username)),
    );
    if (query.get('order') === 'DESC') all.reverse();
    sendJson(res, 200, all.slice(offset, offset + limit).map(userView));
    return;
  }
  if (req.method !== 'POST')
    throw sftpError(405, 'Method Not Allowed', `${req.method} is not allowed on /api/v2/users`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw sftpError(400, `Unable to parse the request body: ${(error as Error).message}`, 'Bad Request');
  }
  let validated: ReturnType<typeof validateSftpUser>;
  try {
    validated = validateSftpUser(parsed);
  } catch (error) {
    if (!(error instanceof SftpValidationError)) throw error;
    throw sftpError(400, `Validation error: ${error.message}`, 'Unable to add user', { field: error.field });
  }
  if (context.state.sftpUsers.has(validated.username)) {
    // SFTPGo has no 409: its handler passes the database's unique-constraint error on as a 500 with an empty
    // message (platform-notes.md). The PostgreSQL words, since the kit's data provider is PostgreSQL.
    throw sftpError(
      500,
      'ERROR: duplicate key value violates unique constraint "users_username_key" (SQLSTATE 23505)',
      '',
    );
  }
  const now = context.clock.now();
  const user: SftpUser = {
    id: Math.max(0, ...[...context.state.sftpUsers.values()].map((u) => u.id)) + 1,
    record: { ...validated.record, created_at: now, updated_at: now },
  };
  context.state.sftpUsers.set(validated.username, user);
  sendJson(res, 201, userView(user), { Location: `/api/v2/users/${encodeURIComponent(validated.username)}` });
}

function oneUser(context: PlatformContext, req: IncomingMessage, res: ServerResponse, username: string) {
  requireAdmin(context, req);
  const user = context.state.sftpUsers.get(username);
  if (!user) throw sftpError(404, 'Not Found', `User "${username}" does not exist`);
  if (req.method === 'GET') return sendJson(res, 200, userView(user));
  if (req.method === 'DELETE') {
    context.state.sftpUsers.delete(username);
    return sendJson(res, 200, { message: 'User deleted' });
  }
  throw sftpError(405, 'Method Not Allowed', `${req.method} is not allowed on /api/v2/users/{username}`);
}

export function createSftpHandler(context: PlatformContext) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handleSftp(context, req, res).catch((error) => sendError(res, error));
  };
}

async function handleSftp(context: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  setCommonHeaders(req, res, context.clock);
  if (answerPreflight(req, res, ['X-SFTPGO-OTP'])) return;
  const pathname = pathnameOf(req);
  if (await context.faults.apply('sftp', req, res, pathname)) return;
  const body = await readBody(req);
  if (pathname === '/healthz') return sendText(res, 200, 'text/plain; charset=utf-8', 'ok');
  if (pathname === '/api/v2/token') {
    if (req.method !== 'GET') throw sftpError(405, 'Method Not Allowed', 'Use GET /api/v2/token');
    return issueToken(context, req, res);
  }
  if (pathname === '/api/v2/users') return users(context, req, res, body);
  const one = /^\/api\/v2\/users\/([^/]+)$/.exec(pathname);
  if (one) {
    let username: string;
    try {
      username = decodeURIComponent(one[1]!);
    } catch {
      throw sftpError(400, 'Bad Request', `Malformed percent-encoding in ${JSON.stringify(one[1])}`);
    }
    return oneUser(context, req, res, username);
  }
  throw sftpError(404, 'Not Found', `No endpoint ${req.method} ${pathname}`);
}
