import { KeyholeError } from '../../core/errors.ts';
import { MIGRATION_STEPS } from '../../core/storage/migration-steps.ts';
import { RECORD_KINDS, STORAGE_STATUS_KEY } from '../../core/storage/record-kinds.ts';
import { type MigrationReport, runMigrations } from '../../core/storage/run-migrations.ts';
import type { StorageStatus } from '../../core/storage/storage-status.ts';
import { browser } from '../extension-api.ts';
import { writeLocal } from '../local-store.ts';
import { createBrowserMigrationStore, listSetAside } from './migration-store.ts';

/**
 * Brings stored records to this build's formats on every worker start and again when the browser reports an
 * update (runtime.onInstalled, reason 'update'): one run at a time, each idempotent. Messages wait for the run
 * (see dispatch.ts); while a newer build's records are present, every message is refused so none is overwritten.
 * A run that changed something, or could not finish, is written to storage.local (STORAGE_STATUS_KEY) for the
 * settings page; a start that finds everything current reads one record and writes nothing.
 */

let running: Promise<void> = Promise.resolve();
let refusal: KeyholeError | undefined;

async function report(status: MigrationReport | { state: 'failed'; message: string }): Promise<StorageStatus> {
  const full = {
    ...status,
    setAside: await listSetAside().catch(() => []),
    at: new Date().toISOString(),
  } as StorageStatus;
  await writeLocal({ [STORAGE_STATUS_KEY]: full });
  return full;
}

async function migrateOnce(): Promise<void> {
  try {
    const result = await runMigrations(createBrowserMigrationStore(), RECORD_KINDS, MIGRATION_STEPS);
    if (result.state === 'refused') {
      const status = { ...result, setAside: [], at: new Date().toISOString() };
      refusal = new KeyholeError(
        'conflict',
        'A newer Keyhole saved your data, and this older one will not change it: install the newer version again.',
        { detail: result.newer.map((item) => `${item.kind}: format ${item.found}`).join(', ') },
      );
      void writeLocal({ [STORAGE_STATUS_KEY]: status }).catch(() => undefined);
      return;
    }
    refusal = undefined;
    if (result.migrated.length > 0) void report(result).catch(() => undefined);
  } catch (error) {
    // Stored data is as the last finished step left it, which this build reads; the next start runs the rest.
    void report({ state: 'failed', message: error instanceof Error ? error.message : String(error) }).catch(
      () => undefined,
    );
  }
}

/** Runs started and not yet finished: while none is, a message needs no wait (nor a timer) before its handler. */
let pendingRuns = 0;

function migrate(): Promise<void> {
  pendingRuns++;
  running = running.then(migrateOnce).finally(() => {
    pendingRuns--;
  });
  return running;
}

/**
 * How long a message waits for a run before it is answered: a run held up (storage that never answers) must not
 * leave every view waiting without a word. The run itself goes on; the next message waits again.
 */
export const STORAGE_READY_WAIT_MS = 30_000;

/**
 * Resolves once stored records are in this build's formats; rejects while a newer build's records are there, or
 * with 'storage-updating' once a run has kept the caller waiting STORAGE_READY_WAIT_MS.
 */
export async function whenStorageReady(): Promise<void> {
  if (pendingRuns > 0) await runWithin(STORAGE_READY_WAIT_MS);
  if (refusal) throw refusal;
}

async function runWithin(ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  let outcome: 'ready' | 'late';
  try {
    outcome = await Promise.race([running.then(() => 'ready' as const), late]);
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'late')
    throw new KeyholeError(
      'storage-updating',
      `Keyhole is still bringing your saved data up to this version's format (over ${ms / 1000} s), so nothing was done. Try again in a moment; if this stays, reload the extension.`,
    );
}

/** Called once, as the worker starts: the onInstalled listener must be wired in the worker's first turn. */
export function startStorageMigrations(): void {
  browser.runtime.onInstalled.addListener((details) => {
    if (details.reason === 'update') void migrate();
  });
  void migrate();
}
