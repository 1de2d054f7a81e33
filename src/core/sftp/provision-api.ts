/**
 * What the provisioning steps call, and how they read the platform's answers: a 2xx's JSON, or a specific error
 * naming the call and the platform's message. The page wires `ProvisionDeps` to the worker, S3 and SFTPGo.
 */
import { KeyholeError } from '../errors.ts';
import type { ProvisionSecrets } from './provision-plan.ts';
import type { SftpUserRecord } from './user-record.ts';

export interface ApiAnswer {
  status: number;
  text: string;
}

export interface StorageKeys {
  host: string;
  keyId: string;
  secret: string;
}

export interface ProvisionDeps {
  /** A signed call to the platform API (through the worker). Throws on transport failures. */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  listBuckets(keys: StorageKeys): Promise<string[]>;
  createBucket(keys: StorageKeys, name: string): Promise<void>;
  /** The deployed server's base URL for an application domain (the page may let the user override it). */
  serverUrl(domain: string): string;
  sftpUserExists(serverUrl: string, admin: { username: string; password: string }, name: string): Promise<boolean>;
  createSftpUser(
    serverUrl: string,
    admin: { username: string; password: string },
    record: SftpUserRecord,
  ): Promise<void>;
  fingerprint(hostKeyBase64: string): Promise<string | null>;
  secrets: ProvisionSecrets;
  /** Told when the admin password on the application differs from the one in `secrets` (which is then updated). */
  onAdminPassword?(password: string): void;
}

export type StepOutcome = { status: 'done' | 'waiting'; note: string };

export async function apiJson<T>(deps: ProvisionDeps, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await deps.api(method, path, body);
  if (answer.status < 200 || answer.status > 299) {
    let message = '';
    try {
      message = String((JSON.parse(answer.text) as { message?: unknown }).message ?? '');
    } catch {
      message = answer.text.slice(0, 200);
    }
    throw new KeyholeError(
      answer.status === 404 ? 'not-found' : answer.status === 403 ? 'forbidden' : 'http-error',
      `The platform answered HTTP ${answer.status} to ${method} ${path}${message ? `: ${message}` : '.'}`,
      { status: answer.status, detail: answer.text.slice(0, 300) },
    );
  }
  if (!answer.text.trim()) return undefined as T;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new KeyholeError('malformed-response', `The answer to ${method} ${path} is not JSON.`);
  }
}

export function needs(value: string | undefined, what: string): string {
  if (!value) throw new KeyholeError('invalid-input', `Keyhole needs ${what} to go on: type it above, then retry.`);
  return value;
}
