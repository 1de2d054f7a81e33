/**
 * The add-on variables the kit needs, read from an application's environment
 * (`GET /v2/organisations/{id}/applications/{appId}/env` → `[{name, value}]`; spec §4.4 step 2).
 */
import { KeyholeError } from '../errors.ts';

export const STORAGE_VARIABLES = [
  'CELLAR_ADDON_KEY_ID',
  'CELLAR_ADDON_KEY_SECRET',
  'CELLAR_ADDON_HOST',
  'POSTGRESQL_ADDON_URI',
] as const;

export type StorageVariable = (typeof STORAGE_VARIABLES)[number];

export interface StorageEnv {
  found: Partial<Record<StorageVariable, string>>;
  missing: StorageVariable[];
}

/** Reads the platform's answer into name → value; empty values count as unset. */
export function parseApplicationEnv(body: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new KeyholeError('malformed-response', 'The application’s environment is not JSON.', {
      detail: body.slice(0, 200),
    });
  }
  if (!Array.isArray(parsed)) {
    throw new KeyholeError('malformed-response', 'The application’s environment is not a list of variables.');
  }
  const env = new Map<string, string>();
  for (const item of parsed) {
    const { name, value } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name === 'string' && typeof value === 'string' && value) env.set(name, value);
  }
  return env;
}

export function pickStorageVariables(env: string | ReadonlyMap<string, string>): StorageEnv {
  const variables = typeof env === 'string' ? parseApplicationEnv(env) : env;
  const found: Partial<Record<StorageVariable, string>> = {};
  for (const name of STORAGE_VARIABLES) {
    const value = variables.get(name);
    if (value) found[name] = value;
  }
  return { found, missing: STORAGE_VARIABLES.filter((name) => !found[name]) };
}

/** The path of an application's environment; the personal organisation's id is the user id. */
export function applicationEnvPath(ownerId: string, appId: string): string {
  return `/v2/organisations/${encodeURIComponent(ownerId)}/applications/${encodeURIComponent(appId)}/env`;
}
