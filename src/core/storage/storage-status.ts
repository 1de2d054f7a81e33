import { kindLabel } from './kind-labels.ts';
import type { MigrationReport, SetAside } from './run-migrations.ts';

/** What the worker's last migration run found, as the settings page reads it from storage.local. */
export type StorageStatus = (MigrationReport | { state: 'failed'; message: string }) & {
  setAside: SetAside[];
  at: string;
};

/** One sentence for the user; the settings page lists the records set aside under it. */
export function describeStorageStatus(status: StorageStatus): string {
  if (status.state === 'refused') {
    const kinds = status.newer.map((item) => `${kindLabel(item.kind)} (format ${item.found})`).join(', ');
    return `This version of Keyhole is older than the one that last saved your data (${kinds}). It will not read or change that data: install the newer version again, or export from it first.`;
  }
  if (status.state === 'failed')
    return `Keyhole could not bring your saved data to this version’s format (${status.message}). Nothing was lost: it tries again each time it starts.`;
  const count = status.setAside.length;
  if (count === 0) return 'All saved data is in this version’s format.';
  return `${count === 1 ? 'One saved record' : `${count} saved records`} could not be read and ${count === 1 ? 'was' : 'were'} kept aside, not deleted.`;
}

/** What the last run rewrote, kind by kind ("History: masked the secrets … (3 records)"), for the settings page. */
export function describeStorageChanges(status: StorageStatus): string[] {
  if (status.state !== 'current' || !Array.isArray(status.migrated)) return [];
  return status.migrated.flatMap((item) =>
    (Array.isArray(item.changed) ? item.changed : [])
      .filter((change) => typeof change?.summary === 'string' && Number.isInteger(change.records))
      .map(
        (change) =>
          `${kindLabel(item.kind)}: ${change.summary} (${change.records} ${change.records === 1 ? 'record' : 'records'})`,
      ),
  );
}

/** Reads a stored status defensively (a page may find anything under the key). */
export function reviveStorageStatus(value: unknown): StorageStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const state = (value as { state?: unknown }).state;
  if (state !== 'current' && state !== 'refused' && state !== 'failed') return undefined;
  const setAside = (value as { setAside?: unknown }).setAside;
  return { ...(value as StorageStatus), setAside: Array.isArray(setAside) ? (setAside as SetAside[]) : [] };
}
