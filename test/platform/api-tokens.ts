/** `/api-tokens` on the bridge: create with credentials (and TOTP), list, rename, revoke. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from './context.ts';
import { HttpError, parseJsonBody, sendEmpty, sendJson } from './http-util.ts';
import { randomToken, randomUuid, sha256Hex } from './random.ts';
import type { Caller } from './router.ts';
import { type ApiToken, findUserByEmail } from './state.ts';
import { verifyTotp } from './totp.ts';

const MAX_LIFETIME_MS = 366 * 86_400_000;

function tokenError(status: number, code: string, message: string): HttpError {
  return new HttpError(status, message, { body: { code, message, type: 'error' } });
}

function objectBody(req: IncomingMessage, body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseJsonBody(req, body);
  } catch (error) {
    throw tokenError((error as HttpError).status ?? 400, 'invalid-request', (error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw tokenError(400, 'invalid-request', 'Expected a JSON object');
  }
  return value as Record<string, unknown>;
}

function textField(body: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw tokenError(400, 'invalid-request', `Field "${field}" is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw tokenError(400, 'invalid-request', `Field "${field}" must be a string`);
  if (required && value.trim() === '') throw tokenError(400, 'invalid-request', `Field "${field}" must not be empty`);
  return value;
}

function view(token: ApiToken, now: number): Record<string, unknown> {
  return {
    apiTokenId: token.apiTokenId,
    userId: token.userId,
    creationDate: new Date(token.creationDate).toISOString(),
    expirationDate: new Date(token.expirationDate).toISOString(),
    ip: token.ip,
    name: token.name,
    ...(token.description === undefined ? {} : { description: token.description }),
    state: now >= token.expirationDate ? 'EXPIRED' : 'ACTIVE',
  };
}

function create(context: PlatformContext, req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
  const body = objectBody(req, raw);
  const email = textField(body, 'email', true)!;
  const password = textField(body, 'password', true)!;
  const user = findUserByEmail(context.state, email);
  if (!user || user.password !== password) {
    throw tokenError(401, 'invalid-credential', 'Invalid email or password');
  }
  if (user.totpSecret) {
    const code = textField(body, 'mfaCode', false);
    if (!code) throw tokenError(401, 'invalid-mfa-code', 'This account has two-factor authentication: send mfaCode');
    if (!verifyTotp(user.totpSecret, code.trim(), context.clock.now())) {
      throw tokenError(401, 'invalid-mfa-code', 'Invalid MFA code');
    }
  }
  const name = textField(body, 'name', true)!;
  const description = textField(body, 'description', false);
  const expiration = textField(body, 'expirationDate', true)!;
  const expirationMs = Date.parse(expiration);
  const now = context.clock.now();
  if (Number.isNaN(expirationMs)) {
    throw tokenError(400, 'invalid-expiration-date', `expirationDate ${expiration} is not an ISO 8601 date-time`);
  }
  if (expirationMs <= now) throw tokenError(400, 'invalid-expiration-date', 'expirationDate is in the past');
  if (expirationMs - now > MAX_LIFETIME_MS) {
    throw tokenError(400, 'invalid-expiration-date', 'expirationDate is more than 1 year away');
  }
  const value = `sbx_${randomToken(30)}`;
  const token: ApiToken = {
    apiTokenId: `apitoken_${randomUuid()}`,
    hash: sha256Hex(value),
    userId: user.id,
    name,
    description,
    creationDate: now,
    expirationDate: expirationMs,
    ip: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    revoked: false,
  };
  context.state.apiTokens.set(token.apiTokenId, token);
  const { userId: _userId, ip: _ip, ...shown } = view(token, now);
  sendJson(res, 201, { apiToken: value, ...shown });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw tokenError(400, 'invalid-request', `Malformed percent-encoding in ${JSON.stringify(segment)}`);
  }
}

function ownToken(context: PlatformContext, caller: Caller, id: string): ApiToken {
  const token = context.state.apiTokens.get(id);
  if (!token || token.revoked || token.userId !== caller.user.id) {
    throw tokenError(404, 'api-token-not-found', `API token ${id} not found`);
  }
  return token;
}

/** Handles `/api-tokens[/id]`. `authenticate` is called only by the routes that need a caller. */
export function handleApiTokens(
  context: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  body: Buffer,
  authenticate: () => Caller,
) {
  const id = pathname === '/api-tokens' ? undefined : decodeSegment(pathname.slice('/api-tokens/'.length));
  const method = req.method ?? 'GET';
  if (id === undefined && method === 'POST') return create(context, req, res, body);
  if (id === undefined && method === 'GET') {
    const caller = authenticate();
    const now = context.clock.now();
    const tokens = [...context.state.apiTokens.values()].filter((t) => t.userId === caller.user.id && !t.revoked);
    return sendJson(
      res,
      200,
      tokens.map((token) => view(token, now)),
    );
  }
  if (id !== undefined && id !== '' && !id.includes('/') && (method === 'PUT' || method === 'DELETE')) {
    const caller = authenticate();
    const token = ownToken(context, caller, id);
    if (method === 'DELETE') {
      token.revoked = true;
      return sendEmpty(res, 204);
    }
    const update = objectBody(req, body);
    token.name = textField(update, 'name', true)!;
    token.description = textField(update, 'description', false) ?? token.description;
    return sendEmpty(res, 204);
  }
  const allow = id === undefined ? 'GET, POST' : 'PUT, DELETE';
  throw new HttpError(405, `Method ${method} is not allowed on ${pathname} (allowed: ${allow})`, {
    headers: { Allow: allow },
  });
}
