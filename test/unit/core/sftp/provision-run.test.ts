/**
 * The provisioning run against the platform sandbox (signed calls, one consistent state): from an empty account
 * to a connected SFTP user, stopping where it must wait, resuming after a fault and after a write whose outcome is
 * unknown without repeating it, refusing to adopt what it did not create, and removing exactly what it created.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { readCreateUserResponse } from '../../../../src/core/sftp/admin-api.ts';
import { generateHostKey, readOpenSshPublicKeyBlob } from '../../../../src/core/sftp/ed25519-host-key.ts';
import type { ProvisionDeps } from '../../../../src/core/sftp/provision-api.ts';
import {
  describePlan,
  newRunState,
  type ProvisionChoices,
  type RunState,
} from '../../../../src/core/sftp/provision-plan.ts';
import { advance, phaseOf, removeCreated } from '../../../../src/core/sftp/provision-run.ts';
import { fingerprintSha256 } from '../../../../src/core/sftp/ssh-fingerprint.ts';
import { buildSftpUserRecord } from '../../../../src/core/sftp/user-record.ts';
import { type Platform, startPlatform } from '../../../platform/index.ts';
import { variantOf } from '../../../platform/seed-products.ts';
import { dance, signerFor } from '../../../platform/support/oauth-client.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;
let owner: string;
let buckets: Set<string>;
let hostKey: Awaited<ReturnType<typeof generateHostKey>>;
const saved: RunState[] = [];

beforeEach(async () => {
  platform = await startPlatform({ addonProvisioningSeconds: 30, deploySeconds: 60 });
  call = signerFor(platform, await dance(platform));
  owner = [...platform.state.organisations.values()].find((org) => org.personal)!.id;
  buckets = new Set();
  hostKey = await generateHostKey({ comment: 'test' });
  saved.length = 0;
});
afterEach(() => platform.close());

function choices(appName = 'files-gateway'): ProvisionChoices {
  const pg = platform.state.addonProviders.find((provider) => provider.view.id === 'postgresql-addon')!;
  const cellar = platform.state.addonProviders.find((provider) => provider.view.id === 'cellar')!;
  return {
    ownerId: owner,
    ownerName: 'Personal space',
    zone: 'par',
    appName,
    runtime: { type: 'linux', version: '20250101', variantId: linuxVariantId(), flavor: 'XS' },
    postgresql: { providerId: 'postgresql-addon', planId: pg.plans[0]!.id, planName: pg.plans[0]!.name },
    storage: { providerId: 'cellar', planId: cellar.plans[0]!.id, planName: cellar.plans[0]!.name },
    adminUsername: 'root',
    bucket: 'files.gateway',
    sftpUsername: 'alice',
  };
}

function linuxVariantId(): string {
  // The id the sandbox's /v2/products/instances gives the Linux runtime.
  return variantOf('linux').id as string;
}

function deps(overrides: Partial<ProvisionDeps> = {}): ProvisionDeps {
  return {
    async api(method, path, body) {
      const response = await call(method, path, body === undefined ? {} : { json: body });
      return { status: response.status, text: await response.text() };
    },
    listBuckets: async () => [...buckets],
    createBucket: async (_keys, name) => {
      buckets.add(name);
    },
    serverUrl: () => platform.sftp,
    async sftpUserExists(server, admin, name) {
      const token = await adminToken(server, admin);
      const response = await fetch(`${server}/api/v2/users/${name}`, { headers: { Authorization: `Bearer ${token}` } });
      return response.status === 200;
    },
    async createSftpUser(server, admin, record) {
      const token = await adminToken(server, admin);
      const response = await fetch(`${server}/api/v2/users`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(record),
      });
      readCreateUserResponse(response.status, await response.text(), record.username);
    },
    async fingerprint(value) {
      const blob = readOpenSshPublicKeyBlob(value);
      return blob ? fingerprintSha256(blob) : null;
    },
    secrets: {
      adminPassword: 'bootstrapPassword42',
      hostKeyBase64: hostKey.privateKeyFileBase64,
      sftpPassword: 'alicePassword99',
    },
    ...overrides,
  };
}

async function adminToken(server: string, admin: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${server}/api/v2/token`, {
    headers: { Authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}` },
  });
  if (response.status !== 200) throw new KeyholeError('invalid-credential', `token ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const save = async (run: RunState) => {
  saved.push(structuredClone(run));
};

function push(appId: string, fail = false) {
  return fetch(`${platform.api}/__sandbox/git-push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ appId, fail }),
  });
}

async function accountView() {
  const apps = await (await call('GET', `/v2/organisations/${owner}/applications`)).json();
  const addons = await (await call('GET', `/v2/organisations/${owner}/addons`)).json();
  return { apps, addons };
}

async function runToTheEnd(run: RunState, d = deps()): Promise<RunState> {
  await advance(run, d, save);
  expect(phaseOf(run)).toEqual({
    kind: 'waiting',
    step: 'addons-ready',
    note: expect.stringContaining('provisioning'),
  });
  platform.clock.shift(31);
  await advance(run, d, save);
  expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'deploy' });
  expect((await push(run.facts.appId!)).status).toBe(201);
  await advance(run, d, save);
  expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'deploy', note: expect.stringContaining('WIP') });
  platform.clock.shift(61);
  await advance(run, d, save);
  expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'restart' });
  platform.clock.shift(61);
  // The run holds before the steps the user must first allow (host access), and goes on once allowed.
  await advance(run, d, save, (step) => step !== 'bucket');
  expect(phaseOf(run)).toEqual({ kind: 'running' });
  expect([run.steps.restart.status, run.steps.bucket.status]).toEqual(['done', 'pending']);
  return advance(run, d, save);
}

describe('provisioning the SFTP deployment through the API', () => {
  it('goes from an empty account to a connected SFTP user, and stores no secret in the run', async () => {
    const run = await runToTheEnd(newRunState('run-1', choices()));
    expect(phaseOf(run)).toEqual({ kind: 'finished' });
    const app = platform.state.applications.get(run.facts.appId!)!;
    expect(app.view.name).toBe('files-gateway');
    expect(app.linkedAddons).toEqual([run.facts.postgresqlId, run.facts.storageId]);
    const env = new Map(app.env.map((variable) => [variable.name, variable.value]));
    expect(env.get('SFTPGO_DATA_PROVIDER__DRIVER')).toBe('postgresql');
    expect(env.get('SFTPGO_SFTPD__BINDINGS__0__PORT')).toBe('4040');
    expect(env.get('SFTPGO_HOST_KEY_B64')).toBe(hostKey.privateKeyFileBase64);
    expect(env.has('SFTPGO_DEFAULT_ADMIN_PASSWORD')).toBe(false);
    expect(env.has('SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN')).toBe(false);
    expect(platform.state.tcpRedirs.get(app.view.id)).toEqual([{ namespace: 'default', port: run.facts.port }]);
    expect(buckets).toEqual(new Set(['files.gateway']));
    const user = platform.state.sftpUsers.get('alice')!.record as { filesystem: { s3config: Record<string, unknown> } };
    const cellar = platform.state.addons.get(run.facts.storageId!)!.env;
    expect(user.filesystem.s3config).toMatchObject({
      bucket: 'files.gateway',
      access_key: cellar.find((variable) => variable.name === 'CELLAR_ADDON_KEY_ID')!.value,
      endpoint: `https://${cellar.find((variable) => variable.name === 'CELLAR_ADDON_HOST')!.value}`,
      force_path_style: true,
    });
    expect(run.facts.fingerprint).toBe(hostKey.fingerprint);
    expect(run.facts.domain).toMatch(/sandbox-apps/);
    const stored = JSON.stringify(saved);
    for (const secret of ['bootstrapPassword42', 'alicePassword99', hostKey.privateKeyFileBase64]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('shows every call before doing any, with the secrets masked', () => {
    const plan = describePlan(choices());
    const text = JSON.stringify(plan);
    expect(plan.map((step) => step.id)).toContain('tcp-redir');
    expect(text).toContain(`POST","path":"/v2/organisations/${owner}/applications`);
    expect(text).toContain('SFTPGO_DEFAULT_ADMIN_PASSWORD');
    expect(text).toContain('secret, not shown');
    expect(text).not.toContain('bootstrapPassword42');
  });

  it('retries a step after an injected fault, and resolves a write of unknown outcome by its check', async () => {
    const run = newRunState('run-2', choices());
    platform.faults.add({ method: 'POST', path: `/v2/organisations/${owner}/addons`, status: 500 });
    await advance(run, deps(), save);
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'postgresql' });
    expect(run.steps.postgresql.error?.message).toContain('HTTP 500');
    expect(run.steps.app.status).toBe('done');

    // The storage add-on's POST is applied, but its answer is lost (the worker stopped mid-call).
    let lose = true;
    const losing = deps({
      async api(method, path, body) {
        const answer = await deps().api(method, path, body);
        if (lose && method === 'POST' && path.endsWith('/addons') && JSON.stringify(body).includes('"cellar"')) {
          lose = false;
          throw new KeyholeError('outcome-unknown', 'The worker restarted while POST was under way.');
        }
        return answer;
      },
    });
    await advance(run, losing, save);
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'storage' });
    expect(run.steps.storage.error?.code).toBe('outcome-unknown');
    await advance(run, losing, save);
    expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'addons-ready' });
    const storages = [...platform.state.addons.values()].filter((addon) => addon.view.name === 'files-gateway-storage');
    expect(storages).toHaveLength(1);
    expect(run.created.map((resource) => resource.kind)).toEqual(['application', 'addon', 'addon']);
  });

  it('adopts nothing it did not create, and says a user of that name already exists', async () => {
    const before = await accountView();
    const taken = newRunState('run-3', choices('engine-web'));
    await call('POST', `/v2/organisations/${owner}/applications`, {
      json: { name: 'engine-web', instanceType: 'linux', zone: 'par' },
    });
    await advance(taken, deps(), save);
    expect(taken.steps.app.error?.message).toContain('already exists and this run did not create it');
    expect(taken.created).toEqual([]);
    await call(
      'DELETE',
      `/v2/organisations/${owner}/applications/${(await accountView()).apps.find((a: { name: string }) => a.name === 'engine-web').id}`,
    );
    expect(await accountView()).toEqual(before);

    // Someone made "alice" on the server first.
    const token = await adminToken(platform.sftp, platform.sftpAdmin);
    const record = buildSftpUserRecord({
      username: 'alice',
      password: 'someoneElse123',
      homeDir: '/tmp/sftpgo/data',
      bucket: 'other',
      accessKey: 'KEY',
      accessSecret: 'SECRET',
      storageHost: 'cellar.example',
      region: 'default',
    });
    const first = await fetch(`${platform.sftp}/api/v2/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(record),
    });
    expect(first.status).toBe(201);
    const run = await runToTheEnd(newRunState('run-4', choices()));
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'sftp-user' });
    expect(run.steps['sftp-user'].error?.message).toContain('This user already exists');
  });

  it('sends the restart again only when a retry finds that the lost one never started', async () => {
    const run = newRunState('run-7', choices());
    let drop = true;
    const dropping = deps({
      async api(method, path, body) {
        if (drop && method === 'POST' && path.endsWith('/instances')) {
          drop = false;
          throw new KeyholeError('outcome-unknown', 'The worker restarted while POST was under way.');
        }
        return deps().api(method, path, body);
      },
    });
    await advance(run, dropping, save);
    platform.clock.shift(31);
    await advance(run, dropping, save);
    await push(run.facts.appId!);
    platform.clock.shift(61);
    await advance(run, dropping, save);
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'restart' });
    await advance(run, dropping, save);
    expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'restart' });
    platform.clock.shift(61);
    await advance(run, dropping, save, (step) => step !== 'bucket');
    expect(run.steps.restart.status).toBe('done');
    const restarts = (await (
      await call('GET', `/v2/organisations/${owner}/applications/${run.facts.appId}/deployments`)
    ).json()) as {
      cause: string;
    }[];
    expect(restarts.filter((deployment) => deployment.cause === 'Sandbox Cloud API')).toHaveLength(1);
  });

  it('takes the admin password the application has when a lost PUT of the variables was applied', async () => {
    const run = newRunState('run-9', choices());
    let lose = true;
    const losing = deps({
      async api(method, path, body) {
        const answer = await deps().api(method, path, body);
        if (lose && method === 'PUT' && path.endsWith('/env')) {
          lose = false;
          throw new KeyholeError('outcome-unknown', 'The worker restarted while PUT was under way.');
        }
        return answer;
      },
    });
    await advance(run, losing, save);
    platform.clock.shift(31);
    await advance(run, losing, save);
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'env' });
    // The tab is reloaded: it makes a new password, since it cannot know the lost PUT was applied.
    const learned: string[] = [];
    const reloaded = deps({ onAdminPassword: (password) => learned.push(password) });
    reloaded.secrets.adminPassword = 'madeAfterReload123';
    await advance(run, reloaded, save);
    expect(learned).toEqual(['bootstrapPassword42']);
    expect(reloaded.secrets.adminPassword).toBe('bootstrapPassword42');
    expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'deploy' });
  });

  it('removes a create whose answer was lost but which was applied', async () => {
    const before = await accountView();
    const run = newRunState('run-8', choices());
    const losing = deps({
      async api(method, path, body) {
        const answer = await deps().api(method, path, body);
        if (method === 'POST' && path.endsWith('/applications')) {
          throw new KeyholeError('outcome-unknown', 'The worker restarted while POST was under way.');
        }
        return answer;
      },
    });
    await advance(run, losing, save);
    expect(run.steps.app.error?.code).toBe('outcome-unknown');
    expect(run.created).toEqual([]);
    await removeCreated(run, deps(), save);
    expect(await accountView()).toEqual(before);
  });

  it('says a failed deployment failed, and waits for the next push', async () => {
    const run = newRunState('run-6', choices());
    await advance(run, deps(), save);
    platform.clock.shift(31);
    await advance(run, deps(), save);
    expect((await push(run.facts.appId!, true)).status).toBe(201);
    platform.clock.shift(61);
    await advance(run, deps(), save);
    expect(phaseOf(run)).toEqual({ kind: 'failed', step: 'deploy' });
    expect(run.steps.deploy.error?.message).toMatch(/ended FAIL\. Fix it and push again/);
    // The failed deployment created no administrator; a retry waits for another push, not the failed one.
    expect(platform.state.sftpBootstrapAdmins).toEqual([]);
    await advance(run, deps(), save);
    expect(phaseOf(run)).toMatchObject({ kind: 'waiting', step: 'deploy', note: 'Waiting for your push to start' });
    await push(run.facts.appId!);
    platform.clock.shift(61);
    await advance(run, deps(), save);
    expect(run.steps.deploy.status).toBe('done');
  });

  it('removes exactly what it created, and the account is as it was', async () => {
    const before = await accountView();
    const run = await runToTheEnd(newRunState('run-5', choices()));
    expect(phaseOf(run)).toEqual({ kind: 'finished' });
    await removeCreated(run, deps(), save);
    expect(run.created).toEqual([]);
    expect(await accountView()).toEqual(before);
    expect(platform.state.tcpRedirs.size).toBe(0);
  });
});
