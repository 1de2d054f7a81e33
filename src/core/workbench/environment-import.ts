import type { ImportedEnvironment } from './collection-file.ts';
import { isRedacted } from './redact-secrets.ts';
import type { KeyValueRow } from './request-draft.ts';
import type { Environment, VariableScope } from './variable-scope.ts';

/**
 * Imported variables never change what the user has without asking. Each environment a file carries (a Postman
 * collection's variables, a Keyhole file's environments) lands in a new environment of its own, named
 * “<name> (imported)” (numbered when taken), not active. A hostile collection named like the user's active
 * environment used to add `organisationId = orga_attacker…` to it, and the user's next request went there.
 * Merging into an existing environment is a separate step: the difference (added, changed old → new) is shown
 * and applied only once confirmed.
 */
export interface AddedEnvironment {
  id: string;
  name: string;
  count: number;
}

/**
 * The first free “<base> (imported N)”. `next` remembers, per base, the number to try next: a hostile file with
 * thousands of environments of one name made each of them count up from 2 again, and 8,000 froze the panel 7 s.
 */
function uniqueName(base: string, taken: ReadonlySet<string>, next: Map<string, number>): string {
  const first = `${base} (imported)`;
  if (!next.has(base) && !taken.has(first)) {
    next.set(base, 2);
    return first;
  }
  for (let number = next.get(base) ?? 2; ; number += 1) {
    const name = `${base} (imported ${number})`;
    if (!taken.has(name)) {
      next.set(base, number + 1);
      return name;
    }
  }
}

/** Adds each imported environment as a new one; existing environments, contexts and the active one are untouched. */
export function addImportedEnvironments(
  scope: VariableScope,
  imported: readonly ImportedEnvironment[],
  newId: () => string,
): { scope: VariableScope; added: AddedEnvironment[] } {
  const environments = [...scope.environments];
  const taken = new Set(environments.map((environment) => environment.name));
  const next = new Map<string, number>();
  const added: AddedEnvironment[] = [];
  for (const environment of imported) {
    const name = uniqueName(environment.name.trim() || 'Environment', taken, next);
    taken.add(name);
    const id = newId();
    environments.push({ id, name, variables: environment.variables.map((row) => ({ ...row })) });
    added.push({ id, name, count: environment.variables.length });
  }
  return { scope: { ...scope, environments }, added };
}

export interface EnvironmentDiff {
  added: KeyValueRow[];
  changed: { name: string; from: string; to: string }[];
  /** Names whose value is already the same. */
  same: number;
  /** Names whose incoming value is masked (a secret left out of the file): never merged. */
  masked: string[];
}

const key = (row: KeyValueRow) => row.name.trim();

/** What merging `incoming` into `target` would change. */
export function diffEnvironment(target: Environment, incoming: readonly KeyValueRow[]): EnvironmentDiff {
  const current = new Map<string, KeyValueRow>();
  for (const row of target.variables) if (key(row) !== '' && !current.has(key(row))) current.set(key(row), row);
  const diff: EnvironmentDiff = { added: [], changed: [], same: 0, masked: [] };
  const seen = new Set<string>();
  for (const row of incoming) {
    const name = key(row);
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    if (isRedacted(row.value)) diff.masked.push(name);
    else {
      const existing = current.get(name);
      if (!existing) diff.added.push({ ...row, name });
      else if (existing.value === row.value) diff.same += 1;
      else diff.changed.push({ name, from: existing.value, to: row.value });
    }
  }
  return diff;
}

/** Applies a diff the user confirmed to the environment it was computed for. */
export function applyEnvironmentDiff(scope: VariableScope, targetId: string, diff: EnvironmentDiff): VariableScope {
  const changes = new Map(diff.changed.map((change) => [change.name, change.to]));
  return {
    ...scope,
    environments: scope.environments.map((environment) =>
      environment.id !== targetId
        ? environment
        : {
            ...environment,
            variables: [
              ...environment.variables.map((row) => {
                const to = changes.get(key(row));
                if (to === undefined) return row;
                changes.delete(key(row));
                return { ...row, value: to };
              }),
              ...diff.added,
            ],
          },
    ),
  };
}

export function describeDiff(diff: EnvironmentDiff): string {
  const parts = [
    `${diff.added.length} added`,
    `${diff.changed.length} changed`,
    ...(diff.same > 0 ? [`${diff.same} already the same`] : []),
    ...(diff.masked.length > 0 ? [`${diff.masked.length} masked, not merged`] : []),
  ];
  return parts.join(', ');
}
