import { isRedacted, isSecretVariable, REDACTED } from '../../../core/workbench/redact-secrets.ts';
import { reviveScope, type VariableScope } from '../../../core/workbench/variable-scope.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { cancelSave, saveSoon } from '../save-soon.ts';

/**
 * Environments and contexts in storage.local. Keyhole signs every call itself, so no variable needs to hold a
 * secret: a secret-looking one (by name, or a `Bearer …` value) is stored masked, like the draft's, and a
 * masked value counts as no value when a request is resolved.
 */
export const VARIABLES_KEY = 'keyhole.devtools.variables';
const KEY = VARIABLES_KEY;
const DELAY_MS = 300;

export function scopeForStorage(scope: VariableScope): VariableScope {
  return {
    ...scope,
    environments: scope.environments.map((environment) => ({
      ...environment,
      variables: environment.variables.map((row) => ({
        ...row,
        value: isSecretVariable(row) ? REDACTED : row.value,
      })),
    })),
  };
}

/** Variables whose values were masked when stored ("dev: apiKey"), for the Variables dialog to point at. */
export function maskedVariables(scope: VariableScope): string[] {
  return scope.environments.flatMap((environment) =>
    environment.variables.filter((row) => isRedacted(row.value)).map((row) => `${environment.name}: ${row.name}`),
  );
}

export async function loadScope(storage: KeyValueStorage): Promise<VariableScope> {
  try {
    return reviveScope(await storage.get(KEY));
  } catch {
    return reviveScope(undefined);
  }
}

/** Saves at once (Settings → Import all), masked as the panel's own saves are. */
export async function saveScopeNow(storage: KeyValueStorage, scope: VariableScope): Promise<void> {
  await storage.set(KEY, scopeForStorage(scope));
}

/**
 * Saved 300 ms after the last change, or as the page goes away (save-soon.ts); `onWrite` is told the record as
 * written, just before.
 */
export function saveScopeSoon(
  storage: KeyValueStorage,
  scope: VariableScope,
  onWrite?: (stored: VariableScope) => void,
): void {
  saveSoon(
    storage,
    KEY,
    () => {
      const stored = scopeForStorage(scope);
      onWrite?.(stored);
      storage.set(KEY, stored).catch(() => {
        // The next change saves again.
      });
    },
    DELAY_MS,
  );
}

/** Drops a save still waiting (the scope it would write is already in storage, by another view's hand). */
export function cancelScopeSave(storage: KeyValueStorage): void {
  cancelSave(storage, KEY);
}
