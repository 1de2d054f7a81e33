import { dataRecord, ownValue } from '../data-record.ts';
import { isRedacted, isSecretVariable } from './redact-secrets.ts';
import type { KeyValueRow } from './request-draft.ts';
import type { Environment, VariableScope } from './variable-scope.ts';

/**
 * The variables (environments, the active one, each profile's context) are one stored record that every view
 * saves whole: each DevTools panel (one per DevTools window) and the options page's Import all. A view that saved
 * its own copy after another view's change wrote the other's change away (an environment added in one panel was
 * gone once a second panel remembered an organisation). So when another view's save arrives (`base` → `theirs`),
 * its changes are applied to this view's scope, and what this view changed since `base` is kept:
 * - an environment changed on one side only takes that side's version (added, edited, or removed); changed on
 *   both, its name and each variable (matched by name) are merged the same way, this view winning a conflict;
 * - an environment one side removed and the other edited is kept (nothing typed is lost);
 * - the active environment, and each context value and its owner, follow the side that changed them.
 * All three scopes are compared as stored (secrets masked: variable-storage.ts); `withOwnSecrets` puts this view's
 * secret values back where the merge kept a masked one.
 */
export function mergeScopes(base: VariableScope, ours: VariableScope, theirs: VariableScope): VariableScope {
  const environments = mergeEnvironments(base.environments, ours.environments, theirs.environments);
  const active = pick(base.activeEnvironmentId, ours.activeEnvironmentId, theirs.activeEnvironmentId);
  // A context value and the owner it was chosen under go together, from the same side: merged apart, an id picked
  // here under the user's own account could come out with the organisation of one picked there, and fill that
  // organisation's paths (context-owner.ts).
  const chosen = mergeNested(choices(base), choices(ours), choices(theirs));
  const contexts = dataRecord<Record<string, string>>();
  const owners = mergeNested(base.owners ?? {}, ours.owners ?? {}, theirs.owners ?? {});
  for (const [profile, names] of Object.entries(chosen)) {
    contexts[profile] = dataRecord(Object.entries(names).map(([name, [value]]) => [name, value] as const));
    // One copy per profile: a copy per name was quadratic (seconds for a stored context of thousands of names).
    const recorded = dataRecord(ownValue(owners, profile));
    for (const [name, [, owner]] of Object.entries(names)) {
      if (owner === undefined) delete recorded[name];
      else recorded[name] = owner;
    }
    if (Object.hasOwn(owners, profile) || Object.keys(recorded).length > 0) owners[profile] = recorded;
  }
  // An owner means nothing without its context's value (reviveScope drops it too).
  for (const profile of Object.keys(owners)) if (!Object.hasOwn(contexts, profile)) delete owners[profile];
  return {
    environments,
    activeEnvironmentId: environments.some((environment) => environment.id === active) ? active : '',
    contexts,
    owners,
  };
}

/**
 * `merged` with this view's own values where it holds a masked one: a secret typed in this panel is never
 * stored, so another view's save carries only its mask. Matched by environment id and variable name (a context
 * value by profile and name).
 */
export function withOwnSecrets(merged: VariableScope, own: VariableScope): VariableScope {
  const ownById = new Map(own.environments.map((environment) => [environment.id, environment]));
  // A context value too (the Variables dialog's Context editor takes any name), by profile and name.
  const contexts = dataRecord<Record<string, string>>();
  for (const [profile, values] of Object.entries(merged.contexts)) {
    const mine = ownValue(own.contexts, profile);
    contexts[profile] = dataRecord(
      Object.entries(values).map(([name, value]) => {
        const kept = ownValue(mine, name);
        const restore =
          isRedacted(value) && kept !== undefined && !isRedacted(kept) && isSecretVariable({ name, value: kept });
        return [name, restore ? kept : value] as const;
      }),
    );
  }
  return {
    ...merged,
    contexts,
    environments: merged.environments.map((environment) => {
      const mine = ownById.get(environment.id);
      if (!mine) return environment;
      // Only a value of this view's that was held back as a secret: an ordinary one is older than the mask,
      // which is the other view's secret (a credential typed under any name). The first of a name, looked up by
      // name: a search per row was quadratic, seconds for an imported environment of thousands of keys.
      const secrets = new Map<string, string>();
      for (const item of mine.variables)
        if (!secrets.has(item.name) && !isRedacted(item.value) && isSecretVariable(item))
          secrets.set(item.name, item.value);
      return {
        ...environment,
        variables: environment.variables.map((row) => {
          const kept = isRedacted(row.value) ? secrets.get(row.name) : undefined;
          return kept === undefined ? row : { ...row, value: kept };
        }),
      };
    }),
  };
}

