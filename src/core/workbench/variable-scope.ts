import { idKindOfPlaceholder } from '../platform/id-kinds.ts';
import type { KeyValueRow } from './request-draft.ts';

/**
 * Where variable values come from besides the request itself: named environments (one active at a time, shared
 * by every profile) and a context per profile — the ids the user last chose for `{organisationId}`,
 * `{applicationId}` or any other `…Id` placeholder, so a later request that names them needs no new pick. An
 * active environment's variable wins over the context's value of the same name.
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
}

export const EMPTY_SCOPE: VariableScope = { environments: [], activeEnvironmentId: '', contexts: {} };

/** Placeholders remembered in the context: ids (`organisationId`, `addonId`, any known kind of id), not free text. */
export function isContextName(name: string): boolean {
  return /^[a-z]\w*Id$/.test(name) || idKindOfPlaceholder(name) !== undefined;
}

export function activeEnvironment(scope: VariableScope): Environment | undefined {
  return scope.environments.find((environment) => environment.id === scope.activeEnvironmentId);
}

/** The values a request of this profile resolves against. */
export function scopeValues(scope: VariableScope, profileId: string): Record<string, string> {
  const values: Record<string, string> = { ...(scope.contexts[profileId] ?? {}) };
  for (const row of activeEnvironment(scope)?.variables ?? [])
    if (row.enabled && row.name.trim() !== '') values[row.name.trim()] = row.value;
  return values;
}

export function setContextValue(scope: VariableScope, profileId: string, name: string, value: string): VariableScope {
  const current = scope.contexts[profileId] ?? {};
  const trimmed = value.trim();
  if ((current[name] ?? '') === trimmed) return scope;
  const next = { ...current };
  if (trimmed === '') delete next[name];
  else next[name] = trimmed;
  return { ...scope, contexts: { ...scope.contexts, [profileId]: next } };
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
  const contexts: Record<string, Record<string, string>> = {};
  if (value.contexts && typeof value.contexts === 'object')
    for (const [profile, entries] of Object.entries(value.contexts))
      if (entries && typeof entries === 'object')
        contexts[profile] = Object.fromEntries(
          Object.entries(entries).filter(([, item]) => typeof item === 'string') as [string, string][],
        );
  const activeEnvironmentId = environments.some((item) => item.id === value.activeEnvironmentId)
    ? (value.activeEnvironmentId as string)
    : '';
  return { environments, activeEnvironmentId, contexts };
}

/**
 * Imported environments join the user's: a new name becomes a new environment; a name already there gains only
 * the variables it lacks, so an import never overwrites a value the user set. Returns what happened, in words.
 */
export function mergeEnvironments(
  scope: VariableScope,
  imported: readonly { name: string; variables: KeyValueRow[] }[],
  newId: () => string,
): { scope: VariableScope; notices: string[] } {
  const environments = [...scope.environments];
  const notices: string[] = [];
  for (const environment of imported) {
    const index = environments.findIndex((existing) => existing.name === environment.name);
    const existing = environments[index];
    if (!existing) {
      environments.push({ id: newId(), name: environment.name, variables: environment.variables });
      notices.push(`New environment “${environment.name}” with ${plural(environment.variables.length, 'variable')}.`);
      continue;
    }
    const names = new Set(existing.variables.map((row) => row.name));
    const added = environment.variables.filter((row) => !names.has(row.name));
    const kept = environment.variables.length - added.length;
    environments[index] = { ...existing, variables: [...existing.variables, ...added] };
    notices.push(
      `Environment “${environment.name}” already exists: ${plural(added.length, 'variable')} added` +
        (kept > 0 ? `, ${plural(kept, 'value')} of yours kept as they were.` : '.'),
    );
  }
  return { scope: { ...scope, environments }, notices };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

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
