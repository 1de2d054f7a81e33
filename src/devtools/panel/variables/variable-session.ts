import { dataRecord, ownValue } from '../../../core/data-record.ts';
import { ownersChosenIn, pathOwner } from '../../../core/workbench/context-owner.ts';
import { mergeScopes, sameData, withOwnSecrets } from '../../../core/workbench/merge-scope.ts';
import { listPlaceholders } from '../../../core/workbench/path-template.ts';
import { isRedacted } from '../../../core/workbench/redact-secrets.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import { scopeForStorage } from '../../../core/workbench/stored-scope.ts';
import {
  EMPTY_SCOPE,
  isContextName,
  reviveScope,
  scopeValues,
  setContextValue,
  type VariableScope,
} from '../../../core/workbench/variable-scope.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { createStore, type Store } from '../store.ts';
import type { SessionState } from '../workbench.ts';
import {
  basedOn,
  cancelScopeSave,
  loadScopeRecord,
  savedBy,
  saveScopeSoon,
  VARIABLES_KEY,
} from './variable-storage.ts';

/**
 * Ties the variables to the workbench: an id chosen in a path field becomes the profile's context, and a path
 * that names a placeholder the context (or the active environment) knows gets it filled at once, in the field,
 * where the user sees it and can change it. Nothing here sends anything.
 */
export interface VariableSession {
  scope: Store<VariableScope>;
  /** The signed-in profile's id, whose context applies ('' before the session is known). */
  profileId(): string;
  /** The values a draft resolves against: the context's ids only where the path's owner is theirs. */
  values(forDraft?: Pick<RequestDraft, 'path' | 'params'>): Record<string, string>;
  /** Path values the context filled in the current draft (name → value), for the "from context" marker. */
  filled: Store<Record<string, string>>;
  ready: Promise<void>;
  /** Fills the current path's empty placeholders again (once the session, hence the profile, is known). */
  refill(): void;
  dispose(): void;
}

/** How many records a view keeps by mark (a write based on an older one is merged, as before, against the one it replaced). */
const SEEN = 32;

