/**
 * What an application really runs of the kit, read back from its environment through the API: the host key
 * SFTP clients will be shown, and the bootstrap admin while its variables are still set. The key and password
 * generated on the kit page are not this: they change at every reload and are deployed only if the user set
 * them. Where the environment cannot tell, the reason is given instead, for the page to say it.
 */
import { BOOTSTRAP_VARIABLES, HOST_KEY_VARIABLE } from './deploy-config.ts';
import { readOpenSshPublicKeyBlob } from './ed25519-host-key.ts';

export type DeployedHostKey = { state: 'found'; blob: Uint8Array } | { state: 'missing' } | { state: 'invalid' };

export type DeployedAdmin = { state: 'found'; username: string; password: string } | { state: 'missing' };

export interface DeployedKit {
  /** The application the values were read from, as the page names it. */
  appName: string;
  hostKey: DeployedHostKey;
  admin: DeployedAdmin;
}

/** Nothing read yet, what was read, or why reading failed. */
export type DeployedKitState =
  | { kind: 'not-read' }
  | { kind: 'read'; kit: DeployedKit }
  | { kind: 'failed'; appName: string; message: string };

const [, ADMIN_USERNAME_VARIABLE, ADMIN_PASSWORD_VARIABLE] = BOOTSTRAP_VARIABLES;

export function readDeployedKit(env: ReadonlyMap<string, string>, appName: string): DeployedKit {
  const keyValue = env.get(HOST_KEY_VARIABLE);
  const blob = keyValue ? readOpenSshPublicKeyBlob(keyValue) : null;
  const password = env.get(ADMIN_PASSWORD_VARIABLE);
  return {
    appName,
    hostKey: blob ? { state: 'found', blob } : { state: keyValue ? 'invalid' : 'missing' },
    // SFTPGo's own default when the username variable is unset is "admin".
    admin: password
      ? { state: 'found', username: env.get(ADMIN_USERNAME_VARIABLE) ?? 'admin', password }
      : { state: 'missing' },
  };
}

const NOT_READ =
  'no application’s variables have been read on this page. Sign in and read them in step 2, Storage (this page keeps nothing across a reload).';

/** Why the deployed host key is not known, or undefined when it is. */
export function unknownHostKeyReason(state: DeployedKitState): string | undefined {
  if (state.kind === 'not-read') return NOT_READ;
  if (state.kind === 'failed') return `reading the variables of ${state.appName} failed: ${state.message}`;
  const { appName, hostKey } = state.kit;
  if (hostKey.state === 'missing')
    return `${appName} has no ${HOST_KEY_VARIABLE} variable, so its server has no host key from this kit.`;
  if (hostKey.state === 'invalid')
    return `${HOST_KEY_VARIABLE} on ${appName} is not an OpenSSH Ed25519 private key file in base64.`;
  return undefined;
}

/** Why no deployed admin password can be offered, or undefined when one can. */
export function unknownAdminReason(state: DeployedKitState): string | undefined {
  if (state.kind === 'not-read')
    return 'Keyhole can’t know the deployed admin password until it reads the application’s variables (step 2). The one generated in step 1 is not offered: it is deployed only if you set it.';
  if (state.kind === 'failed')
    return `Keyhole can’t know the deployed admin password: reading the variables of ${state.appName} failed.`;
  if (state.kit.admin.state === 'missing')
    return `${state.kit.appName} has no ${ADMIN_PASSWORD_VARIABLE} (removed after the first deploy, as step 1 advises): type the admin password you kept.`;
  return undefined;
}
