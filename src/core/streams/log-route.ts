/**
 * The "Tail logs" and "Access logs" shortcuts: a panel address that opens an application's log stream, so the popup
 * (or any page, or a followed id) can link to it: `#catalog?tail=logs&owner=<id>&app=<id>`.
 */
import type { LogsKind } from './stream-endpoints.ts';

export interface LogsRoute {
  ownerId: string;
  appId: string;
  kind: LogsKind;
}

export function logsRouteHash({ ownerId, appId, kind }: LogsRoute): string {
  return `#catalog?tail=${kind}&owner=${encodeURIComponent(ownerId)}&app=${encodeURIComponent(appId)}`;
}

/** The route in a panel hash, or undefined when the hash asks for no stream (or names it wrongly). */
export function readLogsRoute(hash: string): LogsRoute | undefined {
  const query = hash.split('?')[1];
  if (!query) return undefined;
  const params = new URLSearchParams(query);
  const kind = params.get('tail');
  const ownerId = params.get('owner') ?? '';
  const appId = params.get('app') ?? '';
  if ((kind !== 'logs' && kind !== 'accesslogs') || !ownerId || !appId) return undefined;
  return { ownerId, appId, kind };
}
