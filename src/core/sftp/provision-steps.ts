/**
 * Each step of the provisioning run: first check whether its result already exists (by name, by the ids the run
 * recorded, or by what the platform lists), then act only if it does not. So a rerun after a failure, a reload or
 * a write whose outcome is unknown (the worker stopped mid-call) picks up where it stopped and never repeats a
 * write blindly. Pure: the calls go through `ProvisionDeps`, which the page wires to the worker, S3 and SFTPGo.
 */
import { KeyholeError } from '../errors.ts';
import { BOOTSTRAP_VARIABLES, HOST_KEY_VARIABLE, TEMP_DIR } from './deploy-config.ts';
import { apiJson, needs, type ProvisionDeps, type StepOutcome, type StorageKeys } from './provision-api.ts';
import {
  addonBody,
  addonNames,
  applicationBody,
  orgPath,
  type RunState,
  type StepId,
  type StepStatus,
  serverVariables,
  TCP_NAMESPACE,
} from './provision-plan.ts';
import { buildSftpUserRecord, DEFAULT_STORAGE_REGION } from './user-record.ts';

export interface StepContext {
  run: RunState;
  deps: ProvisionDeps;
  /** Marks the step's write as sent, and saves the run, before the write goes. */
  beforeWrite(): Promise<void>;
  attempted: boolean;
  /** The step's status before this attempt: a retry after a failure, or a poll while waiting. */
  previous: StepStatus;
}

const appPath = (run: RunState, rest = '') => orgPath(run.choices, `/applications/${run.facts.appId}${rest}`);

/**
 * A record of that name is this run's only if the run sent its create (whose outcome may be unknown). Otherwise it
 * was there before: adopting it would make the clean-up delete what the kit did not create.
 */
function notOurs(kind: string, name: string): KeyholeError {
  return new KeyholeError(
    'conflict',
    `An ${kind} named “${name}” already exists and this run did not create it. Choose another application name: the kit neither changes nor removes what it did not create.`,
  );
}

async function ensureApp({ run, deps, beforeWrite, attempted }: StepContext): Promise<StepOutcome> {
  const { choices } = run;
  type App = { id: string; name: string; vhosts?: { fqdn?: string }[]; deployment?: { url?: string } };
  const apps = await apiJson<App[]>(deps, 'GET', orgPath(choices, '/applications'));
  let app = apps.find((candidate) => candidate.name === choices.appName);
  if (app && !attempted) throw notOurs('application', choices.appName);
  if (!app) {
    await beforeWrite();
    app = await apiJson(deps, 'POST', orgPath(choices, '/applications'), applicationBody(choices));
    if (!app?.id) throw new KeyholeError('malformed-response', 'The new application’s answer has no id.');
  }
  run.facts.appId = app.id;
  run.facts.gitUrl ??= typeof app.deployment?.url === 'string' ? app.deployment.url : undefined;
  run.facts.domain ??= app.vhosts?.find((vhost) => typeof vhost.fqdn === 'string')?.fqdn?.replace(/\/+$/, '');
  remember(run, { kind: 'application', id: app.id, name: choices.appName });
  return { status: 'done', note: app.id };
}

function ensureAddon(which: 'postgresql' | 'storage') {
  return async ({ run, deps, beforeWrite, attempted }: StepContext): Promise<StepOutcome> => {
    const name = addonNames(run.choices.appName)[which];
    const addons = await apiJson<{ id: string; name: string }[]>(deps, 'GET', orgPath(run.choices, '/addons'));
    let addon = addons.find((candidate) => candidate.name === name);
    if (addon && !attempted) throw notOurs('add-on', name);
    if (!addon) {
      await beforeWrite();
      addon = await apiJson(deps, 'POST', orgPath(run.choices, '/addons'), addonBody(run.choices, which));
      if (!addon?.id) throw new KeyholeError('malformed-response', 'The new add-on’s answer has no id.');
    }
    run.facts[which === 'postgresql' ? 'postgresqlId' : 'storageId'] = addon.id;
    remember(run, { kind: 'addon', id: addon.id, name });
    return { status: 'done', note: addon.id };
  };
}

