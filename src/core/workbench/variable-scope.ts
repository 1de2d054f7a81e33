import { dataRecord, ownValue } from '../data-record.ts';
import { idKindOfPlaceholder } from '../platform/id-kinds.ts';
import { contextValuesFor } from './context-owner.ts';
import type { KeyValueRow } from './request-draft.ts';

/**
 * Where variable values come from besides the request itself: named environments (one active at a time, shared
 * by every profile) and a context per profile — the ids the user last chose for `{organisationId}`,
 * `{applicationId}` or any other `…Id` placeholder, so a later request that names them needs no new pick. The
 * context's value wins over an active environment's variable of the same name (see scopeValues).
 */
export interface Environment {
  id: string;
  name: string;
  variables: KeyValueRow[];
}

export interface VariableScope {
  environments: Environment[];
  /** Empty: no environment. */
  activeEnvironmentId: string;
  /** Profile id → placeholder name → value. */
  contexts: Record<string, Record<string, string>>;
  /**
   * Profile id → placeholder name → the owner (`self` or an organisation id) of the path the id was chosen in:
   * it fills only paths of the same owner (context-owner.ts). Absent for ids chosen where no owner shows.
   */
  owners?: Record<string, Record<string, string>>;
}

export const EMPTY_SCOPE: VariableScope = { environments: [], activeEnvironmentId: '', contexts: {} };

/** Placeholders remembered in the context: ids (`organisationId`, `addonId`, any known kind of id), not free text. */
export function isContextName(name: string): boolean {
  return /^[a-z]\w*Id$/.test(name) || idKindOfPlaceholder(name) !== undefined;
}

export function activeEnvironment(scope: VariableScope): Environment | undefined {
  return scope.environments.find((environment) => environment.id === scope.activeEnvironmentId);
}

/** An environment's enabled variables by name (none without an environment). */
export function environmentValues(environment: Environment | undefined): Record<string, string> {
  const values = dataRecord<string>();
  for (const row of environment?.variables ?? [])
    if (row.enabled && row.name.trim() !== '') values[row.name.trim()] = row.value;
  return values;
}

/**
 * The values a request of this profile resolves against. The context wins over the active environment for the
 * same name: the context holds ids the user chose (shown above the composer, each with a button to forget it),
 * and an environment, perhaps imported, must not send the next request elsewhere behind a choice on screen.
 */
export function scopeValues(
  scope: VariableScope,
  profileId: string,
  forPath?: { path: string; params: Readonly<Record<string, string>> },
): Record<string, string> {
  const values = environmentValues(activeEnvironment(scope));
  const context = ownValue(scope.contexts, profileId) ?? {};
  const owned = forPath
    ? contextValuesFor(context, ownValue(scope.owners, profileId) ?? {}, forPath.path, forPath.params)
    : context;
  for (const [name, value] of Object.entries(owned)) values[name] = value;
  return values;
}

/** Remembers an id in the profile's context, with the owner of the path it was chosen in (if that path has one). */
export function setContextValue(
  scope: VariableScope,
  profileId: string,
  name: string,
  value: string,
  owner?: string,
): VariableScope {
  const current = ownValue(scope.contexts, profileId);
  const trimmed = value.trim();
  const currentOwners = ownValue(scope.owners, profileId);
  const keptOwner = trimmed === '' ? undefined : owner;
  if ((ownValue(current, name) ?? '') === trimmed && ownValue(currentOwners, name) === keptOwner) return scope;
  const next = dataRecord(current);
  if (trimmed === '') delete next[name];
  else next[name] = trimmed;
  const contexts = dataRecord(scope.contexts);
  contexts[profileId] = next;
  const nextOwners = dataRecord(currentOwners);
  if (keptOwner === undefined) delete nextOwners[name];
  else nextOwners[name] = keptOwner;
  const owners = dataRecord(scope.owners);
  owners[profileId] = nextOwners;
  return { ...scope, contexts, owners };
}

const rowsOf = (list: unknown): KeyValueRow[] =>
  Array.isArray(list)
    ? list
        .filter((row): row is KeyValueRow => !!row && typeof row.name === 'string' && typeof row.value === 'string')
        .map((row) => ({ name: row.name, value: row.value, enabled: row.enabled !== false }))
    : [];

/** Reads a stored scope, keeping only what has the right shape. */
export function reviveScope(saved: unknown): VariableScope {
  if (!saved || typeof saved !== 'object') return EMPTY_SCOPE;
  const value = saved as Partial<VariableScope>;
  const environments = Array.isArray(value.environments)
    ? value.environments
        .filter((item): item is Environment => !!item && typeof item.id === 'string' && typeof item.name === 'string')
        .map((item) => ({ id: item.id, name: item.name, variables: rowsOf(item.variables) }))
    : [];
  const contexts = dataRecord<Record<string, string>>();
  if (value.contexts && typeof value.contexts === 'object')
    for (const [profile, entries] of Object.entries(value.contexts))
      if (entries && typeof entries === 'object')
        contexts[profile] = dataRecord(
          Object.entries(entries).filter(([, item]) => typeof item === 'string') as [string, string][],
        );
  const owners = dataRecord<Record<string, string>>();
  if (value.owners && typeof value.owners === 'object')
    for (const [profile, entries] of Object.entries(value.owners))
      if (entries && typeof entries === 'object' && Object.hasOwn(contexts, profile))
        owners[profile] = dataRecord(
          Object.entries(entries).filter(([, item]) => typeof item === 'string') as [string, string][],
        );
  const activeEnvironmentId = environments.some((item) => item.id === value.activeEnvironmentId)
    ? (value.activeEnvironmentId as string)
    : '';
  return { environments, activeEnvironmentId, contexts, owners };
}

/** Sets a variable in one environment (a capture asked to land there): the row is updated, or added enabled. */
export function setEnvironmentValue(
  scope: VariableScope,
  environmentId: string,
  name: string,
  value: string,
): VariableScope {
  return {
    ...scope,
    environments: scope.environments.map((environment) => {
      if (environment.id !== environmentId) return environment;
      const at = environment.variables.findIndex((row) => row.name.trim() === name);
      const variables =
        at === -1
          ? [...environment.variables, { name, value, enabled: true }]
          : environment.variables.map((row, index) => (index === at ? { ...row, value, enabled: true } : row));
      return { ...environment, variables };
    }),
  };
}
