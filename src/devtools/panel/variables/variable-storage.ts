import { isRedacted } from '../../../core/workbench/redact-secrets.ts';
import { scopeForStorage } from '../../../core/workbench/stored-scope.ts';
import { reviveScope, type VariableScope } from '../../../core/workbench/variable-scope.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { cancelSave, saveSoon } from '../save-soon.ts';

/** Environments and contexts in storage.local, masked as core/workbench/stored-scope.ts says. */
export const VARIABLES_KEY = 'keyhole.devtools.variables';
const KEY = VARIABLES_KEY;
const DELAY_MS = 300;

/** Variables whose values were masked when stored ("dev: apiKey"), for the Variables dialog to point at. */
export function maskedVariables(scope: VariableScope): string[] {
  return scope.environments.flatMap((environment) =>
    environment.variables.filter((row) => isRedacted(row.value)).map((row) => `${environment.name}: ${row.name}`),
  );
}

export async function loadScope(storage: KeyValueStorage): Promise<VariableScope> {
  return (await loadScopeRecord(storage)).scope;
}

/** The stored scope and the mark of the view that saved it (savedBy), if any. */
export async function loadScopeRecord(storage: KeyValueStorage): Promise<{ scope: VariableScope; mark?: string }> {
  try {
    const record = await storage.get(KEY);
    return { scope: reviveScope(record), mark: savedBy(record) };
  } catch {
    return { scope: reviveScope(undefined) };
  }
}

/**
 * Saves at once (Settings → Import all), masked as the panel's own saves are, with a mark of its own and the mark
 * of the record it was made from (`basedOn`, see saveScopeSoon): a panel's write that came in between is not
 * taken for something the import removed.
 */
export async function saveScopeNow(storage: KeyValueStorage, scope: VariableScope, base?: string): Promise<void> {
  const savedBy = `import-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  await storage.set(KEY, { ...scopeForStorage(scope), savedBy, ...(base === undefined ? {} : { basedOn: base }) });
}

/**
 * Saved 300 ms after the last change, or as the page goes away (save-soon.ts). `stamp` gives the mark stored with
 * this write (`savedBy`, which reviveScope ignores): a view knows its own write by it when storage.onChanged brings
 * it back, and every write differs from the one before, so Chrome, which fires nothing for a write that changes
 * nothing, fires for each. `failed` is told the stamp of a write that did not happen. `base` gives the mark of the
 * last record the view took in (`basedOn`): a view that had not heard of a write yet when it saved wrote a record
 * without that write's changes, which the others must not take for its removals (variable-session.ts).
 */
export function saveScopeSoon(
  storage: KeyValueStorage,
  scope: VariableScope,
  stamp?: { next(): string; failed(mark: string): void; base?(): string | undefined },
): void {
  saveSoon(
    storage,
    KEY,
    () => {
      const mark = stamp?.next();
      const base = stamp?.base?.();
      const record =
        mark === undefined
          ? scopeForStorage(scope)
          : { ...scopeForStorage(scope), savedBy: mark, ...(base === undefined ? {} : { basedOn: base }) };
      storage.set(KEY, record).catch(() => {
        // The next change saves again.
        if (mark !== undefined) stamp?.failed(mark);
      });
    },
    DELAY_MS,
  );
}

/** The mark a view stored with a record (saveScopeSoon), if any. */
export function savedBy(record: unknown): string | undefined {
  return markIn(record, 'savedBy');
}

/** The mark of the record the view that saved this one had last taken in (saveScopeSoon), if any. */
export function basedOn(record: unknown): string | undefined {
  return markIn(record, 'basedOn');
}

function markIn(record: unknown, field: 'savedBy' | 'basedOn'): string | undefined {
  const mark = record && typeof record === 'object' ? (record as Record<string, unknown>)[field] : undefined;
  return typeof mark === 'string' ? mark : undefined;
}

/** Drops a save still waiting (the scope it would write is already in storage, by another view's hand). */
export function cancelScopeSave(storage: KeyValueStorage): void {
  cancelSave(storage, KEY);
}
