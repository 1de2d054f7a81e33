import { dataRecord, ownValue } from '../../../core/data-record.ts';
import { listPlaceholders } from '../../../core/workbench/path-template.ts';
import { isRedacted } from '../../../core/workbench/redact-secrets.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import {
  EMPTY_SCOPE,
  isContextName,
  scopeValues,
  setContextValue,
  type VariableScope,
} from '../../../core/workbench/variable-scope.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { createStore, type Store } from '../store.ts';
import type { SessionState } from '../workbench.ts';
import { loadScope, saveScopeSoon } from './variable-storage.ts';

/**
 * Ties the variables to the workbench: an id chosen in a path field becomes the profile's context, and a path
 * that names a placeholder the context (or the active environment) knows gets it filled at once, in the field,
 * where the user sees it and can change it. Nothing here sends anything.
 */
export interface VariableSession {
  scope: Store<VariableScope>;
  /** The signed-in profile's id, whose context applies ('' before the session is known). */
  profileId(): string;
  values(): Record<string, string>;
  ready: Promise<void>;
  /** Fills the current path's empty placeholders again (once the session, hence the profile, is known). */
  refill(): void;
  dispose(): void;
}

export function createVariableSession(
  draft: Store<RequestDraft>,
  session: Store<SessionState>,
  storage: KeyValueStorage,
): VariableSession {
  const scope = createStore<VariableScope>(EMPTY_SCOPE);
  let loaded = false;
  let known: string[] = [];

  const profileId = () => {
    const current = session.get();
    return current.state === 'ready' && 'profile' in current.status ? current.status.profile.id : '';
  };
  const values = () => scopeValues(scope.get(), profileId());

  /** Fills the placeholders that just appeared in the path and are still empty. */
  const fillNew = (value: RequestDraft) => {
    const names = listPlaceholders(value.path);
    const fresh = names.filter((name) => !known.includes(name));
    known = names;
    const available = values();
    const params = dataRecord(value.params);
    let filled = false;
    for (const name of fresh) {
      const found = ownValue(available, name);
      if ((ownValue(params, name) ?? '') === '' && found && !isRedacted(found)) {
        params[name] = found;
        filled = true;
      }
    }
    if (filled) draft.set({ ...value, params });
  };

  /** Remembers ids typed or picked in path fields as the profile's context. */
  const remember = (value: RequestDraft) => {
    const profile = profileId();
    if (!profile) return;
    const available = values();
    let next = scope.get();
    for (const name of listPlaceholders(value.path)) {
      const typed = (ownValue(value.params, name) ?? '').trim();
      if (typed && isContextName(name) && typed !== ownValue(available, name) && !typed.includes('{'))
        next = setContextValue(next, profile, name, typed);
    }
    scope.set(next);
  };

  const stopDraft = draft.subscribe((value) => {
    if (!loaded) return;
    remember(value);
    fillNew(value);
  });
  const stopSave = scope.subscribe((value) => {
    if (loaded) saveScopeSoon(storage, value);
  });

  const ready = (async () => {
    scope.set(await loadScope(storage));
    loaded = true;
    known = [];
    fillNew(draft.get());
  })();

  return {
    scope,
    profileId,
    values,
    ready,
    refill() {
      known = [];
      fillNew(draft.get());
    },
    dispose() {
      stopDraft();
      stopSave();
    },
  };
}
