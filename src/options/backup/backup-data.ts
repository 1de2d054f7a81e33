import browser from 'webextension-polyfill';
import { buildBackup, type ParsedBackup, parseBackup } from '../../core/backup/backup-file.ts';
import { type ImportPlan, planImport, restoreEnvironments, withContexts } from '../../core/backup/backup-merge.ts';
import { newSavedId } from '../../core/workbench/saved-requests.ts';
import { createIdbSavedRequestStore } from '../../devtools/panel/collections/saved-store.ts';
import type { KeyValueStorage } from '../../devtools/panel/key-value-storage.ts';
import { loadScope, loadScopeRecord, saveScopeNow } from '../../devtools/panel/variables/variable-storage.ts';
import { loadRun, saveRun } from '../../sftp-kit/run-store.ts';
import { send } from '../../ui/send.ts';

/**
 * The settings page's reach into each store for "Export all" and "Import all": the same modules the panel and the
 * kit use (extension pages share one origin), and the worker for profiles, which gives no secret out.
 */

const storage: KeyValueStorage = {
  async get<T>(key: string) {
    return (await browser.storage.local.get(key))[key] as T | undefined;
  },
  async set(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
};

async function readCurrent() {
  const [{ profiles }, requests, scope, kitRun] = await Promise.all([
    send('profiles/list'),
    createIdbSavedRequestStore().list(),
    loadScope(storage),
    loadRun(),
  ]);
  return { profiles, requests, scope, kitRun };
}

/** The backup file's text. */
export async function exportAll(): Promise<string> {
  const current = await readCurrent();
  return buildBackup(
    { ...current, kitRuns: current.kitRun ? [current.kitRun] : [] },
    browser.runtime.getManifest().version,
  );
}

export interface PreparedImport {
  plan: ImportPlan;
  backup: ParsedBackup;
}

/** Reads a backup and decides what it would add; writes nothing. Throws a KeyholeError for a file it cannot use. */
export async function prepareImport(text: string): Promise<PreparedImport> {
  const backup = parseBackup(text);
  const current = await readCurrent();
  return { plan: planImport(backup, current, newSavedId), backup };
}

/** Writes what the plan adds: profiles through the worker first (their new ids carry the contexts). */
export async function applyImport({ plan, backup }: PreparedImport): Promise<void> {
  const { ids } = plan.profiles.length
    ? await send('profiles/import', { profiles: plan.profiles.map((item) => item.input) })
    : { ids: [] as string[] };
  const mapping: Record<string, string> = { ...plan.profilesHere };
  plan.profiles.forEach((item, index) => {
    const id = ids[index];
    if (id) mapping[item.from] = id;
  });
  if (plan.requests.length > 0) await createIdbSavedRequestStore().put(plan.requests);
  // Merged again on what is stored now: the panel may have saved a variable since the plan was made.
  const latest = await loadScopeRecord(storage);
  const merged = restoreEnvironments(latest.scope, backup.environments, newSavedId).scope;
  await saveScopeNow(storage, withContexts(merged, backup.contexts, mapping), latest.mark ?? '');
  if (plan.kitRun && !(await loadRun())) await saveRun(plan.kitRun);
}
