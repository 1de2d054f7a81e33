/**
 * Where a request's credentials are. Usually the `Authorization` header; the platform's own client also puts them in
 * links it cannot add a header to (invoice PDF and HTML links, streams) as `?authorization=<base64 of the header
 * value>`, and the platform accepts that.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError, searchParamsOf } from './http-util.ts';

export interface RequestAuthorization {
  authorization: string | undefined;
  /** True when the value came from the query parameter (which then is not one of the signed parameters). */
  authorizationFromQuery: boolean;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function authorizationOf(req: IncomingMessage): RequestAuthorization {
  const header = req.headers.authorization;
  if (header !== undefined) return { authorization: header, authorizationFromQuery: false };
  const values = searchParamsOf(req).getAll('authorization');
  if (values.length === 0) return { authorization: undefined, authorizationFromQuery: false };
  if (values.length > 1) throw new HttpError(400, 'The authorization query parameter appears more than once');
  const value = values[0]!;
  if (!BASE64.test(value)) {
    throw new HttpError(400, 'The authorization query parameter must be the base64 of an Authorization header value');
  }
  return { authorization: Buffer.from(value, 'base64').toString('utf8'), authorizationFromQuery: true };
}
