/** A minimal router for the resource endpoints: patterns with `:params`, rights, 404 and 405. */
import type { IncomingMessage } from 'node:http';
import type { Clock } from './clock.ts';
import type { Right } from './defaults.ts';
import { HttpError } from './http-util.ts';
import type { AccessToken, ApiToken, PlatformState, User } from './state.ts';

export interface Caller {
  user: User;
  rights: ReadonlySet<Right>;
  accessToken?: AccessToken;
  apiToken?: ApiToken;
}

export interface ResourceRequest {
  method: string;
  pathname: string;
  params: Record<string, string>;
  query: URLSearchParams;
  req: IncomingMessage;
  body: Buffer;
  caller: Caller;
  state: PlatformState;
  clock: Clock;
}

/** What a handler answers: JSON by default, or raw bytes (PDF). */
export type Reply =
  | { status: number; json?: unknown; headers?: Record<string, string> }
  | { status: number; raw: Buffer; headers: Record<string, string> };

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  pattern: string;
  /** The right an OAuth access token needs; API tokens have them all. */
  right?: Right;
  handle(request: ResourceRequest): Reply;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...routes: Route[]): this {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.pattern
        .split('/')
        .map((segment) => {
          if (!segment.includes(':')) return escapeRegex(segment);
          // `:number.pdf` captures `number` and requires the literal suffix; `openapi.:type` and `:type-:version`
          // (the platform's `/v2/openapi.{type}`, `/v2/products/instances/{type}-{version}`) mix literals and names.
          return segment
            .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
            .map((part) => {
              if (!part.startsWith(':')) return escapeRegex(part);
              names.push(part.slice(1));
              return '([^/]+?)';
            })
            .join('');
        })
        .join('/');
      this.routes.push({ ...route, regex: new RegExp(`^${source}$`), names });
    }
    return this;
  }

  /** Finds the route or throws 404/405. Path parameters are percent-decoded. */
  match(method: string, pathname: string): { route: Route; params: Record<string, string> } {
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = safeDecode(found[index + 1]!);
      });
      return { route, params };
    }
    if (allowed.size > 0) {
      const allow = [...allowed].join(', ');
      throw new HttpError(405, `Method ${method} is not allowed on ${pathname} (allowed: ${allow})`, {
        headers: { Allow: allow },
      });
    }
    throw new HttpError(404, `Not Found: no endpoint ${method} ${pathname}`);
  }

  /**
   * Routes first (so 404 and 405 do not need credentials), then authenticates, then checks the route's right.
   */
  handle(request: Omit<ResourceRequest, 'params' | 'caller'>, authenticate: () => Caller): Reply {
    const { route, params } = this.match(request.method, request.pathname);
    const caller = authenticate();
    if (route.right && !caller.rights.has(route.right)) {
      throw new HttpError(403, `${route.method} ${route.pattern} requires right ${route.right}`, {
        extra: { requiredRight: route.right },
      });
    }
    return route.handle({ ...request, params, caller });
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `Malformed percent-encoding in path segment ${JSON.stringify(segment)}`);
  }
}
