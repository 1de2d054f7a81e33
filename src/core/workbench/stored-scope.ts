import { dataRecord } from '../data-record.ts';
import { isSecretVariable, REDACTED } from './redact-secrets.ts';
import type { VariableScope } from './variable-scope.ts';

/**
 * Environments and contexts as storage.local keeps them. Keyhole signs every call itself, so no variable needs to
 * hold a secret: a secret-looking one (by name, or a `Bearer …` value) is stored masked, like the draft's, and a
 * masked value counts as no value when a request is resolved. The panel writes the variables through it; the
 * worker's migrations apply it to what an earlier release stored (storage/remask-records.ts).
 */
export function scopeForStorage(scope: VariableScope): VariableScope {
  // The Variables dialog's Context editor takes any name and value: a credential typed there is masked too.
  const contexts = dataRecord<Record<string, string>>();
  for (const [profile, values] of Object.entries(scope.contexts))
    contexts[profile] = dataRecord(
      Object.entries(values).map(
        ([name, value]) => [name, isSecretVariable({ name, value }) ? REDACTED : value] as const,
      ),
    );
  return {
    ...scope,
    contexts,
    environments: scope.environments.map((environment) => ({
      ...environment,
      variables: environment.variables.map((row) => ({
        ...row,
        value: isSecretVariable(row) ? REDACTED : row.value,
      })),
    })),
  };
}
