/**
 * What a `git push` to an application's deploy remote does on the platform: it starts a DEPLOY of the pushed
 * commit, which moves from WIP to OK like any other (deployment-progress.ts). The sandbox has no git server, so
 * tests and demos simulate the push with `POST /__sandbox/git-push {"appId", "commit"?, "fail"?}` (control.ts); with `"fail": true` the deployment ends FAIL.
 */
import type { IncomingMessage } from 'node:http';
import { recordDeployment } from './catalog-effects.ts';
import type { PlatformContext } from './context.ts';
import { HttpError } from './http-util.ts';
import type { ResourceRequest } from './router.ts';

export function simulateGitPush(
  context: PlatformContext,
  appId: string,
  commit?: string,
  outcome: 'OK' | 'FAIL' = 'OK',
): Record<string, unknown> {
  const app = context.state.applications.get(appId);
  if (!app) throw new HttpError(404, `Application ${appId} not found`);
  const org = context.state.organisations.get(app.ownerId);
  const user = context.state.users.get(org?.members[0]?.userId ?? '');
  if (!user) throw new HttpError(404, `No member of ${app.ownerId} to push as`);
  const pattern = '/v2/organisations/:orgId/applications/:appId/deployments';
  const path = `/v2/organisations/${app.ownerId}/applications/${appId}/deployments`;
  const pushed = commit ?? (app.view.commitId as string | undefined) ?? '0'.repeat(40);
  const request: ResourceRequest = {
    method: 'POST',
    pathname: path,
    params: { orgId: app.ownerId, appId },
    query: new URLSearchParams(),
    req: { headers: { 'content-type': 'application/json' } } as IncomingMessage,
    body: Buffer.from(JSON.stringify({ commit: pushed })),
    caller: { user, rights: new Set() },
    state: context.state,
    clock: context.clock,
  };
  return { ...recordDeployment(request, pattern, path, 'DEPLOY', 'WIP', 'git push', outcome) };
}
