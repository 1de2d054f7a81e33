/**
 * Starting, restarting and stopping an application, and what it runs meanwhile, as the official CLI drives and reads
 * them (`clever restart`, `clever stop`, `clever status`, `clever activity`):
 * - `POST …/instances` (`?commit=`, `?useCache=no`) starts a DEPLOY and answers its `deploymentId`, which
 *   `clever restart` polls (clever-tools restart.command.js:68 reads `redeploy.deploymentId`; models/deployments.js:20
 *   finds it by `uuid` among the last 5, then polls `…/deployments/{uuid}` until the state is not `WIP`, line 46);
 *   the application's desired state becomes `SHOULD_BE_UP`.
 * - `DELETE …/instances` records an UNDEPLOY and stops every instance: desired state `SHOULD_BE_DOWN`.
 * - `GET …/instances` is computed from that state and the newest DEPLOY: `minInstances` instances of `minFlavor`,
 *   `DEPLOYING` while it is `WIP`, `UP` once it is `OK` (status.command.js:15-20 counts `UP` and `DEPLOYING`).
 * - `GET …/deployments` honours `limit`, `offset` and `action`, newest first (esm/api/v2/application.js:353).
 */

import { recordDeployment } from './catalog-effects.ts';
import { collectionAt } from './catalog-records.ts';
import { HttpError } from './http-util.ts';
import { recordOf } from './owned-collection.ts';
import { orgAndSelf, organisationOf } from './resource-helpers.ts';
import { applicationKind } from './resources-apps.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { Application } from './state.ts';

const READ = { org: 'access_organisations', self: 'access_organisations' } as const;
const WRITE = { org: 'manage_organisations_applications', self: 'manage_organisations_applications' } as const;
const APP = '/applications/:appId';

function patterns(request: ResourceRequest): { pattern: string; path: string } {
  const prefix = request.pathname.startsWith('/v2/self/')
    ? '/v2/self'
    : `/v2/organisations/${organisationOf(request).id}`;
  const pattern = request.pathname.startsWith('/v2/self/')
    ? `/v2/self${APP}/deployments`
    : `/v2/organisations/:orgId${APP}/deployments`;
  return { pattern, path: `${prefix}/applications/${request.params.appId}/deployments` };
}

export function deploymentsOfApp(request: ResourceRequest): Record<string, unknown>[] {
  const { pattern, path } = patterns(request);
  return [...collectionAt(request, pattern, path, 'deploymentId').values()];
}

function start(request: ResourceRequest): Reply {
  const app = recordOf(applicationKind, request);
  const { pattern, path } = patterns(request);
  const deployment = recordDeployment(request, pattern, path, 'DEPLOY', 'WIP');
  if (typeof deployment.commit === 'string') app.view.commitId = deployment.commit;
  app.view.state = 'SHOULD_BE_UP';
  return {
    status: 200,
    json: {
      id: 200,
      message: `The application ${app.view.name} is being deployed`,
      type: 'success',
      deploymentId: deployment.uuid,
    },
  };
}

function stop(request: ResourceRequest): Reply {
  const app = recordOf(applicationKind, request);
  const { pattern, path } = patterns(request);
  recordDeployment(request, pattern, path, 'UNDEPLOY', 'OK');
  app.view.state = 'SHOULD_BE_DOWN';
  return {
    status: 200,
    json: { id: 200, message: `The application ${app.view.name} has been stopped`, type: 'success' },
  };
}

/** The instances an application runs now (none when it should be down or never deployed successfully). */
export function instancesOf(app: Application, deployments: Record<string, unknown>[]): Record<string, unknown>[] {
  if (app.view.state === 'SHOULD_BE_DOWN') return [];
  const deploy = deployments.find((deployment) => deployment.action === 'DEPLOY');
  if (!deploy) return [];
  const state = deploy.state === 'WIP' ? 'DEPLOYING' : deploy.state === 'OK' ? 'UP' : undefined;
  if (!state) return [];
  const instance = app.view.instance as { minInstances: number; minFlavor: Record<string, unknown> };
  return Array.from({ length: instance.minInstances }, (_, index) => ({
    id: `${String(deploy.uuid).replace('deployment_', '')}-${index}`,
    appId: app.view.id,
    ip: `10.2.${Number(deploy.id) % 250}.${index + 10}`,
    appPort: 8080,
    state,
    flavor: { ...instance.minFlavor },
    commit: deploy.commit,
    deployNumber: deploy.id,
    instanceNumber: index,
    displayName: `${app.view.name}-${index}`,
    creationDate: deploy.date,
  }));
}

function list(request: ResourceRequest): Reply {
  const app = recordOf(applicationKind, request);
  return { status: 200, json: instancesOf(app, deploymentsOfApp(request)) };
}

function oneInstance(request: ResourceRequest): Reply {
  const app = recordOf(applicationKind, request);
  const found = instancesOf(app, deploymentsOfApp(request)).find(
    (instance) => instance.id === request.params.instanceId,
  );
  if (!found) throw new HttpError(404, `No instance ${request.params.instanceId} here`);
  return { status: 200, json: found };
}

function nonNegative(request: ResourceRequest, name: string): number | undefined {
  const raw = request.query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new HttpError(400, `Query parameter ${name} must be an integer ≥ 0`);
  return value;
}

function deploymentList(request: ResourceRequest): Reply {
  recordOf(applicationKind, request);
  const action = request.query.get('action');
  const offset = nonNegative(request, 'offset') ?? 0;
  const limit = nonNegative(request, 'limit');
  const all = deploymentsOfApp(request).filter((deployment) => !action || deployment.action === action);
  const page = all.slice(offset, limit === undefined ? undefined : offset + limit);
  return { status: 200, json: page.map((deployment) => ({ ...deployment })) };
}

export const appLifecycleRoutes: Route[] = [
  ...orgAndSelf(`${APP}/instances`, 'POST', WRITE, start),
  ...orgAndSelf(`${APP}/instances`, 'DELETE', WRITE, stop),
  ...orgAndSelf(`${APP}/instances`, 'GET', READ, list),
  ...orgAndSelf(`${APP}/instances/:instanceId`, 'GET', READ, oneInstance),
  ...orgAndSelf(`${APP}/deployments`, 'GET', READ, deploymentList),
];
