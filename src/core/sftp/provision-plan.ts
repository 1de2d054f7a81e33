/**
 * Provisioning the whole SFTP deployment through the signed API (spec §4.4): what the user chooses, the run's
 * state (what IndexedDB keeps: never a secret), and the plan shown before anything is done — every call with its
 * method, path and body, secrets masked. The bodies are those the official client and CLI send.
 */
import type { KeyholeErrorData } from '../errors.ts';
import { BOOTSTRAP_VARIABLES, HOST_KEY_VARIABLE, HTTP_PORT, SFTP_PORT } from './deploy-config.ts';

export interface LinuxRuntime {
  /** `instanceType`, `instanceVersion`, `instanceVariant` (an id) and the default flavor of /v2/products/instances. */
  type: string;
  version: string;
  variantId: string;
  flavor: string;
}

export interface ProvisionChoices {
  /** Organisation id; the personal organisation's id is the user id. */
  ownerId: string;
  ownerName: string;
  zone: string;
  appName: string;
  runtime: LinuxRuntime;
  postgresql: { providerId: string; planId: string; planName: string };
  storage: { providerId: string; planId: string; planName: string };
  adminUsername: string;
  bucket: string;
  sftpUsername: string;
}

/** What the run needs but never stores: asked again (or made anew) when the tab lost them. */
export interface ProvisionSecrets {
  adminPassword?: string;
  hostKeyBase64?: string;
  sftpPassword?: string;
}

