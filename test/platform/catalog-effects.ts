/**
 * What a write of the catalog responder changes elsewhere, as on the platform: starting or restarting an
 * application's instances (POST `…/instances`) records a DEPLOY deployment, stopping them (DELETE `…/instances`) an
 * UNDEPLOY, and cancelling a deployment (DELETE `…/deployments/{id}/instances`) marks it CANCELLED. The newest
 * deployment is listed first, like the platform's activity.
 */
import { collectionAt, createId, exampleRecord, storeKey } from './catalog-records.ts';
import { platformDate } from './dates.ts';
import { progressDeployment } from './deployment-progress.ts';
import { HttpError, mediaType } from './http-util.ts';
import type { ResourceRequest } from './router.ts';
import { publishPlatformEvent } from './streams/stream-hub.ts';

const INSTANCES = /\/applications\/:appId\/instances$/;
const CANCEL = /\/deployments\/:deploymentId\/instances$/;

function deploymentsOf(request: ResourceRequest, pattern: string, path: string) {
  return collectionAt(request, pattern, path, 'deploymentId');
}

function commitOf(request: ResourceRequest): string | undefined {
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
  const id = createId(request, 'deploymentId', path);
  const deployment = {
    ...exampleRecord(request, pattern, 'deploymentId', id, storeKey(request, path)),
    id,
    uuid: id,
    action,
    cause,
    date: platformDate(request.clock.now()),
    author: { id: request.caller.user.id, name: request.caller.user.name },
    ...(commitOf(request) ? { commit: commitOf(request) } : {}),
  };
  progressDeployment(deployment, request, action, state, outcome);
  const rest = [...store];
  store.clear();
  store.set(id, deployment);
  for (const [key, value] of rest) store.set(key, value);
  // The events socket (streams/event-socket.ts) tells the organisation's members, as the platform does.
  publishPlatformEvent(request.state, {
    event: 'DEPLOYMENT_ACTION_BEGIN',
    data: {
      id: request.params.appId,
      appId: request.params.appId,
      ownerId: request.params.orgId ?? request.caller.user.id,
      deploymentId: id,
      action,
      state,
    },
  });
  return deployment;
}

export function applyEffects(method: string, pattern: string, request: ResourceRequest): void {
  if (INSTANCES.test(pattern) && (method === 'POST' || method === 'DELETE')) {
    const deployments = pattern.replace(/instances$/, 'deployments');
    const path = request.pathname.replace(/instances$/, 'deployments');
    recordDeployment(
      request,
      deployments,
      path,
      method === 'POST' ? 'DEPLOY' : 'UNDEPLOY',
      method === 'POST' ? 'WIP' : 'OK',
    );
  }
  if (CANCEL.test(pattern) && method === 'DELETE') {
    const deployments = pattern.replace(/\/:deploymentId\/instances$/, '');
    const path = request.pathname.split('/').slice(0, -2).join('/');
    const deployment = deploymentsOf(request, deployments, path).get(request.params.deploymentId!);
    if (deployment) deployment.state = 'CANCELLED';
  }
}
