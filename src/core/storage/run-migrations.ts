import type { MigrationStep } from './migration-steps.ts';
import type { RecordKind } from './record-kinds.ts';

/**
 * Brings every kind of record to this build's version, one step and one kind at a time, through whatever holds
 * them (`MigrationStore`: storage.local and IndexedDB in the worker, memory in tests).
 *
 * Write, then mark: a step writes each changed record, then the kind's new version. A worker stopped in between
 * leaves the old mark, so the next start runs the step again, which each step accepts (its output is its own
 * fixed point). A record a step cannot read is copied aside first and removed after, so a stop in between leaves
 * it in both places, never in neither. Versions above this build's, or kinds it does not know, mean a newer
 * build wrote them: nothing is touched and the report says so.
 */

export interface SetAside {
  kind: string;
  key: string;
  /** The version the record was read as. */
  version: number;
  reason: string;
  at: string;
}

export interface MigrationStore {
  readVersions(): Promise<Record<string, number>>;
  /** Records these kinds' new versions (and keeps the others'). */
  markVersions(versions: Record<string, number>): Promise<void>;
  /**
   * The kind's records. An async iterable may read them a page at a time (a history of 500 bodies near 1 MB each
   * would otherwise be held whole in the worker); each is handled before the next is read.
   */
  list(kind: RecordKind): Promise<Iterable<[string, unknown]>> | AsyncIterable<[string, unknown]>;
  /** One record, or undefined: a step's related record is read so, one at a time, where the store can. */
  get?(kind: RecordKind, key: string): Promise<unknown>;
  /**
   * Replaces a record with `next(what is stored now)`, in one transaction where the area has them (IndexedDB), or
   * leaves it when `next` gives undefined (a record removed meanwhile stays removed).
   */
  update(kind: RecordKind, key: string, next: (current: unknown) => unknown): Promise<void>;
  remove(kind: RecordKind, key: string): Promise<void>;
  /** Keeps a copy of the record with why; the same kind, key and version again replaces the earlier copy. */
  setAside(kind: RecordKind, entry: SetAside, value: unknown): Promise<void>;
}

export interface MigratedKind {
  kind: string;
  from: number;
  to: number;
  setAside: number;
  /** The steps that rewrote records, with how many (for the settings page: what an update changed). */
  changed?: { summary: string; records: number }[];
}

export type MigrationReport =
  | { state: 'current'; migrated: MigratedKind[] }
  | { state: 'refused'; newer: { kind: string; found: number; known?: number }[] };

/** Which stored versions this build must not touch: a newer one, or a kind it has never heard of. */
export function newerThanThisBuild(
  versions: Record<string, number>,
  kinds: readonly RecordKind[],
): { kind: string; found: number; known?: number }[] {
  return Object.entries(versions).flatMap(([name, found]) => {
    const kind = kinds.find((candidate) => candidate.name === name);
    if (!kind) return [{ kind: name, found }];
    return found > kind.version ? [{ kind: name, found, known: kind.version }] : [];
  });
}

export async function runMigrations(
  store: MigrationStore,
  kinds: readonly RecordKind[],
  steps: Record<string, readonly MigrationStep[]>,
  now: () => string = () => new Date().toISOString(),
): Promise<MigrationReport> {
  const versions = await store.readVersions();
  const newer = newerThanThisBuild(versions, kinds);
  if (newer.length > 0) return { state: 'refused', newer };
  const migrated: MigratedKind[] = [];
  // A step that wrote nothing is marked with the next write (or at the end): re-running it changes nothing, so
  // its mark may wait, and a fresh install marks every kind in one write.
  let unmarked: Record<string, number> = {};
  for (const kind of kinds) {
    const from = versions[kind.name] ?? 0;
    let setAside = 0;
    const changed: NonNullable<MigratedKind['changed']> = [];
    for (let version = from; version < kind.version; version++) {
      const step = steps[kind.name]?.find((candidate) => candidate.to === version + 1);
      if (!step) throw new Error(`No migration of ${kind.name} from version ${version}.`);
      let wrote = false;
      let rewritten = 0;
      const relatedKind = step.related ? kinds.find((candidate) => candidate.name === step.related) : undefined;
      // The related kind's record of each key: read with the record where the store can (not the whole kind).
      const listed = relatedKind && !store.get ? new Map(await all(store.list(relatedKind))) : undefined;
      const relatedOf = async (key: string) =>
        relatedKind ? (listed ? listed.get(key) : await store.get?.(relatedKind, key)) : undefined;
      for await (const [key, value] of await store.list(kind)) {
        const relatedValue = await relatedOf(key);
        const result = step.migrate(value, key, relatedValue);
        if ('setAside' in result) {
          await store.setAside(kind, { kind: kind.name, key, version, reason: result.setAside, at: now() }, value);
          await store.remove(kind, key);
          setAside++;
          wrote = true;
        } else if (result.keep !== value) {
          // Pages read and write storage themselves (only the worker's messages wait for this run): a record a page
          // changed or removed since it was listed is migrated as it is now, or stays removed, not written back
          // from the listing (Clear history during the run would have brought the entries back).
          await store.update(kind, key, (current) => {
            if (current === undefined) return undefined;
            if (sameRecord(current, value)) return result.keep;
            const again = step.migrate(current, key, relatedValue);
            return 'keep' in again && again.keep !== current ? again.keep : undefined;
          });
          wrote = true;
          rewritten++;
        }
      }
      if (rewritten > 0) changed.push({ summary: step.summary, records: rewritten });
      unmarked[kind.name] = version + 1;
      if (wrote) {
        await store.markVersions(unmarked);
        unmarked = {};
      }
    }
    if (from !== kind.version)
      migrated.push({ kind: kind.name, from, to: kind.version, setAside, ...(changed.length > 0 ? { changed } : {}) });
  }
  if (Object.keys(unmarked).length > 0) await store.markVersions(unmarked);
  return { state: 'current', migrated };
}

/** Records are JSON-like (storage.local holds JSON; the kinds a step rewrites hold no binary data in IndexedDB). */
function sameRecord(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

async function all<T>(items: Promise<Iterable<T>> | AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of await items) found.push(item);
  return found;
}