/** The side that changed the value (`ours` when both did). */
function pick<T>(base: T, ours: T, theirs: T): T {
  return sameData(ours, base) ? theirs : ours;
}

function mergeEnvironments(base: Environment[], ours: Environment[], theirs: Environment[]): Environment[] {
  const byId = (list: Environment[]) => new Map(list.map((environment) => [environment.id, environment]));
  const [baseById, oursById, theirsById] = [byId(base), byId(ours), byId(theirs)];
  // Their order, then the environments only this view has, in its order.
  const ids = [...theirsById.keys(), ...[...oursById.keys()].filter((id) => !theirsById.has(id))];
  const merged: Environment[] = [];
  for (const id of ids) {
    const [was, mine, other] = [baseById.get(id), oursById.get(id), theirsById.get(id)];
    if (!mine && !other) continue;
    if (!mine || !other) {
      // Removed on one side: gone only if the other side did not change it since.
      const kept = mine ?? other;
      const changed = !was || !sameData(kept, was);
      if (changed && kept) merged.push(kept);
      continue;
    }
    if (!was)
      merged.push(
        sameData(mine, other) ? mine : { ...mine, variables: mergeRows([], mine.variables, other.variables) },
      );
    else if (sameData(mine, was)) merged.push(other);
    else if (sameData(other, was)) merged.push(mine);
    else
      merged.push({
        id,
        name: pick(was.name, mine.name, other.name),
        variables: mergeRows(was.variables, mine.variables, other.variables),
      });
  }
  return merged;
}

/**
 * Rows matched by name and by their rank among the rows of that name (a second `host`, kept disabled as an
 * alternative, is a row of its own; so is a row still without a name, being typed). Their rows come first in their
 * order where this view has no change of its own to the list's order, then this view's additions.
 */
function mergeRows(base: KeyValueRow[], ours: KeyValueRow[], theirs: KeyValueRow[]): KeyValueRow[] {
  if (sameData(ours, base)) return theirs;
  if (sameData(theirs, base)) return ours;
  const keyed = (rows: KeyValueRow[]) => {
    const seen = new Map<string, number>();
    return rows.map((row) => {
      const rank = seen.get(row.name) ?? 0;
      seen.set(row.name, rank + 1);
      return [`${rank}\u0000${row.name}`, row] as const;
    });
  };
  const [wasByKey, theirsByKey] = [new Map(keyed(base)), new Map(keyed(theirs))];
  const result: KeyValueRow[] = [];
  const placed = new Set<string>();
  for (const [key, row] of keyed(ours)) {
    placed.add(key);
    const was = wasByKey.get(key);
    const other = theirsByKey.get(key);
    if (!was) result.push(row);
    else if (!other) {
      // They removed it: gone unless this view changed it.
      if (!sameData(row, was)) result.push(row);
    } else result.push(pick(was, row, other));
  }
  for (const [key, row] of theirsByKey) if (!placed.has(key) && !wasByKey.has(key)) result.push(row);
  return result;
}

/** Each context value with its recorded owner: profile → name → [value, owner]. */
function choices(scope: VariableScope): Record<string, Record<string, [string, string | undefined]>> {
  const out = dataRecord<Record<string, [string, string | undefined]>>();
  for (const [profile, values] of Object.entries(scope.contexts)) {
    const owners = ownValue(scope.owners, profile);
    out[profile] = dataRecord(
      Object.entries(values).map(([name, value]) => [name, [value, ownValue(owners, name)]] as const),
    );
  }
  return out;
}

/** Profile → name → value, merged name by name (a value removed on one side is removed if the other kept it). */
function mergeNested<T>(
  base: Record<string, Record<string, T>>,
  ours: Record<string, Record<string, T>>,
  theirs: Record<string, Record<string, T>>,
): Record<string, Record<string, T>> {
  const merged = dataRecord<Record<string, T>>();
  const profiles = new Set([...Object.keys(theirs), ...Object.keys(ours)]);
  for (const profile of profiles) {
    const [was, mine, other] = [
      ownValue(base, profile) ?? {},
      ownValue(ours, profile) ?? {},
      ownValue(theirs, profile) ?? {},
    ];
    const values = dataRecord<T>();
    for (const name of new Set([...Object.keys(other), ...Object.keys(mine)])) {
      const value = pick(ownValue(was, name), ownValue(mine, name), ownValue(other, name));
      if (value !== undefined) values[name] = value;
    }
    // A profile's record emptied on one side stays only if both sides still have it.
    if (Object.keys(values).length > 0 || (Object.hasOwn(theirs, profile) && Object.hasOwn(ours, profile)))
      merged[profile] = values;
  }
  return merged;
}

/** Plain data (what storage keeps) compared by content: arrays in order, objects whatever their keys' order. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, at) => sameData(item, b[at]));
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every(
      (key) =>
        Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}
