import type { RecordKindName } from './record-kinds.ts';
import {
  remaskHistoryBody,
  remaskHistoryEntry,
  remaskSavedRequest,
  remaskStoredDraft,
  remaskTabResponse,
  remaskTabResponseSpill,
  remaskTabSet,
  remaskVariables,
} from './remask-records.ts';

/**
 * The format changes between versions of each kind, as pure functions of one stored record. The worker applies
 * them in order (run-migrations.ts); each must accept its own output unchanged (a worker stopped after writing a
 * record and before marking the kind runs the step again on it), and a record it cannot read is set aside with
 * the reason, never dropped.
 */

export type StepResult = { keep: unknown } | { setAside: string };

export interface MigrationStep {
  /** The version this step produces; it reads the one before. */
  to: number;
  /** What it does, for the report. */
  summary: string;
  /**
   * Another kind whose record of the same key the step reads beside each record, as stored when the step starts
   * (a history body with its entry): that kind comes later in RECORD_KINDS, so it is not migrated yet.
   */
  related?: RecordKindName;
  migrate(value: unknown, key: string, related?: unknown): StepResult;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object of another shape' : `a ${typeof value}`;
}

/**
 * Version 1 is the format of release 0.1.0, which stored no version: its step changes nothing and sets aside
 * only what this build's readers could not use at all (they revive the rest field by field, as they always did).
 */
function adopt(check: (value: unknown, key: string) => string | undefined): MigrationStep {
  return {
    to: 1,
    summary: 'versioned the 0.1.0 format',
    migrate(value, key) {
      const problem = check(value, key);
      return problem ? { setAside: problem } : { keep: value };
    },
  };
}

const anObject =
  (what: string) =>
  (value: unknown): string | undefined =>
    isObject(value) ? undefined : `expected ${what}, found ${describe(value)}`;

function withStrings(what: string, fields: readonly string[]) {
  return (value: unknown): string | undefined => {
    if (!isObject(value)) return `expected ${what}, found ${describe(value)}`;
    const missing = fields.find((field) => typeof value[field] !== 'string');
    return missing ? `${what} without a “${missing}”` : undefined;
  };
}

function checkProfiles(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.profiles)) return `expected the profile list, found ${describe(value)}`;
  const at = value.profiles.findIndex((item) => withStrings('a profile', ['id', 'name', 'apiBaseUrl'])(item));
  return at >= 0 ? `profile ${at + 1} is not readable` : undefined;
}

function checkVault(value: unknown, key: string): string | undefined {
  // The device key is a CryptoKey; everything else (the lock record, sealed secrets) is a plain object.
  if (key === 'vault-key') return isObject(value) ? undefined : `expected the device key, found ${describe(value)}`;
  if (key === 'vault-lock') return withStrings('a passphrase lock', ['kdf'])(value);
  if (!isObject(value) || !('iv' in value) || !('ciphertext' in value))
    return `expected a sealed secret, found ${describe(value)}`;
  return undefined;
}

function checkTabs(value: unknown, key: string): string | undefined {
  // A forgotten workspace is written as null (tab-storage.ts).
  if (value === null) return undefined;
  if (key === 'keyhole.devtools.tabs-index') return anObject('a tab index')(value);
  return isObject(value) && Array.isArray(value.tabs) ? undefined : `expected a set of tabs, found ${describe(value)}`;
}

function checkSavedRequest(value: unknown): string | undefined {
  const problem = withStrings('a saved request', ['id', 'name', 'folder'])(value);
  if (problem) return problem;
  return isObject((value as Record<string, unknown>).draft) ? undefined : 'a saved request without its request';
}

function checkKitRun(value: unknown): string | undefined {
  if (!isObject(value)) return `expected a kit run, found ${describe(value)}`;
  return value.version === 1 ? undefined : `a kit run of format ${String(value.version)}, which this build cannot read`;
}

/**
 * Version 2 of the kinds that may hold what release 0.1.0 kept in clear and this build masks (remask-records.ts).
 * A record the masks cannot read is kept as it is: never lost, and the migration of the rest goes on.
 */
function remask(
  mask: (value: unknown, key: string, related?: unknown) => unknown,
  related?: RecordKindName,
): MigrationStep {
  return {
    to: 2,
    summary: 'masked the secrets an earlier release kept in clear',
    ...(related ? { related } : {}),
    migrate(value, key, relatedValue) {
      try {
        return { keep: mask(value, key, relatedValue) };
      } catch {
        return { keep: value };
      }
    },
  };
}

export const MIGRATION_STEPS: Record<RecordKindName, readonly MigrationStep[]> = {
  profiles: [adopt(checkProfiles)],
  sessions: [adopt(withStrings('a session', ['state']))],
  'sign-in-dances': [adopt(anObject('a sign-in under way'))],
  'clock-offsets': [
    adopt((value) =>
      typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a number of seconds',
    ),
  ],
  'bridge-token-views': [adopt(anObject('a token view'))],
  'vault-lock-note': [adopt(withStrings('a lock state', ['state']))],
  vault: [adopt(checkVault)],
  'workbench-settings': [
    adopt(anObject('a setting')),
    remask((value, key) => (key === 'keyhole.devtools.draft' ? remaskStoredDraft(value) : value)),
  ],
  variables: [adopt(anObject('environments and contexts')), remask(remaskVariables)],
  tabs: [
    adopt(checkTabs),
    remask((value, key) => (key === 'keyhole.devtools.tabs-index' ? value : remaskTabSet(value))),
  ],
  'tab-responses': [
    adopt((value) => (isObject(value) && isObject(value.entry) ? undefined : 'expected a response')),
    remask(remaskTabResponse),
  ],
  // A forgotten window's, or one moved into tab-responses, is written as null (tab-response-keeper.ts).
  'tab-response-marks': [adopt((value) => (value === null ? undefined : anObject('marks by tab')(value)))],
  'tab-response-spills': [
    adopt((value) => (value === null ? undefined : anObject('responses by tab')(value))),
    remask(remaskTabResponseSpill),
  ],
  'saved-requests': [adopt(checkSavedRequest), remask(remaskSavedRequest)],
  history: [adopt(withStrings('a history entry', ['id'])), remask(remaskHistoryEntry)],
  // With its entry: a secret of the request the server echoed in its answer is masked too.
  'history-bodies': [adopt(withStrings('a history body', ['id'])), remask(remaskHistoryBody, 'history')],
  'sftp-kit-runs': [adopt(checkKitRun)],
  // A cache of what the platform said (rebuilt on the popup's next opening): any value its reader may try.
  'popup-account-cache': [adopt(() => undefined)],
};