export function createVariableSession(
  draft: Store<RequestDraft>,
  session: Store<SessionState>,
  storage: KeyValueStorage,
): VariableSession {
  const scope = createStore<VariableScope>(EMPTY_SCOPE);
  let loaded = false;
  let known: string[] = [];
  let knownOwner = '';

  const profileId = () => {
    const current = session.get();
    return current.state === 'ready' && 'profile' in current.status ? current.status.profile.id : '';
  };
  const values = (forDraft?: Pick<RequestDraft, 'path' | 'params'>) => scopeValues(scope.get(), profileId(), forDraft);
  const filled = createStore<Record<string, string>>({});

  /** Fills the placeholders that just appeared in the path and are still empty. */
  const fillNew = (value: RequestDraft) => {
    const names = listPlaceholders(value.path);
    // A path of another owner (another request, or the organisation changed) is a fresh start for every field.
    // (Not an owner cleared: a field the user empties stays empty.)
    const owner = pathOwner(value.path, { ...values(), ...value.params })?.owner ?? '';
    const fresh = owner !== '' && owner !== knownOwner ? names : names.filter((name) => !known.includes(name));
    known = names;
    if (owner !== '') knownOwner = owner;
    // The organisation first: an id owned by it fills only once the path's owner is known (context-owner.ts).
    const params = dataRecord(value.params);
    const marks = dataRecord(Object.entries(filled.get()).filter(([name]) => names.includes(name)));
    let changed = false;
    // A value the context filled goes when the path's owner is no longer its owner (the organisation changed).
    for (const [name, mark] of Object.entries(marks)) {
      if (ownValue(params, name) !== mark) delete marks[name];
      else if (ownValue(values({ path: value.path, params }), name) !== mark) {
        params[name] = '';
        delete marks[name];
        changed = true;
      }
    }
    for (const name of [...fresh].sort((a, b) => Number(b === 'organisationId') - Number(a === 'organisationId'))) {
      const found = ownValue(values({ path: value.path, params }), name);
      if ((ownValue(params, name) ?? '') === '' && found && !isRedacted(found)) {
        params[name] = found;
        marks[name] = found;
        changed = true;
      }
    }
    if (Object.keys(marks).length !== Object.keys(filled.get()).length || changed) filled.set(marks);
    if (changed) draft.set({ ...value, params });
  };

  /** Remembers ids typed or picked in path fields as the profile's context. */
  const remember = (value: RequestDraft) => {
    const profile = profileId();
    if (!profile) return;
    const available = values(value);
    const owners = ownersChosenIn(value.path, value.params);
    let next = scope.get();
    for (const name of listPlaceholders(value.path)) {
      const typed = (ownValue(value.params, name) ?? '').trim();
      // A value the context filled is not a choice of the user's (its owner is the one it was chosen under).
      if (ownValue(filled.get(), name) === typed) continue;
      if (typed && isContextName(name) && typed !== ownValue(available, name) && !typed.includes('{'))
        next = setContextValue(next, profile, name, typed, ownValue(owners, name));
    }
    scope.set(next);
  };

  const stopDraft = draft.subscribe((value) => {
    if (!loaded) return;
    remember(value);
    fillNew(value);
  });
  // The marks of this view's writes whose storage.onChanged has not come back yet, oldest first: its own write
  // coming back is not news. Known by mark, not by content: a record equal to one it wrote, written later by
  // another view (an undo there), is news.
  const view = `view-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let writes = 0;
  const written: string[] = [];
  const stamp = {
    next() {
      writes += 1;
      const mark = `${view}-${writes}`;
      written.push(mark);
      return mark;
    },
    failed(mark: string) {
      const at = written.indexOf(mark);
      if (at !== -1) written.splice(at, 1);
    },
    base: () => lastSeen,
  };
  // The records this view took in lately, by mark, and the last one's: another view's write says which record it
  // had last taken in (basedOn), and is merged against that one, not the record it replaced. A view that saved
  // before hearing of a write (a busy browser) wrote a record without that write's changes: against the record it
  // replaced they looked removed, and a panel that took them for removals saved them away for good.
  // A record without a mark (from before marks, an older release, none at all) is known as '' (the last such).
  const seen = new Map<string, VariableScope>();
  let lastSeen: string | undefined;
  const see = (mark: string | undefined, record: VariableScope) => {
    lastSeen = mark ?? '';
    seen.delete(lastSeen);
    seen.set(lastSeen, record);
    if (seen.size > SEEN) seen.delete(seen.keys().next().value as string);
  };
  // An adopted write of another view is in storage already: it is not saved again.
  let adopting = false;
  let changedWhileLoading = false;
  const stopSave = scope.subscribe((value) => {
    if (loaded && !adopting) saveScopeSoon(storage, value, stamp);
  });

  // Another view saved the variables (a panel in another DevTools window, Settings → Import all): its changes
  // come in here, and this view's own changes since stay (merge-scope.ts), so neither view's next save loses
  // the other's.
  const stopWatch = storage.watch?.(VARIABLES_KEY, ({ oldValue, newValue }) => {
    if (!loaded) {
      changedWhileLoading = true;
      return;
    }
    const echo = written.indexOf(savedBy(newValue) ?? '');
    const from = basedOn(newValue);
    const base = (from !== undefined && seen.get(from)) || reviveScope(oldValue);
    // No record (removed: the browser's clear data) reads as an empty scope with no owners' record either, which
    // the merge's result has: without it the merge never matched theirs, and every open panel wrote the record back.
    const theirs = { owners: {}, ...reviveScope(newValue) };
    see(savedBy(newValue), theirs);
    if (echo !== -1) {
      written.splice(0, echo + 1);
      return;
    }
    const ours = scopeForStorage(scope.get());
    if (sameData(ours, theirs)) return;
    const merged = withOwnSecrets(mergeScopes(base, ours, theirs), scope.get());
    // Already stored, unless a write of this view's is still to come after theirs (its event has not come back):
    // that one would put this view's older copy over theirs, so the merged scope is saved again.
    adopting = written.length === 0 && sameData(scopeForStorage(merged), theirs);
    if (adopting) cancelScopeSave(storage);
    try {
      scope.set(merged);
    } finally {
      adopting = false;
    }
  });

  const load = async () => {
    const { scope: stored, mark } = await loadScopeRecord(storage);
    scope.set(stored);
    see(mark, stored);
  };
  const ready = (async () => {
    await load();
    // A write seen while reading may or may not be in what was read: read again, until none came in meanwhile.
    while (changedWhileLoading) {
      changedWhileLoading = false;
      await load();
    }
    loaded = true;
    known = [];
    fillNew(draft.get());
  })();

  return {
    scope,
    profileId,
    values,
    filled,
    ready,
    refill() {
      known = [];
      fillNew(draft.get());
    },
    dispose() {
      stopDraft();
      stopSave();
      stopWatch?.();
    },
  };
}
