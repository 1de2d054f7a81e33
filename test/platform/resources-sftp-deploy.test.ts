/**
 * The platform side of deploying the SFTP server (spec §4.4), as the SFTP kit drives it: add-ons that take a moment
 * to be provisioned, TCP redirections with their public port, a push that starts a deployment moving WIP → OK with
 * the clock, a restart, and the bootstrap administrator the deployed server creates from the variables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { dance, signerFor } from './support/oauth-client.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;
let self: string;

beforeAll(async () => {
  platform = await startPlatform({ addonProvisioningSeconds: 30, deploySeconds: 60 });
  call = signerFor(platform, await dance(platform));
  self = [...platform.state.organisations.values()].find((org) => org.personal)!.id;
});
afterAll(() => platform.close());

const json = async (method: string, path: string, extra = {}) => {
  const response = await call(method, path, extra);
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
};

async function createLinuxApp(name: string): Promise<string> {
  const created = await json('POST', `/v2/organisations/${self}/applications`, {
    json: { name, instanceType: 'linux', zone: 'par' },
  });
  expect(created.status).toBe(200);
  return (created.body as { id: string }).id;
}

function basic(username: string, password: string) {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

describe('deploying the SFTP server on the sandbox', () => {
  it('gives an add-on’s variables only once it is provisioned', async () => {
    const created = await json('POST', `/v2/organisations/${self}/addons`, {
      json: { name: 'files', providerId: 'cellar', plan: 's', region: 'par' },
    });
    const addon = created.body as { id: string };
    expect((await json('GET', `/v2/organisations/${self}/addons/${addon.id}/env`)).body).toEqual([]);
    platform.clock.shift(31);
    const env = (await json('GET', `/v2/organisations/${self}/addons/${addon.id}/env`)).body as { name: string }[];
    expect(env.map((variable) => variable.name)).toContain('CELLAR_ADDON_HOST');
  });

  it('lists the namespaces and adds, lists and removes TCP redirections with distinct ports', async () => {
    const appId = await createLinuxApp('sftp-redirs');
    const namespaces = await json('GET', `/v2/organisations/${self}/namespaces`);
    expect(namespaces.body).toContainEqual({ namespace: 'default' });
    const redirs = `/v2/organisations/${self}/applications/${appId}/tcpRedirs`;
    const first = (await json('POST', redirs, { json: { namespace: 'default' } })).body as { port: number };
    const second = (await json('POST', redirs, { json: { namespace: 'cleverapps' } })).body as { port: number };
    expect(second.port).not.toBe(first.port);
    expect((await json('GET', redirs)).body).toEqual([
      { namespace: 'default', port: first.port },
      { namespace: 'cleverapps', port: second.port },
    ]);
    expect((await json('POST', redirs, { json: { namespace: 'nowhere' } })).status).toBe(400);
    expect((await json('DELETE', `${redirs}/${first.port}?namespace=default`)).status).toBe(200);
    expect((await json('DELETE', `${redirs}/${first.port}?namespace=default`)).status).toBe(404);
    expect((await json('GET', redirs)).body).toEqual([{ namespace: 'cleverapps', port: second.port }]);
  });

  it('deploys on a simulated push (WIP, then OK), creates the bootstrap admin, and restarts', async () => {
    const appId = await createLinuxApp('sftp-deploy');
    const env = {
      SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN: '1',
      SFTPGO_DEFAULT_ADMIN_USERNAME: 'root',
      SFTPGO_DEFAULT_ADMIN_PASSWORD: 'bootstrapPassword42',
    };
    expect((await json('PUT', `/v2/organisations/${self}/applications/${appId}/env`, { json: env })).status).toBe(200);
    const token = () =>
      fetch(`${platform.sftp}/api/v2/token`, { headers: { Authorization: basic('root', 'bootstrapPassword42') } });
    expect((await token()).status).toBe(401);

    const pushed = await fetch(`${platform.api}/__sandbox/git-push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appId, commit: 'c0ffee' }),
    });
    expect(pushed.status).toBe(201);
    const deployments = `/v2/organisations/${self}/applications/${appId}/deployments`;
    const [latest] = (await json('GET', deployments)).body as { uuid: string; state: string; commit: string }[];
    expect(latest).toMatchObject({ action: 'DEPLOY', state: 'WIP', commit: 'c0ffee', cause: 'git push' });
    expect((await token()).status).toBe(401);

    platform.clock.shift(61);
    expect((await json('GET', `${deployments}/${latest!.uuid}`)).body).toMatchObject({ state: 'OK' });
    expect((await token()).status).toBe(200);

    // The variables go, the admin stays (it is in the server's database); a restart is another deployment.
    for (const name of Object.keys(env)) {
      expect((await json('DELETE', `/v2/organisations/${self}/applications/${appId}/env/${name}`)).status).toBe(200);
    }
    expect((await json('POST', `/v2/organisations/${self}/applications/${appId}/instances`)).status).toBe(200);
    const after = (await json('GET', deployments)).body as { uuid: string; state: string }[];
    expect(after[0]).toMatchObject({ action: 'DEPLOY', state: 'WIP' });
    expect(after[0]!.uuid).not.toBe(latest!.uuid);
    expect((await token()).status).toBe(200);
  });
});