function ensureLink(which: 'postgresql' | 'storage') {
  return async ({ run, deps, beforeWrite }: StepContext): Promise<StepOutcome> => {
    const addonId = run.facts[which === 'postgresql' ? 'postgresqlId' : 'storageId']!;
    const linked = await apiJson<{ id: string }[]>(deps, 'GET', appPath(run, '/addons'));
    if (!linked.some((addon) => addon.id === addonId)) {
      await beforeWrite();
      await apiJson(deps, 'POST', appPath(run, '/addons'), addonId);
    }
    return { status: 'done', note: 'linked' };
  };
}

type LinkedEnv = { addon_id: string; env: { name: string; value: string }[] }[];

async function linkedVariables(run: RunState, deps: ProvisionDeps): Promise<Map<string, string>> {
  const linked = await apiJson<LinkedEnv>(deps, 'GET', appPath(run, '/addons/env'));
  return new Map(linked.flatMap((addon) => addon.env.map((variable) => [variable.name, variable.value] as const)));
}

const ADDON_VARIABLES = ['POSTGRESQL_ADDON_URI', 'CELLAR_ADDON_HOST', 'CELLAR_ADDON_KEY_ID', 'CELLAR_ADDON_KEY_SECRET'];

async function addonsReady({ run, deps }: StepContext): Promise<StepOutcome> {
  const env = await linkedVariables(run, deps);
  const missing = ADDON_VARIABLES.filter((name) => !env.get(name));
  if (missing.length) return { status: 'waiting', note: `Add-ons still provisioning (no ${missing.join(', ')} yet)` };
  run.facts.storageHost = env.get('CELLAR_ADDON_HOST');
  return { status: 'done', note: 'both add-ons ready' };
}

async function appEnv(run: RunState, deps: ProvisionDeps): Promise<Map<string, string>> {
  const env = await apiJson<{ name: string; value: string }[]>(deps, 'GET', appPath(run, '/env'));
  return new Map(env.map((variable) => [variable.name, variable.value]));
}

async function ensureEnv({ run, deps, beforeWrite }: StepContext): Promise<StepOutcome> {
  const env = await appEnv(run, deps);
  const names = Object.keys(serverVariables(run.choices, { adminPassword: '', hostKeyBase64: '' }));
  if (names.every((name) => env.has(name))) {
    // Set by an earlier attempt whose answer was lost, maybe from a tab that has since been reloaded: the password
    // that counts is the one on the application, not the one this tab holds.
    const deployed = env.get(BOOTSTRAP_VARIABLES[2]);
    if (deployed && deployed !== deps.secrets.adminPassword) {
      deps.secrets.adminPassword = deployed;
      deps.onAdminPassword?.(deployed);
    }
    return { status: 'done', note: 'variables already set' };
  }
  const variables = serverVariables(run.choices, {
    adminPassword: needs(deps.secrets.adminPassword, 'the first administrator’s password'),
    hostKeyBase64: needs(deps.secrets.hostKeyBase64, 'a host key'),
  });
  await beforeWrite();
  // The whole environment is replaced: keep what the application already had.
  await apiJson(deps, 'PUT', appPath(run, '/env'), { ...Object.fromEntries(env), ...variables });
  return { status: 'done', note: `${names.length} variables set` };
}

async function ensureTcpRedir({ run, deps, beforeWrite }: StepContext): Promise<StepOutcome> {
  const namespaces = await apiJson<{ namespace: string }[]>(deps, 'GET', orgPath(run.choices, '/namespaces'));
  if (!namespaces.some((candidate) => candidate.namespace === TCP_NAMESPACE)) {
    throw new KeyholeError('not-found', `The organisation has no “${TCP_NAMESPACE}” TCP redirection namespace.`);
  }
  const redirs = await apiJson<{ namespace: string; port: number }[]>(deps, 'GET', appPath(run, '/tcpRedirs'));
  let port = redirs.find((redir) => redir.namespace === TCP_NAMESPACE)?.port;
  if (port === undefined) {
    await beforeWrite();
    port = (await apiJson<{ port: number }>(deps, 'POST', appPath(run, '/tcpRedirs'), { namespace: TCP_NAMESPACE }))
      .port;
  }
  run.facts.port = port;
  remember(run, { kind: 'tcp-redir', appId: run.facts.appId!, port, namespace: TCP_NAMESPACE });
  return { status: 'done', note: `public port ${port}` };
}

