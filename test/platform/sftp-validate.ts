/** Validation of an SFTP server user record (spec §2, SFTPGo's `User` schema). Each error names its field. */

export class SftpValidationError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

const PERMISSIONS = new Set([
  '*',
  'list',
  'download',
  'upload',
  'overwrite',
  'delete',
  'delete_files',
  'delete_dirs',
  'rename',
  'rename_files',
  'rename_dirs',
  'create_dirs',
  'create_symlinks',
  'chmod',
  'chown',
  'chtimes',
  'copy',
]);
const USERNAME = /^[A-Za-z0-9._@~-]{1,255}$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(record: Json, key: string, field: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw new SftpValidationError(field, 'must be a non-empty string');
  return value;
}

export interface ValidatedUser {
  username: string;
  record: Json;
}

export function validateSftpUser(body: unknown): ValidatedUser {
  if (!isObject(body)) throw new SftpValidationError('body', 'must be a JSON object (the user record)');
  const status = body.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || (status !== 0 && status !== 1)) {
    throw new SftpValidationError(
      'status',
      `must be an integer, 1 (enabled) or 0 (disabled), got ${JSON.stringify(status)}`,
    );
  }
  const username = nonEmptyString(body, 'username', 'username');
  if (!USERNAME.test(username)) {
    throw new SftpValidationError('username', 'may contain only letters, digits and . _ @ ~ -');
  }
  const publicKeys = body.public_keys;
  if (publicKeys !== undefined && !(Array.isArray(publicKeys) && publicKeys.every((key) => typeof key === 'string'))) {
    throw new SftpValidationError('public_keys', 'must be an array of strings');
  }
  if (!(Array.isArray(publicKeys) && publicKeys.length > 0)) nonEmptyString(body, 'password', 'password');
  const homeDir = nonEmptyString(body, 'home_dir', 'home_dir');
  if (!homeDir.startsWith('/')) throw new SftpValidationError('home_dir', 'must be an absolute path');
  validatePermissions(body.permissions);
  validateFilesystem(body.filesystem);
  return { username, record: body };
}

function validatePermissions(permissions: unknown): void {
  if (!isObject(permissions)) {
    throw new SftpValidationError('permissions', 'must be an object mapping a path to an array of permissions');
  }
  if (!('/' in permissions)) throw new SftpValidationError('permissions', 'must include the root path "/"');
  for (const [path, granted] of Object.entries(permissions)) {
    const field = `permissions["${path}"]`;
    if (!path.startsWith('/')) throw new SftpValidationError(field, 'the path must be absolute');
    if (!Array.isArray(granted) || granted.length === 0) {
      throw new SftpValidationError(field, 'must be a non-empty array of permissions');
    }
    for (const permission of granted) {
      if (typeof permission !== 'string' || !PERMISSIONS.has(permission)) {
        throw new SftpValidationError(field, `unknown permission ${JSON.stringify(permission)}`);
      }
    }
  }
}

function validateFilesystem(filesystem: unknown): void {
  if (filesystem === undefined) return;
  if (!isObject(filesystem)) throw new SftpValidationError('filesystem', 'must be an object');
  const provider = filesystem.provider;
  if (typeof provider !== 'number' || !Number.isInteger(provider) || provider < 0 || provider > 6) {
    throw new SftpValidationError(
      'filesystem.provider',
      `must be an integer from 0 to 6 (1 = S3), got ${JSON.stringify(provider)}`,
    );
  }
  if (provider === 0) return;
  if (provider !== 1) {
    throw new SftpValidationError(
      'filesystem.provider',
      `${provider} is not supported by the sandbox: use 0 (local) or 1 (S3)`,
    );
  }
  const s3 = filesystem.s3config;
  if (!isObject(s3)) throw new SftpValidationError('filesystem.s3config', 'is required when provider is 1 (S3)');
  const field = (name: string) => `filesystem.s3config.${name}`;
  const bucket = nonEmptyString(s3, 'bucket', field('bucket'));
  nonEmptyString(s3, 'region', field('region'));
  nonEmptyString(s3, 'access_key', field('access_key'));
  const secret = s3.access_secret;
  if (!isObject(secret))
    throw new SftpValidationError(field('access_secret'), 'must be {"status": "Plain", "payload": "…"}');
  if (secret.status !== 'Plain') {
    throw new SftpValidationError(
      field('access_secret.status'),
      `must be "Plain" for a new secret, got ${JSON.stringify(secret.status)}`,
    );
  }
  nonEmptyString(secret, 'payload', field('access_secret.payload'));
  const endpoint = nonEmptyString(s3, 'endpoint', field('endpoint'));
  if (!endpoint.startsWith('https://')) throw new SftpValidationError(field('endpoint'), 'must start with https://');
  let host = '';
  try {
    host = new URL(endpoint).hostname;
  } catch {
    // Reported below.
  }
  if (!host) throw new SftpValidationError(field('endpoint'), 'must be https:// followed by the storage host');
  const pathStyle = s3.force_path_style;
  if (pathStyle !== undefined && typeof pathStyle !== 'boolean') {
    throw new SftpValidationError(field('force_path_style'), 'must be a boolean');
  }
  if (bucket.includes('.') && pathStyle !== true) {
    throw new SftpValidationError(
      field('force_path_style'),
      `must be true: the bucket name "${bucket}" contains dots, which virtual-hosted addressing cannot serve over TLS`,
    );
  }
  const prefix = s3.key_prefix;
  if (prefix !== undefined && (typeof prefix !== 'string' || prefix.startsWith('/'))) {
    throw new SftpValidationError(field('key_prefix'), 'must be a string without a leading "/"');
  }
}
