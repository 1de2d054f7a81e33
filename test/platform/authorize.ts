/**
 * Step 2 of the dance: the browser page. Approve → 303 to the callback with oauth_token and oauth_verifier.
 * Deny → 303 to the callback with `denied=<request token>` (the request token becomes unusable).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizePage, errorPage } from './authorize-page.ts';
import type { PlatformContext } from './context.ts';
import { isRight, RIGHTS, type Right } from './defaults.ts';
import { mediaType, parseCookies, searchParamsOf, sendEmpty, sendText } from './http-util.ts';
import { parseFormPairs } from './oauth/encoding.ts';
import { randomToken } from './random.ts';
import { findUserByEmail, grantKey, type RequestToken, type User } from './state.ts';
import { verifyTotp } from './totp.ts';

const SESSION_COOKIE = 'sandbox_session';

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  sendText(res, status, 'text/html; charset=utf-8', body, headers);
}

type Pending = { ok: true; token: RequestToken; rights: Right[]; consumerName: string } | { ok: false };

/** Finds a request token still waiting for the user's answer, or answers with an error page. */
function pendingToken(context: PlatformContext, res: ServerResponse, value: string | undefined): Pending {
  const token = value ? context.state.requestTokens.get(value) : undefined;
  if (!value) {
    html(res, 400, errorPage('Missing request token', 'This page needs ?oauth_token=<request token>.'));
  } else if (!token) {
    html(
      res,
      404,
      errorPage('Unknown request token', 'This authorization link is not valid. Start again from the application.'),
    );
  } else if (token.state !== 'issued') {
    html(
      res,
      410,
      errorPage(
        'Request token already used',
        'This authorization request was already answered. Start again from the application.',
      ),
    );
  } else if (context.clock.now() > token.expiresAt) {
    html(
      res,
      410,
      errorPage('Request token expired', 'This authorization request expired. Start again from the application.'),
    );
  } else {
    const consumer = context.state.consumers.get(token.consumerKey);
    if (consumer) {
      const rights = RIGHTS.filter((right) => consumer.rights[right]);
      return { ok: true, token, rights, consumerName: consumer.name };
    }
    html(res, 404, errorPage('Unknown application', 'The application that asked for access no longer exists.'));
  }
  return { ok: false };
}

function sessionUser(context: PlatformContext, req: IncomingMessage): User | undefined {
  const id = context.state.sessions.get(parseCookies(req).get(SESSION_COOKIE) ?? '');
  return id ? context.state.users.get(id) : undefined;
}

function redirect(res: ServerResponse, callback: string, params: Record<string, string>, headers = {}): void {
  const url = new URL(callback);
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  sendEmpty(res, 303, { Location: url.toString(), ...headers });
}

function approve(
  context: PlatformContext,
  res: ServerResponse,
  token: RequestToken,
  user: User,
  rights: Right[],
  headers = {},
) {
  token.state = 'authorized';
  token.verifier = randomToken(16);
  token.userId = user.id;
  token.rights = rights;
  context.state.grants.set(grantKey(user.id, token.consumerKey), new Set(rights));
  redirect(res, token.callback, { oauth_token: token.token, oauth_verifier: token.verifier }, headers);
}

export function showAuthorize(context: PlatformContext, req: IncomingMessage, res: ServerResponse): void {
  const query = searchParamsOf(req);
  const pending = pendingToken(context, res, query.get('oauth_token') ?? undefined);
  if (!pending.ok) return;
  const consumer = context.state.consumers.get(pending.token.consumerKey)!;
  const user = query.get('switch') ? undefined : sessionUser(context, req);
  const granted = user && context.state.grants.get(grantKey(user.id, consumer.key));
  if (user && granted && pending.rights.every((right) => granted.has(right))) {
    approve(context, res, pending.token, user, pending.rights);
    return;
  }
  html(
    res,
    200,
    authorizePage({ requestToken: pending.token.token, consumer, rights: pending.rights, signedInAs: user?.email }),
  );
}

export function submitAuthorize(
  context: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
): void {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    html(
      res,
      415,
      errorPage('Unsupported form', 'The authorization form must be posted as application/x-www-form-urlencoded.'),
    );
    return;
  }
  const form = new Map(parseFormPairs(body.toString('utf8'), 'the form body'));
  const pending = pendingToken(context, res, form.get('oauth_token'));
  if (!pending.ok) return;
  const { token, rights } = pending;
  if (form.get('action') === 'deny') {
    token.state = 'denied';
    redirect(res, token.callback, { denied: token.token });
    return;
  }
  const checked = rights.filter((right) => form.get(right) === 'on' && isRight(right));
  const consumer = context.state.consumers.get(token.consumerKey)!;
  const retry = { requestToken: token.token, consumer, rights, checked: new Set(checked) };

  const email = form.get('email')?.trim();
  let user = email ? undefined : sessionUser(context, req);
  if (!user) {
    const candidate = findUserByEmail(context.state, email ?? '');
    const problem = loginProblem(context, candidate, form);
    if (problem || !candidate) {
      // 200, not 401: like real login pages, and because a browser's OAuth window (launchWebAuthFlow) gives
      // up on any HTTP error status instead of letting the user try again.
      html(res, 200, authorizePage({ ...retry, email, error: problem ?? 'Wrong email address or password.' }));
      return;
    }
    user = candidate;
  }
  const session = randomToken(24);
  context.state.sessions.set(session, user.id);
  const cookie = `${SESSION_COOKIE}=${session}; Path=/v2/oauth; HttpOnly; SameSite=Lax`;
  approve(context, res, token, user, checked, { 'Set-Cookie': cookie });
}

/** Why these credentials cannot sign in, or undefined when they can. */
function loginProblem(context: PlatformContext, user: User | undefined, form: Map<string, string>): string | undefined {
  if (!user || !sameText(user.password, form.get('password') ?? '')) return 'Wrong email address or password.';
  if (!user.totpSecret) return undefined;
  const code = (form.get('mfa_code') ?? '').trim();
  if (!code) return 'Two-factor authentication is on: enter the 6-digit code from your app.';
  return verifyTotp(user.totpSecret, code, context.clock.now()) ? undefined : 'Wrong authentication code.';
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