type Deployment = { id: string; action?: string; state?: string };

async function deployments(run: RunState, deps: ProvisionDeps): Promise<Deployment[]> {
  return apiJson<Deployment[]>(deps, 'GET', appPath(run, '/deployments'));
}

/** The newest DEPLOY that is not among `before`, and what its state means. */
function followDeployment(list: Deployment[], before: string[], what: string): StepOutcome {
  const latest = list.find((deployment) => deployment.action === 'DEPLOY' && !before.includes(deployment.id));
  if (!latest) return { status: 'waiting', note: `Waiting for ${what} to start` };
  if (latest.state === 'OK') return { status: 'done', note: `deployment ${latest.id} OK` };
  if (latest.state === 'FAIL' || latest.state === 'CANCELLED') {
    // The next attempt waits for another deployment.
    before.push(latest.id);
    throw new KeyholeError(
      'http-error',
      `The deployment ${latest.id} ended ${latest.state}. Fix it and ${what === 'your push' ? 'push again' : 'retry'}.`,
    );
  }
  return { status: 'waiting', note: `Deployment ${latest.id}: ${latest.state ?? 'in progress'}` };
}

async function awaitPush({ run, deps }: StepContext): Promise<StepOutcome> {
  const list = await deployments(run, deps);
  run.facts.beforePush ??= list.map((deployment) => deployment.id);
  return followDeployment(list, run.facts.beforePush, 'your push');
}

async function removeBootstrap({ run, deps, beforeWrite }: StepContext): Promise<StepOutcome> {
  const env = await appEnv(run, deps);
  const present = BOOTSTRAP_VARIABLES.filter((name) => env.has(name));
  if (present.length) await beforeWrite();
  for (const name of present) await apiJson(deps, 'DELETE', appPath(run, `/env/${name}`));
  return { status: 'done', note: present.length ? `removed ${present.join(', ')}` : 'already removed' };
}

async function restart({ run, deps, beforeWrite, previous }: StepContext): Promise<StepOutcome> {
  const list = await deployments(run, deps);
  const before = run.facts.beforeRestart;
  const started =
    before && list.some((deployment) => deployment.action === 'DEPLOY' && !before.includes(deployment.id));
  // Restart when none was sent, or when a retry finds that the one sent (outcome unknown) never started.
  if (!before || (previous === 'failed' && !started)) {
    run.facts.beforeRestart = list.map((deployment) => deployment.id);
    await beforeWrite();
    await apiJson(deps, 'POST', appPath(run, '/instances'));
    return followDeployment(await deployments(run, deps), run.facts.beforeRestart, 'the restart');
  }
  return followDeployment(list, before, 'the restart');
}

async function storageKeys(run: RunState, deps: ProvisionDeps): Promise<StorageKeys> {
  const env = await linkedVariables(run, deps);
  return {
    host: needs(env.get('CELLAR_ADDON_HOST'), 'CELLAR_ADDON_HOST'),
    keyId: needs(env.get('CELLAR_ADDON_KEY_ID'), 'CELLAR_ADDON_KEY_ID'),
    secret: needs(env.get('CELLAR_ADDON_KEY_SECRET'), 'CELLAR_ADDON_KEY_SECRET'),
  };
}

async function ensureBucket({ run, deps, beforeWrite }: StepContext): Promise<StepOutcome> {
  const keys = await storageKeys(run, deps);
  // The storage add-on is this run's: a bucket of that name in it is the one this step made.
  if ((await deps.listBuckets(keys)).includes(run.choices.bucket)) return { status: 'done', note: 'bucket exists' };
  await beforeWrite();
  await deps.createBucket(keys, run.choices.bucket);
  return { status: 'done', note: 'bucket created' };
}