export const STEP_IDS = [
  'app',
  'postgresql',
  'storage',
  'link-postgresql',
  'link-storage',
  'addons-ready',
  'env',
  'tcp-redir',
  'deploy',
  'remove-bootstrap',
  'restart',
  'bucket',
  'sftp-user',
  'host-key',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export type StepStatus = 'pending' | 'done' | 'waiting' | 'failed';

export interface StepRecord {
  status: StepStatus;
  /** What the step found or did, or what it waits for, in one line. */
  note?: string;
  error?: KeyholeErrorData;
  /** Its write was sent at least once (the outcome may be unknown): the existence check decides. */
  attempted?: boolean;
}

export type CreatedResource =
  | { kind: 'application'; id: string; name: string }
  | { kind: 'addon'; id: string; name: string }
  | { kind: 'tcp-redir'; appId: string; port: number; namespace: string };

/** The run as IndexedDB keeps it. Only ids, names, ports and statuses: no password, key or storage secret. */
export interface RunState {
  version: 1;
  id: string;
  choices: ProvisionChoices;
  steps: Record<StepId, StepRecord>;
  facts: {
    appId?: string;
    postgresqlId?: string;
    storageId?: string;
    port?: number;
    /** The application's domain (SFTP clients and the server's admin API) and CELLAR_ADDON_HOST: not secrets. */
    domain?: string;
    storageHost?: string;
    /** Deployments that existed before the push was awaited / before the restart: the new one is the other. */
    beforePush?: string[];
    beforeRestart?: string[];
    fingerprint?: string;
    /** Where `git push` sends the code (the application's `deployment.url`). */
    gitUrl?: string;
  };
  /** Where this browser reaches the storage and the server, when not the platform's hosts (local tests). */
  addresses?: { storageEndpoint: string; serverUrl: string };
  /** What this run created, oldest first: exactly what "Remove what the kit created" deletes. */
  created: CreatedResource[];
}

export const TCP_NAMESPACE = 'default';
export const KIT_TAG_NOTE = 'created by the Keyhole SFTP kit';

export function addonNames(appName: string): { postgresql: string; storage: string } {
  return { postgresql: `${appName}-postgresql`, storage: `${appName}-storage` };
}

export function newRunState(id: string, choices: ProvisionChoices): RunState {
  const steps = Object.fromEntries(STEP_IDS.map((step) => [step, { status: 'pending' }])) as RunState['steps'];
  return { version: 1, id, choices, steps, facts: {}, created: [] };
}

/** The server's variables of spec §4.4 steps 4, 5 and 7 (SFTPGo's own names, platform-notes.md). */
export function serverVariables(
  choices: ProvisionChoices,
  secrets: Required<Pick<ProvisionSecrets, 'adminPassword' | 'hostKeyBase64'>>,
): Record<string, string> {
  return {
    SFTPGO_DATA_PROVIDER__DRIVER: 'postgresql',
    SFTPGO_LOG_LEVEL: 'info',
    SFTPGO_SFTPD__BINDINGS__0__PORT: String(SFTP_PORT),
    SFTPGO_HTTPD__BINDINGS__0__PORT: String(HTTP_PORT),
    SFTPGO_HTTPD__BINDINGS__0__ADDRESS: '0.0.0.0',
    [HOST_KEY_VARIABLE]: secrets.hostKeyBase64,
    [BOOTSTRAP_VARIABLES[0]]: '1',
    [BOOTSTRAP_VARIABLES[1]]: choices.adminUsername,
    [BOOTSTRAP_VARIABLES[2]]: secrets.adminPassword,
  };
}

export function applicationBody(choices: ProvisionChoices): Record<string, unknown> {
  // As `clever create --type linux` sends it.
  return {
    deploy: 'git',
    description: choices.appName,
    instanceType: choices.runtime.type,
    instanceVersion: choices.runtime.version,
    instanceVariant: choices.runtime.variantId,
    maxFlavor: choices.runtime.flavor,
    maxInstances: 1,
    minFlavor: choices.runtime.flavor,
    minInstances: 1,
    name: choices.appName,
    zone: choices.zone,
    instanceLifetime: 'REGULAR',
    env: {},
  };
}

export function addonBody(choices: ProvisionChoices, which: 'postgresql' | 'storage'): Record<string, unknown> {
  // As `clever addon create` sends it.
  const { providerId, planId } = choices[which];
  return { name: addonNames(choices.appName)[which], plan: planId, providerId, region: choices.zone, options: {} };
}

export function orgPath(choices: ProvisionChoices, rest = ''): string {
  return `/v2/organisations/${encodeURIComponent(choices.ownerId)}${rest}`;
}

export interface PlannedCall {
  method: string;
  /** Path, or the URL outside the platform API (object storage, the SFTP server). */
  path: string;
  body?: string;
}

export interface PlannedStep {
  id: StepId;
  title: string;
  calls: PlannedCall[];
}

const MASK = '•••••••• (secret, not shown)';

/** Every step and call of the run, before anything is done. Ids not known yet are written `{appId}`…. */
export function describePlan(choices: ProvisionChoices): PlannedStep[] {
  const app = `/applications/{appId}`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const names = addonNames(choices.appName);
  const masked = serverVariables(choices, { adminPassword: MASK, hostKeyBase64: MASK });
  return [
    {
      id: 'app',
      title: `Create the Linux application ${choices.appName} in ${choices.zone}`,
      calls: [
        { method: 'GET', path: orgPath(choices, '/applications') },
        { method: 'POST', path: orgPath(choices, '/applications'), body: json(applicationBody(choices)) },
      ],
    },
    {
      id: 'postgresql',
      title: `Create the PostgreSQL add-on ${names.postgresql} (${choices.postgresql.planName})`,
      calls: [
        { method: 'GET', path: orgPath(choices, '/addons') },
        { method: 'POST', path: orgPath(choices, '/addons'), body: json(addonBody(choices, 'postgresql')) },
      ],
    },
    {
      id: 'storage',
      title: `Create the object-storage add-on ${names.storage} (${choices.storage.planName})`,
      calls: [
        { method: 'GET', path: orgPath(choices, '/addons') },
        { method: 'POST', path: orgPath(choices, '/addons'), body: json(addonBody(choices, 'storage')) },
      ],
    },
    ...(['postgresql', 'storage'] as const).map((which) => ({
      id: `link-${which}` as StepId,
      title: `Link ${names[which]} to the application`,
      calls: [
        { method: 'GET', path: orgPath(choices, `${app}/addons`) },
        { method: 'POST', path: orgPath(choices, `${app}/addons`), body: json(`{${which}AddonId}`) },
      ],
    })),
    {
      id: 'addons-ready',
      title: 'Wait until both add-ons are provisioned (their variables reach the application)',
      calls: [{ method: 'GET', path: orgPath(choices, `${app}/addons/env`) }],
    },
    {
      id: 'env',
      title: 'Set the server’s variables: configuration, host key, first administrator',
      calls: [
        { method: 'GET', path: orgPath(choices, `${app}/env`) },
        { method: 'PUT', path: orgPath(choices, `${app}/env`), body: json(masked) },
      ],
    },
    {
      id: 'tcp-redir',
      title: `Add a TCP redirection in the ${TCP_NAMESPACE} namespace (gives the public SFTP port)`,
      calls: [
        { method: 'GET', path: orgPath(choices, '/namespaces') },
        { method: 'GET', path: orgPath(choices, `${app}/tcpRedirs`) },
        { method: 'POST', path: orgPath(choices, `${app}/tcpRedirs`), body: json({ namespace: TCP_NAMESPACE }) },
      ],
    },
    {
      id: 'deploy',
      title: 'You push the code (git commands and a zip are given); the kit waits for the deployment',
      calls: [{ method: 'GET', path: orgPath(choices, `${app}/deployments`) }],
    },
    {
      id: 'remove-bootstrap',
      title: 'Remove the three bootstrap variables (the first administrator now exists)',
      calls: BOOTSTRAP_VARIABLES.map((name) => ({ method: 'DELETE', path: orgPath(choices, `${app}/env/${name}`) })),
    },
    {
      id: 'restart',
      title: 'Restart the application, and wait for it',
      calls: [
        { method: 'POST', path: orgPath(choices, `${app}/instances`) },
        { method: 'GET', path: orgPath(choices, `${app}/deployments`) },
      ],
    },
    {
      id: 'bucket',
      title: `Create the bucket ${choices.bucket} (S3, signed in this page with the add-on’s keys)`,
      calls: [
        { method: 'GET', path: 'https://{CELLAR_ADDON_HOST}/' },
        { method: 'PUT', path: `https://{CELLAR_ADDON_HOST}/${choices.bucket}` },
      ],
    },
    {
      id: 'sftp-user',
      title: `Create the SFTP user ${choices.sftpUsername} (storage settings of spec §4.4 step 9)`,
      calls: [
        { method: 'GET', path: 'https://{app domain}/api/v2/token' },
        { method: 'GET', path: `https://{app domain}/api/v2/users/${choices.sftpUsername}` },
        {
          method: 'POST',
          path: 'https://{app domain}/api/v2/users',
          body: `{"username": "${choices.sftpUsername}", "password": "${MASK}", …}`,
        },
      ],
    },
    {
      id: 'host-key',
      title: 'Read the host key back from the application and show its fingerprint',
      calls: [
        { method: 'GET', path: orgPath(choices, `${app}/env`) },
        { method: 'GET', path: orgPath(choices, app) },
      ],
    },
  ];
}

export function stepTitle(choices: ProvisionChoices, id: StepId): string {
  return describePlan(choices).find((step) => step.id === id)!.title;
}
