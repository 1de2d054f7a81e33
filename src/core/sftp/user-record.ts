/**
 * The SFTPGo user the kit creates (spec §2 "SFTP user record", §4.4 step 9): enabled, all permissions on
 * "/", files in the object-storage bucket through the S3 provider, temporary files in the home directory.
 */
import { checkBucketName } from './bucket-name.ts';
import { TEMP_DIR } from './deploy-config.ts';

/** SFTPGo's filesystem provider numbers: 0 local, 1 S3-compatible. */
export const S3_PROVIDER = 1;
/** What §4.4 step 9 puts in the user's region field; Cellar ignores it. */
export const DEFAULT_STORAGE_REGION = 'default';
export const DEFAULT_HOME_DIR = TEMP_DIR;

export interface SftpUserInput {
  username: string;
  password: string;
  homeDir: string;
  bucket: string;
  /** CELLAR_ADDON_KEY_ID */
  accessKey: string;
  /** CELLAR_ADDON_KEY_SECRET */
  accessSecret: string;
  /** CELLAR_ADDON_HOST: a host name, no scheme. */
  storageHost: string;
  region: string;
}

export type SftpUserField = keyof SftpUserInput;

export interface SftpUserRecord {
  status: 1;
  username: string;
  password: string;
  home_dir: string;
  permissions: { '/': ['*'] };
  filesystem: {
    provider: typeof S3_PROVIDER;
    s3config: {
      bucket: string;
      region: string;
      access_key: string;
      access_secret: { status: 'Plain'; payload: string };
      endpoint: string;
      force_path_style: true;
    };
  };
}

/** Accepts `host`, `https://host` or `https://host/`; returns the bare host (with a port if one was given). */
export function normaliseStorageHost(text: string): string {
  return text
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
}

export function checkSftpUserInput(input: SftpUserInput): Partial<Record<SftpUserField, string>> {
  const problems: Partial<Record<SftpUserField, string>> = {};
  if (!/^[A-Za-z0-9._@~-]{1,255}$/.test(input.username)) {
    problems.username = 'Use letters, digits and . _ @ ~ - (no spaces).';
  }
  if (input.password.length < 8) problems.password = 'Use 8 characters or more, or generate one.';
  if (!input.homeDir.startsWith('/')) problems.homeDir = 'Use an absolute path, such as the kit’s temporary directory.';
  const bucket = checkBucketName(input.bucket);
  if (!bucket.ok) problems.bucket = bucket.problems.join(' ');
  if (!input.accessKey.trim()) problems.accessKey = 'Paste CELLAR_ADDON_KEY_ID.';
  if (!input.accessSecret.trim()) problems.accessSecret = 'Paste CELLAR_ADDON_KEY_SECRET.';
  const host = normaliseStorageHost(input.storageHost);
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) problems.storageHost = 'Paste CELLAR_ADDON_HOST, a host name.';
  if (!input.region.trim()) problems.region = `Use ${DEFAULT_STORAGE_REGION}.`;
  return problems;
}

export function buildSftpUserRecord(input: SftpUserInput): SftpUserRecord {
  return {
    status: 1,
    username: input.username,
    password: input.password,
    home_dir: input.homeDir,
    permissions: { '/': ['*'] },
    filesystem: {
      provider: S3_PROVIDER,
      s3config: {
        bucket: input.bucket,
        region: input.region.trim(),
        access_key: input.accessKey.trim(),
        access_secret: { status: 'Plain', payload: input.accessSecret.trim() },
        endpoint: `https://${normaliseStorageHost(input.storageHost)}`,
        // Always: dotted bucket names only work path-style (see bucket-name.ts).
        force_path_style: true,
      },
    },
  };
}
