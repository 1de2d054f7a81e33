/** The API port: OAuth provider, authorize page, signed resources, and the `/__sandbox` control endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticateOAuth, bearerOf } from './auth.ts';
import { showAuthorize, submitAuthorize } from './authorize.ts';
import type { PlatformContext } from './context.ts';
import { handleControl } from './control.ts';
import {
  answerPreflight,
  HttpError,
  pathnameOf,
  readBody,
  searchParamsOf,
  sendEmpty,
  sendError,
  sendJson,
  sendText,
  setCommonHeaders,
} from './http-util.ts';
import { accessToken, listRights, requestToken } from './oauth/provider.ts';
import type { Caller, Reply } from './router.ts';
import { matchLogStream, serveLogStream } from './streams/log-streams.ts';

type OAuthEndpoint = (context: PlatformContext, req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

const OAUTH_ENDPOINTS: Record<string, { method: string; run: OAuthEndpoint }[]> = {
  '/v2/oauth/request_token': [{ method: 'POST', run: requestToken }],
  '/v2/oauth/request_token_query': [{ method: 'POST', run: requestToken }],
  '/v2/oauth/access_token': [{ method: 'POST', run: accessToken }],
  '/v2/oauth/access_token_query': [{ method: 'POST', run: accessToken }],
  '/v2/oauth/authorize': [
    { method: 'GET', run: (context, req, res) => showAuthorize(context, req, res) },
    { method: 'POST', run: submitAuthorize },
  ],
  '/v2/oauth/rights': [{ method: 'GET', run: (_context, _req, res) => listRights(res) }],
};

export function sendReply(res: ServerResponse, reply: Reply): void {
  if ('raw' in reply) {
    const type = reply.headers['Content-Type'] ?? 'application/octet-stream';
    sendText(res, reply.status, type, reply.raw, reply.headers);
  } else if (reply.json === undefined) {
    sendEmpty(res, reply.status, reply.headers);
  } else {
    sendJson(res, reply.status, reply.json, reply.headers);
  }
}

/** Runs the router for a resource path with the given way of identifying the caller. */
export function serveResource(
  context: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  body: Buffer,
  authenticate: () => Caller,
): void {
  const reply = context.router.handle(
    {
      method: req.method ?? 'GET',
      pathname,
      query: searchParamsOf(req),
      req,
      body,
      state: context.state,
      clock: context.clock,
    },
    authenticate,
  );
  sendReply(res, reply);
}

export function createApiHandler(context: PlatformContext) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handleApi(context, req, res).catch((error) => sendError(res, error));
  };
}

async function handleApi(context: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = pathnameOf(req);
  if (pathname.startsWith('/__sandbox/')) {
    res.setHeader('Date', new Date(context.clock.now()).toUTCString());
    // Tests and scripts only: a web page (any request with an Origin) must not drive the sandbox.
    if (req.headers.origin) throw new HttpError(403, 'The /__sandbox control endpoints are not available to web pages');
    handleControl(context, req, res, pathname, await readBody(req));
    return;
  }
  setCommonHeaders(req, res, context.clock);
  if (answerPreflight(req, res)) return;
  if (await context.faults.apply('api', req, res, pathname)) return;
  const body = await readBody(req);

  const endpoints = OAUTH_ENDPOINTS[pathname];
  if (endpoints) {
    const endpoint = endpoints.find((candidate) => candidate.method === req.method);
    if (!endpoint) {
      const allow = endpoints.map((candidate) => candidate.method).join(', ');
      throw new HttpError(405, `Method ${req.method} is not allowed on ${pathname} (allowed: ${allow})`, {
        headers: { Allow: allow },
      });
    }
    endpoint.run(context, req, res, body);
    return;
  }
  const authenticate = () => {
    if (bearerOf(req)) {
      throw new HttpError(401, 'API tokens are accepted only by the bridge; sign requests to the API with OAuth 1.0a', {
        headers: { 'WWW-Authenticate': 'OAuth realm="Sandbox Cloud"' },
      });
    }
    return authenticateOAuth(context, req, body);
  };
  const logStream = matchLogStream(req.method ?? 'GET', pathname);
  if (logStream) return serveLogStream(context, req, res, logStream, authenticate);
  serveResource(context, req, res, pathname, body, authenticate);
}
