/** What tests read from the platform sandbox behind a browser: its user's application, the calls that reached it. */
import type { IncomingMessage } from 'node:http';
import type { FaultRunner } from '../../platform/faults.ts';
import type { Platform } from './sandboxed-extension.ts';

/** The signed-in user's own application (the sandbox seeds one), with its owner. */
export function userApp(platform: Platform): { ownerId: string; appId: string } {
  const user = [...platform.state.users.values()].find((candidate) => candidate.email === platform.user.email)!;
  const app = [...platform.state.applications.values()].find((candidate) => candidate.ownerId === user.id)!;
  return { ownerId: app.ownerId, appId: app.view.id };
}

/** The request that restarts that application (the events socket then tells of a deployment). */
export function restartAppRequest(platform: Platform) {
  const { ownerId, appId } = userApp(platform);
  return {
    target: 'api',
    method: 'POST',
    path: `/v2/organisations/${ownerId}/applications/${appId}/instances`,
  } as const;
}

/** Counts how often each `?n=` marker reached the sandbox's API, before any routing or authentication. */
export function countArrivals(platform: Platform): Map<string, number> {
  const arrivals = new Map<string, number>();
  const faults = platform.faults as FaultRunner;
  const original = faults.apply;
  faults.apply = (server, req: IncomingMessage, res, pathname) => {
    const marker = new URL(req.url ?? '/', 'http://x').searchParams.get('n');
    if (server === 'api' && marker) arrivals.set(marker, (arrivals.get(marker) ?? 0) + 1);
    return original.call(faults, server, req, res, pathname);
  };
  return arrivals;
}
