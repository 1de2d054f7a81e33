/**
 * A deployment moves through its states as on the platform (`WIP`, then `OK` — or `FAIL` for a push the test says fails; `CANCELLED` when cancelled) as the
 * sandbox's clock passes `deploySeconds`. The record keeps `state` as an enumerable getter, so every view of the
 * store (list, item, JSON) reads the state of the moment without a timer. A DEPLOY that starts with the SFTP server's
 * bootstrap variables set (spec §4.4 step 4) makes that administrator exist once it is done, as SFTPGo creates it
 * at its first start; removing the variables later does not remove it.
 */
import type { ResourceRequest } from './router.ts';

const DEFAULT_DEPLOY_SECONDS = 5;
const CREATE_ADMIN = 'SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN';
const ADMIN_USERNAME = 'SFTPGO_DEFAULT_ADMIN_USERNAME';
const ADMIN_PASSWORD = 'SFTPGO_DEFAULT_ADMIN_PASSWORD';

export function progressDeployment(
  deployment: Record<string, unknown>,
  request: ResourceRequest,
  action: string,
  initialState: string,
  outcome: 'OK' | 'FAIL' = 'OK',
): void {
  if (action !== 'DEPLOY') {
    deployment.state = initialState;
    return;
  }
  const doneAt = request.clock.now() + (request.state.settings.deploySeconds ?? DEFAULT_DEPLOY_SECONDS) * 1000;
  let forced: string | undefined;
  Object.defineProperty(deployment, 'state', {
    enumerable: true,
    configurable: true,
    get: () => forced ?? (request.clock.now() < doneAt ? initialState : outcome),
    set: (value: string) => {
      forced = value;
    },
  });
  const appId = request.params.appId;
  const app = appId ? request.state.applications.get(appId) : undefined;
  const env = new Map(app?.env.map((variable) => [variable.name, variable.value]));
  const password = env.get(ADMIN_PASSWORD);
  if (app && outcome === 'OK' && env.get(CREATE_ADMIN) === '1' && password) {
    request.state.sftpBootstrapAdmins.push({
      appId: app.view.id,
      username: env.get(ADMIN_USERNAME) ?? 'admin',
      password,
      readyAt: doneAt,
    });
  }
}
