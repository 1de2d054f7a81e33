/**
 * The bridge port: API tokens (Bearer) or OAuth PLAINTEXT only, proxying GET|POST|PUT|DELETE /v2/* and /v4/* to the
 * same resource handlers as the API; plus `/api-tokens`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveResource } from './api-server.ts';
import { handleApiTokens } from './api-tokens.ts';
import { authenticateApiToken, authenticateOAuth, bearerOf } from './auth.ts';
import type { PlatformContext } from './context.ts';
import { authorizationOf } from './credentials.ts';
import { answerPreflight, HttpError, pathnameOf, readBody, sendError, setCommonHeaders } from './http-util.ts';
import { parseOAuthHeader } from './oauth/encoding.ts';
import type { Caller } from './router.ts';
import { matchLogStream, serveLogStream } from './streams/log-streams.ts';

const PROXIED_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

function authenticate(context: PlatformContext, req: IncomingMessage, body: Buffer): Caller {
  const bearer = bearerOf(req);
  if (bearer) return authenticateApiToken(context, bearer);
  if (parseOAuthHeader(authorizationOf(req).authorization))
    return authenticateOAuth(context, req, body, { plaintextOnly: true });
  throw new HttpError(401, 'Missing credentials: send Authorization: Bearer <API token> or an OAuth PLAINTEXT header', {
    headers: { 'WWW-Authenticate': 'Bearer realm="Sandbox Cloud bridge"' },
  });
}

export function createBridgeHandler(context: PlatformContext) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handleBridge(context, req, res).catch((error) => sendError(res, error));
  };
}

async function handleBridge(context: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  setCommonHeaders(req, res, context.clock);
  if (answerPreflight(req, res)) return;
  const pathname = pathnameOf(req);
  if (await context.faults.apply('bridge', req, res, pathname)) return;
  const body = await readBody(req);
  const caller = () => authenticate(context, req, body);
  if (pathname === '/api-tokens' || pathname.startsWith('/api-tokens/')) {
    handleApiTokens(context, req, res, pathname, body, caller);
    return;
  }
  const proxied = (pathname.startsWith('/v2/') || pathname.startsWith('/v4/')) && !pathname.startsWith('/v2/oauth/');
  if (!proxied) throw new HttpError(404, `Not Found: the bridge serves /v2/*, /v4/* and /api-tokens, not ${pathname}`);
  if (!PROXIED_METHODS.includes(req.method ?? '')) {
    throw new HttpError(405, `The bridge does not proxy ${req.method} (only ${PROXIED_METHODS.join(', ')})`, {
      headers: { Allow: PROXIED_METHODS.join(', ') },
    });
  }
  const logStream = matchLogStream(req.method ?? 'GET', pathname);
  if (logStream) return serveLogStream(context, req, res, logStream, caller);
  serveResource(context, req, res, pathname, body, caller);
}