async function applicationDomain(run: RunState, deps: ProvisionDeps): Promise<string> {
  const app = await apiJson<{ vhosts?: { fqdn?: string }[] }>(deps, 'GET', appPath(run));
  const fqdn = app.vhosts?.find((vhost) => typeof vhost.fqdn === 'string')?.fqdn?.replace(/\/+$/, '');
  if (!fqdn) throw new KeyholeError('not-found', 'The application has no domain yet.');
  run.facts.domain = fqdn;
  return fqdn;
}

async function ensureSftpUser({ run, deps, beforeWrite, attempted }: StepContext): Promise<StepOutcome> {
  const { choices } = run;
  const server = deps.serverUrl(run.facts.domain ?? (await applicationDomain(run, deps)));
  const admin = {
    username: choices.adminUsername,
    password: needs(deps.secrets.adminPassword, 'the first administrator’s password'),
  };
  const exists = await deps.sftpUserExists(server, admin, choices.sftpUsername);
  if (exists && attempted) return { status: 'done', note: `user ${choices.sftpUsername} exists` };
  if (exists) throw alreadyExists(choices.sftpUsername);
  const keys = await storageKeys(run, deps);
  const record = buildSftpUserRecord({
    username: choices.sftpUsername,
    password: needs(deps.secrets.sftpPassword, 'a password for the SFTP user'),
    homeDir: TEMP_DIR,
    bucket: choices.bucket,
    accessKey: keys.keyId,
    accessSecret: keys.secret,
    storageHost: keys.host,
    region: DEFAULT_STORAGE_REGION,
  });
  await beforeWrite();
  try {
    await deps.createSftpUser(server, admin, record);
  } catch (error) {
    if (error instanceof KeyholeError && error.code === 'conflict')
      throw alreadyExists(choices.sftpUsername, error.detail);
    throw error;
  }
  return { status: 'done', note: `user ${choices.sftpUsername} created` };
}

function alreadyExists(name: string, detail?: string): KeyholeError {
  return new KeyholeError(
    'conflict',
    `This user already exists: the SFTP server has a user named “${name}” that this run did not create. Choose another username and start a new run, or use that user.`,
    { detail },
  );
}

async function readHostKey({ run, deps }: StepContext): Promise<StepOutcome> {
  // The fingerprint of what the application really has, read back now: never the key this tab generated.
  const value = (await appEnv(run, deps)).get(HOST_KEY_VARIABLE);
  const fingerprint = value ? await deps.fingerprint(value) : null;
  if (!fingerprint)
    throw new KeyholeError('not-found', `${HOST_KEY_VARIABLE} on the application is missing or not an Ed25519 key.`);
  run.facts.fingerprint = fingerprint;
  if (!run.facts.domain) await applicationDomain(run, deps);
  return { status: 'done', note: fingerprint };
}

export const STEPS: Record<StepId, (context: StepContext) => Promise<StepOutcome>> = {
  app: ensureApp,
  postgresql: ensureAddon('postgresql'),
  storage: ensureAddon('storage'),
  'link-postgresql': ensureLink('postgresql'),
  'link-storage': ensureLink('storage'),
  'addons-ready': addonsReady,
  env: ensureEnv,
  'tcp-redir': ensureTcpRedir,
  deploy: awaitPush,
  'remove-bootstrap': removeBootstrap,
  restart,
  bucket: ensureBucket,
  'sftp-user': ensureSftpUser,
  'host-key': readHostKey,
};

function remember(run: RunState, resource: RunState['created'][number]): void {
  const key = (item: RunState['created'][number]) =>
    item.kind === 'tcp-redir' ? `${item.appId}:${item.port}` : item.id;
  if (!run.created.some((item) => item.kind === resource.kind && key(item) === key(resource)))
    run.created.push(resource);
}
