import { useMemo } from 'preact/hooks';
import { dataRecord, ownValue } from '../../../core/data-record.ts';
import { listPlaceholders } from '../../../core/workbench/path-template.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import { scopeValues } from '../../../core/workbench/variable-scope.ts';
import type { VariableHints } from '../../../ui/VariableInput.tsx';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';

/**
 * What the composer's fields know of the variables, as Send resolves them (variables.ts): the active environment
 * and the profile's context for every field, and, in the path, a value typed in a placeholder's own field first.
 */
export function useVariableHints(
  workbench: Workbench,
  draft: RequestDraft,
): { path: VariableHints; rows: VariableHints } {
  const scope = useStore(workbench.variables);
  const session = useStore(workbench.session);
  const profileId = session.state === 'ready' && 'profile' in session.status ? session.status.profile.id : '';
  const values = useMemo(() => scopeValues(scope, profileId), [scope, profileId]);
  const names = useMemo(() => Object.keys(values).sort(), [values]);
  const pathValues = useMemo(() => {
    const merged = dataRecord(values);
    for (const name of listPlaceholders(draft.path)) {
      const typed = ownValue(draft.params, name) ?? '';
      if (typed.trim() !== '') merged[name] = typed;
    }
    return merged;
  }, [values, draft.path, draft.params]);
  return useMemo(
    () => ({ path: { kind: 'path', values: pathValues, names }, rows: { kind: 'row', values, names } }),
    [pathValues, values, names],
  );
}
