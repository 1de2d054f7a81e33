/**
 * Deployments as the platform records them: starting or restarting an application's instances records a DEPLOY,
 * stopping them an UNDEPLOY (resources-app-lifecycle.ts), a push a DEPLOY (git-push.ts), and cancelling a deployment
 * (DELETE `…/deployments/{id}/instances`, a write of the catalog responder) marks it CANCELLED. The newest
 * deployment is listed first, like the platform's activity.
 */
import { collectionAt, createId, exampleRecord, storeKey } from './catalog-records.ts';
import { progressDeployment } from './deployment-progress.ts';
import { HttpError, mediaType } from './http-util.ts';
import type { ResourceRequest } from './router.ts';
import { publishPlatformEvent } from './streams/stream-hub.ts';

const CANCEL = /\/deployments\/:deploymentId\/instances$/;

function deploymentsOf(request: ResourceRequest, pattern: string, path: string) {
  return collectionAt(request, pattern, path, 'deploymentId');
}

/**
 * The commit to deploy: the official client and CLI send it as the `commit` query parameter
 * (`@clevercloud/client` esm/api/v2/application.js:573, `redeploy`); a JSON body `{commit}` is the sandbox's own
 * git-push simulation.
 */
function commitOf(request: ResourceRequest): string | undefined {
  const query = request.query.get('commit');
  if (query) return query;
  if (request.body.length === 0 || !mediaType(request.req).includes('json')) return undefined;
  try {
    const body = JSON.parse(request.body.toString('utf8')) as { commit?: unknown };
    return typeof body?.commit === 'string' ? body.commit : undefined;
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

/** Records a deployment, newest first; a DEPLOY moves from WIP to OK with the clock (deployment-progress.ts). */
export function recordDeployment(
  request: ResourceRequest,
  pattern: string,
  path: string,
  action: string,
  state: string,
  cause = 'Sandbox Cloud API',
  outcome: 'OK' | 'FAIL' = 'OK',
): Record<string, unknown> {
  const store = deploymentsOf(request, pattern, path);
  const uuid = createId(request, 'deploymentId', path);
  const app = request.params.appId ? request.state.applications.get(request.params.appId) : undefined;
  const commit = commitOf(request) ?? (app?.view.commitId as string | undefined);
  const deployment = {
    ...exampleRecord(request, pattern, 'deploymentId', uuid, storeKey(request, path)),
    ...deploymentFields(request.clock.now(), store),
    uuid,
    action,
    cause,
    author: { id: request.caller.user.id, name: request.caller.user.name },
    ...(commit ? { commit } : {}),
  };
  progressDeployment(deployment, request, action, state, outcome);
  const rest = [...store];
  store.clear();
  store.set(uuid, deployment);
  for (const [key, value] of rest) store.set(key, value);
  // The events socket (streams/event-socket.ts) tells the organisation's members, as the platform does;
  // `clever activity -f` prints `data.uuid`, `state`, `action`, `commit`, `cause` (activity.command.js:114-118).
  publishPlatformEvent(request.state, {
    event: 'DEPLOYMENT_ACTION_BEGIN',
    data: {
      id: request.params.appId,
      appId: request.params.appId,
      ownerId: app?.ownerId ?? request.params.orgId ?? request.caller.user.id,
      deploymentId: uuid,
      uuid,
      action,
      state,
      cause,
      ...(commit ? { commit } : {}),
    },
  });
  return deployment;
}

/**
 * What a deployment record carries as the platform sends it: `id` the application's deployment number and `uuid`
 * the `deployment_…` id (`@clevercloud/client` deployment-transform.js:26-27 reads `index: payload.id`,
 * `id: payload.uuid`); `date` in epoch milliseconds, which `clever activity` formats with
 * `Intl.DateTimeFormat#formatToParts` (clever-tools activity.command.js:26, "Invalid time value" on a string);
 * `instances`, the number of instances it started.
 */
export function deploymentFields(now: number, store: Map<string, Record<string, unknown>>): Record<string, unknown> {
  const numbers = [...store.values()].map((record) => record.id).filter((id) => typeof id === 'number');
  return { id: Math.max(0, ...(numbers as number[])) + 1, date: now, instances: 1 };
}

export function applyEffects(method: string, pattern: string, request: ResourceRequest): void {
  if (CANCEL.test(pattern) && method === 'DELETE') {
    const deployments = pattern.replace(/\/:deploymentId\/instances$/, '');
    const path = request.pathname.split('/').slice(0, -2).join('/');
    const deployment = deploymentsOf(request, deployments, path).get(request.params.deploymentId!);
    if (deployment) deployment.state = 'CANCELLED';
  }
}
