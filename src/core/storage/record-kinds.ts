/**
 * Every kind of record Keyhole keeps, where it lives and the format version this build reads and writes. The
 * worker's migrations (src/background/migrations/) walk this list on every start; a kind missing from it would
 * be neither migrated nor protected from an older build, so a new stored record starts by adding its kind here.
 *
 * Versions count per kind, not per release: a release that changes one format bumps that kind alone, and a
 * worker stopped halfway resumes at the first kind not yet marked.
 */

export type RecordArea =
  /** storage.local: exact keys, or keys with a prefix. */
  | { area: 'local'; keys?: readonly string[]; prefix?: string }
  /** An IndexedDB database of one object store (idb-keyval's layout). */
  | { area: 'idb'; database: string; store: string };

export interface RecordKind {
  name: string;
  where: RecordArea;
  /** The format this build reads and writes. */
  version: number;
}

export const RECORD_KINDS = [
  { name: 'profiles', where: { area: 'local', keys: ['profiles'] }, version: 1 },
  { name: 'sessions', where: { area: 'local', prefix: 'session:' }, version: 1 },
  { name: 'sign-in-dances', where: { area: 'local', prefix: 'dance:' }, version: 1 },
  { name: 'clock-offsets', where: { area: 'local', prefix: 'clock:' }, version: 1 },
  {
    name: 'bridge-token-views',
    where: { area: 'local', prefix: 'bridge-token:' },
    version: 1,
  },
  {
    name: 'vault-lock-note',
    where: { area: 'local', keys: ['vault-lock-state'] },
    version: 1,
  },
  {
    name: 'vault',
    where: { area: 'idb', database: 'keyhole-vault', store: 'secrets' },
    version: 1,
  },
  {
    name: 'workbench-settings',
    where: {
      area: 'local',
      keys: ['keyhole.devtools.draft', 'keyhole.devtools.layout', 'keyhole.devtools.historyCaps'],
    },
    version: 2,
  },
  {
    name: 'variables',
    where: { area: 'local', keys: ['keyhole.devtools.variables'] },
    version: 2,
  },
  {
    name: 'tabs',
    where: { area: 'local', keys: ['keyhole.devtools.tabs-index'], prefix: 'keyhole.devtools.tabs.' },
    version: 2,
  },
  {
    name: 'tab-responses',
    where: { area: 'idb', database: 'keyhole-tab-responses', store: 'responses' },
    version: 2,
  },
  /** Which call's response each tab shows, by window (devtools/panel/tabs/tab-response-keeper.ts). */
  { name: 'tab-response-marks', where: { area: 'local', prefix: 'keyhole.devtools.tab-shown.' }, version: 1 },
  /** Responses written as the page went, until the next load moves them into tab-responses. */
  { name: 'tab-response-spills', where: { area: 'local', prefix: 'keyhole.devtools.tab-spilled.' }, version: 2 },
  {
    name: 'saved-requests',
    where: { area: 'idb', database: 'keyhole-saved-requests', store: 'requests' },
    version: 2,
  },
  /** Before history: its version-2 step reads each body's entry as the earlier release stored it. */
  {
    name: 'history-bodies',
    where: { area: 'idb', database: 'keyhole-history-bodies', store: 'bodies' },
    version: 2,
  },
  {
    name: 'history',
    where: { area: 'idb', database: 'keyhole-history', store: 'entries' },
    version: 2,
  },
  {
    name: 'sftp-kit-runs',
    where: { area: 'idb', database: 'keyhole-sftp-kit', store: 'runs' },
    version: 1,
  },
  {
    name: 'popup-account-cache',
    where: { area: 'idb', database: 'keyhole-popup', store: 'cache' },
    version: 1,
  },
] as const satisfies readonly RecordKind[];

export type RecordKindName = (typeof RECORD_KINDS)[number]['name'];

/** Where the migrations keep their own bookkeeping in storage.local (never a kind of its own). */
export const STORAGE_VERSIONS_KEY = 'keyhole.storage.versions';
export const STORAGE_STATUS_KEY = 'keyhole.storage.status';
export const QUARANTINE_KEY_PREFIX = 'keyhole.storage.quarantine.';

/** Whether a storage.local key belongs to this kind. */
export function localKeyBelongs(kind: RecordKind, key: string): boolean {
  const where = kind.where;
  if (where.area !== 'local') return false;
  return (where.keys?.includes(key) ?? false) || (where.prefix !== undefined && key.startsWith(where.prefix));
}
