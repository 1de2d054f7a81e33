/**
 * Wires the provisioning run (src/core/sftp/provision-steps.ts) to the outside: signed API calls through the worker,
 * S3 from this page with the add-on's keys, and the deployed server's admin API. `addresses` lets a user (or a local
 * test) say where this browser reaches the storage and the server when it is not `https://` + the platform's host;
 * what the SFTP user record says (the storage endpoint the server uses) is unchanged by it.
 */

import { readOpenSshPublicKeyBlob } from '../core/sftp/ed25519-host-key.ts';
import type { ProvisionDeps, StorageKeys } from '../core/sftp/provision-api.ts';
import type { ProvisionSecrets } from '../core/sftp/provision-plan.ts';
import { fingerprintSha256 } from '../core/sftp/ssh-fingerprint.ts';
import { DEFAULT_SIGNING_REGION } from './s3-client.ts';
import type { KitServices } from './services.ts';

export interface Addresses {
  /** Where this browser reaches object storage; empty: `https://` + CELLAR_ADDON_HOST. */
  storageEndpoint: string;
  /** Where this browser reaches the deployed server; empty: `https://` + the application's domain. */
  serverUrl: string;
}

export function storageEndpointFor(addresses: Addresses, host: string): string {
  return addresses.storageEndpoint.trim() || `https://${host}`;
}

export function serverUrlFor(addresses: Addresses, domain: string): string {
  return addresses.serverUrl.trim() || `https://${domain}`;
}

export function provisionDeps(
  services: KitServices,
  secrets: ProvisionSecrets,
  addresses: Addresses,
  onAdminPassword?: (password: string) => void,
): ProvisionDeps {
  const s3 = (keys: StorageKeys) =>
    services.createS3Client({
      endpoint: storageEndpointFor(addresses, keys.host),
      accessKeyId: keys.keyId,
      secretAccessKey: keys.secret,
      region: DEFAULT_SIGNING_REGION,
    });
  return {
    api: (method, path, body) => services.apiCall(method, path, body),
    listBuckets: (keys) => s3(keys).listBuckets(),
    createBucket: async (keys, name) => {
      await s3(keys).createBucket(name);
    },
    serverUrl: (domain) => serverUrlFor(addresses, domain),
    sftpUserExists: (server, admin, name) =>
      services.sftpUserExists({ appUrl: server, adminUsername: admin.username, adminPassword: admin.password }, name),
    createSftpUser: async (server, admin, record) => {
      await services.createSftpUser({
        appUrl: server,
        adminUsername: admin.username,
        adminPassword: admin.password,
        record,
      });
    },
    fingerprint: async (value) => {
      const blob = readOpenSshPublicKeyBlob(value);
      return blob ? fingerprintSha256(blob) : null;
    },
    secrets,
    ...(onAdminPassword ? { onAdminPassword } : {}),
  };
}
